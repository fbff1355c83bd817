/**
 * The token endpoint (`oauth/token`, raw OAuth2 JSON): the client's allowed grant types, the attempt limits of the
 * credential grants, and the dispatch to the grant; `oauth/token/refresh` takes the refresh grant only.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ClientRow } from '../../../auth/security';
import { accountBucket, addressBucket, type RateLimiter } from '../../../auth/rate-limit';
import { AuthError, OAuthError } from '../../../util';
import { RATE_MSG, tenantOf, type Grant, type TokenQuery } from './oauth-common';
import { clearRefreshCookie, deliverTokens } from './refresh-cookie';
import type { TokenResult } from './token-issue';

export interface Grants {
  password: Grant<TokenResult>;
  captcha: Grant<TokenResult>;
  social: Grant<TokenResult>;
  refresh: Grant<TokenResult>;
}

export function tokenEndpointHandlers(limiter: RateLimiter, grants: Grants) {
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

  /** The refresh grant; a refused token that came in the cookie also ends the cookie. */
  async function refresh(req: FastifyRequest, reply: FastifyReply, q: TokenQuery, c: ClientRow) {
    try {
      return await grants.refresh(req, q, c);
    } catch (e) {
      if (!q.refresh_token && e instanceof OAuthError && e.statusCode === 401) clearRefreshCookie(req, reply);
      throw e;
    }
  }

  return {
    async oauthToken(req: FastifyRequest, reply: FastifyReply) {
      const q = req.query as TokenQuery;
      const c = req.client;
      if (!c) throw new AuthError();
      const allowedGrants = c.authorizedGrantTypes.split(',').map((g) => g.trim());
      if (!allowedGrants.includes(q.grant_type))
        throw new OAuthError(400, 'unauthorized_client', '客户端不支持该授权类型');
      if (q.grant_type === 'refresh_token') {
        return deliverTokens(req, reply, await refresh(req, reply, q, c), c.refreshTokenValidity);
      }
      const used = await throttle(req, reply, q);
      const grant =
        q.grant_type === 'password'
          ? grants.password
          : q.grant_type === 'captcha'
            ? grants.captcha
            : grants.social;
      const result = await grant(req, q, c);
      await limiter.refund(used);
      return deliverTokens(req, reply, result, c.refreshTokenValidity);
    },

    async oauthTokenRefresh(req: FastifyRequest, reply: FastifyReply) {
      const q = req.query as TokenQuery;
      const c = req.client;
      if (!c) throw new AuthError();
      if (q.grant_type !== 'refresh_token')
        throw new OAuthError(400, 'unsupported_grant_type', '仅支持 refresh_token');
      return deliverTokens(req, reply, await refresh(req, reply, q, c), c.refreshTokenValidity);
    },
  };
}
