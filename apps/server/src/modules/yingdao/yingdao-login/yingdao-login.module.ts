/**
 * `yingdao/login` (openapi/paths/smart-yingdao/yingdao.yaml): the "test connection" of Yingdao credentials —
 * stored ones (`authId`: the token, its expiry and the check's outcome are kept on that row) or ones typed in the
 * form before saving. Rejected credentials or an unreachable Yingdao answer 400 with Yingdao's message.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { caller } from '../../../crud/index';
import type { Db } from '../../../db/index';
import { yingdaoAuth } from '../../../db/schema';
import { memoryTokenStore, YingdaoClient, yingdaoClientForAuth } from '../../../engine/yingdao/index';
import { maskSecret } from '../../../kernel/entity-secrets';
import { BizError, formatDateTime, ok, parseId } from '../../../util';

const DEFAULT_BASE = 'https://api.yingdao.com';

interface Body {
  authId?: string;
  apiBaseUrl?: string;
  accessKeyId?: string;
  accessKeySecret?: string;
}

export function yingdaoLoginModule(db: Db) {
  return {
    async yingdaoLogin(req: FastifyRequest) {
      const a = caller(req);
      const b = req.body as Body;
      const now = new Date();
      if (b.authId) {
        const id = parseId(b.authId);
        const [row] = id
          ? await db
              .select()
              .from(yingdaoAuth)
              .where(
                and(
                  eq(yingdaoAuth.id, id),
                  eq(yingdaoAuth.tenantId, a.tenant_id),
                  eq(yingdaoAuth.isDeleted, 0),
                ),
              )
          : [];
        if (!row) throw new BizError('影刀授权不存在');
        const client = await yingdaoClientForAuth(db, row);
        const token = await client.accessToken().catch(async (e: unknown) => {
          await db
            .update(yingdaoAuth)
            .set({ lastCheckTime: now, lastCheckOk: 0 })
            .where(eq(yingdaoAuth.id, row.id));
          throw new BizError(`影刀登录失败: ${e instanceof Error ? e.message : String(e)}`);
        });
        await db
          .update(yingdaoAuth)
          .set({ lastCheckTime: now, lastCheckOk: 1 })
          .where(eq(yingdaoAuth.id, row.id));
        const [after] = await db
          .select({ expires: yingdaoAuth.tokenExpireTime })
          .from(yingdaoAuth)
          .where(eq(yingdaoAuth.id, row.id));
        return ok(answer(String(row.id), token, after?.expires ?? null, now));
      }
      if (!b.accessKeyId || !b.accessKeySecret) throw new BizError('请填写 AccessKey ID 和 AccessKey Secret');
      const store = memoryTokenStore();
      const client = new YingdaoClient({
        baseUrl: (b.apiBaseUrl || DEFAULT_BASE).replace(/\/+$/, ''),
        accessKeyId: b.accessKeyId,
        accessKeySecret: b.accessKeySecret,
        tokenStore: store,
      });
      const token = await client.accessToken().catch((e: unknown) => {
        throw new BizError(`影刀登录失败: ${e instanceof Error ? e.message : String(e)}`);
      });
      return ok(answer('', token, (await store.get())?.expiresAt ?? null, now));
    },
  };
}

function answer(authId: string, token: string, expires: Date | null, now: Date) {
  const expiresIn = expires
    ? Math.max(0, Math.min(86_400, Math.round((expires.getTime() - now.getTime()) / 1000)))
    : 0;
  return {
    authId,
    accessToken: maskSecret(token),
    expiresIn,
    tokenExpireTime: formatDateTime(expires ?? now),
    lastCheckTime: formatDateTime(now),
    lastCheckOk: 1,
  };
}
