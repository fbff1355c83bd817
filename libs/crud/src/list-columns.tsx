import type { ColumnDef } from '@smart/ui';

import { CrudCell } from './crud-field';
import type { CrudColumn } from './types';

// The table's view of a resource's list columns, apart from crud-page.tsx so that file stays readable.

/** DataTable columns of the shown list columns: translated headers, server sort, cells through CrudCell. */
export function toListColumns<Row, Form>(
  columns: CrudColumn<Row, Form>[],
  t: (key: string) => string,
): ColumnDef<Row, unknown>[] {
  return columns.map((column) => ({
    id: column.prop,
    accessorFn: (row: Row) => (row as Record<string, unknown>)[column.prop],
    enableSorting: !!column.sortable,
    enableHiding: column.hideable !== false,
    header: () => t(column.label),
    meta: {
      width: column.width,
      minWidth: column.minWidth,
      align: column.align,
      fixed: column.fixed,
      label: t(column.label),
      sortField: column.sortField,
    },
    cell: ({ row }) => <CrudCell column={column} row={row.original} />,
  }));
}

/** The column-settings menu's entries of the same columns. */
export function toSettingsColumns<Row, Form>(columns: CrudColumn<Row, Form>[], t: (key: string) => string) {
  return columns.map((c) => ({ id: c.prop as string, label: t(c.label), hideable: c.hideable !== false }));
}
