// DataTable: TanStack Table with selection, row numbers, row actions, sorting, fixed and resizable columns,
// density, virtualised rows, server paging and tree rows. Its parts live under `./data-table/`.
import {
  type ColumnDef,
  type ColumnOrderState,
  type ExpandedState,
  getCoreRowModel,
  getExpandedRowModel,
  getSortedRowModel,
  type OnChangeFn,
  type Row as TableRowModel,
  type RowSelectionState,
  type SortingState,
  useReactTable,
  type VisibilityState,
} from '@tanstack/react-table';
import * as React from 'react';

import { cn } from '../lib/utils';
import { PHONE_QUERY, useMediaQuery } from '../lib/use-media-query';
import { useUiLocale } from '../locale/ui-locale';
import { renderBodyRow } from './data-table/body-row';
import { CardRows } from './data-table/card-rows';
import { columnLayout, rowHeights } from './data-table/column-layout';
import { columnOrderOf, columnPinning, lockedVisibility } from './data-table/column-state';
import { renderHeaderCell } from './data-table/header-cell';
import type { DataTableProps } from './data-table/props';
import { toSnakeCase, toSortParams } from './data-table/sorting';
import { SYNTHETIC, withSyntheticColumns } from './data-table/synthetic-columns';
import { useDataTableSettings } from './data-table/table-state';
import { useTreeRows } from './data-table/tree-rows';
import { VirtualRows } from './data-table/virtual-rows';
import { toCssLength } from './dialog';
import { EmptyState } from './empty-state';
import { Pagination } from './pagination';
import { Spinner } from './spinner';
import { TableBody, TableCell, TableHeader, TableRow } from './table';

export { getColumnLabel, orderColumnIds } from './data-table/columns';
export type { DataTablePagination, DataTableProps } from './data-table/props';
export type { ColumnDef, RowSelectionState, SortingState, VisibilityState, ColumnOrderState, ExpandedState };

const DEFAULT_VIRTUAL_THRESHOLD = 50;
const DEFAULT_VIRTUAL_HEIGHT = 600;

function ownId(row: unknown): string | undefined {
  if (row && typeof row === 'object' && 'id' in row) {
    const id = (row as { id: unknown }).id;
    if (typeof id === 'string' || typeof id === 'number') return String(id);
  }
  return undefined;
}

/** `row.id`, else the position; a sub row's position is prefixed with its parent's id (TanStack's own default). */
function defaultRowId<Row>(row: Row, index: number, parent?: TableRowModel<Row>): string {
  return ownId(row) ?? (parent ? `${parent.id}.${index}` : String(index));
}

export function DataTable<Row>({
  data,
  columns,
  getRowId,
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
  getSubRows,
  canExpand,
  onExpand,
  expanded: expandedProp,
  defaultExpanded,
  onExpandedChange,
  layout: layoutProp = 'auto',
  className,
  'aria-label': ariaLabel,
}: DataTableProps<Row>) {
  const { messages } = useUiLocale();
  const phone = useMediaQuery(PHONE_QUERY);
  const [innerSelection, setInnerSelection] = React.useState<RowSelectionState>({});
  const selection = rowSelection ?? innerSelection;
  const [innerSorting, setInnerSorting] = React.useState<SortingState>(defaultSorting ?? []);
  const sorting = sortingProp ?? innerSorting;
  const ownSettings = useDataTableSettings({ storageKey: settingsProp ? undefined : storageKey });
  const settings = settingsProp ?? ownSettings;
  const density = densityProp ?? settings.density;
  const scrollRef = React.useRef<HTMLDivElement>(null);
  const isTree = getSubRows !== undefined || canExpand !== undefined;
  const treeRows = useTreeRows<Row>({
    enabled: isTree,
    expanded: expandedProp,
    defaultExpanded,
    onExpandedChange,
    onExpand,
  });

  // Row actions are usually an inline function of the caller. Reading the latest one through a ref keeps the
  // column definitions stable: TanStack renders a function cell as a component, so new cell functions would
  // remount every cell (and drop the focus of the checkbox just clicked) on each render.
  // (Assigned during render, so the cells rendered in this pass see this render's function.)
  const actionsRef = React.useRef(actions);
  actionsRef.current = actions;
  const hasActions = actions !== undefined;
  // Display position of each row (client-side sorting reorders rows), read by the index cells.
  const positionsRef = React.useRef(new Map<string, number>());

  const allColumns = React.useMemo<ColumnDef<Row, unknown>[]>(
    () =>
      withSyntheticColumns(columns, {
        selectable,
        showIndex,
        hasActions,
        messages,
        indexOffset,
        actionsWidth,
        actionsHeader,
        positionsRef,
        actionsRef,
      }),
    [selectable, showIndex, hasActions, columns, messages, indexOffset, actionsWidth, actionsHeader],
  );

  const handleSelection: OnChangeFn<RowSelectionState> = (updater) => {
    const next = typeof updater === 'function' ? updater(selection) : updater;
    if (rowSelection === undefined) setInnerSelection(next);
    if (onRowSelectionChange) {
      // Every row of the data, sub rows included (collapsed ones too), in data order.
      const rows = table
        .getCoreRowModel()
        .flatRows.filter((row) => next[row.id])
        .map((row) => row.original);
      onRowSelectionChange(next, rows);
    }
  };

  const pinning = React.useMemo(
    () => columnPinning(allColumns, selectable, showIndex, hasActions),
    [allColumns, selectable, showIndex, hasActions],
  );

  const columnOrder = React.useMemo(() => columnOrderOf(settings.columnOrder), [settings.columnOrder]);

  const columnVisibility = React.useMemo(
    () => lockedVisibility(allColumns, settings.columnVisibility),
    [allColumns, settings.columnVisibility],
  );

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
    getRowId: getRowId ?? defaultRowId,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: manualSorting ? undefined : getSortedRowModel(),
    defaultColumn: { enableSorting: false },
    enableRowSelection: selectable,
    // Checking a parent checks only that row: a batch delete acts on exactly the rows the user checked.
    enableSubRowSelection: false,
    enableSortingRemoval: true,
    sortDescFirst: false,
    manualSorting,
    manualPagination: true,
    state: {
      rowSelection: selection,
      sorting,
      columnOrder,
      columnVisibility,
      columnPinning: pinning,
      ...(isTree ? { expanded: treeRows.expanded } : {}),
    },
    ...(isTree
      ? {
          getSubRows,
          getExpandedRowModel: getExpandedRowModel(),
          getRowCanExpand: (row: TableRowModel<Row>) =>
            row.subRows.length > 0 || (canExpand?.(row.original) ?? false),
          onExpandedChange: treeRows.onExpandedChange,
        }
      : {}),
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

  const layout = columnLayout(leafColumns, settings.columnSizing, fixedLayout);
  const { tableMinWidth } = layout;
  const cellBorder = bordered ? 'border border-border' : undefined;
  const headerRows = table.getHeaderGroups().length;
  const headerContext = { layout, messages, settings, density, resizable, fixedLayout, cellBorder };
  const tree = isTree
    ? {
        columnId: leafColumns.find((c) => !SYNTHETIC.has(c.id))?.id,
        pending: treeRows.pending,
        toggle: treeRows.toggle,
        messages,
      }
    : undefined;
  const rowContext = { layout, density, fixedLayout, cellBorder, virtual, headerRows, tree };

  const renderRow = (
    row: TableRowModel<Row>,
    index: number,
    measureRef?: (el: HTMLTableRowElement | null) => void,
  ) => renderBodyRow(row, index, measureRef, rowContext);

  const virtualHeight = maxHeight ?? DEFAULT_VIRTUAL_HEIGHT;
  // on a phone a tree's cards stand indented by level, their toggles before the titles
  const cards = layoutProp === 'cards' || (layoutProp === 'auto' && phone);

  return (
    <div
      data-slot="data-table"
      data-bordered={bordered}
      data-density={density}
      data-virtual={(virtual && !cards) || undefined}
      data-layout={cards ? 'cards' : 'table'}
      className={cn('flex flex-col gap-3', className)}
    >
      <div
        data-slot="data-table-body"
        className={cn('relative rounded-md', bordered || cards ? 'border-0' : 'border')}
        aria-busy={loading}
      >
        {cards ? (
          <CardRows
            table={table}
            rows={rows}
            messages={messages}
            selectable={selectable}
            loading={loading}
            empty={empty ?? <EmptyState />}
            aria-label={ariaLabel}
            tree={tree}
          />
        ) : (
          <div
            ref={scrollRef}
            data-slot="table-container"
            className={cn('relative w-full overflow-x-auto', virtual && 'overflow-y-auto')}
            style={virtual ? { maxHeight: toCssLength(virtualHeight) } : undefined}
          >
            <table
              data-slot="table"
              // Rows of a tree carry their level, which ARIA allows only in a treegrid.
              role={isTree ? 'treegrid' : undefined}
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
                    {group.headers.map((header) => renderHeaderCell(header, headerContext))}
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
        )}
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
