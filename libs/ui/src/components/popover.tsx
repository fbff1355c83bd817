import * as PopoverPrimitive from '@radix-ui/react-popover';
import type * as React from 'react';

import { cn } from '../lib/utils';

export function Popover(props: React.ComponentProps<typeof PopoverPrimitive.Root>) {
  return <PopoverPrimitive.Root data-slot="popover" {...props} />;
}

export function PopoverTrigger(props: React.ComponentProps<typeof PopoverPrimitive.Trigger>) {
  return <PopoverPrimitive.Trigger data-slot="popover-trigger" {...props} />;
}

export function PopoverAnchor(props: React.ComponentProps<typeof PopoverPrimitive.Anchor>) {
  return <PopoverPrimitive.Anchor data-slot="popover-anchor" {...props} />;
}

export function PopoverContent({
  className,
  align = 'center',
  sideOffset = 4,
  keepMounted,
  ...props
}: React.ComponentProps<typeof PopoverPrimitive.Content> & {
  /**
   * Stays mounted (hidden) while closed, so what its content opens — a dialog held in a child's state — outlives
   * the popover closing.
   */
  keepMounted?: boolean;
}) {
  return (
    <PopoverPrimitive.Portal forceMount={keepMounted || undefined}>
      <PopoverPrimitive.Content
        data-slot="popover-content"
        align={align}
        sideOffset={sideOffset}
        forceMount={keepMounted || undefined}
        className={cn(
          'z-50 w-72 rounded-md border bg-popover p-4 text-popover-foreground shadow-md outline-none',
          keepMounted && 'data-[state=closed]:hidden',
          className,
        )}
        {...props}
      />
    </PopoverPrimitive.Portal>
  );
}
