/**
 * The administrator's management of accounts: the page (by department subtree), the detail, submit and update of a
 * whole user, and remove, which also ends the removed users' logins.
 */
import { and, inArray, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { caller, requireAll } from '../../../crud/index';
import { dept, post, refreshToken, role, user, userOauth } from '../../../db/schema';
import { BizError, ok, parseId, parseIds } from '../../../util';
import { assertAccountFree, assertQuota, assertRefs, assertTenant, duplicateMsg } from './user-checks';
import { requireAdmin, type UserContext } from './user-context';
import { bodyOf } from './user-form';
import { userListFilter, type UserListQuery } from './user-query';
import type { UserVO } from './user-vo';

export const SELF_REMOVE_MSG = '不能删除本账号!';

export function userManageHandlers({ db, m, labelled, one, inTenant, ownUsers }: UserContext) {
  /** submit (create or update) and update: an administrator's write of a whole user. */
  async function save(req: FastifyRequest, mode: 'submit' | 'update') {
    const a = caller(req);
    requireAdmin(a);
    const b = bodyOf(req);
    const creating = mode === 'submit' && !b.id;
    const ctx = creating ? inTenant(a, b.tenantId) : a;
    const existing = creating ? undefined : await m.findOwn(ctx, parseId(b.id as string));
    const t = await assertTenant(db, ctx.tenant_id);
    await assertAccountFree(db, ctx.tenant_id, b.account as string, existing?.id);
    await assertRefs(db, ctx.tenant_id, b.roleId, role, '所选角色不存在');
    await assertRefs(db, ctx.tenant_id, b.deptId, dept, '所选部门不存在');
    await assertRefs(db, ctx.tenant_id, b.postId, post, '所选岗位不存在');
    if (creating) {
      if (typeof b.password !== 'string' || !b.password) throw new BizError('请输入密码');
      await assertQuota(db, t);
    }
    try {
      await m.submit(ctx, b, creating ? 'submit' : 'update');
    } catch (e) {
      // the partial unique index caught a concurrent submit of the same account
      if (e instanceof BizError && e.message === '数据已存在')
        throw new BizError(duplicateMsg(String(b.account)));
      throw e;
    }
    return ok({});
  }

  return {
    async userPage(req: FastifyRequest) {
      const a = caller(req);
      requireAdmin(a);
      const { ctx, extra, rest } = await userListFilter({ db, inTenant }, a, req.query as UserListQuery);
      const page = await m.page(ctx, rest, extra);
      return ok({ ...page, records: await labelled(page.records as UserVO[]) });
    },

    async userDetail(req: FastifyRequest) {
      const a = caller(req);
      requireAdmin(a);
      return ok(await one(await m.findOwn(a, parseId((req.query as { id: string }).id))));
    },

    userSubmit: (req: FastifyRequest) => save(req, 'submit'),
    userUpdate: (req: FastifyRequest) => save(req, 'update'),

    async userRemove(req: FastifyRequest) {
      const a = caller(req);
      requireAdmin(a);
      const ids = parseIds((req.query as { ids: string }).ids);
      if (ids.some((i) => i.toString() === a.user_id)) throw new BizError(SELF_REMOVE_MSG);
      const own = (await ownUsers(a, ids)).map((u) => u.id);
      requireAll(ids, own);
      await db.transaction(async (tx) => {
        await tx
          .update(user)
          .set({ isDeleted: 1, updateUser: parseId(a.user_id) ?? null, updateTime: new Date() })
          .where(and(m.scope(a), inArray(user.id, own)));
        // their third-party logins may be bound again
        await tx.update(userOauth).set({ userId: null }).where(inArray(userOauth.userId, own));
        // and their logins end now (revoking the refresh family also refuses its access tokens)
        await tx
          .update(refreshToken)
          .set({ revokedAt: new Date() })
          .where(and(inArray(refreshToken.userId, own), isNull(refreshToken.revokedAt)));
      });
      return ok({});
    },
  };
}
