import { Slot } from '@radix-ui/react-slot';
import { cva, type VariantProps } from 'class-variance-authority';
import type * as React from 'react';

import { cn } from '../lib/utils';

export const badgeVariants = cva(
  'inline-flex w-fit shrink-0 items-center justify-center gap-1 overflow-hidden rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap tabular-nums [&>svg]:pointer-events-none [&>svg]:size-3',
  {
    variants: {
      variant: {
        default: 'border-transparent bg-primary text-primary-foreground',
        secondary: 'border-transparent bg-secondary text-secondary-foreground',
        destructive: 'border-transparent bg-destructive text-destructive-foreground',
        success: 'border-transparent bg-success text-success-foreground',
        warning: 'border-transparent bg-warning text-warning-foreground',
        outline: 'text-foreground',
      },
    },
    defaultVariants: { variant: 'default' },
  },
);

/** "99+" when count exceeds max. */
export function formatBadgeCount(count: number, max?: number): string {
  if (max !== undefined && count > max) return `${max}+`;
  return String(count);
}

export type BadgeProps = React.ComponentProps<'span'> &
  VariantProps<typeof badgeVariants> & {
    asChild?: boolean;
    /** Numeric content; shown as `${max}+` when above max. Ignored when children are given. */
    count?: number;
    /** Cap for count (the spec's error-log badge uses 99). */
    max?: number;
    /** Render nothing when count is 0. Default false. */
    hideZero?: boolean;
  };

export function Badge({
  className,
  variant,
  asChild = false,
  count,
  max,
  hideZero = false,
  children,
  ...props
}: BadgeProps) {
  if (children === undefined && count !== undefined && hideZero && count === 0) return null;
  const Comp = asChild ? Slot : 'span';
  const content = children ?? (count !== undefined ? formatBadgeCount(count, max) : null);
  return (
    <Comp
      data-slot="badge"
      data-variant={variant ?? 'default'}
      className={cn(badgeVariants({ variant }), className)}
      {...props}
    >
      {content}
    </Comp>
  );
}
