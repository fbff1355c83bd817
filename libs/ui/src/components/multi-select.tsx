import { Command as CommandPrimitive } from 'cmdk';
import { Check, ChevronDown } from 'lucide-react';
import * as React from 'react';

import { cn } from '../lib/utils';
import { useUiLocale } from '../locale/ui-locale';
import {
  ClearButton,
  controlAria,
  controlBoxClassName,
  type FormControlProps,
  SelectionTags,
  controlTriggerClassName,
} from './control-parts';
import { Popover, PopoverAnchor, PopoverContent, PopoverTrigger } from './popover';

export type MultiSelectOption = { label: string; value: string; disabled?: boolean };

export type MultiSelectProps = FormControlProps & {
  options: MultiSelectOption[];
  value?: string[];
  defaultValue?: string[];
  onChange?: (value: string[]) => void;
  placeholder?: string;
  /** Show at most this many tags, then "+N". */
  maxTagCount?: number;
  /** Search box in the list. Default true. */
  searchable?: boolean;
  /** Clear-all button. Default true. */
  clearable?: boolean;
  /** Text when nothing matches the search. */
  emptyText?: React.ReactNode;
};

/** Case-insensitive substring filter over an item's keywords (its label). */
export function filterByLabel(_value: string, search: string, keywords?: string[]): number {
  const needle = search.trim().toLowerCase();
  if (!needle) return 1;
  return (keywords ?? []).some((k) => k.toLowerCase().includes(needle)) ? 1 : 0;
}

/** Select several options: searchable list in a popover, chips with remove buttons, "+N", clear all. */
export function MultiSelect({
  options,
  value,
  defaultValue,
  onChange,
  placeholder,
  maxTagCount,
  searchable = true,
  clearable = true,
  emptyText,
  className,
  disabled,
  name,
  onBlur,
  ref,
  ...rest
}: MultiSelectProps) {
  const { messages } = useUiLocale();
  const [inner, setInner] = React.useState<string[]>(defaultValue ?? []);
  const selected = value ?? inner;
  const [open, setOpen] = React.useState(false);

  const set = (next: string[]) => {
    setInner(next);
    onChange?.(next);
  };
  const toggle = (v: string) =>
    set(selected.includes(v) ? selected.filter((s) => s !== v) : [...selected, v]);

  const byValue = new Map(options.map((o) => [o.value, o]));
  const tags = selected.map((v) => {
    const label = byValue.get(v)?.label ?? v;
    return { value: v, label, text: label };
  });

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
          data-slot="multi-select"
          data-disabled={disabled || undefined}
          className={cn(controlBoxClassName, 'flex-wrap', className)}
        >
          <SelectionTags
            items={tags}
            maxTagCount={maxTagCount}
            disabled={disabled}
            onRemove={(v) => set(selected.filter((s) => s !== v))}
          />
          <PopoverTrigger asChild>
            <button
              type="button"
              ref={ref}
              name={name}
              data-slot="multi-select-trigger"
              disabled={disabled}
              className={cn(controlTriggerClassName, 'min-w-16 justify-between')}
              role="combobox"
              {...controlAria(rest)}
              onBlur={() => {
                if (!open) onBlur?.();
              }}
              onKeyDown={(event) => {
                if (event.key === 'ArrowDown') {
                  event.preventDefault();
                  setOpen(true);
                } else if (event.key === 'Backspace' && selected.length > 0) {
                  event.preventDefault();
                  set(selected.slice(0, -1));
                }
              }}
            >
              <span className="truncate text-muted-foreground">
                {selected.length === 0 ? placeholder : ''}
              </span>
              <ChevronDown className="size-4 opacity-60" aria-hidden />
            </button>
          </PopoverTrigger>
          {clearable && selected.length > 0 && !disabled ? <ClearButton onClick={() => set([])} /> : null}
        </div>
      </PopoverAnchor>
      <PopoverContent
        data-slot="multi-select-content"
        aria-label={rest['aria-label'] ?? placeholder ?? messages.search}
        align="start"
        className="w-(--radix-popover-trigger-width) min-w-56 p-0"
      >
        <CommandPrimitive
          data-slot="multi-select-command"
          label={messages.search}
          filter={filterByLabel}
          className="flex flex-col"
        >
          {searchable ? (
            <CommandPrimitive.Input
              data-slot="multi-select-search"
              placeholder={messages.search}
              className="h-9 border-b border-border bg-transparent px-3 text-sm outline-none placeholder:text-muted-foreground"
            />
          ) : null}
          <CommandPrimitive.List
            data-slot="multi-select-list"
            aria-multiselectable
            className="max-h-64 overflow-y-auto p-1"
          >
            <CommandPrimitive.Empty
              data-slot="multi-select-empty"
              className="py-6 text-center text-sm text-muted-foreground"
            >
              {emptyText ?? messages.noResults}
            </CommandPrimitive.Empty>
            {options.map((option) => {
              const checked = selected.includes(option.value);
              return (
                <CommandPrimitive.Item
                  key={option.value}
                  value={option.value}
                  keywords={[option.label]}
                  disabled={option.disabled}
                  aria-checked={checked}
                  data-slot="multi-select-item"
                  data-checked={checked}
                  onSelect={() => toggle(option.value)}
                  className="relative flex cursor-pointer items-center gap-2 rounded-sm px-2 py-1.5 text-sm outline-none select-none data-[disabled=true]:pointer-events-none data-[disabled=true]:opacity-50 data-[selected=true]:bg-accent data-[selected=true]:text-accent-foreground data-[checked=true]:font-medium data-[checked=true]:text-primary-text"
                >
                  <span
                    data-slot="multi-select-check"
                    className={cn(
                      'flex size-4 shrink-0 items-center justify-center rounded-[4px] border border-input',
                      checked && 'border-primary bg-primary text-primary-foreground',
                    )}
                    aria-hidden
                  >
                    {checked ? <Check className="size-3" strokeWidth={3} /> : null}
                  </span>
                  <span className="truncate">{option.label}</span>
                </CommandPrimitive.Item>
              );
            })}
          </CommandPrimitive.List>
        </CommandPrimitive>
      </PopoverContent>
    </Popover>
  );
}
