// What a column of a DataTable declares (the `meta` added to TanStack's column definition), its plain-text name,
// its alignment class, and the ordered visible ids of a table's columns.
import type { Column, ColumnOrderState, RowData, VisibilityState } from '@tanstack/react-table';

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

export function alignClass(align: 'left' | 'center' | 'right' | undefined): string | undefined {
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
