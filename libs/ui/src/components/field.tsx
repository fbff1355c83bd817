import * as React from 'react';

import { cn } from '../lib/utils';
import { Label } from './label';

export type FieldProps = Omit<React.ComponentProps<'div'>, 'children'> & {
  label?: React.ReactNode;
  required?: boolean;
  description?: React.ReactNode;
  /** Error text (e.g. `fieldState.error?.message`); shown under the control and wired to aria. */
  error?: React.ReactNode;
  /** Horizontal puts the label to the left of the control. */
  orientation?: 'vertical' | 'horizontal';
  /** Receives the ids to spread on the control: `{ id, 'aria-invalid', 'aria-describedby' }`. */
  children: (control: {
    id: string;
    'aria-invalid': boolean;
    'aria-describedby'?: string;
  }) => React.ReactNode;
};

/** Props-based labelled field for forms not built on react-hook-form. */
export function Field({
  label,
  required,
  description,
  error,
  orientation = 'vertical',
  className,
  children,
  ...props
}: FieldProps) {
  const id = React.useId();
  const descriptionId = description ? `${id}-description` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [descriptionId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div
      data-slot="field"
      data-orientation={orientation}
      data-invalid={!!error}
      className={cn(
        'grid content-start gap-2',
        orientation === 'horizontal' && 'grid-cols-[minmax(6rem,auto)_1fr] items-start gap-x-3',
        className,
      )}
      {...props}
    >
      {label ? (
        <Label
          htmlFor={id}
          required={required}
          className={cn(orientation === 'horizontal' && 'min-h-9 justify-end')}
        >
          {label}
        </Label>
      ) : null}
      <div data-slot="field-content" className="grid gap-1.5">
        {children({ id, 'aria-invalid': !!error, 'aria-describedby': describedBy })}
        {description ? (
          <p data-slot="field-description" id={descriptionId} className="text-xs text-muted-foreground">
            {description}
          </p>
        ) : null}
        {error ? (
          <p data-slot="field-error" id={errorId} role="alert" className="text-xs text-destructive">
            {error}
          </p>
        ) : null}
      </div>
    </div>
  );
}
