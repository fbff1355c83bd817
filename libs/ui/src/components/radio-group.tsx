import * as RadioGroupPrimitive from '@radix-ui/react-radio-group';
import * as React from 'react';

import { cn } from '../lib/utils';

export type RadioOption = { label: React.ReactNode; value: string; disabled?: boolean };

export type RadioGroupProps = Omit<React.ComponentProps<typeof RadioGroupPrimitive.Root>, 'onBlur'> & {
  /** Render one labelled radio per option (otherwise pass `RadioGroupItem` children). */
  options?: RadioOption[];
  /** Called when focus leaves the whole group (for on-blur validation). */
  onBlur?: () => void;
};

/** Radio group; `orientation` lays the options out horizontally (default) or vertically. */
export function RadioGroup({
  className,
  options,
  orientation = 'horizontal',
  children,
  onBlur,
  ...props
}: RadioGroupProps) {
  const baseId = React.useId();
  return (
    <RadioGroupPrimitive.Root
      data-slot="radio-group"
      orientation={orientation}
      className={cn(
        'flex gap-x-5 gap-y-2 aria-invalid:[&_[data-slot=radio-group-item]]:border-destructive',
        orientation === 'vertical' ? 'flex-col' : 'min-h-9 flex-row flex-wrap items-center',
        className,
      )}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) onBlur?.();
      }}
      {...props}
    >
      {options
        ? options.map((option, index) => {
            const itemId = `${baseId}-${index}`;
            return (
              <div
                key={option.value}
                data-slot="radio-group-option"
                data-disabled={option.disabled || props.disabled || undefined}
                className="flex items-center gap-2 data-[disabled]:opacity-50"
              >
                <RadioGroupItem id={itemId} value={option.value} disabled={option.disabled} />
                <label
                  htmlFor={itemId}
                  data-slot="radio-group-label"
                  className="cursor-pointer text-sm leading-none select-none"
                >
                  {option.label}
                </label>
              </div>
            );
          })
        : children}
    </RadioGroupPrimitive.Root>
  );
}

export function RadioGroupItem({
  className,
  ...props
}: React.ComponentProps<typeof RadioGroupPrimitive.Item>) {
  return (
    <RadioGroupPrimitive.Item
      data-slot="radio-group-item"
      className={cn(
        'peer aspect-square size-4 shrink-0 cursor-pointer rounded-full border border-input bg-background shadow-xs transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-1 disabled:cursor-not-allowed data-[state=checked]:border-primary',
        className,
      )}
      {...props}
    >
      <RadioGroupPrimitive.Indicator
        data-slot="radio-group-indicator"
        className="flex items-center justify-center"
      >
        <span className="size-2 rounded-full bg-primary" />
      </RadioGroupPrimitive.Indicator>
    </RadioGroupPrimitive.Item>
  );
}
