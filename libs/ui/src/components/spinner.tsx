import { LoaderCircle } from 'lucide-react';
import type * as React from 'react';

import { cn } from '../lib/utils';

export type SpinnerProps = React.ComponentProps<'svg'> & {
  /** Accessible label; when omitted and not aria-hidden, "Loading" is used. */
  label?: string;
};

export function Spinner({ className, label, ...props }: SpinnerProps) {
  const hidden = props['aria-hidden'] === true || props['aria-hidden'] === 'true';
  return (
    <LoaderCircle
      data-slot="spinner"
      role={hidden ? undefined : 'status'}
      aria-label={hidden ? undefined : (label ?? 'Loading')}
      className={cn('size-5 animate-spin text-muted-foreground', className)}
      {...props}
    />
  );
}
