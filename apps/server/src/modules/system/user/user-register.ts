/**
 * Sign-ups, open when the tenant's parameter `account.registerUser` is `true`: the tokenless self sign-up and the
 * account of an unbound social login (the guest token's `oauth_id`). Both create a pending account (status 0, no
 * role, department or post) that an administrator approves by granting it roles (./user-grant.ts).
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { hashPassword } from '../../../auth/password';
import { addressBucket } from '../../../auth/rate-limit';
import { caller, isUniqueViolation } from '../../../crud/index';
import { type Db } from '../../../db/index';
import { user, userOauth } from '../../../db/schema';
import { BizError, nextId, parseId } from '../../../util';
import {
  assertAccountFree,
  assertQuota,
  assertTenant,
  duplicateMsg,
  paramOf,
  type TenantRow,
} from './user-checks';
import type { UserContext } from './user-context';
import { bodyOf, md5, profileValues, type Body } from './user-form';

export const REGISTER_CLOSED_MSG = '当前系统未开启注册功能';
export const REGISTER_OK_MSG = '注册成功,请等待管理员审核通过后登录';

/** A new account waiting for an administrator (status 0, no role, department or post). */
async function createPending(db: Db, tenantId: string, b: Body) {
  const id = nextId();
  const now = new Date();
  await db.insert(user).values({
    id,
    tenantId,
    account: b.account as string,
    password: await hashPassword(md5(b.password as string)),
    userType: 1,
    // the real name is optional at sign-up; the nickname stands in until the administrator edits it
    realName: String(b.name ?? '').slice(0, 10),
    ...profileValues(b),
    roleId: '',
    deptId: '',
    postId: '',
    createUser: id,
    createTime: now,
    updateUser: id,
    updateTime: now,
    status: 0,
    isDeleted: 0,
  });
  return id;
}

async function registrationOpen(db: Db, t: TenantRow) {
  if ((await paramOf(db, t.tenantId, 'account.registerUser'))?.trim() !== 'true') {
    throw new BizError(REGISTER_CLOSED_MSG);
  }
}

export function userRegisterHandlers({ db, limiter }: UserContext) {
  return {
    /** Self sign-up (tokenless): a pending account, when the tenant's `account.registerUser` is `true`. */
    async userRegister(req: FastifyRequest, reply: FastifyReply) {
      const b = bodyOf(req) as Body & { tenantId: string; account: string };
      if (!(await limiter.hit(`register:${addressBucket(req.ip)}`, limiter.limits.perAddress))) {
        reply.header('retry-after', String(limiter.retryAfter()));
        throw new BizError('注册过于频繁,请稍后再试');
      }
      const t = await assertTenant(db, b.tenantId);
      await registrationOpen(db, t);
      await assertAccountFree(db, t.tenantId, b.account);
      await assertQuota(db, t);
      try {
        await createPending(db, t.tenantId, b);
      } catch (e) {
        if (isUniqueViolation(e)) throw new BizError(duplicateMsg(b.account));
        throw e;
      }
      return { code: 200, success: true, msg: REGISTER_OK_MSG, data: {} };
    },

    /** The account of an unbound social login: created pending and bound to the third-party row. */
    async userRegisterGuest(req: FastifyRequest) {
      const a = caller(req);
      const q = req.query as {
        tenantId: string;
        name: string;
        account: string;
        password: string;
        oauthId: string;
      };
      const oauthId = parseId(q.oauthId);
      if (!oauthId || q.oauthId !== a.oauth_id || q.tenantId !== a.tenant_id) {
        throw new BizError('第三方登录信息无效,请重新登录');
      }
      if (!q.name.trim()) throw new BizError('请输入用户昵称');
      const t = await assertTenant(db, q.tenantId);
      await registrationOpen(db, t);
      const [binding] = await db
        .select()
        .from(userOauth)
        .where(and(eq(userOauth.id, oauthId), eq(userOauth.tenantId, t.tenantId), isNull(userOauth.userId)))
        .limit(1);
      if (!binding) throw new BizError('第三方账号已绑定或不存在');
      await assertAccountFree(db, t.tenantId, q.account);
      await assertQuota(db, t);
      try {
        await db.transaction(async (tx) => {
          const id = nextId();
          const now = new Date();
          await tx.insert(user).values({
            id,
            tenantId: t.tenantId,
            account: q.account,
            password: await hashPassword(md5(q.password)),
            name: q.name,
            realName: q.name.slice(0, 10),
            avatar: binding.avatar.slice(0, 500),
            email: binding.email.slice(0, 45),
            roleId: '',
            deptId: '',
            postId: '',
            createUser: id,
            createTime: now,
            updateUser: id,
            updateTime: now,
            status: 0,
            isDeleted: 0,
          });
          const bound = await tx
            .update(userOauth)
            .set({ userId: id, updateTime: now })
            .where(and(eq(userOauth.id, oauthId), isNull(userOauth.userId)))
            .returning({ id: userOauth.id });
          // a concurrent registration bound it first
          if (bound.length === 0) throw new BizError('第三方账号已绑定或不存在');
        });
      } catch (e) {
        if (isUniqueViolation(e)) throw new BizError(duplicateMsg(q.account));
        throw e;
      }
      return { code: 200, success: true, msg: REGISTER_OK_MSG, data: {} };
    },
  };
}
