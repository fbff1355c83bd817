import {
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  type OnChangeFn,
  type RowData,
  type RowSelectionState,
  useReactTable,
} from '@tanstack/react-table';
import * as React from 'react';

import { cn } from '../lib/utils';
import { useUiLocale } from '../locale/ui-locale';
import { Checkbox } from './checkbox';
import { toCssLength } from './dialog';
import { EmptyState } from './empty-state';
import { Pagination, type PaginationProps } from './pagination';
import { Spinner } from './spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from './table';

declare module '@tanstack/react-table' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData extends RowData, TValue> {
    /** Fixed column width (number = px). */
    width?: number | string;
    align?: 'left' | 'center' | 'right';
    /** Extra classes for header and cells. */
    className?: string;
  }
}

export type { ColumnDef, RowSelectionState };

export type DataTablePagination = Pick<
  PaginationProps,
  'current' | 'size' | 'total' | 'onChange' | 'pageSizes'
>;

export type DataTableProps<Row> = {
  data: Row[];
  columns: ColumnDef<Row, unknown>[];
  /** Row id for selection; defaults to `row.id` or the index. */
  getRowId?: (row: Row, index: number) => string;
  loading?: boolean;
  /** Cell borders (Avue `border`). */
  bordered?: boolean;
  /** Leading "#" column numbering rows from indexOffset + 1. */
  showIndex?: boolean;
  /** For server paging pass (current - 1) * size. */
  indexOffset?: number;
  /** Leading checkbox column with select-all. */
  selectable?: boolean;
  /** Controlled selection keyed by row id. */
  rowSelection?: RowSelectionState;
  onRowSelectionChange?: (selection: RowSelectionState, rows: Row[]) => void;
  /** Trailing action cell per row. */
  actions?: (row: Row) => React.ReactNode;
  /** Width of the action column (Avue `menuWidth`). Default 200. */
  actionsWidth?: number;
  actionsHeader?: React.ReactNode;
  /** Content when there are no rows (default EmptyState). */
  empty?: React.ReactNode;
  /** Server-side paging driven by props; renders Pagination under the table. */
  pagination?: DataTablePagination;
  className?: string;
  /** Accessible name of the table. */
  'aria-label'?: string;
};

function defaultRowId<Row>(row: Row, index: number): string {
  if (row && typeof row === 'object' && 'id' in row) {
    const id = (row as { id: unknown }).id;
    if (typeof id === 'string' || typeof id === 'number') return String(id);
  }
  return String(index);
}

function alignClass(align: 'left' | 'center' | 'right' | undefined): string | undefined {
  if (align === 'center') return 'text-center';
  if (align === 'right') return 'text-right';
  return undefined;
}

export function DataTable<Row>({
  data,
  columns,
  getRowId = defaultRowId,
  loading = false,
  bordered = false,
  showIndex = false,
  indexOffset = 0,
  selectable = false,
  rowSelection,
  onRowSelectionChange,
  actions,
  actionsWidth = 200,
  actionsHeader,
  empty,
  pagination,
  className,
  'aria-label': ariaLabel,
}: DataTableProps<Row>) {
  const { messages } = useUiLocale();
  const [innerSelection, setInnerSelection] = React.useState<RowSelectionState>({});
  const selection = rowSelection ?? innerSelection;

  // Row actions are usually an inline function of the caller. Reading the latest one through a ref keeps the
  // column definitions stable: TanStack renders a function cell as a component, so new cell functions would
  // remount every cell (and drop the focus of the checkbox just clicked) on each render.
  // (Assigned during render, so the cells rendered in this pass see this render's function.)
  const actionsRef = React.useRef(actions);
  actionsRef.current = actions;
  const hasActions = actions !== undefined;

  const allColumns = React.useMemo<ColumnDef<Row, unknown>[]>(() => {
    const lead: ColumnDef<Row, unknown>[] = [];
    if (selectable) {
      lead.push({
        id: '__select',
        meta: { width: 48, align: 'center' },
        header: ({ table }) => (
          <Checkbox
            aria-label={messages.selectAll}
            disabled={table.getRowModel().rows.length === 0}
            checked={
              table.getIsAllRowsSelected() ? true : table.getIsSomeRowsSelected() ? 'indeterminate' : false
            }
            onCheckedChange={(value) => table.toggleAllRowsSelected(value === true)}
          />
        ),
        cell: ({ row }) => (
          <Checkbox
            aria-label={messages.selectRow}
            checked={row.getIsSelected()}
            disabled={!row.getCanSelect()}
            onCheckedChange={(value) => row.toggleSelected(value === true)}
          />
        ),
      });
    }
    if (showIndex) {
      lead.push({
        id: '__index',
        meta: { width: 56, align: 'center' },
        header: () => messages.index,
        cell: ({ row }) => indexOffset + row.index + 1,
      });
    }
    const tail: ColumnDef<Row, unknown>[] = [];
    if (hasActions) {
      tail.push({
        id: '__actions',
        meta: { width: actionsWidth, align: 'center', className: 'sticky right-0 bg-background' },
        header: () => actionsHeader ?? messages.actions,
        cell: ({ row }) => actionsRef.current?.(row.original),
      });
    }
    return [...lead, ...columns, ...tail];
  }, [selectable, showIndex, hasActions, columns, messages, indexOffset, actionsWidth, actionsHeader]);

  const handleSelection: OnChangeFn<RowSelectionState> = (updater) => {
    const next = typeof updater === 'function' ? updater(selection) : updater;
    if (rowSelection === undefined) setInnerSelection(next);
    if (onRowSelectionChange) {
      const rows = data.filter((row, index) => next[getRowId(row, index)]);
      onRowSelectionChange(next, rows);
    }
  };

  const table = useReactTable<Row>({
    data,
    columns: allColumns,
    getRowId,
    getCoreRowModel: getCoreRowModel(),
    enableRowSelection: selectable,
    state: { rowSelection: selection },
    onRowSelectionChange: handleSelection,
    manualPagination: true,
  });

  const cellBorder = bordered ? 'border border-border' : undefined;
  const rows = table.getRowModel().rows;
  const colCount = allColumns.length;

  return (
    <div data-slot="data-table" data-bordered={bordered} className={cn('flex flex-col gap-3', className)}>
      <div
        data-slot="data-table-body"
        className={cn('relative rounded-md', bordered ? 'border-0' : 'border')}
        aria-busy={loading}
      >
        <Table aria-label={ariaLabel}>
          <TableHeader>
            {table.getHeaderGroups().map((group) => (
              <TableRow key={group.id} className="hover:bg-transparent">
                {group.headers.map((header) => {
                  const meta = header.column.columnDef.meta;
                  const width = toCssLength(meta?.width);
                  return (
                    <TableHead
                      key={header.id}
                      data-column={header.column.id}
                      style={width ? { width, minWidth: width, maxWidth: width } : undefined}
                      className={cn(
                        cellBorder,
                        alignClass(meta?.align),
                        meta?.className,
                        meta?.className && 'bg-muted',
                      )}
                    >
                      {header.isPlaceholder
                        ? null
                        : flexRender(header.column.columnDef.header, header.getContext())}
                    </TableHead>
                  );
                })}
              </TableRow>
            ))}
          </TableHeader>
          <TableBody>
            {rows.length > 0 ? (
              rows.map((row) => (
                <TableRow key={row.id} data-state={row.getIsSelected() ? 'selected' : undefined}>
                  {row.getVisibleCells().map((cell) => {
                    const meta = cell.column.columnDef.meta;
                    const width = toCssLength(meta?.width);
                    return (
                      <TableCell
                        key={cell.id}
                        data-column={cell.column.id}
                        style={width ? { width, minWidth: width, maxWidth: width } : undefined}
                        className={cn(cellBorder, alignClass(meta?.align), meta?.className)}
                      >
                        {flexRender(cell.column.columnDef.cell, cell.getContext())}
                      </TableCell>
                    );
                  })}
                </TableRow>
              ))
            ) : (
              <TableRow className="hover:bg-transparent">
                <TableCell colSpan={colCount} className={cellBorder}>
                  {loading ? <div className="h-24" /> : (empty ?? <EmptyState />)}
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
        {loading ? (
          <div
            data-slot="data-table-loading"
            className="absolute inset-0 z-10 flex items-center justify-center bg-background/60"
          >
            <Spinner label={messages.loading} className="size-6 text-primary" />
          </div>
        ) : null}
      </div>
      {pagination ? <Pagination disabled={loading} {...pagination} /> : null}
    </div>
  );
}
