import * as React from 'react';
import { HexColorPicker } from 'react-colorful';

import { useControllableValue } from '../lib/use-controllable-value';
import { cn } from '../lib/utils';
import { useUiLocale } from '../locale/ui-locale';
import {
  ClearButton,
  controlAria,
  controlBoxClassName,
  controlTriggerClassName,
  type FormControlProps,
} from './control-parts';
import { inputClassName } from './input';
import { Popover, PopoverAnchor, PopoverContent, PopoverTrigger } from './popover';

/** The platform's default theme colour and Element-style presets. */
export const DEFAULT_COLOUR_PRESETS = [
  '#409EFF',
  '#67C23A',
  '#E6A23C',
  '#F56C6C',
  '#909399',
  '#1890FF',
  '#722ED1',
  '#13C2C2',
  '#2F54EB',
  '#303133',
];

const HEX = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;

export function isHexColour(value: string): boolean {
  return HEX.test(value.trim());
}

/** '#fff' / 'fff' / '#409eff' → '#FFFFFF' / '#409EFF'; undefined when not a hex colour. */
export function normaliseHex(value: string): string | undefined {
  const match = HEX.exec(value.trim());
  if (!match) return undefined;
  const digits = match[1] ?? '';
  const six = digits.length === 3 ? [...digits].map((c) => c + c).join('') : digits;
  return `#${six.toUpperCase()}`;
}

export type ColourPickerProps = FormControlProps & {
  /** '#RRGGBB'. */
  value?: string | null;
  defaultValue?: string;
  /** Receives '#RRGGBB' (upper case), or undefined when cleared. */
  onChange?: (value: string | undefined) => void;
  /** Swatches offered under the picker. Default includes #409EFF. */
  presets?: string[];
  placeholder?: string;
  clearable?: boolean;
};

/** Hex colour picker in a popover, with a validated hex input and preset swatches. */
export function ColourPicker({
  value,
  defaultValue,
  onChange,
  presets = DEFAULT_COLOUR_PRESETS,
  placeholder,
  clearable = false,
  className,
  disabled,
  name,
  onBlur,
  ref,
  ...rest
}: ColourPickerProps) {
  const { messages } = useUiLocale();
  const [current, setInner] = useControllableValue<string | undefined>(value, defaultValue, undefined);
  const colour = current ? normaliseHex(current) : undefined;
  const [open, setOpen] = React.useState(false);
  const [draft, setDraft] = React.useState<string | null>(null);
  const inputId = React.useId();
  const errorId = `${inputId}-error`;
  const text = draft ?? colour ?? '';
  const invalid = draft !== null && draft.trim() !== '' && !isHexColour(draft);

  const set = (next: string | undefined) => {
    setInner(next);
    onChange?.(next);
  };

  return (
    <Popover
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setDraft(null);
        if (!next) onBlur?.();
      }}
    >
      <PopoverAnchor asChild>
        <div
          data-slot="colour-picker"
          data-disabled={disabled || undefined}
          className={cn(controlBoxClassName, className)}
        >
          <PopoverTrigger asChild>
            <button
              type="button"
              ref={ref}
              name={name}
              data-slot="colour-picker-trigger"
              disabled={disabled}
              className={controlTriggerClassName}
              role="combobox"
              {...controlAria(rest)}
              onBlur={() => {
                if (!open) onBlur?.();
              }}
            >
              <span
                data-slot="colour-picker-swatch"
                aria-hidden
                className={cn(
                  'size-5 shrink-0 rounded-sm border border-border',
                  !colour &&
                    'bg-[repeating-linear-gradient(45deg,var(--color-muted)_0_4px,transparent_4px_8px)]',
                )}
                style={colour ? { backgroundColor: colour } : undefined}
              />
              {colour ? (
                <span data-slot="colour-picker-value" className="font-mono text-sm">
                  {colour}
                </span>
              ) : (
                <span className="truncate text-muted-foreground">{placeholder ?? messages.pickColour}</span>
              )}
            </button>
          </PopoverTrigger>
          {clearable && colour && !disabled ? <ClearButton onClick={() => set(undefined)} /> : null}
        </div>
      </PopoverAnchor>
      <PopoverContent
        data-slot="colour-picker-content"
        aria-label={rest['aria-label'] ?? messages.pickColour}
        align="start"
        className="grid w-60 gap-3 p-3"
      >
        <HexColorPicker
          color={colour ?? '#409EFF'}
          onChange={(hex) => {
            setDraft(null);
            set(normaliseHex(hex));
          }}
          style={{ width: '100%', height: 160 }}
        />
        <div className="grid gap-1">
          <label htmlFor={inputId} className="text-xs text-muted-foreground">
            {messages.colourValue}
          </label>
          <input
            id={inputId}
            data-slot="colour-picker-input"
            className={cn(inputClassName, 'h-8 font-mono')}
            value={text}
            maxLength={7}
            spellCheck={false}
            autoComplete="off"
            aria-invalid={invalid}
            aria-describedby={invalid ? errorId : undefined}
            onChange={(event) => {
              const next = event.target.value;
              setDraft(next);
              const hex = normaliseHex(next);
              if (hex && next.replace('#', '').length === 6) set(hex);
            }}
            onBlur={() => {
              if (draft === null) return;
              const hex = normaliseHex(draft);
              if (hex) {
                set(hex);
                setDraft(null);
              } else if (draft.trim() === '') {
                setDraft(null);
              }
            }}
            onKeyDown={(event) => {
              if (event.key !== 'Enter') return;
              event.preventDefault();
              const hex = draft === null ? colour : normaliseHex(draft);
              if (hex) {
                set(hex);
                setDraft(null);
              }
            }}
          />
          {invalid ? (
            <p id={errorId} role="alert" data-slot="colour-picker-error" className="text-xs text-destructive">
              {messages.colourInvalid}
            </p>
          ) : null}
        </div>
        <div role="group" aria-label={messages.colourPresets} className="flex flex-wrap gap-1.5">
          {presets.map((preset) => {
            const hex = normaliseHex(preset) ?? preset;
            return (
              <button
                key={preset}
                type="button"
                data-slot="colour-picker-preset"
                aria-label={hex}
                aria-pressed={colour === hex}
                className="size-6 cursor-pointer rounded-sm border border-border outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-1 aria-pressed:ring-2 aria-pressed:ring-ring aria-pressed:ring-offset-1"
                style={{ backgroundColor: hex }}
                onClick={() => {
                  setDraft(null);
                  set(hex);
                }}
              />
            );
          })}
        </div>
      </PopoverContent>
    </Popover>
  );
}
