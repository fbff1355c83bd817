/**
 * Issuing tokens: the identity a token carries (roles and departments of the user, narrowed by the `Role-Id` /
 * `Dept-Id` headers), the signed access and refresh pair, the recorded refresh token, and the raw OAuth2 answer.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { ClientRow } from '../../../auth/security';
import { LICENSE, type IdentityClaims, type Tokens } from '../../../auth/tokens';
import type { Db } from '../../../db/index';
import { refreshToken, role } from '../../../db/schema';
import { OAuthError, formatDateTime, parseId } from '../../../util';
import { header, type UserRow } from './oauth-common';

const splitIds = (s: string) =>
  s
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);

/** The account facts of the answer (a guest of a social login has none: zeros). */
export type Account = Pick<UserRow, 'id' | 'tenantId' | 'power' | 'expireTime' | 'balance' | 'authCode'>;

export type TokenIssuer = ReturnType<typeof tokenIssuer>;
export type TokenResult = Awaited<ReturnType<TokenIssuer['issue']>>;

export function tokenIssuer(db: Db, tokens: Tokens) {
  function detailOf(req: FastifyRequest) {
    const userType = header(req, 'user-type').toLowerCase();
    return { type: userType === 'app' || userType === 'other' ? userType : 'web' };
  }

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

  /** Signs the pair, records the refresh token, and builds the raw OAuth2 answer (every TokenResult field). */
  async function issue(u: UserRow, c: ClientRow, req: FastifyRequest, family: string, oauthId = '') {
    return issueIdentity(u, await identityOf(u, c, req, family, oauthId), c);
  }

  return { detailOf, issue, issueIdentity };
}
