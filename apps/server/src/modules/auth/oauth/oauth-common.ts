/**
 * What the grants of the token endpoint share: the query they read, the request headers that choose tenant, role
 * and department, the checks of the tenant and of the account, and the messages of a refused login.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { ClientRow } from '../../../auth/security';
import type { Db } from '../../../db/index';
import type { user } from '../../../db/schema';
import { tenant } from '../../../db/schema';
import { ADMIN_TENANT } from '../../../db/seed-data';
import { OAuthError } from '../../../util';

export type UserRow = typeof user.$inferSelect;

export interface TokenQuery {
  grant_type: 'password' | 'refresh_token' | 'captcha' | 'social';
  username?: string;
  password?: string;
  refresh_token?: string;
  tenantId?: string;
  tenant_id?: string;
  source?: string;
  code?: string;
  state?: string;
}

export const PENDING_MSG = '账号正在等待管理员审核,审核通过后方可登录';
export const DISABLED_MSG = '账号已被停用,请联系管理员';
export const CAPTCHA_MSG = '验证码不正确';
export const RATE_MSG = '登录尝试过于频繁,请稍后再试';

export const header = (req: FastifyRequest, name: string): string => {
  const v = req.headers[name];
  return (Array.isArray(v) ? v[0] : v)?.trim() ?? '';
};

/** The tenant of a login: the `Tenant-Id` header, else the query's, else tenant 000000. */
export const tenantOf = (req: FastifyRequest, q: TokenQuery) =>
  header(req, 'tenant-id') || q.tenant_id || q.tenantId || ADMIN_TENANT;

/** Refuses a user who may not log in yet: pending approval (status 0) or disabled. */
export function assertActive(u: UserRow): void {
  if (u.status === 0) throw new OAuthError(400, 'access_denied', PENDING_MSG);
  if (u.status !== 1) throw new OAuthError(400, 'access_denied', DISABLED_MSG);
}

export async function checkTenant(db: Db, tenantCode: string) {
  const [t] = await db
    .select()
    .from(tenant)
    .where(and(eq(tenant.tenantId, tenantCode), eq(tenant.isDeleted, 0)))
    .limit(1);
  if (!t || t.status !== 1) throw new OAuthError(400, 'access_denied', '未获得用户的租户信息');
  if (t.expireTime && t.expireTime.getTime() < Date.now()) {
    throw new OAuthError(400, 'access_denied', '租户授权已过期,请联系管理员');
  }
}

/** One grant of the token endpoint: the raw OAuth2 answer of a valid request, else an `OAuthError`. */
export type Grant<T> = (req: FastifyRequest, q: TokenQuery, c: ClientRow) => Promise<T>;
