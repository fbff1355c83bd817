import * as DialogPrimitive from '@radix-ui/react-dialog';
import { cva } from 'class-variance-authority';
import { X } from 'lucide-react';
import type * as React from 'react';

import { cn } from '../lib/utils';
import { useUiLocale } from '../locale/ui-locale';
import { toCssLength } from './dialog';

export type DrawerSide = 'left' | 'right' | 'top' | 'bottom';

export function Drawer(props: React.ComponentProps<typeof DialogPrimitive.Root>) {
  return <DialogPrimitive.Root data-slot="drawer" {...props} />;
}

export function DrawerTrigger(props: React.ComponentProps<typeof DialogPrimitive.Trigger>) {
  return <DialogPrimitive.Trigger data-slot="drawer-trigger" {...props} />;
}

export function DrawerClose(props: React.ComponentProps<typeof DialogPrimitive.Close>) {
  return <DialogPrimitive.Close data-slot="drawer-close" {...props} />;
}

const drawerVariants = cva(
  'fixed z-50 flex flex-col gap-4 bg-background text-foreground shadow-lg outline-none motion-safe:transition-transform',
  {
    variants: {
      side: {
        left: 'inset-y-0 left-0 h-full max-w-[calc(100vw-2rem)] border-r',
        right: 'inset-y-0 right-0 h-full max-w-[calc(100vw-2rem)] border-l',
        top: 'inset-x-0 top-0 max-h-[calc(100vh-2rem)] w-full border-b',
        bottom: 'inset-x-0 bottom-0 max-h-[calc(100vh-2rem)] w-full border-t',
      },
    },
    defaultVariants: { side: 'right' },
  },
);

export type DrawerContentProps = React.ComponentProps<typeof DialogPrimitive.Content> & {
  /** Edge the sheet slides from. Default `right`. */
  side?: DrawerSide;
  /** Width of a left/right drawer (number = px). Default 24rem. */
  width?: number | string;
  /** Height of a top/bottom drawer (number = px). Default auto (content height). */
  height?: number | string;
  /** Close when clicking the overlay. Default true. Escape always closes. */
  closeOnOutsideClick?: boolean;
  /** Show the × button in the corner. Default true. */
  showCloseButton?: boolean;
};

/** A Radix dialog drawn as a side sheet: modal, focus-trapped, labelled by DrawerTitle. */
export function DrawerContent({
  className,
  children,
  side = 'right',
  width,
  height,
  closeOnOutsideClick = true,
  showCloseButton = true,
  style,
  onPointerDownOutside,
  onInteractOutside,
  ...props
}: DrawerContentProps) {
  const { messages } = useUiLocale();
  const horizontal = side === 'left' || side === 'right';
  const size = horizontal
    ? // never wider than the screen (a phone): a drawer wider than it would hide its own close button
      { width: toCssLength(width) ?? '24rem', maxWidth: '100vw' }
    : height !== undefined
      ? { height: toCssLength(height) }
      : {};
  return (
    <DialogPrimitive.Portal data-slot="drawer-portal">
      <DialogPrimitive.Overlay data-slot="drawer-overlay" className="fixed inset-0 z-50 bg-overlay" />
      <DialogPrimitive.Content
        data-slot="drawer-content"
        data-side={side}
        className={cn(drawerVariants({ side }), className)}
        style={{ ...size, ...style }}
        onPointerDownOutside={(event) => {
          if (!closeOnOutsideClick) event.preventDefault();
          onPointerDownOutside?.(event);
        }}
        onInteractOutside={(event) => {
          if (!closeOnOutsideClick) event.preventDefault();
          onInteractOutside?.(event);
        }}
        {...props}
      >
        {children}
        {showCloseButton ? (
          <DialogPrimitive.Close
            data-slot="drawer-close"
            className="absolute top-4 right-4 cursor-pointer rounded-sm text-muted-foreground opacity-80 transition-opacity outline-none hover:opacity-100 focus-visible:ring-2 focus-visible:ring-ring [&_svg]:size-4"
          >
            <X aria-hidden />
            <span className="sr-only">{messages.close}</span>
          </DialogPrimitive.Close>
        ) : null}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DrawerHeader({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div data-slot="drawer-header" className={cn('flex flex-col gap-1.5 p-4 pr-10', className)} {...props} />
  );
}

export function DrawerBody({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div
      data-slot="drawer-body"
      className={cn('min-h-0 flex-1 overflow-y-auto px-4', className)}
      {...props}
    />
  );
}

export function DrawerFooter({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div
      data-slot="drawer-footer"
      className={cn('mt-auto flex flex-col-reverse gap-2 p-4 sm:flex-row sm:justify-end', className)}
      {...props}
    />
  );
}

export function DrawerTitle({ className, ...props }: React.ComponentProps<typeof DialogPrimitive.Title>) {
  return (
    <DialogPrimitive.Title
      data-slot="drawer-title"
      className={cn('text-lg leading-none font-semibold', className)}
      {...props}
    />
  );
}

export function DrawerDescription({
  className,
  ...props
}: React.ComponentProps<typeof DialogPrimitive.Description>) {
  return (
    <DialogPrimitive.Description
      data-slot="drawer-description"
      className={cn('text-sm text-muted-foreground', className)}
      {...props}
    />
  );
}

export type SimpleDrawerProps = Omit<DrawerContentProps, 'title'> & {
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Element that opens the drawer (rendered asChild). */
  trigger?: React.ReactNode;
  title: React.ReactNode;
  description?: React.ReactNode;
  footer?: React.ReactNode;
};

/** Drawer in one piece: title, optional description, scrolling body, footer. */
export function SimpleDrawer({
  open,
  defaultOpen,
  onOpenChange,
  trigger,
  title,
  description,
  footer,
  children,
  ...contentProps
}: SimpleDrawerProps) {
  return (
    <Drawer open={open} defaultOpen={defaultOpen} onOpenChange={onOpenChange}>
      {trigger ? <DrawerTrigger asChild>{trigger}</DrawerTrigger> : null}
      <DrawerContent {...(description ? {} : { 'aria-describedby': undefined })} {...contentProps}>
        <DrawerHeader>
          <DrawerTitle>{title}</DrawerTitle>
          {description ? <DrawerDescription>{description}</DrawerDescription> : null}
        </DrawerHeader>
        <DrawerBody>{children}</DrawerBody>
        {footer ? <DrawerFooter>{footer}</DrawerFooter> : null}
      </DrawerContent>
    </Drawer>
  );
}
