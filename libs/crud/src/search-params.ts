import dayjs from 'dayjs';

import type { CrudColumn } from './types';

/** Values of the search bar: strings, numbers, or [start, end] for ranges. */
export type SearchValues = Record<string, string | number | boolean | [string, string] | null | undefined>;

export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

export function isRangeColumn<Row, Form>(column: CrudColumn<Row, Form>): boolean {
  return (
    column.type === 'daterange' ||
    (!!column.searchRange && (column.type === 'date' || column.type === 'datetime'))
  );
}

/** A day without a time (what the search bar's range picker gives). */
const DAY = /^\d{4}-\d{2}-\d{2}$/;

function formatBound(value: string, dateOnly: boolean, end: boolean): string | undefined {
  const parsed = dayjs(value);
  if (!parsed.isValid()) return undefined;
  // a day bounds a datetime column from its first to its last second
  if (dateOnly || DAY.test(value))
    return (end ? parsed.endOf('day') : parsed.startOf('day')).format(DATE_TIME_FORMAT);
  return parsed.format(DATE_TIME_FORMAT);
}

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/**
 * Turn search-bar values into list filters: drops empty values, trims text, and sends a date range as its column's
 * `searchRangeParams` (default `<prop>_dategt` / `<prop>_datelt`) formatted `YYYY-MM-DD HH:mm:ss`; a day
 * without a time reaches from its start to its end.
 */
export function buildSearchParams<Row, Form>(
  values: SearchValues,
  columns: CrudColumn<Row, Form>[],
): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {};
  const byProp = new Map(columns.map((c) => [c.prop as string, c]));
  for (const [key, value] of Object.entries(values)) {
    const column = byProp.get(key);
    if (Array.isArray(value)) {
      const dateOnly = column?.type === 'date';
      const [start, end] = value;
      const [from, to] = column?.searchRangeParams ?? [`${key}_dategt`, `${key}_datelt`];
      if (!isEmpty(start)) {
        const v = formatBound(start, dateOnly, false);
        if (v) out[from] = v;
      }
      if (!isEmpty(end)) {
        const v = formatBound(end, dateOnly, true);
        if (v) out[to] = v;
      }
      continue;
    }
    if (isEmpty(value)) continue;
    out[column?.searchParam ?? key] = typeof value === 'string' ? value.trim() : (value as number | boolean);
  }
  return out;
}

/**
 * Search-bar values from a page's query (page-query.tsx): each key that is the query parameter of a searchable
 * column (its `searchParam`, else its prop) fills that column, so a link such as `?groupId_equal=42` opens the list
 * filtered, with the filter visible in the search bar and removed by its reset. Ranges and unknown keys are ignored.
 */
export function searchValuesFromQuery<Row, Form>(
  columns: CrudColumn<Row, Form>[],
  query: Readonly<Record<string, string>>,
): SearchValues {
  const values: SearchValues = {};
  for (const column of columns) {
    if (!column.search || isRangeColumn(column)) continue;
    const value = query[column.searchParam ?? column.prop];
    if (value !== undefined && value !== '') values[column.prop] = value;
  }
  return values;
}
