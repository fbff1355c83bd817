import { Command as CommandPrimitive } from 'cmdk';
import { Check, ChevronDown } from 'lucide-react';
import * as React from 'react';

import { cn } from '../lib/utils';
import { useUiLocale } from '../locale/ui-locale';
import {
  ClearButton,
  controlAria,
  controlBoxClassName,
  controlTriggerClassName,
  type FormControlProps,
} from './control-parts';
import { filterByLabel } from './multi-select';
import { Popover, PopoverAnchor, PopoverContent, PopoverTrigger } from './popover';

export type ComboboxOption = {
  label: string;
  value: string;
  disabled?: boolean;
  /** Shown before the label, in the list and on the trigger (an icon picker's icons); decorative. */
  icon?: React.ReactNode;
};

export type ComboboxProps = FormControlProps & {
  options: ComboboxOption[];
  /** The chosen value; '' or undefined for none. */
  value?: string;
  defaultValue?: string;
  /** The chosen value, or undefined when cleared. */
  onChange?: (value: string | undefined) => void;
  placeholder?: string;
  /** Search box in the list. Default true. */
  searchable?: boolean;
  /** Clear button. Default true. */
  clearable?: boolean;
  /** Text when nothing matches the search. */
  emptyText?: React.ReactNode;
};

/**
 * Select one option from a long list (the rows of another entity): a searchable list in a popover. A value that is
 * none of the options (a row not loaded, or gone) shows as it is.
 */
export function Combobox({
  options,
  value,
  defaultValue,
  onChange,
  placeholder,
  searchable = true,
  clearable = true,
  emptyText,
  className,
  disabled,
  name,
  onBlur,
  ref,
  ...rest
}: ComboboxProps) {
  const { messages } = useUiLocale();
  const [inner, setInner] = React.useState<string | undefined>(defaultValue);
  const selected = (value ?? inner) || undefined;
  const [open, setOpen] = React.useState(false);

  const set = (next: string | undefined) => {
    setInner(next);
    onChange?.(next);
  };
  const chosen = selected === undefined ? undefined : options.find((o) => o.value === selected);
  const label = selected === undefined ? undefined : (chosen?.label ?? selected);

  return (
    <Popover
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) onBlur?.();
      }}
    >
      <PopoverAnchor asChild>
        <div
          data-slot="combobox"
          data-disabled={disabled || undefined}
          className={cn(controlBoxClassName, className)}
        >
          <PopoverTrigger asChild>
            <button
              type="button"
              ref={ref}
              name={name}
              data-slot="combobox-trigger"
              disabled={disabled}
              className={cn(controlTriggerClassName, 'justify-between')}
              role="combobox"
              {...controlAria(rest)}
              onBlur={() => {
                if (!open) onBlur?.();
              }}
              onKeyDown={(event) => {
                if (event.key === 'ArrowDown') {
                  event.preventDefault();
                  setOpen(true);
                }
              }}
            >
              <span
                data-slot="combobox-value"
                className={cn(
                  'flex min-w-0 items-center gap-2',
                  label === undefined && 'text-muted-foreground',
                )}
              >
                {chosen?.icon}
                <span className="truncate">{label ?? placeholder}</span>
              </span>
              <ChevronDown className="size-4 opacity-60" aria-hidden />
            </button>
          </PopoverTrigger>
          {clearable && selected !== undefined && !disabled ? (
            <ClearButton onClick={() => set(undefined)} />
          ) : null}
        </div>
      </PopoverAnchor>
      <PopoverContent
        data-slot="combobox-content"
        aria-label={rest['aria-label'] ?? placeholder ?? messages.search}
        align="start"
        className="w-(--radix-popover-trigger-width) min-w-56 p-0"
      >
        <CommandPrimitive label={messages.search} filter={filterByLabel} className="flex flex-col">
          {searchable ? (
            <CommandPrimitive.Input
              data-slot="combobox-search"
              placeholder={messages.search}
              className="h-9 border-b border-border bg-transparent px-3 text-sm outline-none placeholder:text-muted-foreground"
            />
          ) : null}
          <CommandPrimitive.List data-slot="combobox-list" className="max-h-64 overflow-y-auto p-1">
            <CommandPrimitive.Empty
              data-slot="combobox-empty"
              className="py-6 text-center text-sm text-muted-foreground"
            >
              {emptyText ?? messages.noResults}
            </CommandPrimitive.Empty>
            {options.map((option) => {
              const checked = option.value === selected;
              return (
                <CommandPrimitive.Item
                  key={option.value}
                  value={option.value}
                  keywords={[option.label]}
                  disabled={option.disabled}
                  aria-checked={checked}
                  data-slot="combobox-item"
                  data-checked={checked}
                  onSelect={() => {
                    set(option.value);
                    setOpen(false);
                    onBlur?.();
                  }}
                  className="relative flex cursor-pointer items-center gap-2 rounded-sm py-1.5 pr-8 pl-2 text-sm outline-none select-none data-[checked=true]:font-medium data-[checked=true]:text-primary-text data-[disabled=true]:pointer-events-none data-[disabled=true]:opacity-50 data-[selected=true]:bg-accent data-[selected=true]:text-accent-foreground"
                >
                  {option.icon}
                  <span className="truncate">{option.label}</span>
                  {checked ? (
                    <Check className="absolute right-2 size-4" aria-hidden data-slot="combobox-check" />
                  ) : null}
                </CommandPrimitive.Item>
              );
            })}
          </CommandPrimitive.List>
        </CommandPrimitive>
      </PopoverContent>
    </Popover>
  );
}
