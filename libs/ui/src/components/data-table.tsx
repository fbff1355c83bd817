import {
  type Column,
  type ColumnDef,
  type ColumnOrderState,
  type ColumnPinningState,
  flexRender,
  getCoreRowModel,
  getSortedRowModel,
  type Header,
  type OnChangeFn,
  type Row as TableRowModel,
  type RowData,
  type RowSelectionState,
  type SortingState,
  useReactTable,
  type VisibilityState,
} from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ChevronsUpDown } from 'lucide-react';
import * as React from 'react';

import { cn } from '../lib/utils';
import { useUiLocale } from '../locale/ui-locale';
import { Checkbox } from './checkbox';
import { ColumnResizeHandle, DEFAULT_MIN_WIDTH } from './data-table/resize-handle';
import { type SortParams, toSnakeCase, toSortParams } from './data-table/sorting';
import {
  type DataTableSettingsController,
  type Density,
  useDataTableSettings,
} from './data-table/table-state';
import { VirtualRows } from './data-table/virtual-rows';
import { toCssLength } from './dialog';
import { EmptyState } from './empty-state';
import { Pagination, type PaginationProps } from './pagination';
import { Spinner } from './spinner';
import { TableBody, TableCell, TableHead, TableHeader, TableRow } from './table';

declare module '@tanstack/react-table' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData extends RowData, TValue> {
    /** Column width (number = px). With `resizable` it is the starting width. */
    width?: number | string;
    /** Smallest width a resize may reach (px). Default 60. */
    minWidth?: number;
    align?: 'left' | 'center' | 'right';
    /** Extra classes for header and cells. */
    className?: string;
    /** Keep the column in view when the table scrolls sideways (needs a numeric `width`). */
    fixed?: 'left' | 'right';
    /** Plain-text name (column settings, resize handle, export header); default: a string header or the id. */
    label?: string;
    /** Server field for sorting; default the id in snake_case. */
    sortField?: string;
    /** false: never resizable, even in a resizable table. */
    resizable?: boolean;
  }
}

export type { ColumnDef, RowSelectionState, SortingState, VisibilityState, ColumnOrderState };

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
  /** Trailing action cell per row, fixed to the right edge. */
  actions?: (row: Row) => React.ReactNode;
  /** Width of the action column (Avue `menuWidth`). Default 200. */
  actionsWidth?: number;
  actionsHeader?: React.ReactNode;
  /** Content when there are no rows (default EmptyState). */
  empty?: React.ReactNode;
  /** Server-side paging driven by props; renders Pagination under the table. */
  pagination?: DataTablePagination;
  /**
   * Sorting (controlled). Columns sort when their def sets `enableSorting: true`; a header click cycles
   * ascending → descending → none (Shift-click adds a column).
   */
  sorting?: SortingState;
  /** Initial sorting when uncontrolled. */
  defaultSorting?: SortingState;
  /**
   * Server-side sorting: the rows arrive sorted, and each change is reported with the platform's
   * `{ ascs, descs }` (comma-joined snake_case fields, or `meta.sortField`). Without it rows sort in the browser.
   */
  onSortingChange?: (sorting: SortingState, params: SortParams) => void;
  /** Drag handles (and ←/→ keys) on header edges; the table gets a fixed layout. */
  resizable?: boolean;
  /**
   * Persist column visibility, order, widths and density under this key (localStorage). Ignored when `settings`
   * is passed (the owner of the settings chose the key).
   */
  storageKey?: string;
  /** Settings shared with a toolbar (`useDataTableSettings`). */
  settings?: DataTableSettingsController;
  /** Row density; default from the settings ('default'). */
  density?: Density;
  /** Render only the visible rows when there are more rows than this. Default 50; `false` never. */
  virtualThreshold?: number | false;
  /** Height of the scroll area when virtualised (number = px). Default 600. */
  maxHeight?: number | string;
  className?: string;
  /** Accessible name of the table. */
  'aria-label'?: string;
};

const SELECT_ID = '__select';
const INDEX_ID = '__index';
const ACTIONS_ID = '__actions';
const SYNTHETIC = new Set([SELECT_ID, INDEX_ID, ACTIONS_ID]);
const DEFAULT_VIRTUAL_THRESHOLD = 50;
const DEFAULT_VIRTUAL_HEIGHT = 600;
/** Fallback width of a column without a numeric one, for fixed-column offsets. */
const FALLBACK_WIDTH = 150;

const rowHeights: Record<Density, number> = { compact: 33, default: 41, comfortable: 49 };
const densityHead: Record<Density, string | undefined> = {
  compact: 'h-8',
  default: undefined,
  comfortable: 'h-12',
};
const densityCell: Record<Density, string | undefined> = {
  compact: 'py-1',
  default: undefined,
  comfortable: 'py-3',
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

/** A column's plain-text name: `meta.label`, else a string header, else its id. */
export function getColumnLabel<Row>(column: Column<Row, unknown>): string {
  const meta = column.columnDef.meta;
  if (meta?.label) return meta.label;
  const header = column.columnDef.header;
  return typeof header === 'string' ? header : column.id;
}

/**
 * Ordered, visible column ids of a table's settings: `order` first (unknown ids dropped), then the rest in their
 * declared order, minus the hidden ones. What export and column settings use.
 */
export function orderColumnIds(
  ids: readonly string[],
  order: ColumnOrderState,
  visibility?: VisibilityState,
): string[] {
  const known = new Set(ids);
  const ordered = order.filter((id) => known.has(id));
  const seen = new Set(ordered);
  const all = [...ordered, ...ids.filter((id) => !seen.has(id))];
  return visibility ? all.filter((id) => visibility[id] !== false) : all;
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
  sorting: sortingProp,
  defaultSorting,
  onSortingChange,
  resizable = false,
  storageKey,
  settings: settingsProp,
  density: densityProp,
  virtualThreshold = DEFAULT_VIRTUAL_THRESHOLD,
  maxHeight,
  className,
  'aria-label': ariaLabel,
}: DataTableProps<Row>) {
  const { messages } = useUiLocale();
  const [innerSelection, setInnerSelection] = React.useState<RowSelectionState>({});
  const selection = rowSelection ?? innerSelection;
  const [innerSorting, setInnerSorting] = React.useState<SortingState>(defaultSorting ?? []);
  const sorting = sortingProp ?? innerSorting;
  const ownSettings = useDataTableSettings({ storageKey: settingsProp ? undefined : storageKey });
  const settings = settingsProp ?? ownSettings;
  const density = densityProp ?? settings.density;
  const scrollRef = React.useRef<HTMLDivElement>(null);

  // Row actions are usually an inline function of the caller. Reading the latest one through a ref keeps the
  // column definitions stable: TanStack renders a function cell as a component, so new cell functions would
  // remount every cell (and drop the focus of the checkbox just clicked) on each render.
  // (Assigned during render, so the cells rendered in this pass see this render's function.)
  const actionsRef = React.useRef(actions);
  actionsRef.current = actions;
  const hasActions = actions !== undefined;
  // Display position of each row (client-side sorting reorders rows), read by the index cells.
  const positionsRef = React.useRef(new Map<string, number>());

  const allColumns = React.useMemo<ColumnDef<Row, unknown>[]>(() => {
    const lead: ColumnDef<Row, unknown>[] = [];
    if (selectable) {
      lead.push({
        id: SELECT_ID,
        enableHiding: false,
        enableSorting: false,
        meta: { width: 48, align: 'center', label: messages.selectAll, resizable: false },
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
        id: INDEX_ID,
        enableHiding: false,
        enableSorting: false,
        meta: { width: 56, align: 'center', label: messages.index, resizable: false },
        header: () => messages.index,
        cell: ({ row }) => indexOffset + (positionsRef.current.get(row.id) ?? row.index) + 1,
      });
    }
    const tail: ColumnDef<Row, unknown>[] = [];
    if (hasActions) {
      tail.push({
        id: ACTIONS_ID,
        enableHiding: false,
        enableSorting: false,
        meta: {
          width: actionsWidth,
          align: 'center',
          fixed: 'right',
          label: messages.actions,
          resizable: false,
        },
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

  // Fixed columns: user columns with meta.fixed; the leading select/index columns join the left ones.
  const pinning = React.useMemo<ColumnPinningState>(() => {
    const left: string[] = [];
    const right: string[] = [];
    for (const c of allColumns) {
      const id = c.id ?? ('accessorKey' in c ? String(c.accessorKey) : undefined);
      if (!id || SYNTHETIC.has(id)) continue;
      if (c.meta?.fixed === 'left') left.push(id);
      else if (c.meta?.fixed === 'right') right.push(id);
    }
    const lead = left.length > 0 ? [selectable && SELECT_ID, showIndex && INDEX_ID].filter(Boolean) : [];
    return { left: [...(lead as string[]), ...left], right: hasActions ? [...right, ACTIONS_ID] : right };
  }, [allColumns, selectable, showIndex, hasActions]);

  const columnOrder = React.useMemo(
    () => [SELECT_ID, INDEX_ID, ...settings.columnOrder.filter((id) => !SYNTHETIC.has(id))],
    [settings.columnOrder],
  );

  // Stored visibility never hides a column that may not be hidden.
  const columnVisibility = React.useMemo(() => {
    const out: VisibilityState = {};
    const locked = new Set(
      allColumns
        .filter((c) => c.enableHiding === false)
        .map((c) => c.id ?? ('accessorKey' in c ? String(c.accessorKey) : '')),
    );
    for (const [id, visible] of Object.entries(settings.columnVisibility))
      if (!locked.has(id)) out[id] = visible;
    return out;
  }, [allColumns, settings.columnVisibility]);

  const manualSorting = onSortingChange !== undefined;
  const handleSorting: OnChangeFn<SortingState> = (updater) => {
    const next = typeof updater === 'function' ? updater(sorting) : updater;
    if (sortingProp === undefined) setInnerSorting(next);
    onSortingChange?.(
      next,
      toSortParams(next, (id) => table.getColumn(id)?.columnDef.meta?.sortField ?? toSnakeCase(id)),
    );
  };

  const table = useReactTable<Row>({
    data,
    columns: allColumns,
    getRowId,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: manualSorting ? undefined : getSortedRowModel(),
    defaultColumn: { enableSorting: false },
    enableRowSelection: selectable,
    enableSortingRemoval: true,
    sortDescFirst: false,
    manualSorting,
    manualPagination: true,
    state: { rowSelection: selection, sorting, columnOrder, columnVisibility, columnPinning: pinning },
    onRowSelectionChange: handleSelection,
    onSortingChange: handleSorting,
    onColumnVisibilityChange: settings.setColumnVisibility,
  });

  const rows = table.getRowModel().rows;
  const positions = new Map<string, number>();
  rows.forEach((row, i) => positions.set(row.id, i));
  positionsRef.current = positions;

  const leafColumns = table.getVisibleLeafColumns();
  const colCount = leafColumns.length;
  const threshold = virtualThreshold === false ? Number.POSITIVE_INFINITY : virtualThreshold;
  const virtual = rows.length > threshold;
  const fixedLayout = resizable || virtual;

  // Widths: a resized width, else the declared one.
  const sizing = settings.columnSizing;
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

  const cellBorder = bordered ? 'border border-border' : undefined;
  const headerRows = table.getHeaderGroups().length;

  const renderHeader = (header: Header<Row, unknown>) => {
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
  };

  const renderRow = (
    row: TableRowModel<Row>,
    index: number,
    measureRef?: (el: HTMLTableRowElement | null) => void,
  ) => (
    <TableRow
      key={row.id}
      ref={measureRef}
      data-index={measureRef ? index : undefined}
      aria-rowindex={virtual ? headerRows + index + 1 : undefined}
      data-state={row.getIsSelected() ? 'selected' : undefined}
      className="group/row"
    >
      {row.getVisibleCells().map((cell) => {
        const meta = cell.column.columnDef.meta;
        return (
          <TableCell
            key={cell.id}
            data-column={cell.column.id}
            style={cellStyle(cell.column)}
            className={cn(
              cellBorder,
              densityCell[density],
              alignClass(meta?.align),
              fixedLayout && 'overflow-hidden [overflow-wrap:anywhere]',
              meta?.className,
              pinClass(cell.column, false),
            )}
          >
            {flexRender(cell.column.columnDef.cell, cell.getContext())}
          </TableCell>
        );
      })}
    </TableRow>
  );

  const virtualHeight = maxHeight ?? DEFAULT_VIRTUAL_HEIGHT;

  return (
    <div
      data-slot="data-table"
      data-bordered={bordered}
      data-density={density}
      data-virtual={virtual || undefined}
      className={cn('flex flex-col gap-3', className)}
    >
      <div
        data-slot="data-table-body"
        className={cn('relative rounded-md', bordered ? 'border-0' : 'border')}
        aria-busy={loading}
      >
        <div
          ref={scrollRef}
          data-slot="table-container"
          className={cn('relative w-full overflow-x-auto', virtual && 'overflow-y-auto')}
          style={virtual ? { maxHeight: toCssLength(virtualHeight) } : undefined}
        >
          <table
            data-slot="table"
            aria-label={ariaLabel}
            aria-rowcount={virtual ? rows.length + headerRows : undefined}
            className={cn('w-full caption-bottom border-collapse text-sm', fixedLayout && 'table-fixed')}
            style={tableMinWidth ? { minWidth: tableMinWidth } : undefined}
          >
            <TableHeader className={cn(virtual && 'sticky top-0 z-[3]')}>
              {table.getHeaderGroups().map((group, groupIndex) => (
                <TableRow
                  key={group.id}
                  aria-rowindex={virtual ? groupIndex + 1 : undefined}
                  className="hover:bg-transparent"
                >
                  {group.headers.map(renderHeader)}
                </TableRow>
              ))}
            </TableHeader>
            <TableBody>
              {rows.length === 0 ? (
                <TableRow className="hover:bg-transparent">
                  <TableCell colSpan={colCount} className={cellBorder}>
                    {loading ? <div className="h-24" /> : (empty ?? <EmptyState />)}
                  </TableCell>
                </TableRow>
              ) : virtual ? (
                <VirtualRows
                  rows={rows}
                  scrollRef={scrollRef}
                  estimateSize={rowHeights[density]}
                  initialHeight={typeof virtualHeight === 'number' ? virtualHeight : DEFAULT_VIRTUAL_HEIGHT}
                  colCount={colCount}
                  renderRow={renderRow}
                />
              ) : (
                rows.map((row, index) => renderRow(row, index))
              )}
            </TableBody>
          </table>
        </div>
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
