/**
 * smart-log (docs/platform-contract.md §4.11): read-only lists and details of the usual, API and error logs. Rows of the
 * caller's tenant; the administrator of tenant 000000 sees every tenant's. Always newest first.
 *
 * The contract declares them (tags log-usual, log-api, log-error in openapi/openapi.yaml) and names their operations;
 * they are not the generic module (src/crud/define-module.ts), which serves live rows (`is_deleted`) of the caller's
 * tenant: the log tables have no `is_deleted` and the platform administrator reads across tenants. Their filters
 * also take the plain `env=` and `createTime=` keys and the `_datege` / `_datele` bounds the contract leaves out.
 */
import { and, count, desc, eq, getTableColumns, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { TokenClaims } from '../../../auth/tokens';
import { LIVE_TOTAL, liveTotal, liveTotalSql } from '../../../crud/count';
import { caller, filterConds, isPlatformAdmin, NOT_FOUND_MSG, type FilterSpec } from '../../../crud/index';
import type { EntityRegistry } from '../../../crud/entities';
import type { Db } from '../../../db/index';
import { logApi, logError, logUsual } from '../../../db/schema';
import { BizError, formatDateTime, ok, parseId } from '../../../util';

interface LogTable {
  table: PgTable;
  id: PgColumn;
  tenantId: PgColumn;
  createTime: PgColumn;
  serviceId: PgColumn;
  serverHost: PgColumn;
  serverIp: PgColumn;
  env: PgColumn;
  requestUri: PgColumn;
  createBy: PgColumn;
}

type LogRow = Record<string, unknown> & { id: bigint; createTime: Date };

const toVO = (r: LogRow) => ({ ...r, id: r.id.toString(), createTime: formatDateTime(r.createTime) });

function filtersOf(t: LogTable): Record<string, FilterSpec> {
  return {
    serviceId: { column: t.serviceId },
    serverHost: { column: t.serverHost },
    serverIp: { column: t.serverIp },
    env: { column: t.env, plain: 'equal', kinds: ['equal'] },
    requestUri: { column: t.requestUri },
    createBy: { column: t.createBy },
    createTime: { column: t.createTime, plain: 'dateequal', kinds: ['dategt', 'datelt', 'datege', 'datele'] },
  };
}

function logPages(db: Db, t: LogTable, ops: { list: string; detail: string }) {
  const filters = filtersOf(t);
  const scope = (a: TokenClaims): SQL | undefined =>
    isPlatformAdmin(a) ? undefined : eq(t.tenantId, a.tenant_id);

  async function page(a: TokenClaims, q: Record<string, unknown>) {
    const current = Number(q.current ?? 1);
    const size = Number(q.size ?? 10);
    const conds = filterConds(filters, q);
    const where = and(scope(a), ...conds);
    const offset = (current - 1) * size;
    const order = [desc(t.createTime), desc(t.id)];
    const counted = { table: t.table, tenantId: t.tenantId };
    const tenant = isPlatformAdmin(a) ? undefined : a.tenant_id;
    let total: number;
    let records: LogRow[];
    if (conds.length === 0) {
      // unfiltered: the page and the exact trigger-maintained counter in one statement
      const rows = (await db
        .select({ ...getTableColumns(t.table), [LIVE_TOTAL]: await liveTotalSql(db, counted, tenant) })
        .from(t.table)
        .where(where)
        .orderBy(...order)
        .limit(size)
        .offset(offset)) as (LogRow & { [LIVE_TOTAL]: number })[];
      records = rows.map(({ [LIVE_TOTAL]: _total, ...row }) => row as LogRow);
      total = rows[0]?.[LIVE_TOTAL] ?? (await liveTotal(db, counted, tenant));
    } else {
      total = Number((await db.select({ n: count() }).from(t.table).where(where))[0]?.n ?? 0);
      records =
        total === 0 || offset >= total
          ? []
          : ((await db
              .select()
              .from(t.table)
              .where(where)
              .orderBy(...order)
              .limit(size)
              .offset(offset)) as LogRow[]);
    }
    return { records: records.map(toVO), total, size, current, pages: Math.ceil(total / size) };
  }

  return {
    [ops.list]: async (req: FastifyRequest) =>
      ok(await page(caller(req), req.query as Record<string, unknown>)),
    [ops.detail]: async (req: FastifyRequest) => {
      const a = caller(req);
      const id = parseId((req.query as { id?: string }).id);
      if (id === undefined) throw new BizError(NOT_FOUND_MSG);
      const [row] = (await db
        .select()
        .from(t.table)
        .where(and(scope(a), eq(t.id, id)))
        .limit(1)) as LogRow[];
      if (!row) throw new BizError(NOT_FOUND_MSG);
      return ok(toVO(row));
    },
  };
}

export function logModule(db: Db, entities: EntityRegistry) {
  /** The list and detail operations of a log's declaration. */
  const ops = (name: string) => {
    const { list, detail } = entities.get(name).operations;
    if (!list || !detail) throw new Error(`${name}: a log is declared with a list and a detail`);
    return { list, detail };
  };
  return {
    ...logPages(db, { ...logUsual, table: logUsual }, ops('log-usual')),
    ...logPages(db, { ...logApi, table: logApi }, ops('log-api')),
    ...logPages(db, { ...logError, table: logError }, ops('log-error')),
  };
}
