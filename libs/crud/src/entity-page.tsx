import type { EntityField, EntityManifest } from '@smart/api-sdk/manifest';
import { useMemo, type ComponentType } from 'react';

import { CrudPage } from './crud-page';
import { defineResource } from './define-resource';
import { entityAdapter } from './entity-adapter';
import type { EntityPageExtension, EntityRow } from './entity-extension';
import { formAbilities, type EntityOverrides } from './entity-resource';
import { usePageQuery } from './page-query';
import { searchValuesFromQuery } from './search-params';
import type { CrudColumn, ResourceDef } from './types';

/** Bookkeeping fields of the view objects that an operator does not read in a list. */
const BOOKKEEPING = new Set(['id', 'tenantId', 'isDeleted', 'createUser', 'createDept', 'updateUser']);

/** Columns a generic list shows before the column settings show more: a screenful at 1440 px. */
export const GENERIC_LIST_COLUMNS = 8;

/**
 * Lists of objects and JSON objects have no control of their own in a generic form (a run's outputs, a task's extra
 * params); a list of strings is edited one item a line (entity-resource.ts `lines`).
 */
const structured = (f: EntityField) => (f.type === 'array' && f.items !== 'string') || f.type === 'object';
/**
 * A link to another row (an id, or '' for none) that the contract does not declare a ref of: read as a number, so
 * listed only on demand. A declared ref (`x-entity.refs`) lists the row's label.
 */
const reference = (f: EntityField) => !f.ref && f.name.endsWith('Id') && !!f.pattern?.includes('[0-9]{1,20}');

/**
 * The resource of a declared entity that no feature overrides (docs/architecture.md §4): the manifest's, as it is,
 * but listing a screenful of columns (the others on demand in the column settings: links to other rows and long
 * texts first), and without the structured fields a generic control cannot edit. An entity nobody adds or edits
 * (a log the engine writes) lists its view fields, read-only. A feature's `extension` patches cells, adds list-only
 * columns and says which columns list first.
 */
export function entityResource(
  entity: EntityManifest,
  extension: EntityPageExtension = {},
): ResourceDef<unknown, unknown> {
  const abilities = extension.readOnly ? { add: false, edit: false } : formAbilities(entity);
  const editable = abilities.add || abilities.edit;
  const columns: Record<string, object | false> = {};
  for (const f of entity.fields) {
    // a tree's parent (a tree select, entity-resource.ts) is the tree itself in the list
    if (f.name === entity.tree?.parent) columns[f.name] = { listHidden: true };
    else if (structured(f)) columns[f.name] = false;
    // a log's view dialog shows what the list holds (nothing of it is a form field)
    else if (!editable && !BOOKKEEPING.has(f.name)) columns[f.name] = { hideInForm: false };
    // a field the contract lists first (a tenant's code) is listed even when the server fills it
    else if (entity.columns?.includes(f.name)) columns[f.name] = {};
  }
  for (const [name, patch] of Object.entries(extension.columns ?? {})) {
    const base = columns[name];
    if (base !== false) columns[name] = { ...base, ...patch };
  }
  const resource = defineResource(entity, {
    columns: columns as EntityOverrides<unknown, unknown>['columns'],
    extra: [...(extension.extra ?? [])] as unknown as CrudColumn<unknown, unknown>[],
    ...(extension.menuWidth ? { menuWidth: extension.menuWidth } : {}),
    ...(extension.readOnly ? { actions: { add: false, edit: false } } : {}),
  });
  const byName = new Map(entity.fields.map((f) => [f.name, f]));
  const first = extension.listColumns ?? entity.columns;
  if (first) {
    // the contract names what a list shows at first (x-entity.columns), in its order; the rest on demand
    const rank = (c: CrudColumn<unknown, unknown>) => {
      const i = first.indexOf(c.prop as string);
      return i < 0 ? first.length : i;
    };
    const columns = [...resource.columns]
      .sort((a, b) => rank(a) - rank(b))
      .map((c) => (first.includes(c.prop as string) ? c : { ...c, listHidden: true }));
    return { ...resource, columns };
  }
  let shown = 0;
  const listed = resource.columns.map((c): CrudColumn<unknown, unknown> => {
    const f = byName.get(c.prop as string);
    const quiet = (f && reference(f)) || c.type === 'textarea' || c.listHidden;
    if (!quiet && shown < GENERIC_LIST_COLUMNS) {
      shown++;
      return c;
    }
    return { ...c, listHidden: true };
  });
  return { ...resource, columns: listed };
}

/**
 * The page of `entityResource(entity, extension)`, with the extension's row and toolbar actions and refetching; a tab opened with a
 * query (`?groupId_equal=42`) starts with those filters in its search bar.
 */
export function entityPage(entity: EntityManifest, extension: EntityPageExtension = {}): ComponentType {
  const resource = entityResource(entity, extension);
  const adapter = entityAdapter(entity);
  const { rowActions, refetchInterval, toolbar } = extension;
  return function EntityPage() {
    const query = usePageQuery();
    const initialSearch = useMemo(() => searchValuesFromQuery(resource.columns, query), [query]);
    return (
      <CrudPage
        resource={resource}
        adapter={adapter}
        initialSearch={initialSearch}
        {...(rowActions ? { rowActions: (row, page) => rowActions(row as EntityRow, page) } : {})}
        {...(toolbar ? { toolbarExtra: toolbar } : {})}
        {...(refetchInterval ? { refetchInterval: (rows) => refetchInterval(rows as EntityRow[]) } : {})}
      />
    );
  };
}
