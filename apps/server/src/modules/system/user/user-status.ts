/** Disabling and enabling accounts (user.yaml `status`): a disabled account cannot log in, and its logins end now. */
import { and, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { caller, requireAll } from '../../../crud/index';
import { refreshToken, user } from '../../../db/schema';
import { BizError, ok, parseId, parseIds } from '../../../util';
import { requireAdmin, type UserContext } from './user-context';

export const SELF_DISABLE_MSG = '不能停用本账号!';
/** `status` of a disabled account (dictionary `user_status`: 0 pending, 1 active, 2 disabled). */
export const USER_DISABLED = 2;

export function userStatusHandlers({ db, m, ownUsers }: UserContext) {
  return {
    async userStatus(req: FastifyRequest) {
      const a = caller(req);
      requireAdmin(a);
      const q = req.query as { userIds: string; status: number | string };
      const status = Number(q.status);
      const asked = parseIds(q.userIds);
      if (status === USER_DISABLED && asked.some((id) => id.toString() === a.user_id))
        throw new BizError(SELF_DISABLE_MSG);
      const own = (await ownUsers(a, asked)).map((u) => u.id);
      requireAll(asked, own);
      await db.transaction(async (tx) => {
        await tx
          .update(user)
          .set({
            // an account waiting for approval stays waiting when enabled: granting it roles approves it (user-grant.ts)
            status:
              status === USER_DISABLED ? USER_DISABLED : sql`case when ${user.status} = 0 then 0 else 1 end`,
            updateUser: parseId(a.user_id) ?? null,
            updateTime: new Date(),
          })
          .where(and(m.scope(a), inArray(user.id, own)));
        if (status === USER_DISABLED)
          // their logins end now (revoking the refresh family also refuses its access tokens)
          await tx
            .update(refreshToken)
            .set({ revokedAt: new Date() })
            .where(and(inArray(refreshToken.userId, own), isNull(refreshToken.revokedAt)));
      });
      return ok({});
    },
  };
}
