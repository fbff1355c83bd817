import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { verifyPassword } from '../auth/password';
import type { ClientRow } from '../auth/security';
import { LICENSE, type IdentityClaims, type Tokens } from '../auth/tokens';
import type { Db } from '../db/index';
import { loginFailure, param, refreshToken, revokedAccess, role, tenant, user } from '../db/schema';
import { ADMIN_TENANT } from '../db/seed-data';
import { AuthError, OAuthError, formatDateTime, ok, parseId } from '../util';

type UserRow = typeof user.$inferSelect;

interface TokenQuery {
  grant_type: 'password' | 'refresh_token' | 'captcha' | 'social';
  username?: string;
  password?: string;
  refresh_token?: string;
  tenantId?: string;
  tenant_id?: string;
}

const header = (req: FastifyRequest, name: string): string => {
  const v = req.headers[name];
  return (Array.isArray(v) ? v[0] : v)?.trim() ?? '';
};

const splitIds = (s: string) =>
  s
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);

const LOCK_WINDOW_MS = 30 * 60 * 1000;

export function authHandlers(db: Db, tokens: Tokens) {
  /** Roles (live, same tenant) and departments of the user, narrowed by Role-Id / Dept-Id when they are the user's. */
  async function identityOf(
    u: UserRow,
    c: ClientRow,
    req: FastifyRequest,
    sid: string,
  ): Promise<IdentityClaims> {
    let roleIds = splitIds(u.roleId);
    let deptIds = splitIds(u.deptId);
    const wantRole = header(req, 'role-id');
    const wantDept = header(req, 'dept-id');
    if (wantRole && roleIds.includes(wantRole)) roleIds = [wantRole];
    if (wantDept && deptIds.includes(wantDept)) deptIds = [wantDept];
    const ids = roleIds.map((r) => parseId(r)).filter((r): r is bigint => r !== undefined);
    const roles =
      ids.length === 0
        ? []
        : await db
            .select({ id: role.id, alias: role.roleAlias })
            .from(role)
            .where(and(inArray(role.id, ids), eq(role.tenantId, u.tenantId), eq(role.isDeleted, 0)));
    if (roles.length === 0) throw new OAuthError(400, 'access_denied', '未获得用户的角色信息');
    // keep the user's order
    roles.sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id));
    const userType = header(req, 'user-type').toLowerCase();
    return {
      sid,
      client_id: c.clientId,
      user_id: u.id.toString(),
      tenant_id: u.tenantId,
      dept_id: deptIds.join(','),
      post_id: u.postId,
      role_id: roles.map((r) => r.id.toString()).join(','),
      oauth_id: '',
      account: u.account,
      user_name: u.account,
      nick_name: u.name,
      real_name: u.realName,
      role_name: roles.map((r) => r.alias).join(','),
      avatar: u.avatar,
      authorities: roles.map((r) => r.alias),
      scope: ['all'],
      detail: { type: userType === 'app' || userType === 'other' ? userType : 'web' },
      license: LICENSE,
    };
  }

  /** Signs the pair, records the refresh token, and builds the raw OAuth2 answer (every TokenResult field). */
  async function issue(u: UserRow, c: ClientRow, req: FastifyRequest, family: string) {
    const identity = await identityOf(u, c, req, family);
    const access = await tokens.sign(identity, 'access_token', c.accessTokenValidity);
    const refresh = await tokens.sign(identity, 'refresh_token', c.refreshTokenValidity);
    await db.insert(refreshToken).values({
      jti: refresh.jti,
      userId: u.id,
      tenantId: u.tenantId,
      clientId: c.clientId,
      family,
      expiresAt: new Date(refresh.exp * 1000),
    });
    return {
      access_token: access.token,
      token_type: 'bearer',
      refresh_token: refresh.token,
      expires_in: c.accessTokenValidity,
      scope: 'all',
      tenant_id: identity.tenant_id,
      user_id: identity.user_id,
      dept_id: identity.dept_id,
      post_id: identity.post_id,
      role_id: identity.role_id,
      oauth_id: identity.oauth_id,
      account: identity.account,
      user_name: identity.user_name,
      nick_name: identity.nick_name,
      real_name: identity.real_name,
      role_name: identity.role_name,
      avatar: identity.avatar,
      client_id: identity.client_id,
      power: u.power,
      expireTime: formatDateTime(u.expireTime),
      balance: Number(u.balance),
      authCode: u.authCode,
      detail: identity.detail,
      license: LICENSE,
      jti: access.jti,
    };
  }

  async function checkTenant(tenantCode: string) {
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

  async function failLimit(tenantCode: string): Promise<number> {
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

  async function passwordGrant(req: FastifyRequest, q: TokenQuery, c: ClientRow) {
    if (!q.username || !q.password) throw new OAuthError(400, 'invalid_request', '请输入用户名和密码');
    const tenantCode = header(req, 'tenant-id') || q.tenant_id || q.tenantId || ADMIN_TENANT;
    await checkTenant(tenantCode);

    // lock-out: failures within 30 minutes reaching account.failCount
    const [fails] = await db
      .select()
      .from(loginFailure)
      .where(and(eq(loginFailure.tenantId, tenantCode), eq(loginFailure.account, q.username)));
    const fresh = fails && Date.now() - fails.firstAt.getTime() < LOCK_WINDOW_MS;
    if (fresh && fails.count >= (await failLimit(tenantCode))) {
      throw new OAuthError(400, 'access_denied', '登录错误次数过多,请稍后再试');
    }

    const [u] = await db
      .select()
      .from(user)
      .where(and(eq(user.tenantId, tenantCode), eq(user.account, q.username), eq(user.isDeleted, 0)))
      .limit(1);
    const good = await verifyPassword(u?.password, q.password);
    if (!u || !good || u.status !== 1) {
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
    if (fails) {
      await db
        .delete(loginFailure)
        .where(and(eq(loginFailure.tenantId, tenantCode), eq(loginFailure.account, q.username)));
    }
    return issue(u, c, req, randomUUID());
  }

  async function refreshGrant(req: FastifyRequest, q: TokenQuery, c: ClientRow) {
    if (!q.refresh_token) throw new OAuthError(400, 'invalid_request', '缺少刷新令牌');
    const claims = await tokens.verify(q.refresh_token, 'refresh_token');
    const invalid = () => new OAuthError(401, 'invalid_token', '刷新令牌无效或已过期');
    if (!claims || claims.client_id !== c.clientId) throw invalid();
    const now = new Date();
    // single use: exactly one concurrent refresh can flip used_at
    const consumed = await db
      .update(refreshToken)
      .set({ usedAt: now })
      .where(
        and(
          eq(refreshToken.jti, claims.jti),
          isNull(refreshToken.usedAt),
          isNull(refreshToken.revokedAt),
          sql`${refreshToken.expiresAt} > ${now}`,
        ),
      )
      .returning();
    const row = consumed[0];
    if (!row) {
      // replay long after use looks like theft: end the whole login session. Replays within a short grace window
      // (two tabs refreshing at once) are only refused.
      const [old] = await db.select().from(refreshToken).where(eq(refreshToken.jti, claims.jti));
      if (old?.usedAt && now.getTime() - old.usedAt.getTime() > 60_000) {
        await db
          .update(refreshToken)
          .set({ revokedAt: now })
          .where(and(eq(refreshToken.family, old.family), isNull(refreshToken.revokedAt)));
      }
      throw invalid();
    }
    const [u] = await db
      .select()
      .from(user)
      .where(and(eq(user.id, row.userId), eq(user.tenantId, row.tenantId), eq(user.isDeleted, 0)))
      .limit(1);
    if (!u || u.status !== 1) throw invalid();
    await checkTenant(u.tenantId);
    return issue(u, c, req, row.family);
  }

  return {
    async oauthToken(req: FastifyRequest) {
      const q = req.query as TokenQuery;
      const c = req.client;
      if (!c) throw new AuthError();
      const grants = c.authorizedGrantTypes.split(',').map((g) => g.trim());
      if (!grants.includes(q.grant_type))
        throw new OAuthError(400, 'unauthorized_client', '客户端不支持该授权类型');
      if (q.grant_type === 'password') return passwordGrant(req, q, c);
      if (q.grant_type === 'refresh_token') return refreshGrant(req, q, c);
      // captcha and social are in the contract; this server does not offer them yet.
      throw new OAuthError(400, 'unsupported_grant_type', '暂不支持该授权类型');
    },

    async oauthTokenRefresh(req: FastifyRequest) {
      const q = req.query as TokenQuery;
      const c = req.client;
      if (!c) throw new AuthError();
      if (q.grant_type !== 'refresh_token')
        throw new OAuthError(400, 'unsupported_grant_type', '仅支持 refresh_token');
      return refreshGrant(req, q, c);
    },

    async oauthLogout(req: FastifyRequest, reply: FastifyReply) {
      const a = req.auth;
      if (!a) throw new AuthError();
      const now = new Date();
      await db.transaction(async (tx) => {
        await tx
          .insert(revokedAccess)
          .values({ jti: a.jti, expiresAt: new Date(a.exp * 1000) })
          .onConflictDoNothing();
        await tx
          .update(refreshToken)
          .set({ revokedAt: now })
          .where(and(eq(refreshToken.family, a.sid), isNull(refreshToken.revokedAt)));
        // housekeeping: expired rows can no longer matter
        await tx.delete(revokedAccess).where(lt(revokedAccess.expiresAt, now));
        await tx.delete(refreshToken).where(lt(refreshToken.expiresAt, now));
      });
      reply.header('cache-control', 'no-store');
      return { success: 'true', msg: 'success' };
    },

    async oauthUserInfo(req: FastifyRequest) {
      const a = req.auth;
      if (!a) throw new AuthError();
      const id = parseId(a.user_id);
      const [u] = id
        ? await db
            .select()
            .from(user)
            .where(and(eq(user.id, id), eq(user.tenantId, a.tenant_id), eq(user.isDeleted, 0)))
            .limit(1)
        : [];
      if (!u) throw new AuthError();
      return ok({
        userId: u.id.toString(),
        tenantId: u.tenantId,
        account: u.account,
        userName: u.name || u.account,
        nickName: u.name,
        avatar: u.avatar,
        roleName: a.role_name,
        expireTime: formatDateTime(u.expireTime),
        power: u.power,
        balance: Number(u.balance),
      });
    },
  };
}
