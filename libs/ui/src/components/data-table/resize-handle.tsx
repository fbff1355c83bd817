import * as React from 'react';

import { cn } from '../../lib/utils';

export const DEFAULT_MIN_WIDTH = 60;
const KEY_STEP = 10;

export type ColumnResizeHandleProps = {
  /** Accessible name, e.g. "调整列宽:参数名称". */
  label: string;
  /** Current width in px (the stored or declared one; the rendered width is measured on drag). */
  width: number | undefined;
  minWidth?: number;
  maxWidth?: number;
  /** New width in px; `undefined` returns the column to its declared width. */
  onResize: (width: number | undefined) => void;
};

/**
 * The drag handle on a header's right edge (ARIA window splitter): drag with mouse, pen or touch; with the keyboard
 * ←/→ change the width by 10 px (Shift: 50), Home restores the declared width.
 */
export function ColumnResizeHandle({
  label,
  width,
  minWidth = DEFAULT_MIN_WIDTH,
  maxWidth = 2000,
  onResize,
}: ColumnResizeHandleProps) {
  const [dragging, setDragging] = React.useState(false);
  // A focusable separator must report its value (axe aria-required-attr): without a stored or declared width,
  // report the rendered one. A ResizeObserver reads it after layout: measuring in a layout effect forced a
  // synchronous layout per column whenever a table was shown again (a kept-alive tab coming back).
  const ref = React.useRef<HTMLDivElement>(null);
  const [renderedWidth, setRenderedWidth] = React.useState<number | undefined>(undefined);
  React.useEffect(() => {
    const th = ref.current?.closest('th');
    if (width !== undefined || !th) return;
    const take = (w: number) => {
      // 0 while hidden (display: none): keep the last width
      if (w > 0) setRenderedWidth(Math.round(w));
    };
    if (typeof ResizeObserver === 'undefined') {
      take(th.getBoundingClientRect().width);
      return;
    }
    const observer = new ResizeObserver((entries) => {
      const box = entries[entries.length - 1]?.borderBoxSize?.[0];
      take(box ? box.inlineSize : th.offsetWidth);
    });
    observer.observe(th);
    return () => observer.disconnect();
  }, [width]);
  const clamp = (w: number) => Math.round(Math.min(maxWidth, Math.max(minWidth, w)));

  const measured = (el: HTMLElement) => {
    const th = el.closest('th');
    const rendered = th ? th.getBoundingClientRect().width : 0;
    return rendered > 0 ? rendered : (width ?? minWidth);
  };

  const onPointerDown = (event: React.PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    event.stopPropagation();
    const startX = event.clientX;
    const startWidth = measured(event.currentTarget);
    setDragging(true);
    const move = (e: PointerEvent) => onResize(clamp(startWidth + e.clientX - startX));
    const up = () => {
      setDragging(false);
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
      window.removeEventListener('pointercancel', up);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
    window.addEventListener('pointercancel', up);
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLDivElement>) => {
    const step = event.shiftKey ? KEY_STEP * 5 : KEY_STEP;
    if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
      event.preventDefault();
      const current = width ?? measured(event.currentTarget);
      onResize(clamp(current + (event.key === 'ArrowRight' ? step : -step)));
    } else if (event.key === 'Home') {
      event.preventDefault();
      onResize(undefined);
    }
  };

  return (
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label={label}
      ref={ref}
      aria-valuenow={Math.round(width ?? renderedWidth ?? minWidth)}
      aria-valuemin={minWidth}
      aria-valuemax={maxWidth}
      tabIndex={0}
      data-slot="data-table-resize-handle"
      data-resizing={dragging || undefined}
      onPointerDown={onPointerDown}
      onKeyDown={onKeyDown}
      onClick={(e) => e.stopPropagation()}
      className={cn(
        'absolute top-0 right-0 z-[2] h-full w-1.5 cursor-col-resize touch-none select-none',
        'hover:bg-primary/50 focus-visible:bg-primary focus-visible:outline-none data-[resizing]:bg-primary',
      )}
    />
  );
}
