/**
 * The checks of a new or changed account, shared by the administrator's writes and the sign-ups: a usable tenant,
 * its account quota, a free account name, and roles, departments and posts that exist in the tenant.
 */
import { and, count, eq, inArray, ne } from 'drizzle-orm';
import { type Db } from '../../../db/index';
import type { dept, post, role } from '../../../db/schema';
import { param, tenant, user } from '../../../db/schema';
import { QUOTA_MSG } from '../../../kernel/account-quota';
import { BizError, parseIds } from '../../../util';

export const duplicateMsg = (account: string) => `当前用户 [${account}] 已存在!`;

export type TenantRow = typeof tenant.$inferSelect;

export async function assertTenant(db: Db, code: string): Promise<TenantRow> {
  const [t] = await db
    .select()
    .from(tenant)
    .where(and(eq(tenant.tenantId, code), eq(tenant.isDeleted, 0)))
    .limit(1);
  if (!t || t.status !== 1) throw new BizError('租户信息错误');
  if (t.expireTime && t.expireTime.getTime() < Date.now()) throw new BizError('租户授权已过期,请联系管理员');
  return t;
}

export async function assertQuota(db: Db, t: TenantRow): Promise<void> {
  if (t.accountNumber < 0) return;
  const [row] = await db
    .select({ n: count() })
    .from(user)
    .where(and(eq(user.tenantId, t.tenantId), eq(user.isDeleted, 0)));
  if (Number(row?.n ?? 0) >= t.accountNumber) throw new BizError(QUOTA_MSG);
}

export async function assertAccountFree(db: Db, tenantId: string, account: string, exceptId?: bigint) {
  const [dup] = await db
    .select({ id: user.id })
    .from(user)
    .where(
      and(
        eq(user.tenantId, tenantId),
        eq(user.account, account),
        eq(user.isDeleted, 0),
        exceptId === undefined ? undefined : ne(user.id, exceptId),
      ),
    )
    .limit(1);
  if (dup) throw new BizError(duplicateMsg(account));
}

/** Every id of the list must be a live row of the tenant. */
export async function assertRefs(
  db: Db,
  tenantId: string,
  list: unknown,
  table: typeof role | typeof dept | typeof post,
  msg: string,
) {
  const ids = parseIds(typeof list === 'string' ? list : '');
  if (ids.length === 0) return;
  const rows = await db
    .select({ id: table.id })
    .from(table)
    .where(and(inArray(table.id, ids), eq(table.tenantId, tenantId), eq(table.isDeleted, 0)));
  if (rows.length !== ids.length) throw new BizError(msg);
}

/** A parameter of the tenant (`account.registerUser`, `account.initPassword`). */
export async function paramOf(db: Db, tenantId: string, key: string): Promise<string | undefined> {
  const [p] = await db
    .select({ v: param.paramValue })
    .from(param)
    .where(and(eq(param.tenantId, tenantId), eq(param.paramKey, key), eq(param.isDeleted, 0)))
    .limit(1);
  return p?.v;
}
