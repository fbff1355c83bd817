import { ChevronDown, ChevronUp, RotateCcw, Search } from 'lucide-react';
import * as React from 'react';

import { Button, Label, PHONE_QUERY, cn, useMediaQuery, useUiLocale } from '@smart/ui';
import { useCrudContext } from './crud-context';
import { CrudControl } from './crud-field';
import { DateRangePicker } from './lazy-controls';
import { isRangeColumn, type SearchValues } from './search-params';
import type { CrudColumn } from './types';

export type CrudSearchProps<Row, Form> = {
  /** Columns with `search: true`. */
  columns: CrudColumn<Row, Form>[];
  onSearch: (values: SearchValues) => void;
  onReset: () => void;
  loading?: boolean;
  className?: string;
  /** Accessible name of the search landmark (distinct when several CRUD pages share a screen). */
  'aria-label'?: string;
  /** Values the bar starts with (CrudPage's `initialSearch`); reset clears them. */
  initialValues?: SearchValues;
};

/**
 * Fields shown before the rest fold behind "more filters": one on a phone (the list stays on the first screen), two
 * rows' worth on a wide screen. A folded field keeps its value and still filters.
 */
const SHOWN = { phone: 1, wide: 8 };

/** Search bar compiled from the searchable columns. */
export function CrudSearch<Row, Form>({
  columns,
  onSearch,
  onReset,
  loading,
  className,
  'aria-label': ariaLabel,
  initialValues,
}: CrudSearchProps<Row, Form>) {
  const { t } = useCrudContext();
  const { messages } = useUiLocale();
  const [values, setValues] = React.useState<SearchValues>(() => initialValues ?? {});
  const idBase = React.useId();
  const phone = useMediaQuery(PHONE_QUERY);
  const limit = phone ? SHOWN.phone : SHOWN.wide;
  // a filter the page opened with stays in sight, even when it is one of the folded fields
  const [expanded, setExpanded] = React.useState(() =>
    columns.slice(limit).some((c) => initialValues?.[c.prop] !== undefined),
  );

  if (columns.length === 0) return null;
  const foldable = columns.length > limit;
  const shown = foldable && !expanded ? columns.slice(0, limit) : columns;

  const set = (prop: string, value: SearchValues[string]) =>
    setValues((prev) => ({ ...prev, [prop]: value }));

  return (
    <form
      data-slot="crud-search"
      role="search"
      aria-label={ariaLabel}
      className={cn('flex flex-wrap items-end gap-x-4 gap-y-3', className)}
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(values);
      }}
    >
      {shown.map((column) => {
        const id = `${idBase}-${column.prop}`;
        const label = t(column.label);
        if (isRangeColumn(column)) {
          const range = values[column.prop];
          // the kit's range picker, as in forms: whole days, sent from the first's start to the last's end
          // (search-params.ts), where a native input showed the browser's own format
          return (
            <div
              key={column.prop}
              data-slot="crud-search-field"
              className="grid w-60 grid-cols-[minmax(0,1fr)] gap-1.5"
            >
              <Label htmlFor={id}>{label}</Label>
              <DateRangePicker
                id={id}
                name={column.prop}
                value={Array.isArray(range) && (range[0] || range[1]) ? range : null}
                onChange={(next) => set(column.prop, next)}
              />
            </div>
          );
        }
        const value = values[column.prop];
        // a search asks "any" as well: a switch or radio filter is a select whose empty choice means no filter
        const searchColumn: CrudColumn<Row, Form> =
          column.type === 'textarea' || column.type === 'password'
            ? { ...column, type: 'input' }
            : column.type === 'switch' || column.type === 'radio'
              ? { ...column, type: 'select' }
              : // a tree filter names one node (the server takes its subtree: a department and those below it)
                column.type === 'tree' && column.multiple
                ? { ...column, multiple: false }
                : column;
        return (
          <div
            key={column.prop}
            data-slot="crud-search-field"
            className="grid w-52 grid-cols-[minmax(0,1fr)] gap-1.5"
          >
            <Label htmlFor={id}>{label}</Label>
            <CrudControl
              column={searchColumn}
              id={id}
              name={column.prop}
              value={Array.isArray(value) ? '' : value}
              onChange={(next) => set(column.prop, next as SearchValues[string])}
            />
          </div>
        );
      })}
      <div data-slot="crud-search-actions" className="flex gap-2">
        <Button type="submit" variant="primary" disabled={loading}>
          <Search aria-hidden />
          {messages.search}
        </Button>
        <Button
          type="button"
          onClick={() => {
            setValues({});
            onReset();
          }}
        >
          <RotateCcw aria-hidden />
          {messages.reset}
        </Button>
        {foldable ? (
          <Button
            type="button"
            variant="ghost"
            aria-expanded={expanded}
            onClick={() => setExpanded((e) => !e)}
          >
            {expanded ? <ChevronUp aria-hidden /> : <ChevronDown aria-hidden />}
            {expanded
              ? messages.fewerFilters
              : messages.moreFilters.replace('{count}', String(columns.length - limit))}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
