import { createHash } from 'node:crypto';
import { and, asc, count, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { hashPassword, verifyPassword } from '../auth/password';
import { RateLimiter, addressBucket } from '../auth/rate-limit';
import type { TokenClaims } from '../auth/tokens';
import { NO_PERMISSION_MSG, caller, crud, isPlatformAdmin, isUniqueViolation } from '../crud/index';
import { type Db } from '../db/index';
import { labelCache, type LabelKind } from './user-labels';
import {
  dept,
  loginFailure,
  param,
  post,
  refreshToken,
  role,
  tenant,
  user,
  userExt,
  userOauth,
} from '../db/schema';
import { auditVO, BizError, formatDateTime, nextId, ok, parseId, parseIds } from '../util';

type UserRow = typeof user.$inferSelect;
type Body = Record<string, unknown>;

/** Labels of the dictionaries `user_type` and `sex`. */
const USER_TYPE: Record<number, string> = { 1: 'WEB', 2: 'APP', 3: 'OTHER' };
const SEX: Record<number, string> = { 1: '男', 2: '女' };

export const SELF_REMOVE_MSG = '不能删除本账号!';
export const QUOTA_MSG = '当前租户已到最大账号额度!';
export const REGISTER_CLOSED_MSG = '当前系统未开启注册功能';
export const REGISTER_OK_MSG = '注册成功,请等待管理员审核通过后登录';
export const duplicateMsg = (account: string) => `当前用户 [${account}] 已存在!`;

const md5 = (s: string) => createHash('md5').update(s).digest('hex');

/** Administrators of a tenant (`administrator` or `admin`, docs/platform-contract.md §4 role **A**). */
export const isAdmin = (a: TokenClaims): boolean =>
  a.authorities.includes('administrator') || a.authorities.includes('admin');

function requireAdmin(a: TokenClaims): void {
  if (!isAdmin(a)) throw new BizError(NO_PERMISSION_MSG, 401);
}

export interface UserVO {
  id: string;
  tenantId: string;
  tenantName: string;
  userTypeName: string;
  roleName: string;
  deptName: string;
  postName: string;
  sexName: string;
  userExt: string;
  authCode: string;
  power: number;
  balance: number;
  expireTime: string;
  code: string;
  userType: number;
  account: string;
  roleId: string;
  deptId: string;
  postId: string;
  name: string;
  realName: string;
  avatar: string;
  email: string;
  phone: string;
  sex: number;
  birthday: string;
  createUser: string;
  createDept: string;
  createTime: string;
  updateUser: string;
  updateTime: string;
  status: number;
  isDeleted: number;
}

/** The row as UserVO without the labels that need other tables (never the password). */
export function toUserVO(u: UserRow): UserVO {
  return {
    id: u.id.toString(),
    tenantId: u.tenantId,
    tenantName: '',
    userTypeName: USER_TYPE[u.userType] ?? '',
    roleName: '',
    deptName: '',
    postName: '',
    sexName: SEX[u.sex] ?? '',
    userExt: '',
    authCode: u.authCode,
    power: u.power,
    balance: Number(u.balance),
    expireTime: formatDateTime(u.expireTime),
    code: u.code,
    userType: u.userType,
    account: u.account,
    roleId: u.roleId,
    deptId: u.deptId,
    postId: u.postId,
    name: u.name,
    realName: u.realName,
    avatar: u.avatar,
    email: u.email,
    phone: u.phone,
    sex: u.sex,
    birthday: formatDateTime(u.birthday),
    ...auditVO(u),
  };
}

const DATETIME = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2}):(\d{2}))?$/;

function parseBirthday(v: unknown): Date | null | undefined {
  if (v === undefined) return undefined;
  if (v === null || v === '') return null;
  const m = typeof v === 'string' ? DATETIME.exec(v) : null;
  const d = m ? new Date(+m[1]!, +m[2]! - 1, +m[3]!, +(m[4] ?? 0), +(m[5] ?? 0), +(m[6] ?? 0)) : undefined;
  if (!d || Number.isNaN(d.getTime())) throw new BizError('生日格式错误');
  return d;
}

/** Profile columns present in the body (absent ones stay as they are). */
function profileValues(b: Body) {
  const out: Partial<typeof user.$inferInsert> = {};
  if (typeof b.name === 'string') out.name = b.name;
  if (typeof b.realName === 'string') out.realName = b.realName;
  if (typeof b.avatar === 'string') out.avatar = b.avatar;
  if (typeof b.email === 'string') out.email = b.email;
  if (typeof b.phone === 'string') out.phone = b.phone;
  if (typeof b.sex === 'number') out.sex = b.sex;
  const birthday = parseBirthday(b.birthday);
  if (birthday !== undefined) out.birthday = birthday;
  return out;
}

/** The validated JSON body; a request without one (no content type: Fastify skips the schema) is refused. */
function bodyOf(req: FastifyRequest): Body {
  const b = req.body;
  if (!b || typeof b !== 'object' || Array.isArray(b)) throw new BizError('参数校验失败');
  return b as Body;
}

const joinIds = (ids: bigint[]) => ids.map(String).join(',');

/**
 * The user module (docs/platform-contract.md §3.1, §4.9): tenant-owned accounts. Management operations need a tenant
 * administrator; profile, password and authorisation-code changes are the caller's own.
 */
export function userHandlers(db: Db) {
  const limiter = new RateLimiter(db);

  const spec = {
    table: user,
    id: user.id,
    isDeleted: user.isDeleted,
    tenantId: user.tenantId,
    audited: true,
    toVO: toUserVO,
    filters: {
      account: { column: user.account, plain: 'equal' as const, kinds: ['equal' as const] },
      realName: { column: user.realName, plain: 'equal' as const, kinds: ['equal' as const] },
      userType: { column: user.userType, plain: 'equal' as const, kinds: ['equal' as const] },
    },
    sortable: {
      id: user.id,
      account: user.account,
      name: user.name,
      real_name: user.realName,
      user_type: user.userType,
      status: user.status,
      create_time: user.createTime,
      update_time: user.updateTime,
    },
    defaultOrder: [asc(user.id)],
    // data scopes (src/auth/data-scope.ts): rules of code `user`; department rules filter on the dept_id list
    dataScope: {
      code: 'user',
      columns: {
        create_user: user.createUser,
        create_dept: user.createDept,
        dept_id: { column: user.deptId, list: true as const },
      },
    },
    async fields(b: Body, existing: UserRow | undefined) {
      const values: Partial<typeof user.$inferInsert> = {
        account: b.account as string,
        userType: b.userType as number,
        roleId: b.roleId as string,
        deptId: b.deptId as string,
        ...(typeof b.postId === 'string' ? { postId: b.postId } : {}),
        ...(typeof b.code === 'string' ? { code: b.code } : {}),
        ...profileValues(b),
      };
      // the password is set on create only (plain from the form; stored as argon2id of its md5)
      if (!existing) values.password = await hashPassword(md5(b.password as string));
      return values;
    },
    ops: {},
  };
  const m = crud<UserRow>(db, spec);

  /** Fills tenantName, roleName, deptName and postName from the instance's label cache (./user-labels.ts). */
  async function labelled(vos: UserVO[]): Promise<UserVO[]> {
    if (vos.length === 0) return vos;
    const names = await labelCache(db).get();
    const label = (v: UserVO, kind: LabelKind, list: string) =>
      parseIds(list)
        .map((i) => names.get(`${kind}:${v.tenantId}:${i}`))
        .filter((n): n is string => !!n)
        .join(',');
    return vos.map((v) => ({
      ...v,
      tenantName: names.get(`t:${v.tenantId}:${v.tenantId}`) ?? '',
      roleName: label(v, 'r', v.roleId),
      deptName: label(v, 'd', v.deptId),
      postName: label(v, 'p', v.postId),
    }));
  }

  const one = async (u: UserRow) => (await labelled([toUserVO(u)]))[0]!;

  /** Claims acting in `tenantId` (administrators of 000000 only; others stay in their tenant). */
  const inTenant = (a: TokenClaims, tenantId: unknown): TokenClaims =>
    typeof tenantId === 'string' && tenantId && isPlatformAdmin(a) ? { ...a, tenant_id: tenantId } : a;

  async function assertTenant(code: string): Promise<typeof tenant.$inferSelect> {
    const [t] = await db
      .select()
      .from(tenant)
      .where(and(eq(tenant.tenantId, code), eq(tenant.isDeleted, 0)))
      .limit(1);
    if (!t || t.status !== 1) throw new BizError('租户信息错误');
    if (t.expireTime && t.expireTime.getTime() < Date.now())
      throw new BizError('租户授权已过期,请联系管理员');
    return t;
  }

  async function assertQuota(t: typeof tenant.$inferSelect): Promise<void> {
    if (t.accountNumber < 0) return;
    const [row] = await db
      .select({ n: count() })
      .from(user)
      .where(and(eq(user.tenantId, t.tenantId), eq(user.isDeleted, 0)));
    if (Number(row?.n ?? 0) >= t.accountNumber) throw new BizError(QUOTA_MSG);
  }

  async function assertAccountFree(tenantId: string, account: string, exceptId?: bigint) {
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
  async function assertRefs(
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

  async function paramOf(tenantId: string, key: string): Promise<string | undefined> {
    const [p] = await db
      .select({ v: param.paramValue })
      .from(param)
      .where(and(eq(param.tenantId, tenantId), eq(param.paramKey, key), eq(param.isDeleted, 0)))
      .limit(1);
    return p?.v;
  }

  /** submit (create or update) and update: an administrator's write of a whole user. */
  async function save(req: FastifyRequest, mode: 'submit' | 'update') {
    const a = caller(req);
    requireAdmin(a);
    const b = bodyOf(req);
    const creating = mode === 'submit' && !b.id;
    const ctx = creating ? inTenant(a, b.tenantId) : a;
    const existing = creating ? undefined : await m.findOwn(ctx, parseId(b.id as string));
    const t = await assertTenant(ctx.tenant_id);
    await assertAccountFree(ctx.tenant_id, b.account as string, existing?.id);
    await assertRefs(ctx.tenant_id, b.roleId, role, '所选角色不存在');
    await assertRefs(ctx.tenant_id, b.deptId, dept, '所选部门不存在');
    await assertRefs(ctx.tenant_id, b.postId, post, '所选岗位不存在');
    if (creating) {
      if (typeof b.password !== 'string' || !b.password) throw new BizError('请输入密码');
      await assertQuota(t);
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

  /** Live users of the caller's tenant among `ids`. */
  const ownUsers = (a: TokenClaims, ids: bigint[]) =>
    ids.length === 0
      ? Promise.resolve([] as UserRow[])
      : db
          .select()
          .from(user)
          .where(and(m.scope(a), inArray(user.id, ids)));

  const me = async (a: TokenClaims) => m.findOwn(a, parseId(a.user_id));

  /** A new account waiting for an administrator (status 0, no role, department or post). */
  async function createPending(tenantId: string, b: Body) {
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

  async function registrationOpen(t: typeof tenant.$inferSelect) {
    if ((await paramOf(t.tenantId, 'account.registerUser'))?.trim() !== 'true') {
      throw new BizError(REGISTER_CLOSED_MSG);
    }
  }

  return {
    async userPage(req: FastifyRequest) {
      const a = caller(req);
      requireAdmin(a);
      const q = req.query as Record<string, unknown> & { deptId?: string; tenantId?: string };
      const ctx = inTenant(a, q.tenantId);
      const extra: SQL[] = [];
      const deptId = parseId(q.deptId);
      if (q.deptId) {
        // the department and every descendant (ancestors holds the path of ids)
        const depts =
          deptId === undefined
            ? []
            : await db
                .select({ id: dept.id })
                .from(dept)
                .where(
                  and(
                    eq(dept.tenantId, ctx.tenant_id),
                    eq(dept.isDeleted, 0),
                    sql`(${dept.id} = ${deptId} or (',' || ${dept.ancestors} || ',') like ${`%,${deptId},%`})`,
                  ),
                );
        extra.push(
          depts.length === 0
            ? sql`false`
            : sql`string_to_array(${user.deptId}, ',') && array[${sql.join(
                depts.map((d) => sql`${d.id.toString()}`),
                sql`, `,
              )}]::text[]`,
        );
      }
      const { tenantId: _t, deptId: _d, ...rest } = q;
      const page = await m.page(ctx, rest, extra);
      return ok({ ...page, records: await labelled(page.records as UserVO[]) });
    },

    async userDetail(req: FastifyRequest) {
      const a = caller(req);
      requireAdmin(a);
      return ok(await one(await m.findOwn(a, parseId((req.query as { id: string }).id))));
    },

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

    async userInfo(req: FastifyRequest) {
      return ok(await one(await me(caller(req))));
    },

    userSubmit: (req: FastifyRequest) => save(req, 'submit'),
    userUpdate: (req: FastifyRequest) => save(req, 'update'),

    async userRemove(req: FastifyRequest) {
      const a = caller(req);
      requireAdmin(a);
      const ids = parseIds((req.query as { ids: string }).ids);
      if (ids.some((i) => i.toString() === a.user_id)) throw new BizError(SELF_REMOVE_MSG);
      const own = (await ownUsers(a, ids)).map((u) => u.id);
      if (own.length === 0) return ok({});
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

    /** Sets the roles; a pending account (status 0) is approved by getting its roles. */
    async userGrant(req: FastifyRequest) {
      const a = caller(req);
      requireAdmin(a);
      const q = req.query as { userIds: string; roleIds: string };
      const roleIds = parseIds(q.roleIds);
      if (roleIds.length === 0) throw new BizError('请选择角色');
      await assertRefs(a.tenant_id, q.roleIds, role, '所选角色不存在');
      const own = (await ownUsers(a, parseIds(q.userIds))).map((u) => u.id);
      if (own.length === 0) return ok({});
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

    async userResetPassword(req: FastifyRequest) {
      const a = caller(req);
      requireAdmin(a);
      const own = (await ownUsers(a, parseIds((req.query as { userIds: string }).userIds))).map((u) => u.id);
      if (own.length === 0) return ok({});
      const init = (await paramOf(a.tenant_id, 'account.initPassword')) || '123456';
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

    /** Clears the failed-login counters (and the token-endpoint counters) of the listed users. */
    async userUnlock(req: FastifyRequest) {
      const a = caller(req);
      requireAdmin(a);
      const own = await ownUsers(a, parseIds((req.query as { userIds: string }).userIds));
      for (const u of own) {
        await db
          .delete(loginFailure)
          .where(and(eq(loginFailure.tenantId, u.tenantId), eq(loginFailure.account, u.account)));
        await limiter.reset(u.tenantId, u.account);
      }
      return ok({});
    },

    /** Self sign-up (tokenless): a pending account, when the tenant's `account.registerUser` is `true`. */
    async userRegister(req: FastifyRequest, reply: FastifyReply) {
      const b = bodyOf(req) as Body & { tenantId: string; account: string };
      if (!(await limiter.hit(`register:${addressBucket(req.ip)}`, limiter.limits.perAddress))) {
        reply.header('retry-after', String(limiter.retryAfter()));
        throw new BizError('注册过于频繁,请稍后再试');
      }
      const t = await assertTenant(b.tenantId);
      await registrationOpen(t);
      await assertAccountFree(t.tenantId, b.account);
      await assertQuota(t);
      try {
        await createPending(t.tenantId, b);
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
      const t = await assertTenant(q.tenantId);
      await registrationOpen(t);
      const [binding] = await db
        .select()
        .from(userOauth)
        .where(and(eq(userOauth.id, oauthId), eq(userOauth.tenantId, t.tenantId), isNull(userOauth.userId)))
        .limit(1);
      if (!binding) throw new BizError('第三方账号已绑定或不存在');
      await assertAccountFree(t.tenantId, q.account);
      await assertQuota(t);
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
