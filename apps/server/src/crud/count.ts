/**
 * Exact totals of the unfiltered list views without `count(*)` (issue 4 item 8).
 *
 * A page's total over a large table costs a scan of every live row of the tenant: at a million rows that is tens
 * of milliseconds per request. Instead, each counted table gets statement-level triggers (with transition tables)
 * that keep `smart_row_count(table_name, tenant_id, n)` = the number of live rows per tenant, updated in the same
 * transaction as the write. The count is therefore exact for every reader's snapshot and shared by every instance
 * on the same database (nothing is cached in the process). Filtered views still count normally.
 *
 * The triggers are installed on first use (idempotent, under an advisory lock, with the table locked against
 * writes while the counters are backfilled), so no migration has to know which tables are counted.
 */
import { getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { execRows, type Db } from '../db/index';

export interface CountedTable {
  table: PgTable;
  /** Tenant column; rows of tables without one count under tenant ''. */
  tenantId?: PgColumn | undefined;
  /** Logical-delete flag: only rows with 0 are counted. Tables without one count every row. */
  isDeleted?: PgColumn | undefined;
}

const LOCK_KEY = 86000003;
const IDENT = /^[a-z_][a-z0-9_]{0,50}$/;

/** Per database handle: the tables whose triggers this process has checked or installed. */
const installed = new WeakMap<Db, Map<string, Promise<void>>>();

function names(t: CountedTable) {
  const table = getTableName(t.table);
  const tenant = t.tenantId?.name;
  const live = t.isDeleted?.name;
  for (const n of [table, tenant, live]) {
    // the names come from our own schema; they are spliced into DDL, so refuse anything unexpected
    if (n !== undefined && !IDENT.test(n)) throw new Error(`not a plain identifier: ${n}`);
  }
  return {
    table,
    key: tenant ? `coalesce(${tenant}, '')` : `''`,
    live: live ? `${live} = 0` : 'true',
  };
}

/** The trigger function and triggers of one table (the names are checked identifiers). */
function ddl(t: CountedTable): string[] {
  const { table, key, live } = names(t);
  const fn = `smart_cnt_${table}`;
  const upsert = `insert into smart_row_count (table_name, tenant_id, n)`;
  const merge = `on conflict (table_name, tenant_id) do update set n = smart_row_count.n + excluded.n`;
  return [
    `create or replace function ${fn}() returns trigger language plpgsql as $f$
begin
  if tg_op = 'INSERT' then
    ${upsert} select '${table}', k, count(*) from (select ${key} as k from new_rows where ${live}) x
      group by k order by k ${merge};
  elsif tg_op = 'UPDATE' then
    ${upsert} select '${table}', k, sum(d) from (
        select ${key} as k, 1 as d from new_rows where ${live}
        union all select ${key}, -1 from old_rows where ${live}) x
      group by k having sum(d) <> 0 order by k ${merge};
  elsif tg_op = 'DELETE' then
    ${upsert} select '${table}', k, -count(*) from (select ${key} as k from old_rows where ${live}) x
      group by k order by k ${merge};
  elsif tg_op = 'TRUNCATE' then
    delete from smart_row_count where table_name = '${table}';
  end if;
  return null;
end $f$`,
    `create trigger ${fn}_ins after insert on ${table} referencing new table as new_rows
       for each statement execute function ${fn}()`,
    `create trigger ${fn}_upd after update on ${table} referencing old table as old_rows new table as new_rows
       for each statement execute function ${fn}()`,
    `create trigger ${fn}_del after delete on ${table} referencing old table as old_rows
       for each statement execute function ${fn}()`,
    `create trigger ${fn}_trunc after truncate on ${table} for each statement execute function ${fn}()`,
  ];
}

async function install(db: Db, t: CountedTable): Promise<void> {
  const { table, key, live } = names(t);
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_KEY})`);
    const have = await execRows(
      tx,
      sql`select 1 from pg_trigger where tgname = ${`smart_cnt_${table}_ins`} and not tgisinternal`,
    );
    if (have.length > 0) return;
    // writers wait until the triggers exist and the backfill is committed: no write is counted twice or missed
    await tx.execute(sql.raw(`lock table ${table} in share row exclusive mode`));
    for (const stmt of ddl(t)) await tx.execute(sql.raw(stmt));
    await tx.execute(sql`delete from smart_row_count where table_name = ${table}`);
    await tx.execute(
      sql.raw(`insert into smart_row_count (table_name, tenant_id, n)
        select '${table}', k, count(*) from (select ${key} as k from ${table} where ${live}) x group by k`),
    );
  });
}

/** Installs the counter triggers of `t` once per process and database (a no-op when another instance did). */
export function ensureCounted(db: Db, t: CountedTable): Promise<void> {
  let perDb = installed.get(db);
  if (!perDb) installed.set(db, (perDb = new Map()));
  const name = getTableName(t.table);
  let p = perDb.get(name);
  if (!p) {
    p = install(db, t);
    perDb.set(name, p);
    // a failed install (e.g. a dropped connection) is retried on the next call
    p.catch(() => perDb.delete(name));
  }
  return p;
}

/**
 * The exact number of live rows of `t` for `tenantId` (every tenant when undefined), read from the counters.
 */
export async function liveTotal(db: Db, t: CountedTable, tenantId: string | undefined): Promise<number> {
  await ensureCounted(db, t);
  const table = getTableName(t.table);
  const rows = await execRows(
    db,
    tenantId === undefined || !t.tenantId
      ? sql`select coalesce(sum(n), 0)::bigint as n from smart_row_count where table_name = ${table}`
      : sql`select n from smart_row_count where table_name = ${table} and tenant_id = ${tenantId}`,
  );
  return Number(rows[0]?.n ?? 0);
}

/** Alias of the live total read along with a page (no column is called so). */
export const LIVE_TOTAL = '__smart_total';

/**
 * The exact live total as a scalar subquery, so that a first page and its total come back in one statement (one
 * round trip instead of two on the busiest calls of the console: the unfiltered lists).
 */
export async function liveTotalSql(
  db: Db,
  t: CountedTable,
  tenantId: string | undefined,
): Promise<SQL<number>> {
  await ensureCounted(db, t);
  const table = getTableName(t.table);
  return (
    tenantId === undefined || !t.tenantId
      ? sql`(select coalesce(sum(n), 0)::bigint from smart_row_count where table_name = ${table})`
      : sql`coalesce((select n from smart_row_count where table_name = ${table} and tenant_id = ${tenantId}), 0)`
  ).mapWith(Number);
}
