import * as React from 'react';
import { toast } from 'sonner';

import {
  ConfirmProvider,
  useConfirm,
  DataTable,
  useDataTableSettings,
  DEFAULT_PAGE_SIZES,
  cn,
  useUiLocale,
  useMediaQuery,
  PHONE_QUERY,
} from '@smart/ui';
import { useCrudContext } from './crud-context';
import type { CrudFormDialog as CrudFormDialogComponent } from './crud-form-dialog';
import { isHiddenInForm } from './form-visibility';
import { toListColumns, toSettingsColumns } from './list-columns';
import { CrudRowActions } from './crud-row-actions';
import { CrudSearch } from './crud-search';
import { CrudToolbar } from './crud-toolbar';
import { childrenOf, hasUnloadedChildren, resolveTree, withParentOptions } from './crud-tree';
import { resourcePermissions, resourceStorageKey } from './define-resource';
import { useDropRemoteOptions } from './remote-options';
import { buildSearchParams, type SearchValues } from './search-params';
import type { CrudAdapter, CrudExportParams, CrudFormMode, ResourceDef } from './types';
import { useCrudExport } from './use-crud-export';
import { useFitActionsWidth } from './use-fit-actions-width';
import { useCrudList } from './use-crud-list';

// The dialog (react-hook-form, the resolver, every field control) loads when it is first opened.
const CrudFormDialog = React.lazy(() =>
  import('./crud-form-dialog').then((m) => ({ default: m.CrudFormDialog })),
) as unknown as typeof CrudFormDialogComponent;

export type CrudPageProps<Row, Form> = {
  resource: ResourceDef<Row, Form>;
  adapter: CrudAdapter<Row, Form>;
  /** Filters always sent with list (e.g. a parent id); not shown in the search bar. */
  fixedParams?: Record<string, string | number | boolean>;
  /** Extra toolbar content after the built-in buttons; a function gets the selected rows' ids and the reload. */
  toolbarExtra?: React.ReactNode | ((page: CrudToolbarContext) => React.ReactNode);
  /** Extra row actions after view/edit/delete; `page.reload()` lists the rows again after an action changed them. */
  rowActions?: (row: Row, page: CrudRowActionContext) => React.ReactNode;
  /**
   * The list loads again (same search, page and sort) whenever this value changes: a page's own row action that
   * changed the rows (a task claimed off the claim list) bumps it.
   */
  reloadKey?: unknown;
  className?: string;
  /**
   * Translated name given to the page's search and pagination landmarks. Needed when several CRUD pages share a
   * screen: landmarks of one kind must have distinct names (WCAG, axe landmark-unique).
   */
  landmarkLabel?: string;
  /**
   * Search values the page opens with (a link's filters, page-query.tsx `searchValuesFromQuery`): shown in the search
   * bar and sent with the first list; reset drops them. Read once, when the page mounts.
   */
  initialSearch?: SearchValues;
  /**
   * Milliseconds after which the rows on screen are listed again, quietly (no loading state, the selection kept), or
   * false: asked after every answer, so a run monitor polls while a run on screen is in progress and stops when all
   * are done. Paused while the page's tab is hidden.
   */
  refetchInterval?: (rows: Row[]) => number | false | undefined;
};

/** What a page's own row actions may ask of the page. */
export type CrudRowActionContext = {
  /** Lists the rows again (same search, page and sort). */
  reload: () => void;
};

/** What a page's own toolbar actions may ask of the page: a bulk action works on the selected rows. */
export type CrudToolbarContext = CrudRowActionContext & {
  /** Ids of the selected rows, in the order they were ticked. */
  selectedIds: string[];
  /** The list's current filters and sort, without paging: what a page's own export asks the server for. */
  filters: CrudExportParams;
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
  reloadKey,
  className,
  landmarkLabel,
  initialSearch,
  refetchInterval,
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
  const tree = resolveTree(resource);
  const [initialQuery] = React.useState(() =>
    initialSearch ? buildSearchParams(initialSearch, resource.columns) : undefined,
  );
  const rowId = React.useCallback((row: Row) => getRowId(row, -1), [getRowId]);
  const list = useCrudList({
    resource,
    adapter,
    fixedParams,
    reloadKey,
    initialQuery,
    refetchInterval,
    rowId,
  });
  const { page, records, loading, selection, setSelection, reload } = list;
  const [dialog, setDialog] = React.useState<DialogState>(closedDialog);
  // Mounted from the first opening on, so closing keeps its animation and reopening is instant.
  const [dialogUsed, setDialogUsed] = React.useState(false);
  if (dialog.open && !dialogUsed) setDialogUsed(true);
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
  const allowAddChild = allowAdd && !!tree?.addChild;

  // other entities' forms offer these rows (x-entity.refs): a write makes them read the rows again
  const dropRemoteOptions = useDropRemoteOptions();

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
    dropRemoteOptions(resource.name);
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

  /** The add dialog; `preset` fills fields beyond the defaults (a child's parent). */
  const openAdd = (preset: Record<string, unknown> = {}) => {
    const values: Record<string, unknown> = {};
    for (const column of resource.columns) {
      if (isHiddenInForm(column, 'add')) continue;
      // an empty field is '' for the platform's strings, false for a plain switch, [] for a list of lines
      values[column.prop] =
        column.defaultValue ??
        (column.type === 'switch' && !column.options && !column.dict
          ? false
          : column.type === 'lines'
            ? []
            : '');
    }
    setDialog({ mode: 'add', open: true, values: { ...values, ...preset }, loading: false });
  };

  /** "Add child": the add dialog with the parent field set to the row's id (its raw value, as the form holds it). */
  const openAddChild = (row: Row) => {
    if (!tree) return;
    openAdd({ [tree.parentField]: (row as Record<string, unknown>)[rowKey] });
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
      // a lazy tree opens the new row's parent on the reload, so the row shows where it was added
      const parent = tree?.lazy ? values[tree.parentField] : undefined;
      if (typeof parent === 'string' || typeof parent === 'number') list.openRow(String(parent));
    } else if (dialog.mode === 'edit' && dialog.id !== undefined) {
      await adapter.update({ ...(values as Form), id: dialog.id });
      toast.success(messages.updateSuccess);
    }
    setDialog((d) => ({ ...d, open: false }));
    dropRemoteOptions(resource.name);
    reload();
  };

  const dialogResource = React.useMemo(
    () => withParentOptions(resource, records, rowKey),
    [resource, records, rowKey],
  );
  const shownColumns = React.useMemo(() => resource.columns.filter((c) => !c.hideInList), [resource.columns]);

  const listColumns = React.useMemo(() => toListColumns(shownColumns, t), [shownColumns, t]);
  const settingsColumns = React.useMemo(() => toSettingsColumns(shownColumns, t), [shownColumns, t]);

  const { exporting, onExport } = useCrudExport({
    resource,
    adapter,
    filters: list.filters,
    tree: !!tree,
    shownColumns,
    settings,
  });

  const phone = useMediaQuery(PHONE_QUERY);
  const searchColumns = resource.columns.filter((c) => c.search);
  const hasRowActions = allowView || allowEdit || allowDelete || allowAddChild || !!rowActions;

  const tableRef = React.useRef<HTMLDivElement>(null);
  const actionsWidth = useFitActionsWidth(tableRef, resource.menuWidth ?? (allowAddChild ? 320 : 240), [
    records,
    t,
    phone,
    list.expanded,
  ]);

  const renderActions = (row: Row) => {
    const index = records.indexOf(row);
    return (
      <CrudRowActions
        compact={phone}
        onView={allowView ? () => openRow('view', row, index) : undefined}
        onEdit={allowEdit ? () => openRow('edit', row, index) : undefined}
        onDelete={allowDelete ? () => void removeIds([getRowId(row, index)]) : undefined}
        onAddChild={allowAddChild ? () => openAddChild(row) : undefined}
        extra={rowActions?.(row, { reload })}
      />
    );
  };

  return (
    <div data-slot="crud-page" data-resource={resource.name} className={cn('flex flex-col gap-4', className)}>
      <CrudSearch
        columns={searchColumns}
        onSearch={list.search}
        onReset={list.reset}
        loading={loading}
        aria-label={landmarkLabel}
        initialValues={initialSearch}
      />
      <CrudToolbar
        onAdd={allowAdd ? () => openAdd() : undefined}
        onBatchDelete={allowBatchDelete && resource.selection !== false ? onBatchDelete : undefined}
        onExport={allowExport ? (format) => void onExport(format) : undefined}
        exporting={exporting}
        onRefresh={allowRefresh ? reload : undefined}
        columns={settingsColumns}
        settings={settings}
        extra={
          typeof toolbarExtra === 'function'
            ? toolbarExtra({
                reload,
                selectedIds: Object.keys(selection).filter((k) => selection[k]),
                filters: list.filters,
              })
            : toolbarExtra
        }
      />
      {/* `contents`: a handle to measure the action cells by, not a box of the layout */}
      <div ref={tableRef} className="contents">
        <DataTable<Row>
          aria-label={resource.title ? t(resource.title) : resource.name}
          data={records}
          columns={listColumns}
          getRowId={getRowId}
          loading={loading}
          bordered={resource.bordered ?? true}
          // Numbers make no sense across the levels of a tree.
          showIndex={tree ? false : (resource.index ?? true)}
          indexOffset={(page.current - 1) * page.size}
          selectable={resource.selection ?? true}
          rowSelection={selection}
          onRowSelectionChange={(next) => setSelection(next)}
          actions={hasRowActions ? renderActions : undefined}
          // on a phone the pinned action column holds icons only, so the row's own columns stay in view
          actionsWidth={
            phone
              ? 16 +
                32 *
                  ([allowView, allowEdit, allowDelete, allowAddChild].filter(Boolean).length +
                    (rowActions ? 1 : 0))
              : actionsWidth
          }
          sorting={list.sorting}
          onSortingChange={list.changeSorting}
          resizable={resource.resizable ?? true}
          settings={settings}
          getSubRows={tree ? childrenOf : undefined}
          canExpand={tree?.lazy ? hasUnloadedChildren : undefined}
          onExpand={tree?.lazy && adapter.children ? list.loadChildren : undefined}
          expanded={tree?.lazy ? list.expanded : undefined}
          onExpandedChange={tree?.lazy ? list.setExpanded : undefined}
          // Trees are not paged (docs/platform-contract.md: the tree lists answer whole forests or levels).
          pagination={
            tree
              ? undefined
              : {
                  current: page.current,
                  size: page.size,
                  total: list.total,
                  pageSizes,
                  onChange: (next) => list.setPage(next),
                  // (only when given: an undefined would replace the pagination's own name)
                  ...(landmarkLabel ? { 'aria-label': `${messages.pagination} · ${landmarkLabel}` } : {}),
                }
          }
        />
      </div>
      {dialogUsed ? (
        <React.Suspense fallback={null}>
          <CrudFormDialog
            resource={dialogResource}
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
