import * as LabelPrimitive from '@radix-ui/react-label';
import type * as React from 'react';

import { cn } from '../lib/utils';

export type LabelProps = React.ComponentProps<typeof LabelPrimitive.Root> & {
  /** Show a required mark (*, drawn by CSS so it stays out of the accessible name). */
  required?: boolean;
};

export function Label({ className, required, children, ...props }: LabelProps) {
  return (
    <LabelPrimitive.Root
      data-slot="label"
      className={cn(
        "flex items-center gap-1 text-sm leading-none font-medium select-none data-[required]:before:text-destructive data-[required]:before:content-['*'] group-data-[disabled=true]:opacity-50 peer-disabled:cursor-not-allowed peer-disabled:opacity-50",
        className,
      )}
      data-required={required || undefined}
      {...props}
    >
      {children}
    </LabelPrimitive.Root>
  );
}
