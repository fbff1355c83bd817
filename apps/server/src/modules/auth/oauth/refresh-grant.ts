/**
 * The refresh grant, with rotation (docs/architecture.md §5): a refresh token is single use; its successor keeps the
 * login session (the token family), and a replay long after use ends the whole session.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { ClientRow } from '../../../auth/security';
import type { Tokens } from '../../../auth/tokens';
import type { Db } from '../../../db/index';
import { refreshToken, user } from '../../../db/schema';
import { OAuthError } from '../../../util';
import { checkTenant, type TokenQuery } from './oauth-common';
import { refreshCookieOf } from './refresh-cookie';
import type { TokenIssuer } from './token-issue';

export function refreshGrant(db: Db, tokens: Tokens, { issue }: TokenIssuer) {
  return async function grant(req: FastifyRequest, q: TokenQuery, c: ClientRow) {
    // the token the call names, else the one its cookie carries (./refresh-cookie.ts)
    const presented = q.refresh_token || refreshCookieOf(req);
    if (!presented) throw new OAuthError(400, 'invalid_request', '缺少刷新令牌');
    const claims = await tokens.verify(presented, 'refresh_token');
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
    await checkTenant(db, u.tenantId);
    return issue(u, c, req, row.family);
  };
}
