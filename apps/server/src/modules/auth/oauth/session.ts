/** The caller's login session: logout (revocation), the in-process cache reset, and the user info of the token. */
import { and, eq, isNull, lt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { clearAuthCaches } from '../../../auth/security';
import type { Db } from '../../../db/index';
import { refreshToken, revokedAccess, user } from '../../../db/schema';
import { AuthError, formatDateTime, ok, parseId } from '../../../util';
import { clearRefreshCookie } from './refresh-cookie';

export function sessionHandlers(db: Db) {
  return {
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
      clearRefreshCookie(req, reply);
      reply.header('cache-control', 'no-store');
      return { success: 'true', msg: 'success' };
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
