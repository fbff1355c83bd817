import type * as React from 'react';

import { cn } from '../lib/utils';

export type TextareaProps = React.ComponentProps<'textarea'>;

export function Textarea({ className, rows = 3, ...props }: TextareaProps) {
  return (
    <textarea
      data-slot="textarea"
      rows={rows}
      className={cn(
        'flex w-full min-w-0 rounded-md border border-input bg-background px-3 py-2 text-sm text-foreground shadow-xs transition-colors outline-none placeholder:text-muted-foreground focus-visible:border-primary focus-visible:ring-2 focus-visible:ring-ring/40 disabled:cursor-not-allowed disabled:opacity-50 read-only:bg-muted aria-invalid:border-destructive',
        className,
      )}
      {...props}
    />
  );
}
