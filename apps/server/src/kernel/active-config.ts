/**
 * Configurations of which one per tenant is the active one (object storage and SMS, docs/platform-contract.md §3.15,
 * §3.16): `status` 2 marks it, as the dictionary `yes_no` labels it (seed-dicts.ts: 1 no, 2 yes).
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { TokenClaims } from '../auth/tokens';
import { NOT_FOUND_MSG } from '../crud/index';
import type { Db } from '../db/index';
import { BizError, parseId } from '../util';

/** A tenant-owned, audited table with the active flag in `status` (src/db/schema-resource.ts oss, sms). */
export type SwitchableTable = PgTable &
  Record<'id' | 'tenantId' | 'status' | 'isDeleted' | 'updateUser' | 'updateTime', PgColumn>;

/** The view's `statusName`: the label of `status` in the dictionary `yes_no`. */
export const statusName = (s: number): string => (s === 2 ? '是' : '否');

/**
 * Makes row `id` of the caller's tenant the only active one (status 2), in one transaction serialised per tenant
 * by an advisory lock on `lockKey`: concurrent enables run one after the other and the last one wins. The partial
 * unique index `..._active_uq` (src/db/schema-resource.ts) guarantees it at the database level too. An unknown id
 * (or another tenant's) changes nothing and is refused with 400 `数据不存在`, like `remove` (upstream answers
 * success after disabling every config; we keep the active one and say why nothing changed).
 */
export async function enableOne(
  db: Db,
  t: SwitchableTable,
  lockKey: number,
  a: TokenClaims,
  idParam: string,
): Promise<void> {
  const id = parseId(idParam);
  if (id === undefined) throw new BizError(NOT_FOUND_MSG);
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${lockKey}, hashtext(${a.tenant_id}))`);
    const live = and(eq(t.tenantId, a.tenant_id), eq(t.isDeleted, 0));
    const [row] = await tx
      .select({ id: t.id })
      .from(t)
      .where(and(live, eq(t.id, id)))
      .limit(1);
    // an unknown id, or another tenant's, is refused as the detail refuses it (mj phrases and apps do the same)
    if (!row) throw new BizError(NOT_FOUND_MSG);
    const audit = { updateUser: parseId(a.user_id) ?? null, updateTime: new Date() };
    await tx
      .update(t)
      .set({ status: 1, ...audit } as never)
      .where(and(live, eq(t.status, 2), ne(t.id, id)));
    await tx
      .update(t)
      .set({ status: 2, ...audit } as never)
      .where(and(live, eq(t.id, id)));
  });
}
