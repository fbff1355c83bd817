/** The caller's own account: its view, its profile, and the authorisation code (an administrator may set another's). */
import { and, eq, ne } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { caller } from '../../../crud/index';
import { user } from '../../../db/schema';
import { BizError, ok, parseId } from '../../../util';
import { requireAdmin, type UserContext } from './user-context';
import { bodyOf, profileValues } from './user-form';

export function userSelfHandlers({ db, m, one, me }: UserContext) {
  return {
    async userInfo(req: FastifyRequest) {
      return ok(await one(await me(caller(req))));
    },

    async userUpdateInfo(req: FastifyRequest) {
      const a = caller(req);
      const b = bodyOf(req);
      if (typeof b.id === 'string' && b.id !== a.user_id) throw new BizError('只能修改本人的信息');
      const u = await me(a);
      await db
        .update(user)
        .set({ ...profileValues(b), updateUser: u.id, updateTime: new Date() })
        .where(and(m.scope(a), eq(user.id, u.id)));
      return ok({});
    },

    async userUpdateAuthCode(req: FastifyRequest) {
      const a = caller(req);
      const b = bodyOf(req) as { id?: string; authCode: string };
      const own = !b.id || b.id === a.user_id;
      if (!own) requireAdmin(a);
      const u = own ? await me(a) : await m.findOwn(a, parseId(b.id));
      const [dup] = await db
        .select({ id: user.id })
        .from(user)
        .where(and(m.scope(a), eq(user.authCode, b.authCode), ne(user.id, u.id)))
        .limit(1);
      if (dup) throw new BizError('授权码已被使用');
      await db
        .update(user)
        .set({ authCode: b.authCode, updateUser: parseId(a.user_id) ?? null, updateTime: new Date() })
        .where(and(m.scope(a), eq(user.id, u.id)));
      return ok({});
    },
  };
}
