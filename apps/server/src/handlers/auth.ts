import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CaptchaStore } from '../auth/captcha';
import { verifyPassword } from '../auth/password';
import { RateLimiter, accountBucket, addressBucket } from '../auth/rate-limit';
import { GUEST_ROLE, clearAuthCaches, type ClientRow } from '../auth/security';
import { socialProvidersFromEnv, type SocialProfile, type SocialProvider } from '../auth/social';
import { LICENSE, type IdentityClaims, type Tokens } from '../auth/tokens';
import type { Db } from '../db/index';
import {
  authTicket,
  loginFailure,
  param,
  refreshToken,
  revokedAccess,
  role,
  tenant,
  user,
  userOauth,
  logError,
} from '../db/schema';
import { ADMIN_TENANT } from '../db/seed-data';

/** One entry of the console's error log (contract `ErrorLogEntry`). */
interface ErrorLogEntry {
  type: string;
  message: string;
  stack?: string;
  info?: string;
  url: string;
  time: string;
}
import { AuthError, BizError, OAuthError, formatDateTime, nextId, ok, parseId } from '../util';

type UserRow = typeof user.$inferSelect;

interface TokenQuery {
  grant_type: 'password' | 'refresh_token' | 'captcha' | 'social';
  username?: string;
  password?: string;
  refresh_token?: string;
  tenantId?: string;
  tenant_id?: string;
  source?: string;
  code?: string;
  state?: string;
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
/** How long the `state` of `oauth/render` waits for the provider's redirect. */
const SOCIAL_STATE_TTL_MS = 10 * 60 * 1000;

export const PENDING_MSG = '账号正在等待管理员审核,审核通过后方可登录';
export const DISABLED_MSG = '账号已被停用,请联系管理员';
export const CAPTCHA_MSG = '验证码不正确';
export const RATE_MSG = '登录尝试过于频繁,请稍后再试';

/** Refuses a user who may not log in yet: pending approval (status 0) or disabled. */
function assertActive(u: UserRow): void {
  if (u.status === 0) throw new OAuthError(400, 'access_denied', PENDING_MSG);
  if (u.status !== 1) throw new OAuthError(400, 'access_denied', DISABLED_MSG);
}

export interface AuthOptions {
  captcha?: CaptchaStore;
  limiter?: RateLimiter;
  /** Social providers by source (default: `SOCIAL_PROVIDERS`). */
  social?: Map<string, SocialProvider>;
}

export function authHandlers(db: Db, tokens: Tokens, opts: AuthOptions = {}) {
  const captcha = opts.captcha ?? new CaptchaStore(db);
  const limiter = opts.limiter ?? new RateLimiter(db);
  const providers = opts.social ?? socialProvidersFromEnv();

  /** Roles (live, same tenant) and departments of the user, narrowed by Role-Id / Dept-Id when they are the user's. */
  async function identityOf(
    u: UserRow,
    c: ClientRow,
    req: FastifyRequest,
    sid: string,
    oauthId = '',
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
    return {
      sid,
      client_id: c.clientId,
      user_id: u.id.toString(),
      tenant_id: u.tenantId,
      dept_id: deptIds.join(','),
      post_id: u.postId,
      role_id: roles.map((r) => r.id.toString()).join(','),
      oauth_id: oauthId,
      account: u.account,
      user_name: u.account,
      nick_name: u.name,
      real_name: u.realName,
      role_name: roles.map((r) => r.alias).join(','),
      avatar: u.avatar,
      authorities: roles.map((r) => r.alias),
      scope: ['all'],
      detail: detailOf(req),
      license: LICENSE,
    };
  }

  function detailOf(req: FastifyRequest) {
    const userType = header(req, 'user-type').toLowerCase();
    return { type: userType === 'app' || userType === 'other' ? userType : 'web' };
  }

  type Account = Pick<UserRow, 'id' | 'tenantId' | 'power' | 'expireTime' | 'balance' | 'authCode'>;

  /** Signs the pair, records the refresh token, and builds the raw OAuth2 answer (every TokenResult field). */
  async function issue(u: UserRow, c: ClientRow, req: FastifyRequest, family: string, oauthId = '') {
    return issueIdentity(u, await identityOf(u, c, req, family, oauthId), c);
  }

  async function issueIdentity(u: Account, identity: IdentityClaims, c: ClientRow) {
    const family = identity.sid;
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
  }

  const tenantOf = (req: FastifyRequest, q: TokenQuery) =>
    header(req, 'tenant-id') || q.tenant_id || q.tenantId || ADMIN_TENANT;

  /**
   * Per-address and per-account attempt limits of the credential grants (429 when over). Returns the buckets the
   * attempt used, to give back when it succeeds.
   */
  async function throttle(req: FastifyRequest, reply: FastifyReply, q: TokenQuery): Promise<string[]> {
    const { perAccount, perAddress } = limiter.limits;
    const used: string[] = [];
    const take = async (bucket: string, limit: number) => {
      if (limit <= 0) return true;
      used.push(bucket);
      return limiter.hit(bucket, limit);
    };
    let allowed = await take(addressBucket(req.ip), perAddress);
    if (allowed && q.username && (q.grant_type === 'password' || q.grant_type === 'captcha')) {
      allowed = await take(accountBucket(tenantOf(req, q), q.username), perAccount);
    }
    if (!allowed) {
      reply.header('retry-after', String(limiter.retryAfter()));
      throw new OAuthError(429, 'access_denied', RATE_MSG);
    }
    return used;
  }

  /** The password grant behind a captcha, checked (and consumed) first. */
  async function captchaGrant(req: FastifyRequest, q: TokenQuery, c: ClientRow) {
    const key = header(req, 'captcha-key');
    const code = header(req, 'captcha-code');
    if (!key || !code || !(await captcha.verify(key, code))) {
      throw new OAuthError(400, 'access_denied', CAPTCHA_MSG);
    }
    return passwordGrant(req, q, c);
  }

  async function consumeState(state: string, source: string): Promise<boolean> {
    const [row] = await db
      .delete(authTicket)
      .where(eq(authTicket.key, `social:${state}`))
      .returning();
    return !!row && row.kind === 'social' && row.secret === source && row.expiresAt.getTime() > Date.now();
  }

  /** Records (or refreshes) the third-party account of the tenant; returns its binding row. */
  async function bindingOf(tenantCode: string, source: string, p: SocialProfile) {
    const now = new Date();
    const profile = {
      username: p.username,
      nickname: p.nickname,
      avatar: p.avatar,
      email: p.email,
      blog: p.blog,
      company: p.company,
      location: p.location,
      gender: p.gender,
    };
    const [row] = await db
      .insert(userOauth)
      .values({ id: nextId(), tenantId: tenantCode, source, uuid: p.uuid, ...profile, createTime: now })
      .onConflictDoUpdate({
        target: [userOauth.tenantId, userOauth.source, userOauth.uuid],
        set: { ...profile, updateTime: now },
      })
      .returning();
    if (!row) throw new Error('binding upsert returned nothing');
    return row;
  }

  /**
   * Social grant: the code of the provider's redirect → the third-party profile → the bound user's token, or a
   * token for a transient guest (user id 0, role `guest`) whose `oauth_id` register-guest binds to a new account.
   */
  async function socialGrant(req: FastifyRequest, q: TokenQuery, c: ClientRow) {
    if (!q.source || !q.code) throw new OAuthError(400, 'invalid_request', '缺少第三方登录参数');
    const provider = providers.get(q.source);
    if (!provider) throw new OAuthError(400, 'access_denied', '未开启该第三方登录');
    const tenantCode = tenantOf(req, q);
    await checkTenant(tenantCode);
    if (!q.state || !(await consumeState(q.state, q.source))) {
      throw new OAuthError(400, 'access_denied', '第三方登录已过期,请重新登录');
    }
    let profile: SocialProfile;
    try {
      profile = await provider.profile(q.code);
    } catch (e) {
      req.log.warn({ err: e, source: q.source }, 'social login refused by the provider');
      throw new OAuthError(400, 'access_denied', '第三方登录失败,请重试');
    }
    const binding = await bindingOf(tenantCode, q.source, profile);
    const [u] = binding.userId
      ? await db
          .select()
          .from(user)
          .where(and(eq(user.id, binding.userId), eq(user.tenantId, tenantCode), eq(user.isDeleted, 0)))
          .limit(1)
      : [];
    const family = randomUUID();
    if (u) {
      assertActive(u);
      return issue(u, c, req, family, binding.id.toString());
    }
    const guest: IdentityClaims = {
      sid: family,
      client_id: c.clientId,
      user_id: '0',
      tenant_id: tenantCode,
      dept_id: '',
      post_id: '',
      role_id: '',
      oauth_id: binding.id.toString(),
      account: profile.username,
      user_name: profile.username,
      nick_name: profile.nickname || profile.username,
      real_name: '',
      role_name: GUEST_ROLE,
      avatar: profile.avatar,
      authorities: [GUEST_ROLE],
      scope: ['all'],
      detail: detailOf(req),
      license: LICENSE,
    };
    const account = { id: 0n, tenantId: tenantCode, power: 0, expireTime: null, balance: 0, authCode: '' };
    return issueIdentity(account, guest, c);
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
    async oauthToken(req: FastifyRequest, reply: FastifyReply) {
      const q = req.query as TokenQuery;
      const c = req.client;
      if (!c) throw new AuthError();
      const grants = c.authorizedGrantTypes.split(',').map((g) => g.trim());
      if (!grants.includes(q.grant_type))
        throw new OAuthError(400, 'unauthorized_client', '客户端不支持该授权类型');
      if (q.grant_type === 'refresh_token') return refreshGrant(req, q, c);
      const used = await throttle(req, reply, q);
      const grant =
        q.grant_type === 'password' ? passwordGrant : q.grant_type === 'captcha' ? captchaGrant : socialGrant;
      const result = await grant(req, q, c);
      await limiter.refund(used);
      return result;
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

    /**
     * The console's error log, sent by an operator: stored as error-log rows of the caller's tenant (service
     * `console`), listable with the server's own errors. The browser's time and the framework info go to params.
     */
    async oauthSendLogs(req: FastifyRequest) {
      const a = req.auth;
      if (!a) throw new AuthError();
      const entries = req.body as ErrorLogEntry[];
      const now = new Date();
      const cut = (v: string | undefined, n: number) => (v ?? '').slice(0, n);
      await db.insert(logError).values(
        entries.map((e) => ({
          id: nextId(),
          tenantId: a.tenant_id,
          serviceId: 'console',
          env: 'browser',
          remoteIp: req.ip ?? '',
          userAgent: cut(String(req.headers['user-agent'] ?? ''), 1000),
          requestUri: cut(e.url, 1000),
          method: 'GET',
          methodClass: 'console',
          methodName: cut(e.type, 255),
          params: new URLSearchParams({ time: e.time, info: e.info ?? '' }).toString(),
          createBy: cut(a.account, 64),
          createTime: now,
          stackTrace: e.stack ?? '',
          exceptionName: cut(e.type, 255),
          message: e.message,
        })),
      );
      return ok({});
    },

    /** A fresh captcha (raw JSON): the answer stays in the database, hashed, single use. */
    async oauthCaptcha(_req: FastifyRequest, reply: FastifyReply) {
      const { key, image } = await captcha.create();
      reply.header('cache-control', 'no-store');
      return { key, image };
    },

    /** Start of a social login: a fresh `state` for the provider's authorize page. */
    async oauthRender(req: FastifyRequest, reply: FastifyReply) {
      const { source } = req.params as { source: string };
      const provider = providers.get(source);
      if (!provider) throw new BizError('未开启该第三方登录');
      const state = randomUUID().replace(/-/g, '');
      await db.insert(authTicket).values({
        key: `social:${state}`,
        kind: 'social',
        secret: source,
        expiresAt: new Date(Date.now() + SOCIAL_STATE_TTL_MS),
      });
      const url = provider.authorizeUrl(state);
      reply.header('cache-control', 'no-store');
      if ((req.headers.accept ?? '').includes('application/json')) return ok({ url });
      return reply.redirect(url, 302);
    },

    /** Clears the in-process caches (the client cache); every other state lives in the database. */
    async oauthClearCache(req: FastifyRequest, reply: FastifyReply) {
      if (!req.auth) throw new AuthError();
      clearAuthCaches();
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
