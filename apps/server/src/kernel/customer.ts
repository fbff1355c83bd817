/**
 * The customer (`yd_user`) rows belong to: orders and balance changes (docs/automation-domain.md §2.6), Yingdao
 * credentials (§2.5). The order, balance-log and Yingdao-credential modules check it and filter their lists by it.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { TokenClaims } from '../auth/tokens';
import type { FilterSpec } from '../crud/index';
import type { Db } from '../db/index';
import { user } from '../db/schema';
import { BizError, parseId, str } from '../util';

/** A live user of the caller's tenant (the customer of an order or balance change); 400 otherwise. */
export async function requireCustomer(db: Db, a: TokenClaims, ydUserId: unknown): Promise<bigint> {
  const id = parseId(str(ydUserId));
  const [u] = id
    ? await db
        .select({ id: user.id })
        .from(user)
        .where(and(eq(user.id, id), eq(user.tenantId, a.tenant_id), eq(user.isDeleted, 0)))
        .limit(1)
    : [];
  if (!u) throw new BizError('客户不存在');
  return u.id;
}

/**
 * The customer filter of a list: the first non-empty of the query parameters `params` (the contracts spell it
 * `ydUserId_equal`, smart-system's Yingdao list `ydUserId`). An id outside int8 matches nothing instead of failing
 * in the database.
 */
export function customerFilter(
  column: PgColumn,
  q: Record<string, unknown>,
  params: readonly string[] = ['ydUserId_equal'],
): SQL[] {
  const v = params.map((p) => str(q[p])).find(Boolean);
  if (!v) return [];
  const id = parseId(v);
  return [id === undefined ? sql`false` : eq(column, id)];
}

/**
 * Replaces the generic list's own filter of the customer (src/crud/define-module.ts derives it from the contract's
 * `x-filter`), which refuses an id beyond int8 with a 400 (src/crud/list-query.ts) where these lists have always
 * matched nothing: with no plain kind and no suffix it filters nothing, and `customerFilter` takes its place.
 */
export const customerFilterOff = (column: PgColumn): FilterSpec => ({ column, plain: null, kinds: [] });
