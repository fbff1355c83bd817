/**
 * The refresh token out of script reach (contract: `Smart-Refresh` header of `oauth/token` and `oauth/token/refresh`).
 *
 * A client that sends `Smart-Refresh: cookie` gets its refresh token as an HttpOnly, SameSite=Strict cookie instead
 * of in the answer, whose `refresh_token` is then empty: a script injected into the console can steal neither it
 * from storage nor it from the answer. The refresh grant reads the cookie when the request names no token, and
 * sets the rotated one; logout clears it. Clients that do not ask (other stacks, scripts, contract-check) get the
 * token in the answer as the legacy platform gives it.
 *
 * The cookie's path is the `oauth` folder of the path the call came to (`/api/smart-auth/oauth`): the token,
 * refresh and logout calls carry it, no other request does.
 */
// the cookie plugin (registered in app.ts) adds `req.cookies`, `reply.setCookie` and `reply.clearCookie`
import type {} from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { overTls } from '../../../http/security-headers';
import { header } from './oauth-common';

export const REFRESH_COOKIE = 'smart-refresh-token';

/** Whether the call asked for the refresh token as a cookie. */
export const wantsRefreshCookie = (req: FastifyRequest): boolean =>
  header(req, 'smart-refresh').toLowerCase() === 'cookie';

/** The refresh token the call's cookie carries, if any. */
export const refreshCookieOf = (req: FastifyRequest): string | undefined =>
  req.cookies[REFRESH_COOKIE] || undefined;

function cookieOptions(req: FastifyRequest) {
  const path = req.url.split('?')[0] ?? '';
  const at = path.indexOf('/oauth/');
  return {
    path: at >= 0 ? path.slice(0, at + '/oauth'.length) : '/',
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: overTls(req),
  };
}

/**
 * The answer of a grant as the call asked for it: unchanged, or with the refresh token moved into the cookie
 * (kept for the refresh token's own lifetime, `maxAgeSeconds`).
 */
export function deliverTokens<T extends { refresh_token: string }>(
  req: FastifyRequest,
  reply: FastifyReply,
  result: T,
  maxAgeSeconds: number,
): T {
  if (!wantsRefreshCookie(req)) return result;
  reply.setCookie(REFRESH_COOKIE, result.refresh_token, { ...cookieOptions(req), maxAge: maxAgeSeconds });
  // the answer carries a token: no cache may keep it (RFC 6749 §5.1)
  reply.header('cache-control', 'no-store');
  return { ...result, refresh_token: '' };
}

/** Ends the cookie (logout, or a refresh the cookie's token failed). */
export function clearRefreshCookie(req: FastifyRequest, reply: FastifyReply): void {
  if (refreshCookieOf(req)) reply.clearCookie(REFRESH_COOKIE, cookieOptions(req));
}
