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
          // sonner's own rich colours put green and red text on pale fills below 4.5:1 (axe color-contrast);
          // the tokens keep every toast at WCAG AA.
          '--success-bg': 'var(--popover)',
          '--success-text': 'var(--success)',
          '--success-border': 'var(--success)',
          '--error-bg': 'var(--popover)',
          '--error-text': 'var(--destructive)',
          '--error-border': 'var(--destructive)',
          '--warning-bg': 'var(--popover)',
          '--warning-text': 'var(--warning)',
          '--warning-border': 'var(--warning)',
          '--info-bg': 'var(--popover)',
          '--info-text': 'var(--primary-text)',
          '--info-border': 'var(--primary)',
          ...style,
        } as React.CSSProperties
      }
      {...props}
    />
  );
}
