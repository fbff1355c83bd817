/**
 * The imports of comment targets (dy_comm_url, xsh_comm_url `import`, xsh_comm_keyword `import`; answer
 * patterns.yaml `ImportResult`): each row is checked on its own; the valid ones that neither a live row of the same
 * comment task nor an earlier row of the batch already has are inserted enabled, with source 2 (imported), all in
 * one transaction, so a failure writes nothing. Refused rows are counted in `invalid` and the first 100 listed with
 * their 1-based row number and the reason; skipped duplicates are counted in `duplicated`.
 *
 * Two imports of one tenant into one table run one after the other (an advisory lock per table and tenant), so the
 * duplicate check of the second sees the rows of the first.
 */
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { TokenClaims } from '../../auth/tokens';
import type { Db } from '../../db/index';
import { nextId, parseId } from '../../util';

/** The contract lists the first 100 refused rows (patterns.yaml ImportResult.errors `maxItems`). */
export const MAX_LISTED_ERRORS = 100;
/** Rows per insert statement and per `in (…)` list of the duplicate check. */
const CHUNK = 500;

export const NO_COMM_TASK_MSG = '评论任务不存在';

/** A row that passed its own checks. */
export interface ImportCandidate {
  /** 1-based position in the request. */
  row: number;
  commId: bigint | null;
  /**
   * What makes two rows of one comment task the same target (a link, an item id, a lower-cased keyword), each
   * prefixed by its kind; a row sharing any key with a live row or an earlier row is a duplicate.
   */
  keys: string[];
  /** The column values of the new row, besides the keys, tenant, owner and audit columns. */
  values: Record<string, unknown>;
}

export type ImportRow = ImportCandidate | { row: number; error: string };

export interface ImportResult {
  total: number;
  inserted: number;
  duplicated: number;
  invalid: number;
  errors: { row: number; reason: string }[];
}

/** The columns the import writes besides `values`, by property name. */
export type ImportTable = PgTable & Record<'id' | 'tenantId' | 'ydUserId' | 'commId' | 'isDeleted', PgColumn>;

/** The comment task table the rows name (dy_comm, xsh_comm): tenant-owned, with an owner. */
export type CommTable = PgTable & Record<'id' | 'tenantId' | 'ydUserId' | 'isDeleted', PgColumn>;

export interface ImportSpec {
  table: ImportTable;
  commTable: CommTable;
  /** Advisory lock key of this table's imports (src/kernel/active-config.ts uses the same two-key form). */
  lockKey: number;
  /**
   * The keys the tenant's live rows already hold among `candidates` (same key format, prefixed by the comm id, see
   * `scopedKey`), read inside the import's transaction.
   */
  existingKeys(tx: Db, tenantId: string, candidates: ImportCandidate[]): Promise<Set<string>>;
}

/** A dedupe key within its comment task: rows of different tasks never clash. */
export const scopedKey = (commId: bigint | null | undefined, key: string): string => `${commId ?? ''}|${key}`;

/** `column in (values)` over chunks, for the duplicate checks of long batches. */
export async function selectInChunks<T>(
  values: string[],
  query: (chunk: string[]) => Promise<T[]>,
): Promise<T[]> {
  const out: T[] = [];
  const distinct = [...new Set(values)];
  for (let i = 0; i < distinct.length; i += CHUNK) out.push(...(await query(distinct.slice(i, i + CHUNK))));
  return out;
}

/** Live rows of the tenant whose `column` is one of `values` (the comm id is filtered by the caller's keys). */
export const liveOfTenant = (
  t: ImportTable,
  tenantId: string,
  column: PgColumn | SQL,
  values: string[],
): SQL => and(eq(t.tenantId, tenantId), eq(t.isDeleted, 0), inArray(column as SQL, values))!;

/** The owners of the live comment tasks of the tenant among `ids` (id → owning customer). */
async function commOwners(
  tx: Db,
  t: CommTable,
  tenantId: string,
  ids: bigint[],
): Promise<Map<bigint, bigint | null>> {
  if (ids.length === 0) return new Map();
  const rows = (await tx
    .select({ id: t.id, ydUserId: t.ydUserId })
    .from(t)
    .where(and(eq(t.tenantId, tenantId), eq(t.isDeleted, 0), inArray(t.id, ids)))) as {
    id: bigint;
    ydUserId: bigint | null;
  }[];
  return new Map(rows.map((r) => [r.id, r.ydUserId]));
}

/** The department a new row records as its creator's: the first of the caller's. */
export const firstDept = (deptIds: string): bigint | null => parseId(deptIds.split(',')[0]) ?? null;

/** An empty result of `total` rows, and how a row is refused (counted, listed while under the contract's 100). */
export function importTally(total: number) {
  const result: ImportResult = { total, inserted: 0, duplicated: 0, invalid: 0, errors: [] };
  const refuse = (row: number, reason: string) => {
    result.invalid += 1;
    if (result.errors.length < MAX_LISTED_ERRORS) result.errors.push({ row, reason });
  };
  return { result, refuse };
}

export async function importRows(
  db: Db,
  a: TokenClaims,
  spec: ImportSpec,
  rows: ImportRow[],
): Promise<ImportResult> {
  const { result, refuse } = importTally(rows.length);
  const { table: t } = spec;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${spec.lockKey}, hashtext(${a.tenant_id}))`);
    const candidates = rows.filter((r): r is ImportCandidate => !('error' in r));
    const commIds = [...new Set(candidates.map((c) => c.commId).filter((c): c is bigint => c !== null))];
    const owners = await commOwners(tx, spec.commTable, a.tenant_id, commIds);
    const known = candidates.filter((c) => c.commId === null || owners.has(c.commId));
    const seen = await spec.existingKeys(tx, a.tenant_id, known);

    const now = new Date();
    const userId = parseId(a.user_id) ?? null;
    const audit = {
      createUser: userId,
      createDept: firstDept(a.dept_id),
      createTime: now,
      updateUser: userId,
      updateTime: now,
      status: 1,
      isDeleted: 0,
    };
    const inserts: Record<string, unknown>[] = [];
    for (const r of rows) {
      if ('error' in r) {
        refuse(r.row, r.error);
        continue;
      }
      if (r.commId !== null && !owners.has(r.commId)) {
        refuse(r.row, NO_COMM_TASK_MSG);
        continue;
      }
      const keys = r.keys.map((k) => scopedKey(r.commId, k));
      if (keys.some((k) => seen.has(k))) {
        result.duplicated += 1;
        continue;
      }
      for (const k of keys) seen.add(k);
      inserts.push({
        ...r.values,
        id: nextId(),
        tenantId: a.tenant_id,
        // the row belongs to the customer of its comment task; without a task it is shared by the tenant
        ydUserId: r.commId === null ? null : (owners.get(r.commId) ?? null),
        commId: r.commId,
        source: 2,
        ...audit,
      });
    }
    for (let i = 0; i < inserts.length; i += CHUNK)
      await tx.insert(t).values(inserts.slice(i, i + CHUNK) as never);
    result.inserted = inserts.length;
  });
  return result;
}
