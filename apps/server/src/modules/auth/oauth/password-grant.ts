/**
 * The password grant, with the lock-out after repeated failures (docs/architecture.md §5): failures within 30
 * minutes reaching the tenant's `account.failCount` (default 5) refuse the account until the window passes or an
 * administrator unlocks it.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { verifyPassword } from '../../../auth/password';
import type { ClientRow } from '../../../auth/security';
import type { Db } from '../../../db/index';
import { loginFailure, param, user } from '../../../db/schema';
import { OAuthError } from '../../../util';
import { assertActive, checkTenant, tenantOf, type TokenQuery } from './oauth-common';
import type { TokenIssuer } from './token-issue';

const LOCK_WINDOW_MS = 30 * 60 * 1000;

async function failLimit(db: Db, tenantCode: string): Promise<number> {
  const [p] = await db
    .select({ v: param.paramValue })
    .from(param)
    .where(
      and(eq(param.tenantId, tenantCode), eq(param.paramKey, 'account.failCount'), eq(param.isDeleted, 0)),
    )
    .limit(1);
  const n = Number.parseInt(p?.v ?? '5', 10);
  return Number.isFinite(n) && n > 0 ? n : 5;
}

export function passwordGrant(db: Db, { issue }: TokenIssuer) {
  return async function grant(req: FastifyRequest, q: TokenQuery, c: ClientRow) {
    if (!q.username || !q.password) throw new OAuthError(400, 'invalid_request', '请输入用户名和密码');
    const tenantCode = tenantOf(req, q);
    await checkTenant(db, tenantCode);

    // lock-out: failures within 30 minutes reaching account.failCount
    const [fails] = await db
      .select()
      .from(loginFailure)
      .where(and(eq(loginFailure.tenantId, tenantCode), eq(loginFailure.account, q.username)));
    const fresh = fails && Date.now() - fails.firstAt.getTime() < LOCK_WINDOW_MS;
    if (fresh && fails.count >= (await failLimit(db, tenantCode))) {
      throw new OAuthError(400, 'access_denied', '登录错误次数过多,请稍后再试');
    }

    const [u] = await db
      .select()
      .from(user)
      .where(and(eq(user.tenantId, tenantCode), eq(user.account, q.username), eq(user.isDeleted, 0)))
      .limit(1);
    const good = await verifyPassword(u?.password, q.password);
    if (!u || !good) {
      const now = new Date();
      await db
        .insert(loginFailure)
        .values({ tenantId: tenantCode, account: q.username, count: 1, firstAt: now })
        .onConflictDoUpdate({
          target: [loginFailure.tenantId, loginFailure.account],
          set: {
            count: sql`case when ${loginFailure.firstAt} < ${new Date(now.getTime() - LOCK_WINDOW_MS)} then 1 else ${loginFailure.count} + 1 end`,
            firstAt: sql`case when ${loginFailure.firstAt} < ${new Date(now.getTime() - LOCK_WINDOW_MS)} then ${now} else ${loginFailure.firstAt} end`,
          },
        });
      throw new OAuthError(400, 'invalid_grant', '用户名或密码错误');
    }
    // the right password of an account that may not log in: say why (it is no failed attempt)
    assertActive(u);
    if (fails) {
      await db
        .delete(loginFailure)
        .where(and(eq(loginFailure.tenantId, tenantCode), eq(loginFailure.account, q.username)));
    }
    return issue(u, c, req, randomUUID());
  };
}
