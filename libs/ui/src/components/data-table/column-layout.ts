// Widths and sticky positions of a DataTable's columns: resized or declared widths, the one flexible column of
// the fixed layout, the sticky offsets of fixed columns, and the density classes of headers, cells and rows.
import type { Column, ColumnSizingState } from '@tanstack/react-table';
import type * as React from 'react';

import { cn } from '../../lib/utils';
import { toCssLength } from '../dialog';
import { SYNTHETIC } from './synthetic-columns';
import type { Density } from './table-state';

/** Fallback width of a column without a numeric one, for fixed-column offsets. */
const FALLBACK_WIDTH = 150;

export const rowHeights: Record<Density, number> = { compact: 33, default: 41, comfortable: 49 };
export const densityHead: Record<Density, string | undefined> = {
  compact: 'h-8',
  default: undefined,
  comfortable: 'h-12',
};
export const densityCell: Record<Density, string | undefined> = {
  compact: 'py-1',
  default: undefined,
  comfortable: 'py-3',
};

export type ColumnLayout<Row> = {
  widthOf: (column: Column<Row, unknown>) => number | string | undefined;
  tableMinWidth: number | undefined;
  cellStyle: (column: Column<Row, unknown>) => React.CSSProperties | undefined;
  pinClass: (column: Column<Row, unknown>, head: boolean) => string | undefined;
};

/** The layout of the visible columns for this render. */
export function columnLayout<Row>(
  leafColumns: Column<Row, unknown>[],
  sizing: ColumnSizingState,
  fixedLayout: boolean,
): ColumnLayout<Row> {
  // Widths: a resized width, else the declared one.
  const declaredWidth = (column: Column<Row, unknown>) => column.columnDef.meta?.width;
  const widthOf = (column: Column<Row, unknown>): number | string | undefined =>
    sizing[column.id] ?? declaredWidth(column);
  const pxOf = (column: Column<Row, unknown>): number => {
    const w = widthOf(column);
    return typeof w === 'number' ? w : (column.columnDef.meta?.minWidth ?? FALLBACK_WIDTH);
  };

  // In the fixed layout, at least one data column stays flexible and takes the remaining width; otherwise
  // the browser would widen every column (checkbox and action columns too).
  const dataColumns = leafColumns.filter((c) => !SYNTHETIC.has(c.id) && !c.getIsPinned());
  const flexibleId =
    fixedLayout && dataColumns.every((c) => widthOf(c) !== undefined) ? dataColumns.at(-1)?.id : undefined;
  const tableMinWidth = fixedLayout
    ? leafColumns.reduce((sum, c) => {
        const w = widthOf(c);
        return sum + (typeof w === 'number' ? w : (c.columnDef.meta?.minWidth ?? 80));
      }, 0)
    : undefined;

  // Sticky offsets of fixed columns.
  const offsets = new Map<string, { side: 'left' | 'right'; offset: number; edge: boolean }>();
  const leftPinned = leafColumns.filter((c) => c.getIsPinned() === 'left');
  const rightPinned = leafColumns.filter((c) => c.getIsPinned() === 'right');
  leftPinned.reduce((acc, c, i) => {
    offsets.set(c.id, { side: 'left', offset: acc, edge: i === leftPinned.length - 1 });
    return acc + pxOf(c);
  }, 0);
  [...rightPinned].reverse().reduce((acc, c, i) => {
    offsets.set(c.id, { side: 'right', offset: acc, edge: i === rightPinned.length - 1 });
    return acc + pxOf(c);
  }, 0);

  const cellStyle = (column: Column<Row, unknown>): React.CSSProperties | undefined => {
    const style: React.CSSProperties = {};
    const width = toCssLength(widthOf(column));
    if (fixedLayout) {
      if (width && column.id !== flexibleId) style.width = width;
    } else if (width) {
      style.width = width;
      style.minWidth = width;
      style.maxWidth = width;
    } else if (column.columnDef.meta?.minWidth) {
      style.minWidth = column.columnDef.meta.minWidth;
    }
    const pin = offsets.get(column.id);
    if (pin) style[pin.side] = pin.offset;
    return Object.keys(style).length > 0 ? style : undefined;
  };

  const pinClass = (column: Column<Row, unknown>, head: boolean) => {
    const pin = offsets.get(column.id);
    if (!pin) return undefined;
    return cn(
      'sticky z-[1]',
      head ? 'bg-muted' : 'bg-background group-hover/row:bg-muted group-data-[state=selected]/row:bg-accent',
      pin.edge &&
        (pin.side === 'left'
          ? 'shadow-[inset_-1px_0_0_var(--border)]'
          : 'shadow-[inset_1px_0_0_var(--border)]'),
    );
  };

  return { widthOf, tableMinWidth, cellStyle, pinClass };
}
