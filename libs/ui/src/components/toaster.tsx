import type * as React from 'react';
import { Toaster as Sonner, type ToasterProps as SonnerProps } from 'sonner';

export { toast } from 'sonner';

export type ToasterProps = SonnerProps;

/** sonner's Toaster themed with the kit's tokens. Mount once near the root. */
export function Toaster({ style, position = 'top-center', ...props }: ToasterProps) {
  return (
    <Sonner
      position={position}
      richColors
      closeButton
      style={
        {
          '--normal-bg': 'var(--popover)',
          '--normal-text': 'var(--popover-foreground)',
          '--normal-border': 'var(--border)',
          '--border-radius': 'var(--radius)',
          ...style,
        } as React.CSSProperties
      }
      {...props}
    />
  );
}
