import { Eye, Pencil, Trash } from 'lucide-react';
import * as React from 'react';
import { toast } from 'sonner';

import {
  Button,
  ConfirmProvider,
  useConfirm,
  DataTable,
  orderColumnIds,
  type RowSelectionState,
  type SortingState,
  type ExportFormat,
  exportRows,
  toSnakeCase,
  toSortParams,
  useDataTableSettings,
  DEFAULT_PAGE_SIZE,
  DEFAULT_PAGE_SIZES,
  cn,
  useUiLocale,
} from '@smart/ui';
import { useCrudContext } from './crud-context';
import type { CrudFormDialog as CrudFormDialogComponent } from './crud-form-dialog';
import { isHiddenInForm } from './form-visibility';
import { toListColumns, toSettingsColumns } from './list-columns';
import { CrudSearch } from './crud-search';
import { CrudToolbar } from './crud-toolbar';
import { resourcePermissions, resourceStorageKey } from './define-resource';
import { buildExportColumns, fetchAllRows } from './crud-export';
import { buildSearchParams, type SearchValues } from './search-params';
import type { CrudAdapter, CrudFormMode, ResourceDef } from './types';

// The dialog (react-hook-form, the resolver, every field control) loads when it is first opened.
const CrudFormDialog = React.lazy(() =>
  import('./crud-form-dialog').then((m) => ({ default: m.CrudFormDialog })),
) as unknown as typeof CrudFormDialogComponent;

export type CrudPageProps<Row, Form> = {
  resource: ResourceDef<Row, Form>;
  adapter: CrudAdapter<Row, Form>;
  /** Filters always sent with list (e.g. a parent id); not shown in the search bar. */
  fixedParams?: Record<string, string | number | boolean>;
  /** Extra toolbar content after the built-in buttons. */
  toolbarExtra?: React.ReactNode;
  /** Extra row actions after view/edit/delete. */
  rowActions?: (row: Row) => React.ReactNode;
  className?: string;
  /**
   * Translated name given to the page's search and pagination landmarks. Needed when several CRUD pages share a
   * screen: landmarks of one kind must have distinct names (WCAG, axe landmark-unique).
   */
  landmarkLabel?: string;
};

type DialogState = {
  mode: CrudFormMode;
  open: boolean;
  values: Record<string, unknown>;
  loading: boolean;
  id?: string;
};

const closedDialog: DialogState = { mode: 'add', open: false, values: {}, loading: false };

/** A whole CRUD page compiled from a resource definition. Wraps itself in a ConfirmProvider. */
export function CrudPage<Row, Form>(props: CrudPageProps<Row, Form>) {
  return (
    <ConfirmProvider>
      <CrudPageView {...props} />
    </ConfirmProvider>
  );
}

function CrudPageView<Row, Form>({
  resource,
  adapter,
  fixedParams,
  toolbarExtra,
  rowActions,
  className,
  landmarkLabel,
}: CrudPageProps<Row, Form>) {
  const crud = useCrudContext();
  const { t, can } = crud;
  const { messages } = useUiLocale();
  const confirm = useConfirm();

  const rowKey = resource.rowKey ?? 'id';
  const getRowId = React.useCallback(
    (row: Row, index: number) => {
      const v = (row as Record<string, unknown>)[rowKey];
      return typeof v === 'string' || typeof v === 'number' ? String(v) : String(index);
    },
    [rowKey],
  );

  const pageSizes = resource.pageSizes ?? DEFAULT_PAGE_SIZES;
  const [page, setPage] = React.useState({ current: 1, size: resource.defaultPageSize ?? DEFAULT_PAGE_SIZE });
  const [query, setQuery] = React.useState<Record<string, string | number | boolean>>({});
  const [reloadToken, setReloadToken] = React.useState(0);
  const [records, setRecords] = React.useState<Row[]>([]);
  const [total, setTotal] = React.useState(0);
  const [loading, setLoading] = React.useState(false);
  const [selection, setSelection] = React.useState<RowSelectionState>({});
  const [dialog, setDialog] = React.useState<DialogState>(closedDialog);
  // Mounted from the first opening on, so closing keeps its animation and reopening is instant.
  const [dialogUsed, setDialogUsed] = React.useState(false);
  if (dialog.open && !dialogUsed) setDialogUsed(true);
  const [sorting, setSorting] = React.useState<SortingState>(() =>
    resource.defaultSort
      ? [{ id: resource.defaultSort.prop, desc: resource.defaultSort.order === 'desc' }]
      : [],
  );
  const [exporting, setExporting] = React.useState(false);
  const hiddenByDefault = React.useMemo(
    () => Object.fromEntries(resource.columns.filter((c) => c.listHidden).map((c) => [c.prop, false])),
    [resource.columns],
  );
  const settings = useDataTableSettings({
    storageKey: resourceStorageKey(resource),
    defaults: { columnVisibility: hiddenByDefault },
  });

  const perms = resourcePermissions(resource);
  const actions = resource.actions ?? {};
  const allowAdd = actions.add !== false && can(perms.add);
  const allowEdit = actions.edit !== false && can(perms.edit);
  const allowView = actions.view !== false && can(perms.view);
  const allowDelete = actions.delete !== false && can(perms.delete);
  const allowBatchDelete = actions.batchDelete !== false && can(perms.delete);
  const allowRefresh = actions.refresh !== false;
  const allowExport = resource.export !== false;

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
  const fixedKey = JSON.stringify(fixedParams ?? {});

  // The request the rows on screen answer. A page kept alive in a hidden tab (`<Activity>`) has its effects run
  // again when the tab is shown: the same request then is not sent again, so the rows, the selection and the
  // scroll stay as they were (the tab's refresh remounts the page for fresh data).
  const loadedKey = React.useRef<unknown[] | undefined>(undefined);

  React.useEffect(() => {
    const key = [query, page, reloadToken, fixedKey, sortParams];
    if (loadedKey.current?.every((v, i) => v === key[i])) return;
    loadedKey.current = key;
    const id = ++requestId.current;
    const fixed = JSON.parse(fixedKey) as Record<string, string | number | boolean>;
    setLoading(true);
    setSelection({});
    adapterRef.current
      .list({ ...fixed, ...query, ...sortParams, current: page.current, size: page.size })
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
  }, [query, page, reloadToken, fixedKey, sortParams]);

  const reload = React.useCallback(() => setReloadToken((n) => n + 1), []);

  const onSearch = (values: SearchValues) => {
    setQuery(buildSearchParams(values, resource.columns));
    setPage((p) => ({ ...p, current: 1 }));
    reload();
  };

  const onReset = () => {
    setQuery({});
    setPage((p) => ({ ...p, current: 1 }));
    reload();
  };

  const removeIds = async (ids: string[]) => {
    const ok = await confirm({ title: messages.tip, description: messages.deleteConfirm, destructive: true });
    if (!ok) return;
    try {
      await adapter.remove(ids);
    } catch {
      return;
    }
    toast.success(messages.deleteSuccess);
    setSelection({});
    reload();
  };

  const onBatchDelete = () => {
    const ids = Object.keys(selection).filter((k) => selection[k]);
    if (ids.length === 0) {
      toast.warning(messages.selectAtLeastOne);
      return;
    }
    void removeIds(ids);
  };

  const openAdd = () => {
    const values: Record<string, unknown> = {};
    for (const column of resource.columns) {
      if (isHiddenInForm(column, 'add')) continue;
      values[column.prop] =
        column.defaultValue ?? (column.type === 'switch' && !column.options && !column.dict ? false : '');
    }
    setDialog({ mode: 'add', open: true, values, loading: false });
  };

  const toValues = React.useCallback(
    (row: Row): Record<string, unknown> => {
      const base = resource.toForm ? resource.toForm(row) : row;
      return { ...(base as Record<string, unknown>) };
    },
    [resource],
  );

  const openRow = (mode: 'edit' | 'view', row: Row, index: number) => {
    const id = getRowId(row, index);
    setDialog({ mode, open: true, values: toValues(row), loading: !!adapter.detail, id });
    if (adapter.detail) {
      adapter.detail(id).then(
        (detail) =>
          setDialog((d) => (d.id === id && d.open ? { ...d, values: toValues(detail), loading: false } : d)),
        () => setDialog((d) => (d.id === id ? { ...d, loading: false } : d)),
      );
    }
  };

  const onSubmit = async (values: Record<string, unknown>) => {
    if (dialog.mode === 'add') {
      await adapter.create(values as Form);
      toast.success(messages.addSuccess);
    } else if (dialog.mode === 'edit' && dialog.id !== undefined) {
      await adapter.update({ ...(values as Form), id: dialog.id });
      toast.success(messages.updateSuccess);
    }
    setDialog((d) => ({ ...d, open: false }));
    reload();
  };

  const shownColumns = React.useMemo(() => resource.columns.filter((c) => !c.hideInList), [resource.columns]);

  const listColumns = React.useMemo(() => toListColumns(shownColumns, t), [shownColumns, t]);
  const settingsColumns = React.useMemo(() => toSettingsColumns(shownColumns, t), [shownColumns, t]);

  const onSortingChange = (next: SortingState) => {
    setSorting(next);
    setPage((p) => ({ ...p, current: 1 }));
  };

  /** Every row matching the current search and sort, in the visible columns, with dictionary labels. */
  const onExport = async (format: ExportFormat) => {
    if (exporting) return;
    setExporting(true);
    try {
      const fixed = JSON.parse(fixedKey) as Record<string, string | number | boolean>;
      let rows: Row[];
      try {
        rows = await fetchAllRows(adapter, { ...fixed, ...query, ...sortParams });
      } catch {
        return; // the adapter's HTTP layer already reported it
      }
      if (rows.length === 0) {
        toast.warning(messages.exportEmpty);
        return;
      }
      const visible = orderColumnIds(
        shownColumns.map((c) => c.prop as string),
        settings.columnOrder,
        settings.columnVisibility,
      );
      const columns = await buildExportColumns(visible, resource.columns, crud, messages);
      await exportRows({
        format,
        rows,
        columns,
        filename: resource.title ? t(resource.title) : resource.name,
      });
      toast.success(messages.exportSuccess(rows.length));
    } catch {
      toast.error(messages.exportFailed);
    } finally {
      setExporting(false);
    }
  };

  const searchColumns = resource.columns.filter((c) => c.search);
  const hasRowActions = allowView || allowEdit || allowDelete || !!rowActions;

  const renderActions = (row: Row) => {
    const index = records.indexOf(row);
    return (
      <div data-slot="crud-row-actions" className="flex items-center justify-center gap-1">
        {allowView ? (
          <Button variant="link" size="xs" onClick={() => openRow('view', row, index)}>
            <Eye aria-hidden />
            {messages.view}
          </Button>
        ) : null}
        {allowEdit ? (
          <Button variant="link" size="xs" onClick={() => openRow('edit', row, index)}>
            <Pencil aria-hidden />
            {messages.edit}
          </Button>
        ) : null}
        {allowDelete ? (
          <Button
            variant="link"
            size="xs"
            className="text-destructive"
            onClick={() => void removeIds([getRowId(row, index)])}
          >
            <Trash aria-hidden />
            {messages.delete}
          </Button>
        ) : null}
        {rowActions?.(row)}
      </div>
    );
  };

  return (
    <div data-slot="crud-page" data-resource={resource.name} className={cn('flex flex-col gap-4', className)}>
      <CrudSearch
        columns={searchColumns}
        onSearch={onSearch}
        onReset={onReset}
        loading={loading}
        aria-label={landmarkLabel}
      />
      <CrudToolbar
        onAdd={allowAdd ? openAdd : undefined}
        onBatchDelete={allowBatchDelete && resource.selection !== false ? onBatchDelete : undefined}
        onExport={allowExport ? (format) => void onExport(format) : undefined}
        exporting={exporting}
        onRefresh={allowRefresh ? reload : undefined}
        columns={settingsColumns}
        settings={settings}
        extra={toolbarExtra}
      />
      <DataTable<Row>
        aria-label={resource.title ? t(resource.title) : resource.name}
        data={records}
        columns={listColumns}
        getRowId={getRowId}
        loading={loading}
        bordered={resource.bordered ?? true}
        showIndex={resource.index ?? true}
        indexOffset={(page.current - 1) * page.size}
        selectable={resource.selection ?? true}
        rowSelection={selection}
        onRowSelectionChange={(next) => setSelection(next)}
        actions={hasRowActions ? renderActions : undefined}
        actionsWidth={resource.menuWidth ?? 240}
        sorting={sorting}
        onSortingChange={onSortingChange}
        resizable={resource.resizable ?? true}
        settings={settings}
        pagination={{
          current: page.current,
          size: page.size,
          total,
          pageSizes,
          onChange: (next) => setPage(next),
          // (only when given: an undefined would replace the pagination's own name)
          ...(landmarkLabel ? { 'aria-label': `${messages.pagination} · ${landmarkLabel}` } : {}),
        }}
      />
      {dialogUsed ? (
        <React.Suspense fallback={null}>
          <CrudFormDialog
            resource={resource}
            mode={dialog.mode}
            open={dialog.open}
            values={dialog.values}
            loading={dialog.loading}
            onOpenChange={(open) => setDialog((d) => ({ ...d, open }))}
            onSubmit={onSubmit}
          />
        </React.Suspense>
      ) : null}
    </div>
  );
}
