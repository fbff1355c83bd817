/**
 * The account quota of a tenant (docs/platform-contract.md §3.7 `accountNumber`): a tenant has at most that many live
 * users, -1 meaning unlimited. Any module that creates users refuses one beyond it with `QUOTA_MSG`.
 */
import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../db/index';
import { tenant, user } from '../db/schema';
import { BizError } from '../util';

export const QUOTA_MSG = '当前租户已到最大账号额度!';

/** Throws `当前租户已到最大账号额度!` when the tenant already has `accountNumber` live users (-1 = unlimited). */
export async function assertAccountQuota(db: Db, tenantId: string): Promise<void> {
  const [t] = await db
    .select({ n: tenant.accountNumber })
    .from(tenant)
    .where(and(eq(tenant.tenantId, tenantId), eq(tenant.isDeleted, 0)))
    .limit(1);
  if (!t || t.n < 0) return;
  const [c] = await db
    .select({ n: count() })
    .from(user)
    .where(and(eq(user.tenantId, tenantId), eq(user.isDeleted, 0)));
  if (Number(c?.n ?? 0) >= t.n) throw new BizError(QUOTA_MSG);
}
