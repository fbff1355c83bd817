// The props of DataTable and the server-side paging it takes.
import type { ColumnDef, ExpandedState, RowSelectionState, SortingState } from '@tanstack/react-table';
import type * as React from 'react';

import type { PaginationProps } from '../pagination';
import type { SortParams } from './sorting';
import type { DataTableSettingsController, Density } from './table-state';

export type DataTablePagination = Pick<
  PaginationProps,
  'current' | 'size' | 'total' | 'onChange' | 'pageSizes'
>;

export type DataTableProps<Row> = {
  data: Row[];
  columns: ColumnDef<Row, unknown>[];
  /** Row id for selection and expansion; defaults to `row.id`, else the position (`<parent id>.<n>` in a tree). */
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
  /**
   * Tree rows (a forest, e.g. departments or menus): the loaded sub rows of a row, e.g. `(row) => row.children`.
   * With it (or `canExpand`) the first visible data column holds an expand toggle and indents rows by depth, rows
   * carry `aria-level`, and the table is a `treegrid`. Selection stays per row: checking a parent leaves its
   * children unchecked.
   */
  getSubRows?: (row: Row) => Row[] | undefined;
  /** Tree rows: whether a row has sub rows not loaded yet (e.g. `row.hasChildren`), so it gets a toggle too. */
  canExpand?: (row: Row) => boolean;
  /**
   * Tree rows: called when a row without loaded sub rows is expanded. The owner loads them and passes new `data`;
   * the toggle spins until the promise settles, then the row opens (a rejection leaves it closed).
   */
  onExpand?: (row: Row) => void | Promise<void>;
  /**
   * `table`, `cards` (one card per row: title, label–value pairs, actions; for a phone), or `auto` (the default):
   * cards below Tailwind's `sm` width unless the rows form a tree, a table otherwise.
   */
  layout?: 'auto' | 'table' | 'cards';
  /** Expanded rows (controlled), keyed by row id; `true` expands every row. */
  expanded?: ExpandedState;
  /** Initially expanded rows when uncontrolled. */
  defaultExpanded?: ExpandedState;
  onExpandedChange?: (expanded: ExpandedState) => void;
  className?: string;
  /** Accessible name of the table. */
  'aria-label'?: string;
};
