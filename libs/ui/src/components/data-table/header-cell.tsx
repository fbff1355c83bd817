// A header cell of DataTable: the sort button (ascending → descending → none) and the column's resize handle.
import { flexRender, type Header } from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ChevronsUpDown } from 'lucide-react';

import { cn } from '../../lib/utils';
import type { UiMessages } from '../../locale/messages';
import { TableHead } from '../table';
import { type ColumnLayout, densityHead } from './column-layout';
import { alignClass, getColumnLabel } from './columns';
import { ColumnResizeHandle, DEFAULT_MIN_WIDTH } from './resize-handle';
import { SYNTHETIC } from './synthetic-columns';
import type { DataTableSettingsController, Density } from './table-state';

export type HeaderCellContext<Row> = {
  layout: ColumnLayout<Row>;
  messages: UiMessages;
  settings: DataTableSettingsController;
  density: Density;
  resizable: boolean;
  fixedLayout: boolean;
  cellBorder: string | undefined;
};

export function renderHeaderCell<Row>(
  header: Header<Row, unknown>,
  { layout, messages, settings, density, resizable, fixedLayout, cellBorder }: HeaderCellContext<Row>,
) {
  const { widthOf, cellStyle, pinClass } = layout;
  const column = header.column;
  const meta = column.columnDef.meta;
  const canSort = column.getCanSort();
  const sorted = column.getIsSorted();
  const content = header.isPlaceholder ? null : flexRender(column.columnDef.header, header.getContext());
  const canResize =
    resizable && !header.isPlaceholder && meta?.resizable !== false && !SYNTHETIC.has(column.id);
  const width = widthOf(column);
  return (
    <TableHead
      key={header.id}
      colSpan={header.colSpan > 1 ? header.colSpan : undefined}
      data-column={column.id}
      aria-sort={
        canSort ? (sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none') : undefined
      }
      style={cellStyle(column)}
      className={cn(
        'relative',
        cellBorder,
        densityHead[density],
        alignClass(meta?.align),
        fixedLayout && 'overflow-hidden text-ellipsis',
        meta?.className,
        pinClass(column, true),
      )}
    >
      {canSort ? (
        <button
          type="button"
          data-slot="data-table-sort"
          title={messages.sortHint}
          onClick={column.getToggleSortingHandler()}
          className={cn(
            '-mx-1 inline-flex max-w-full cursor-pointer items-center gap-1 rounded-sm px-1 outline-none',
            'hover:text-primary-text focus-visible:ring-2 focus-visible:ring-ring',
            sorted && 'text-primary-text',
          )}
        >
          <span className="truncate">{content}</span>
          {sorted === 'asc' ? (
            <ArrowUp aria-hidden className="size-3.5 shrink-0" />
          ) : sorted === 'desc' ? (
            <ArrowDown aria-hidden className="size-3.5 shrink-0" />
          ) : (
            <ChevronsUpDown aria-hidden className="size-3.5 shrink-0 opacity-50" />
          )}
        </button>
      ) : (
        content
      )}
      {canResize ? (
        <ColumnResizeHandle
          label={messages.resizeColumn(getColumnLabel(column))}
          width={typeof width === 'number' ? width : undefined}
          minWidth={meta?.minWidth ?? DEFAULT_MIN_WIDTH}
          onResize={(next) =>
            settings.setColumnSizing((prev) => {
              const out = { ...prev };
              if (next === undefined) delete out[column.id];
              else out[column.id] = next;
              return out;
            })
          }
        />
      ) : null}
    </TableHead>
  );
}
