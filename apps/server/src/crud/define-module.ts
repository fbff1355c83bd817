/**
 * A CRUD module from its entity manifest (docs/architecture.md §5: `defineCrudModule(manifest, table, { unique, hooks })`).
 *
 * The contract already states what the generic module needs (src/crud/entities.ts derives it): the operations, the
 * filters and their kinds, the sortable columns, the form fields, the view-object fields and the page (menu code)
 * whose data-scope rules apply. This reads them off the manifest and binds them to the Drizzle table by name:
 * - a filter or form field `postCode` is the table's property `postCode`;
 * - a sort column `post_code` is the table column whose SQL name is `post_code`;
 * - the key (`id`, `isDeleted`), tenant (`tenantId`) and audit columns are found by their property names
 *   (src/db/columns.ts `audit()`).
 * The options keep what only the module knows: the default order, hooks, computed view fields, adjustments of the
 * form values (`form`); any other option replaces the derived value (filters and sorts are merged with the derived
 * ones).
 */
import type { EntityManifestData } from '@smart/api-sdk/manifest';
import { desc, getTableColumns, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { TokenClaims } from '../auth/tokens';
import type { Db } from '../db/index';
import { entitySecretBox, maskSecrets, sealSecrets } from '../kernel/entity-secrets';
import { BizError, formatDateTime, parseDateTime, parseId } from '../util';
import {
  crud,
  type CrudOps,
  type CrudSpec,
  type FilterKind,
  type FilterSpec,
  type UniqueSpec,
} from './index';

type Row = Record<string, unknown>;

export type CrudModuleOptions<R extends Row> = Partial<
  Omit<CrudSpec<R>, 'table' | 'toVO' | 'defaultOrder'>
> & {
  /**
   * Order of a list without ascs/descs (the id breaks ties, src/crud/index.ts `orderBy`); newest first by default
   * (`create_time`, or the id of a table without one), as most of the platform's lists are.
   */
  defaultOrder?: SQL[];
  /** Computed view fields that are not columns (labels of codes …); they take their place in the contract order. */
  view?(row: R): Row;
  /**
   * Adjusts the form values derived from the manifest before a write (parsing a datetime, trimming, keeping a
   * masked secret); throw a BizError to refuse. `existing` is the stored row of an update.
   */
  form?(values: Row, body: Row, existing: R | undefined, claims: TokenClaims): Row | Promise<Row>;
};

/** The audit columns of src/db/columns.ts `audit()`: a table with all of them is stamped on every write. */
const AUDIT = ['createUser', 'createDept', 'createTime', 'updateUser', 'updateTime', 'status'] as const;

/** A column value as the contract's view objects carry it: ids as strings, datetimes `yyyy-MM-dd HH:mm:ss`. */
function viewValue(col: PgColumn, v: unknown): unknown {
  // null ids and datetimes answer '' as util.ts `auditVO` does (idStr / formatDateTime)
  if (col.dataType === 'bigint') return v === null || v === undefined ? '' : String(v as bigint);
  if (col.dataType === 'date') return formatDateTime(v as Date | null);
  return v;
}

/**
 * A body value as its column stores it: an id string of a bigint column is the number, a `yyyy-MM-dd HH:mm:ss` of a
 * timestamp column the date (common.yaml DateTime; an overflowing date is refused, not rolled), '' none for both
 * (nulls travel as ""); other values are stored as the contract validated them.
 */
function storedValue(col: PgColumn, v: unknown): unknown {
  if (typeof v !== 'string' || (col.dataType !== 'bigint' && col.dataType !== 'date')) return v;
  if (v === '') return null;
  if (col.dataType === 'date') return parseDateTime(v);
  const id = parseId(v);
  if (id === undefined) throw new BizError(`无效的编号: ${v}`);
  return id;
}

/** Query property → filter spec, from the manifest's filters (a property may have several suffixed params). */
function deriveFilters(
  entity: EntityManifestData,
  columns: Record<string, PgColumn>,
): Record<string, FilterSpec> {
  const out: Record<string, FilterSpec> = {};
  for (const f of entity.filters) {
    const column = columns[f.field];
    if (!column)
      throw new Error(`${entity.name}: filter ${f.param} names ${f.field}, which the table does not have`);
    const spec = (out[f.field] ??= { column, plain: null, kinds: [] });
    // the unsuffixed parameter sets the plain kind; every declared kind is accepted as `<field>_<kind>`
    if (f.param === f.field) spec.plain = f.kind;
    for (const k of [f.kind, ...f.also] as FilterKind[]) if (!spec.kinds!.includes(k)) spec.kinds!.push(k);
  }
  return out;
}

/** The ascs/descs whitelist: each declared snake_case name → the table column of that SQL name. */
function deriveSortable(
  entity: EntityManifestData,
  columns: Record<string, PgColumn>,
): Record<string, PgColumn> {
  const bySql = new Map(Object.values(columns).map((c) => [c.name, c]));
  const out: Record<string, PgColumn> = {};
  for (const name of entity.sorts) {
    const col = bySql.get(name);
    if (!col) throw new Error(`${entity.name}: sort column ${name} is not a column of the table`);
    out[name] = col;
  }
  return out;
}

/** The contract's unique keys (`x-entity.unique`) on their columns; the server speaks Chinese (its messages' zh). */
function deriveUnique(entity: EntityManifestData, columns: Record<string, PgColumn>): UniqueSpec[] {
  return entity.unique.map((u) => {
    const cols: Record<string, PgColumn> = {};
    for (const f of u.fields) {
      const column = columns[f];
      if (!column) throw new Error(`${entity.name}: unique key ${f} is not a column of the table`);
      cols[f] = column;
    }
    return { columns: cols, message: u.message.zh };
  });
}

export function defineCrudModule<T extends PgTable>(
  db: Db,
  entity: EntityManifestData,
  table: T,
  options: CrudModuleOptions<T['$inferSelect']> = {},
) {
  type R = T['$inferSelect'];
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const { id, isDeleted, tenantId } = columns;
  if (!id || !isDeleted) throw new Error(`${entity.name}: the table needs the id and isDeleted columns`);

  const formFields = entity.fields.filter((f) => f.inForm && Object.hasOwn(columns, f.name));
  // the contract's x-secret properties (src/kernel/entity-secrets.ts): masked answers, encrypted at rest
  const secrets = entity.secrets ?? [];
  const box = secrets.length ? entitySecretBox(db) : undefined;
  // a write-only property (a password) is part of the form and of no answer
  const viewFields = entity.fields.filter((f) => !f.writeOnly).map((f) => f.name);
  const { view, form, filters, sortable, defaultOrder, ...rest } = options;

  /** The view object in contract order: `id`, the manifest's fields (columns or computed), then other extras. */
  const toVO = (row: R): object => {
    const extra = view?.(row) ?? {};
    const out: Row = { id: String(row.id) };
    for (const name of viewFields) {
      if (Object.hasOwn(extra, name)) out[name] = extra[name];
      else if (Object.hasOwn(columns, name)) out[name] = viewValue(columns[name]!, (row as Row)[name]);
    }
    for (const [k, v] of Object.entries(extra)) if (!Object.hasOwn(out, k)) out[k] = v;
    return secrets.length ? maskSecrets(secrets, out) : out;
  };

  const code = entity.menu?.code;
  const scopeColumns = { create_user: columns.createUser, create_dept: columns.createDept, id };
  const spec: CrudSpec<R> = {
    table,
    id,
    isDeleted,
    defaultOrder: defaultOrder ?? [desc(columns.createTime ?? id)],
    tenantId,
    audited: AUDIT.every((c) => Object.hasOwn(columns, c)),
    toVO,
    filters: { ...deriveFilters(entity, columns), ...filters },
    sortable: { ...deriveSortable(entity, columns), ...sortable },
    unique: deriveUnique(entity, columns),
    // required fields always (the contract validated them); optional ones only when sent, so an update that omits
    // them keeps the stored value (as the hand-written post and param modules did)
    fields: async (b, existing, claims) => {
      const values = Object.fromEntries(
        formFields
          .filter((f) => f.required || b[f.name] !== undefined)
          .map((f) => [f.name, storedValue(columns[f.name]!, b[f.name])]),
      );
      const adjusted = form ? await form(values, b, existing, claims) : values;
      return box ? sealSecrets(box, secrets, adjusted, existing as Row | undefined) : adjusted;
    },
    // the page's data-scope rules (src/auth/data-scope.ts), keyed by the menu code as seed-perm.ts grants them
    ...(code && columns.createUser && columns.createDept
      ? { dataScope: { code, columns: scopeColumns as Record<string, PgColumn> } }
      : {}),
    ops: entity.operations as CrudOps,
    // what the contract's submit answers: the saved row, or nothing
    ...(entity.submitAnswersRow ? { submitResult: (row: R) => toVO(row) } : {}),
    ...rest,
  };
  return { ...crud<R>(db, spec), toVO, spec };
}
