import type { Row } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import * as React from 'react';

export type VirtualRowsProps<TData> = {
  rows: Row<TData>[];
  scrollRef: React.RefObject<HTMLDivElement | null>;
  /** Estimated row height in px (measured rows replace it). */
  estimateSize: number;
  /** Viewport height used before the first measurement. */
  initialHeight: number;
  colCount: number;
  overscan?: number;
  /** Renders one row; `measureRef` and `index` go on the `<tr>` (`data-index`). */
  renderRow: (
    row: Row<TData>,
    index: number,
    measureRef: (el: HTMLTableRowElement | null) => void,
  ) => React.ReactNode;
};

/**
 * Rows of a long table rendered as a window: only the rows in view (plus `overscan`) are in the DOM, with a spacer
 * row above and below carrying the height of the rest, so the `<table>` keeps its columns and semantics.
 */
export function VirtualRows<TData>({
  rows,
  scrollRef,
  estimateSize,
  initialHeight,
  colCount,
  overscan = 10,
  renderRow,
}: VirtualRowsProps<TData>) {
  const virtualizer = useVirtualizer<HTMLDivElement, HTMLTableRowElement>({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => estimateSize,
    getItemKey: (index) => rows[index]?.id ?? index,
    initialRect: { width: 0, height: initialHeight },
    overscan,
  });
  const items = virtualizer.getVirtualItems();
  const first = items[0];
  const last = items[items.length - 1];
  const top = first ? first.start : 0;
  const bottom = last ? virtualizer.getTotalSize() - last.end : 0;

  return (
    <>
      {top > 0 ? <Spacer height={top} colCount={colCount} /> : null}
      {items.map((item) => {
        const row = rows[item.index];
        return row ? (
          <MemoRow
            key={row.id}
            row={row as Row<unknown>}
            index={item.index}
            measureRef={virtualizer.measureElement}
            render={renderRow as MemoRowProps['render']}
          />
        ) : null;
      })}
      {bottom > 0 ? <Spacer height={bottom} colCount={colCount} /> : null}
    </>
  );
}

type MemoRowProps = {
  row: Row<unknown>;
  index: number;
  measureRef: (el: HTMLTableRowElement | null) => void;
  render: (
    row: Row<unknown>,
    index: number,
    measureRef: (el: HTMLTableRowElement | null) => void,
  ) => React.ReactNode;
};

// While scrolling only the window moves: rows already in view keep their props and skip rendering. Any change of
// the table (selection, columns, widths…) gives a new `render` and re-renders them.
const MemoRow = React.memo(function MemoRow({ row, index, measureRef, render }: MemoRowProps) {
  return render(row, index, measureRef);
});

function Spacer({ height, colCount }: { height: number; colCount: number }) {
  return (
    <tr aria-hidden data-slot="data-table-spacer" style={{ height }}>
      <td colSpan={colCount} style={{ padding: 0, border: 0 }} />
    </tr>
  );
}
