import * as React from 'react';

import {
  DEFAULT_PAGE_SIZE,
  type ExpandedState,
  type RowSelectionState,
  type SortingState,
  toSnakeCase,
  toSortParams,
} from '@smart/ui';
import { flattenTree, insertChildren } from './crud-tree';
import { buildSearchParams, type SearchValues } from './search-params';
import type { CrudAdapter, CrudExportParams, CrudListParams, ResourceDef } from './types';

// The list query of a CRUD page (page, search, sort, fixed filters), the rows that answer it, their selection, and
// the children a lazy tree loads on demand: the state CrudPage's table, search bar and toolbar share.

type Params = Record<string, string | number | boolean>;

export type UseCrudListOptions<Row, Form> = {
  resource: ResourceDef<Row, Form>;
  adapter: CrudAdapter<Row, Form>;
  fixedParams: Params | undefined;
  /** The list loads again whenever this changes (CrudPage's `reloadKey`). */
  reloadKey?: unknown;
  /** Filters the list starts with (CrudPage's `initialSearch`, as query parameters); reset drops them. */
  initialQuery?: Params;
  /** CrudPage's `refetchInterval`: ms until the rows on screen are asked again, quietly; false stops. */
  refetchInterval?: (rows: Row[]) => number | false | undefined;
  /** The key of a row (CrudPage's rowKey): how a lazy tree finds its open rows again after a reload. */
  rowId?: (row: Row) => string;
};

export function useCrudList<Row, Form>({
  resource,
  adapter,
  fixedParams,
  reloadKey,
  initialQuery,
  refetchInterval,
  rowId,
}: UseCrudListOptions<Row, Form>) {
  const [page, setPage] = React.useState({ current: 1, size: resource.defaultPageSize ?? DEFAULT_PAGE_SIZE });
  const [query, setQuery] = React.useState<Params>(() => initialQuery ?? {});
  const [reloadToken, setReloadToken] = React.useState(0);
  const [records, setRecords] = React.useState<Row[]>([]);
  const [total, setTotal] = React.useState(0);
  const [loading, setLoading] = React.useState(false);
  const [selection, setSelection] = React.useState<RowSelectionState>({});
  const [sorting, setSorting] = React.useState<SortingState>(() =>
    resource.defaultSort
      ? [{ id: resource.defaultSort.prop, desc: resource.defaultSort.order === 'desc' }]
      : [],
  );

  const sortFields = React.useMemo(
    () => new Map(resource.columns.map((c) => [c.prop as string, c.sortField ?? toSnakeCase(c.prop)])),
    [resource.columns],
  );
  const sortParams = React.useMemo(
    () => toSortParams(sorting, (id) => sortFields.get(id) ?? toSnakeCase(id)),
    [sorting, sortFields],
  );

  const adapterRef = React.useRef(adapter);
  adapterRef.current = adapter;
  const requestId = React.useRef(0);
  // The parameters of the request the rows on screen answer, asked again by the refetch below.
  const lastParams = React.useRef<CrudListParams | undefined>(undefined);
  const fixedKey = JSON.stringify(fixedParams ?? {});

  /** The current filters and sort, without paging (what export and a lazy tree's levels are asked with). */
  const filters = React.useMemo<CrudExportParams>(
    () => ({ ...(JSON.parse(fixedKey) as Params), ...query, ...sortParams }),
    [fixedKey, query, sortParams],
  );

  // The request the rows on screen answer. A page kept alive in a hidden tab (`<Activity>`) has its effects run
  // again when the tab is shown: the same request then is not sent again, so the rows, the selection and the
  // scroll stay as they were (the tab's refresh remounts the page for fresh data).
  const loadedKey = React.useRef<unknown[] | undefined>(undefined);

  // A lazy tree's open rows (keys, parents before their children) and the table's expansion: a reload under the
  // same filters (after a save or a delete) opens them again before it shows the rows, so the operator does not
  // walk the path down again; any other query starts from the roots.
  const opened = React.useRef<string[]>([]);
  const [expanded, setExpandedState] = React.useState<ExpandedState>({});
  const expandedRef = React.useRef<ExpandedState>(expanded);
  const lastFilters = React.useRef<string | undefined>(undefined);

  React.useEffect(() => {
    const key = [query, page, reloadToken, fixedKey, sortParams, reloadKey];
    if (loadedKey.current?.every((v, i) => v === key[i])) return;
    loadedKey.current = key;
    const filtersKey = JSON.stringify([fixedKey, query, sortParams, page]);
    if (filtersKey !== lastFilters.current) opened.current = [];
    lastFilters.current = filtersKey;
    const id = ++requestId.current;
    const fixed = JSON.parse(fixedKey) as Params;
    setLoading(true);
    setSelection({});
    const params: CrudListParams = {
      ...fixed,
      ...query,
      ...sortParams,
      current: page.current,
      size: page.size,
    };
    lastParams.current = params;
    adapterRef.current
      .list(params)
      .then((result) => reopen(result.records).then((rows) => ({ ...result, records: rows })))
      .then(
        (result) => {
          if (id !== requestId.current) return;
          setRecords(result.records);
          setTotal(result.total);
        },
        () => {
          // The adapter's HTTP layer already reported the error.
        },
      )
      .finally(() => {
        if (id === requestId.current) setLoading(false);
      });
  }, [query, page, reloadToken, fixedKey, sortParams, reloadKey]);

  const reload = React.useCallback(() => setReloadToken((n) => n + 1), []);

  /** The rows with the open rows' levels loaded again, each under the current filters; a level that fails stays shut. */
  async function reopen(rows: Row[]): Promise<Row[]> {
    const children = adapterRef.current.children;
    if (!children || !rowId || opened.current.length === 0) return rows;
    const open = expandedRef.current;
    const isOpen = (key: string) => open === true || open[key] === true;
    const still: string[] = [];
    for (const key of opened.current) {
      const row = flattenTree(rows).find((r) => rowId(r) === key);
      if (!row || !isOpen(key)) continue;
      try {
        rows = insertChildren(rows, row, await children.call(adapterRef.current, row, filters));
        still.push(key);
      } catch {
        // reported by the adapter's HTTP layer
      }
    }
    opened.current = still;
    return rows;
  }

  // The quiet refetch (a run monitor while runs are in progress): the same request again after the interval the
  // rows ask for, without the loading state or a new selection; each answer schedules the next, so it stops when
  // `refetchInterval` answers false, on an error (no toast every few seconds), and while the tab is hidden
  // (`<Activity>` unmounts effects). Its answer is dropped when a search, a page or a reload came first.
  const refetchRef = React.useRef(refetchInterval);
  refetchRef.current = refetchInterval;
  React.useEffect(() => {
    const params = lastParams.current;
    const ms = !loading && params ? refetchRef.current?.(records) : false;
    if (!ms || !params) return;
    const id = requestId.current;
    const timer = setTimeout(() => {
      adapterRef.current.list(params).then(
        (result) => {
          if (id !== requestId.current) return;
          setRecords(result.records);
          setTotal(result.total);
        },
        () => {
          // reported by the adapter's HTTP layer; the refetch stops until the rows change
        },
      );
    }, ms);
    return () => clearTimeout(timer);
  }, [records, loading]);

  const search = (values: SearchValues) => {
    setQuery(buildSearchParams(values, resource.columns));
    setPage((p) => ({ ...p, current: 1 }));
    reload();
  };

  const reset = () => {
    setQuery({});
    setPage((p) => ({ ...p, current: 1 }));
    reload();
  };

  const changeSorting = (next: SortingState) => {
    setSorting(next);
    setPage((p) => ({ ...p, current: 1 }));
  };

  /**
   * A lazy tree's level: the direct children of `row` under the current filters, put into the rows. A rejection
   * (already reported by the adapter's HTTP layer) leaves the row closed.
   */
  const loadChildren = async (row: Row) => {
    const children = adapterRef.current.children;
    if (!children) return;
    const id = requestId.current;
    const loaded = await children.call(adapterRef.current, row, filters);
    // Rows reloaded meanwhile (a search, a save): the answer belongs to rows no longer shown.
    if (id !== requestId.current) return;
    setRecords((rows) => insertChildren(rows, row, loaded));
    const key = rowId?.(row);
    if (key !== undefined && !opened.current.includes(key)) opened.current.push(key);
  };

  /** The table's expansion (DataTable `expanded`): a row shut by the operator is not opened again. */
  const setExpanded = (next: ExpandedState) => {
    expandedRef.current = next;
    setExpandedState(next);
  };

  /** Opens a row on the next reload (the parent a row was just added under), loading its level. */
  const openRow = (key: string) => {
    if (expandedRef.current !== true) setExpanded({ ...expandedRef.current, [key]: true });
    if (!opened.current.includes(key)) opened.current.push(key);
  };

  return {
    page,
    setPage,
    records,
    total,
    loading,
    selection,
    setSelection,
    sorting,
    changeSorting,
    filters,
    reload,
    search,
    reset,
    loadChildren,
    expanded,
    setExpanded,
    openRow,
  };
}
