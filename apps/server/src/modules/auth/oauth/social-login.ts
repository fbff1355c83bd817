/**
 * Social logins: `oauth/render` starts one with a fresh `state` for the provider's authorize page; the social grant
 * takes the code of the provider's redirect, records the third-party account of the tenant, and answers the bound
 * user's token or a guest's (user id 0, role `guest`) whose `oauth_id` register-guest binds to a new account.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { GUEST_ROLE, type ClientRow } from '../../../auth/security';
import type { SocialProfile, SocialProvider } from '../../../auth/social';
import { LICENSE, type IdentityClaims } from '../../../auth/tokens';
import type { Db } from '../../../db/index';
import { authTicket, user, userOauth } from '../../../db/schema';
import { BizError, OAuthError, nextId, ok } from '../../../util';
import { assertActive, checkTenant, tenantOf, type TokenQuery } from './oauth-common';
import type { TokenIssuer } from './token-issue';

/** How long the `state` of `oauth/render` waits for the provider's redirect. */
const SOCIAL_STATE_TTL_MS = 10 * 60 * 1000;

async function consumeState(db: Db, state: string, source: string): Promise<boolean> {
  const [row] = await db
    .delete(authTicket)
    .where(eq(authTicket.key, `social:${state}`))
    .returning();
  return !!row && row.kind === 'social' && row.secret === source && row.expiresAt.getTime() > Date.now();
}

/** Records (or refreshes) the third-party account of the tenant; returns its binding row. */
async function bindingOf(db: Db, tenantCode: string, source: string, p: SocialProfile) {
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
export function socialGrant(db: Db, providers: Map<string, SocialProvider>, issuer: TokenIssuer) {
  const { detailOf, issue, issueIdentity } = issuer;
  return async function grant(req: FastifyRequest, q: TokenQuery, c: ClientRow) {
    if (!q.source || !q.code) throw new OAuthError(400, 'invalid_request', '缺少第三方登录参数');
    const provider = providers.get(q.source);
    if (!provider) throw new OAuthError(400, 'access_denied', '未开启该第三方登录');
    const tenantCode = tenantOf(req, q);
    await checkTenant(db, tenantCode);
    if (!q.state || !(await consumeState(db, q.state, q.source))) {
      throw new OAuthError(400, 'access_denied', '第三方登录已过期,请重新登录');
    }
    let profile: SocialProfile;
    try {
      profile = await provider.profile(q.code);
    } catch (e) {
      req.log.warn({ err: e, source: q.source }, 'social login refused by the provider');
      throw new OAuthError(400, 'access_denied', '第三方登录失败,请重试');
    }
    const binding = await bindingOf(db, tenantCode, q.source, profile);
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
  };
}

export function socialHandlers(db: Db, providers: Map<string, SocialProvider>) {
  return {
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
  };
}
