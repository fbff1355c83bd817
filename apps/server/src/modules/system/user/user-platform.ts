/** The platform extension of a user: a JSON document per user and user type (`userExt`), read and written whole. */
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { caller } from '../../../crud/index';
import { userExt } from '../../../db/schema';
import { BizError, ok, parseId } from '../../../util';
import { requireAdmin, type UserContext } from './user-context';

export function userPlatformHandlers({ db, m, one }: UserContext) {
  return {
    async userPlatformDetail(req: FastifyRequest) {
      const a = caller(req);
      requireAdmin(a);
      const u = await m.findOwn(a, parseId((req.query as { id: string }).id));
      const [ext] = await db
        .select({ v: userExt.userExt })
        .from(userExt)
        .where(and(eq(userExt.userId, u.id), eq(userExt.userType, u.userType)))
        .limit(1);
      return ok({ ...(await one(u)), userExt: ext?.v ?? '' });
    },

    async userUpdatePlatform(req: FastifyRequest) {
      const a = caller(req);
      const q = req.query as { userId: string; userType: number; userExt: string };
      if (q.userId !== a.user_id) requireAdmin(a);
      const u = await m.findOwn(a, parseId(q.userId));
      try {
        JSON.parse(q.userExt);
      } catch {
        throw new BizError('用户拓展信息须为 JSON');
      }
      await db
        .insert(userExt)
        .values({ userId: u.id, userType: q.userType, userExt: q.userExt, updateTime: new Date() })
        .onConflictDoUpdate({
          target: [userExt.userId, userExt.userType],
          set: { userExt: q.userExt, updateTime: new Date() },
        });
      return ok({});
    },
  };
}
