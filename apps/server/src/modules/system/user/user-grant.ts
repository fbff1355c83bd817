/** Granting roles to users, which also approves a pending account (a sign-up waiting for an administrator). */
import { and, inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { caller, requireAll } from '../../../crud/index';
import { role, user } from '../../../db/schema';
import { BizError, ok, parseId, parseIds } from '../../../util';
import { assertRefs } from './user-checks';
import { requireAdmin, type UserContext } from './user-context';

const joinIds = (ids: bigint[]) => ids.map(String).join(',');

export function userGrantHandlers({ db, m, ownUsers }: UserContext) {
  return {
    /** Sets the roles; a pending account (status 0) is approved by getting its roles. */
    async userGrant(req: FastifyRequest) {
      const a = caller(req);
      requireAdmin(a);
      const q = req.query as { userIds: string; roleIds: string };
      const roleIds = parseIds(q.roleIds);
      if (roleIds.length === 0) throw new BizError('请选择角色');
      await assertRefs(db, a.tenant_id, q.roleIds, role, '所选角色不存在');
      const asked = parseIds(q.userIds);
      const own = (await ownUsers(a, asked)).map((u) => u.id);
      requireAll(asked, own);
      await db
        .update(user)
        .set({
          roleId: joinIds(roleIds),
          status: sql`case when ${user.status} = 0 then 1 else ${user.status} end`,
          updateUser: parseId(a.user_id) ?? null,
          updateTime: new Date(),
        })
        .where(and(m.scope(a), inArray(user.id, own)));
      return ok({});
    },
  };
}
