import type * as React from 'react';

import { cn } from '../lib/utils';

export type SwitchValue = string | number | boolean;

export type SwitchProps = Omit<React.ComponentProps<'button'>, 'onChange' | 'value'> & {
  checked?: boolean;
  onCheckedChange?: (checked: boolean) => void;
  /** Value mode (e.g. the platform's 0/1): on when `value` equals `checkedValue` (compared as text). */
  value?: SwitchValue | null;
  /** Value emitted when switched on. Default true. */
  checkedValue?: SwitchValue;
  /** Value emitted when switched off. Default false. */
  uncheckedValue?: SwitchValue;
  /** Receives `checkedValue` / `uncheckedValue` (react-hook-form's `field.onChange` fits). */
  onChange?: (value: SwitchValue) => void;
};

/** Accessible on/off switch (role="switch"). */
export function Switch({
  checked: checkedProp,
  onCheckedChange,
  value,
  checkedValue = true,
  uncheckedValue = false,
  onChange,
  className,
  disabled,
  onClick,
  ...props
}: SwitchProps) {
  const checked =
    checkedProp ?? (value === undefined || value === null ? false : String(value) === String(checkedValue));
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      data-slot="switch"
      data-state={checked ? 'checked' : 'unchecked'}
      disabled={disabled}
      className={cn(
        'peer inline-flex h-5 w-9 shrink-0 cursor-pointer items-center rounded-full border border-transparent shadow-xs transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-50 data-[state=checked]:bg-primary data-[state=unchecked]:bg-input',
        className,
      )}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented) return;
        onCheckedChange?.(!checked);
        onChange?.(checked ? uncheckedValue : checkedValue);
      }}
      {...props}
    >
      <span
        data-slot="switch-thumb"
        className={cn(
          'pointer-events-none block size-4 rounded-full bg-background shadow-sm ring-0 transition-transform',
          checked ? 'translate-x-4' : 'translate-x-0',
        )}
      />
    </button>
  );
}
