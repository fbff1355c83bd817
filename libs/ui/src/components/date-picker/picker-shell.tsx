// The frame the date pickers share: the control box with its trigger and clear button, and the popover.
import type * as React from 'react';

import { cn } from '../../lib/utils';
import {
  ClearButton,
  controlAria,
  controlBoxClassName,
  controlTriggerClassName,
  type FormControlProps,
} from '../control-parts';
import { Popover, PopoverAnchor, PopoverContent, PopoverTrigger } from '../popover';

export type PickerBaseProps = FormControlProps & {
  placeholder?: string;
  /** Earliest selectable date (a value string). */
  min?: string;
  /** Latest selectable date (a value string). */
  max?: string;
  /** Clear button. Default true. */
  clearable?: boolean;
  /** dayjs format of the value. */
  valueFormat?: string;
  /** dayjs format shown in the trigger. Default the value format. */
  format?: string;
};

type PickerShellProps = FormControlProps & {
  slot: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  display: React.ReactNode;
  placeholder?: string;
  icon: React.ReactNode;
  canClear: boolean;
  onClear: () => void;
  children: React.ReactNode;
};

/** Box + trigger + clear button + popover shared by the date pickers. */
export function PickerShell({
  slot,
  open,
  onOpenChange,
  display,
  placeholder,
  icon,
  canClear,
  onClear,
  children,
  className,
  disabled,
  name,
  onBlur,
  ref,
  ...rest
}: PickerShellProps) {
  return (
    <Popover
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next);
        if (!next) onBlur?.();
      }}
    >
      <PopoverAnchor asChild>
        <div
          data-slot={slot}
          data-disabled={disabled || undefined}
          className={cn(controlBoxClassName, className)}
        >
          <PopoverTrigger asChild>
            <button
              type="button"
              ref={ref}
              name={name}
              data-slot={`${slot}-trigger`}
              disabled={disabled}
              className={controlTriggerClassName}
              role="combobox"
              {...controlAria(rest)}
              onBlur={() => {
                if (!open) onBlur?.();
              }}
              onKeyDown={(event) => {
                if (event.key === 'ArrowDown') {
                  event.preventDefault();
                  onOpenChange(true);
                }
              }}
            >
              <span className="text-muted-foreground">{icon}</span>
              {display ? (
                <span data-slot={`${slot}-value`} className="truncate tabular-nums">
                  {display}
                </span>
              ) : (
                <span className="truncate text-muted-foreground">{placeholder}</span>
              )}
            </button>
          </PopoverTrigger>
          {canClear && !disabled ? (
            <ClearButton
              onClick={() => {
                onClear();
                onBlur?.();
              }}
            />
          ) : null}
        </div>
      </PopoverAnchor>
      <PopoverContent
        data-slot={`${slot}-content`}
        aria-label={rest['aria-label'] ?? placeholder}
        align="start"
        className="w-auto p-0"
        onOpenAutoFocus={(event) => event.preventDefault()}
      >
        {children}
      </PopoverContent>
    </Popover>
  );
}
