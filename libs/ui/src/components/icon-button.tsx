import type * as React from 'react';

import { Button, type ButtonProps } from './button';
import { Tooltip, TooltipContent, TooltipTrigger } from './tooltip';

export type IconButtonProps = Omit<ButtonProps, 'size' | 'aria-label' | 'children'> & {
  /** Accessible name (required): becomes aria-label and the tooltip text. */
  label: string;
  /** The icon (decorative; aria-hidden is added by lucide icons). */
  children: React.ReactNode;
  size?: 'icon' | 'icon-sm' | 'icon-xs';
  /** Show the label as a tooltip on hover/focus. Default true. */
  tooltip?: boolean;
  tooltipSide?: 'top' | 'right' | 'bottom' | 'left';
};

/** A square icon-only button whose name is never missing: `label` is its aria-label and tooltip. */
export function IconButton({
  label,
  children,
  size = 'icon',
  variant = 'ghost',
  tooltip = true,
  tooltipSide,
  ...props
}: IconButtonProps) {
  const button = (
    <Button data-slot="icon-button" aria-label={label} size={size} variant={variant} {...props}>
      {children}
    </Button>
  );
  if (!tooltip) return button;
  return (
    <Tooltip>
      <TooltipTrigger asChild>{button}</TooltipTrigger>
      <TooltipContent side={tooltipSide}>{label}</TooltipContent>
    </Tooltip>
  );
}
