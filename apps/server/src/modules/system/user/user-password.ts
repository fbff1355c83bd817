/**
 * Passwords and lock-outs: the administrator's reset to the tenant's initial password and unlock of failed logins,
 * and the caller's change of their own password.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { hashPassword, verifyPassword } from '../../../auth/password';
import { caller, requireAll } from '../../../crud/index';
import { loginFailure, user } from '../../../db/schema';
import { BizError, ok, parseId, parseIds } from '../../../util';
import { paramOf } from './user-checks';
import { requireAdmin, type UserContext } from './user-context';
import { md5 } from './user-form';

export function userPasswordHandlers({ db, m, limiter, ownUsers, me }: UserContext) {
  return {
    async userResetPassword(req: FastifyRequest) {
      const a = caller(req);
      requireAdmin(a);
      const asked = parseIds((req.query as { userIds: string }).userIds);
      const own = (await ownUsers(a, asked)).map((u) => u.id);
      requireAll(asked, own);
      const init = (await paramOf(db, a.tenant_id, 'account.initPassword')) || '123456';
      await db
        .update(user)
        .set({
          password: await hashPassword(md5(init)),
          updateUser: parseId(a.user_id) ?? null,
          updateTime: new Date(),
        })
        .where(and(m.scope(a), inArray(user.id, own)));
      return ok({});
    },

    async userUpdatePassword(req: FastifyRequest) {
      const a = caller(req);
      const q = req.query as { oldPassword: string; newPassword: string; newPassword1: string };
      if (q.newPassword !== q.newPassword1) throw new BizError('请输入正确的确认密码!');
      const u = await me(a);
      if (!(await verifyPassword(u.password, q.oldPassword))) throw new BizError('原密码不正确!');
      await db
        .update(user)
        .set({ password: await hashPassword(q.newPassword), updateUser: u.id, updateTime: new Date() })
        .where(and(m.scope(a), eq(user.id, u.id)));
      return ok({});
    },

    /** Clears the failed-login counters (and the token-endpoint counters) of the listed users. */
    async userUnlock(req: FastifyRequest) {
      const a = caller(req);
      requireAdmin(a);
      const asked = parseIds((req.query as { userIds: string }).userIds);
      const own = await ownUsers(a, asked);
      requireAll(
        asked,
        own.map((u) => u.id),
      );
      for (const u of own) {
        await db
          .delete(loginFailure)
          .where(and(eq(loginFailure.tenantId, u.tenantId), eq(loginFailure.account, u.account)));
        await limiter.reset(u.tenantId, u.account);
      }
      return ok({});
    },
  };
}
