/**
 * The generic CRUD module (docs/architecture.md §5): a Drizzle table and its options in, the common operations out.
 *
 * `crud(db, spec)` returns
 * - `handlers`: the route handlers of the operationIds named in `spec.ops` (list, detail, submit, save, update,
 *   remove), ready to spread into the service handlers of app.ts;
 * - helpers the module's extras build on (`scope`, `findOwn`, `caller`, …, and the list query's `filterConds` and
 *   `orderBy` of ./list-query.ts).
 *
 * Every query is scoped to live rows (`is_deleted = 0`) and, for tenant-owned tables, to the caller's tenant.
 */
import { and, count, eq, getTableColumns, inArray, ne, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { TokenClaims } from '../auth/tokens';
import { dataScopeCondition, type DataScopeSpec } from '../auth/data-scope';
import type { Db } from '../db/index';
import { AuthError, BizError, nextId, ok, parseId, parseIds } from '../util';
import { LIVE_TOTAL, liveTotal, liveTotalSql } from './count';

import { filterConds, orderBy, type FilterSpec } from './list-query';

export { filterConds, orderBy, type FilterKind, type FilterSpec } from './list-query';

export interface UniqueSpec {
  /** Body properties → columns that together must be unique among live rows (of the tenant). */
  columns: Record<string, PgColumn>;
  message: string;
}

export interface CrudOps {
  list?: string;
  detail?: string;
  submit?: string;
  save?: string;
  update?: string;
  remove?: string;
}

type Row = Record<string, unknown>;
type Body = Record<string, unknown>;

export interface CrudSpec<R extends Row> {
  table: PgTable;
  /** The key columns the module relies on. */
  id: PgColumn;
  isDeleted: PgColumn;
  /** Set for tenant-owned tables: reads and writes are scoped to the caller's tenant, inserts take it from the token. */
  tenantId?: PgColumn;
  /** The table has the BaseEntity audit columns (createUser … updateTime, status). */
  audited: boolean;
  toVO(row: R): object;
  /** Query property → filter; undeclared properties are ignored. */
  filters?: Record<string, FilterSpec>;
  /**
   * ascs/descs whitelist: snake_case name → column, or the expression the column's shown value is (a roster's
   * `today_count`, src/engine/runs/unit-day.ts). An unknown name answers 400.
   */
  sortable?: Record<string, PgColumn | SQLWrapper>;
  defaultOrder: SQL[];
  unique?: UniqueSpec[];
  notFoundMessage?: string;
  /** Editable column values from a validated submit body (`existing` on update). */
  fields(body: Body, existing: R | undefined, claims: TokenClaims): Promise<Row> | Row;
  /** Refuses writes (throw); called before every submit/save/update/remove. */
  authorizeWrite?(claims: TokenClaims): void;
  /** After an insert or update (same transaction-less db), e.g. cascading a renamed code. */
  afterWrite?(row: R, existing: R | undefined, claims: TokenClaims): Promise<void>;
  /** Before a remove of these live rows of the caller (throw to refuse). */
  beforeRemove?(ids: bigint[], claims: TokenClaims): Promise<void>;
  /** Data of a successful submit (default `{}`); `view` is this module's `toVO`. */
  submitResult?(row: R, view: (row: R) => object): unknown;
  /** Row filter of the list by the caller's data-scope rules of this code (src/auth/data-scope.ts). */
  dataScope?: DataScopeSpec;
  ops: CrudOps;
}

export const NOT_FOUND_MSG = '数据不存在';

/**
 * A write that names rows (a remove's `ids`) names only rows the caller may change: one id that is unknown, removed
 * or another tenant's refuses the whole call with 400 `数据不存在`, before anything is written. Answering 200 with
 * nothing done (as upstream's `removeByIds` did behind `R.status`) told an operator of a stale list that the rows
 * were gone, and told a prober nothing either way; refusing says the same to both, and never half-removes a batch.
 */
export function requireAll(asked: readonly bigint[], found: readonly bigint[]): void {
  if (asked.length === 0 || found.length < asked.length) throw new BizError(NOT_FOUND_MSG);
}
export const NO_PERMISSION_MSG = '缺失权限';

export function caller(req: FastifyRequest): TokenClaims {
  if (!req.auth) throw new AuthError();
  return req.auth;
}

/** Administrator role of the platform tenant 000000. */
export const isPlatformAdmin = (a: TokenClaims): boolean =>
  a.tenant_id === '000000' && a.authorities.includes('administrator');

/** Writes of platform-wide data (dict, region): the administrator of tenant 000000 only, else 401 `缺失权限`. */
export function requirePlatformAdmin(a: TokenClaims): void {
  if (!isPlatformAdmin(a)) throw new BizError(NO_PERMISSION_MSG, 401);
}

/** Administrators of a tenant (`administrator` or `admin`, docs/platform-contract.md §4 role **A**). */
export const isAdmin = (a: TokenClaims): boolean =>
  a.authorities.includes('administrator') || a.authorities.includes('admin');

/** Writes only a tenant's administrators make (a user's roles and status, an object store's test upload). */
export function requireAdmin(a: TokenClaims): void {
  if (!isAdmin(a)) throw new BizError(NO_PERMISSION_MSG, 401);
}

export const isUniqueViolation = (e: unknown): boolean => {
  for (let cur: unknown = e; cur && typeof cur === 'object'; cur = (cur as { cause?: unknown }).cause) {
    if ((cur as { code?: unknown }).code === '23505') return true;
  }
  return false;
};

export interface PageQuery {
  current?: number;
  size?: number;
  ascs?: string;
  descs?: string;
}

const firstId = (list: string) => parseId(list.split(',')[0]) ?? null;

/**
 * The audit columns of a row the caller writes now (src/db/columns.ts `audit()`): the caller as creator and last
 * updater, its first department. `user` when the writer is not the caller's own id (a checked customer id).
 */
export function auditStamp(a: TokenClaims, now: Date, user: bigint | null = parseId(a.user_id) ?? null) {
  return {
    createUser: user,
    createDept: firstId(a.dept_id),
    createTime: now,
    updateUser: user,
    updateTime: now,
  };
}

export function crud<R extends Row>(db: Db, spec: CrudSpec<R>) {
  const { table, id: idCol, isDeleted, tenantId: tenantCol } = spec;
  const notFound = spec.notFoundMessage ?? NOT_FOUND_MSG;

  /** Live rows of the caller's tenant (or every live row for platform tables). */
  const scope = (a: TokenClaims): SQL =>
    tenantCol ? and(eq(tenantCol, a.tenant_id), eq(isDeleted, 0))! : eq(isDeleted, 0);

  async function findOwn(a: TokenClaims, id: bigint | undefined): Promise<R> {
    if (id === undefined) throw new BizError(notFound);
    const [row] = await db
      .select()
      .from(table)
      .where(and(scope(a), eq(idCol, id)))
      .limit(1);
    if (!row) throw new BizError(notFound);
    return row as R;
  }

  async function assertUnique(a: TokenClaims, values: Row, exceptId?: bigint) {
    for (const u of spec.unique ?? []) {
      const conds = Object.entries(u.columns).map(([prop, col]) => eq(col, values[prop] as string));
      const [dup] = await db
        .select({ id: idCol })
        .from(table)
        .where(and(scope(a), ...conds, exceptId === undefined ? undefined : ne(idCol, exceptId)))
        .limit(1);
      if (dup) throw new BizError(u.message);
    }
  }

  const uniqueMessage = () => spec.unique?.[0]?.message ?? '数据已存在';

  async function page(
    a: TokenClaims,
    q: PageQuery & Record<string, unknown>,
    extra: (SQL | undefined)[] = [],
  ) {
    const current = q.current ?? 1;
    const size = q.size ?? 10;
    // the caller's data scope (roles' granted rules of spec.dataScope.code), if any
    const ds = spec.dataScope ? await dataScopeCondition(db, a, spec.dataScope) : undefined;
    const conds = [ds, ...extra, ...filterConds(spec.filters, q)].filter((c) => c !== undefined);
    const where = and(scope(a), ...conds);
    const order = orderBy(spec.sortable, q.ascs, q.descs, spec.defaultOrder, idCol);
    const offset = (current - 1) * size;
    const counted = { table, tenantId: tenantCol, isDeleted };
    const tenant = tenantCol ? a.tenant_id : undefined;
    let total: number;
    let records: Row[];
    if (conds.length === 0) {
      // the unfiltered view: the page and the exact trigger-maintained counter (src/crud/count.ts) in one statement
      const rows = (await db
        .select({ ...getTableColumns(table), [LIVE_TOTAL]: await liveTotalSql(db, counted, tenant) })
        .from(table)
        .where(where)
        .orderBy(...order)
        .limit(size)
        .offset(offset)) as (Row & { [LIVE_TOTAL]: number })[];
      records = rows.map(({ [LIVE_TOTAL]: _total, ...row }) => row);
      total = rows[0]?.[LIVE_TOTAL] ?? (await liveTotal(db, counted, tenant));
    } else {
      total = Number((await db.select({ n: count() }).from(table).where(where))[0]?.n ?? 0);
      records =
        total === 0 || offset >= total
          ? []
          : await db
              .select()
              .from(table)
              .where(where)
              .orderBy(...order)
              .limit(size)
              .offset(offset);
    }
    return {
      records: (records as R[]).map((r) => spec.toVO(r)),
      total,
      size,
      current,
      pages: Math.ceil(total / size),
    };
  }

  /** Creates (no id) or updates (id of a live row of the caller) from a validated body. */
  async function submit(
    a: TokenClaims,
    body: Body,
    mode: 'submit' | 'save' | 'update' = 'submit',
  ): Promise<R> {
    spec.authorizeWrite?.(a);
    if (!body || typeof body !== 'object') throw new BizError('参数校验失败');
    const userId = parseId(a.user_id) ?? null;
    const now = new Date();
    const rawId = typeof body.id === 'string' ? body.id : '';
    try {
      if (mode === 'update' || (mode === 'submit' && rawId)) {
        const existing = await findOwn(a, parseId(rawId));
        const values = await spec.fields(body, existing, a);
        await assertUnique(a, { ...existing, ...values }, existing.id as bigint);
        const [row] = await db
          .update(table)
          .set({ ...values, ...(spec.audited ? { updateUser: userId, updateTime: now } : {}) } as never)
          .where(and(scope(a), eq(idCol, existing.id as bigint)))
          .returning();
        if (!row) throw new BizError(notFound);
        await spec.afterWrite?.(row as R, existing, a);
        return row as R;
      }
      const values = await spec.fields(body, undefined, a);
      await assertUnique(a, values);
      const [row] = await db
        .insert(table)
        .values({
          id: nextId(),
          ...(tenantCol ? { tenantId: a.tenant_id } : {}),
          ...values,
          ...(spec.audited
            ? {
                ...auditStamp(a, now, userId),
                // an entity whose form holds the status (an enable switch) keeps what was sent
                status: (values as { status?: unknown }).status ?? 1,
              }
            : {}),
          isDeleted: 0,
        } as never)
        .returning();
      if (!row) throw new Error('insert returned nothing');
      await spec.afterWrite?.(row as R, undefined, a);
      return row as R;
    } catch (e) {
      // a concurrent submit of the same key loses on the partial unique index
      if (isUniqueViolation(e)) throw new BizError(uniqueMessage());
      throw e;
    }
  }

  /** Logical remove of the listed rows, each a live row of the caller's, or of none of them (`requireAll`). */
  async function remove(a: TokenClaims, idsParam: string) {
    spec.authorizeWrite?.(a);
    const list = parseIds(idsParam);
    const own = list.length
      ? ((await db
          .select({ id: idCol })
          .from(table)
          .where(and(scope(a), inArray(idCol, list)))) as { id: bigint }[])
      : [];
    const ids = own.map((r) => r.id);
    requireAll(list, ids);
    await spec.beforeRemove?.(ids, a);
    await db
      .update(table)
      .set({
        isDeleted: 1,
        ...(spec.audited ? { updateUser: parseId(a.user_id) ?? null, updateTime: new Date() } : {}),
      } as never)
      .where(and(scope(a), inArray(idCol, ids)));
  }

  const handlers: Record<string, (req: FastifyRequest) => Promise<unknown>> = {};
  const { ops } = spec;
  if (ops.list) handlers[ops.list] = async (req) => ok(await page(caller(req), req.query as PageQuery & Row));
  if (ops.detail)
    handlers[ops.detail] = async (req) => {
      const { id } = req.query as { id: string };
      return ok(spec.toVO(await findOwn(caller(req), parseId(id))));
    };
  const submitHandler = (mode: 'submit' | 'save' | 'update') => async (req: FastifyRequest) => {
    const row = await submit(caller(req), req.body as Body, mode);
    return ok(spec.submitResult ? spec.submitResult(row, (r) => spec.toVO(r)) : {});
  };
  if (ops.submit) handlers[ops.submit] = submitHandler('submit');
  if (ops.save) handlers[ops.save] = submitHandler('save');
  if (ops.update) handlers[ops.update] = submitHandler('update');
  if (ops.remove)
    handlers[ops.remove] = async (req) => {
      await remove(caller(req), (req.query as { ids: string }).ids);
      return ok({});
    };

  return { handlers, scope, findOwn, page, submit, remove, assertUnique };
}
