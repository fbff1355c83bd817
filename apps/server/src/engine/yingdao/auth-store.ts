/**
 * The access token cached on a tenant's `yingdao_auth` row (src/db/schema-yingdao.ts: `access_token`, sealed like the
 * secrets with src/kernel/secret-box.ts, and `token_expire_time`), so every instance reuses one token instead of
 * creating one each (§3.1 "Token"). The row's key is checked on every read and write: the console's yingdao-auth
 * module drops the cached token when the key changes, and a token created for the old key must not come back.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/index';
import { yingdaoAuth } from '../../db/schema';
import { SecretBox } from '../../kernel/secret-box';
import { YingdaoClient, type YingdaoClientOptions } from './client';
import type { TokenStore } from './token-store';
import { YingdaoError } from './types';

/** The key name the yingdao-auth module seals the row's secrets under (src/modules/system/yingdao-auth). */
const BOX_KEY = 'yingdao_auth_aes256';

/** The columns of a `yingdao_auth` row that identify the key a token belongs to. */
export interface YingdaoAuthKey {
  id: bigint;
  apiBaseUrl: string;
  accessKeyId: string;
}

const sameKey = (k: YingdaoAuthKey) =>
  and(
    eq(yingdaoAuth.id, k.id),
    eq(yingdaoAuth.isDeleted, 0),
    eq(yingdaoAuth.apiBaseUrl, k.apiBaseUrl),
    eq(yingdaoAuth.accessKeyId, k.accessKeyId),
  );

/** A TokenStore on one `yingdao_auth` row; a token that no longer opens (another box key) counts as none. */
export function yingdaoAuthTokenStore(
  db: Db,
  key: YingdaoAuthKey,
  box = new SecretBox(db, BOX_KEY),
): TokenStore {
  return {
    async get() {
      const [row] = await db
        .select({ token: yingdaoAuth.accessToken, expiresAt: yingdaoAuth.tokenExpireTime })
        .from(yingdaoAuth)
        .where(sameKey(key));
      if (!row || row.token === '' || !row.expiresAt) return undefined;
      const token = await box.open(row.token).catch(() => '');
      return token === '' ? undefined : { token, expiresAt: row.expiresAt };
    },
    async set(token, expiresAt) {
      // no update_time: caching a token is not an edit of the credential
      await db
        .update(yingdaoAuth)
        .set({ accessToken: await box.seal(token), tokenExpireTime: expiresAt })
        .where(sameKey(key));
    },
  };
}

/** The row as read from `smart_yingdao_auth` (the secret still sealed). */
export type YingdaoAuthRow = typeof yingdaoAuth.$inferSelect;

/**
 * A client for a tenant's credential row: opens the sealed secret and caches tokens on the row. `options` adds the
 * transport settings (timeouts, back-off; tests' sleep and fetch).
 */
export async function yingdaoClientForAuth(
  db: Db,
  row: YingdaoAuthRow,
  options: Partial<
    Omit<YingdaoClientOptions, 'baseUrl' | 'accessKeyId' | 'accessKeySecret' | 'tokenStore'>
  > = {},
): Promise<YingdaoClient> {
  const box = new SecretBox(db, BOX_KEY);
  const accessKeySecret = await box.open(row.accessKeySecret).catch(() => {
    // sealed under another box key or written by hand: the console's form replaces it (yingdao-auth.module.ts)
    throw new YingdaoError({
      code: 400,
      httpStatus: 0,
      msg: '影刀授权的AccessKeySecret无法解密,请在授权配置中重新填写',
      retriable: false,
      kind: 'input',
    });
  });
  return new YingdaoClient({
    ...options,
    baseUrl: row.apiBaseUrl,
    accessKeyId: row.accessKeyId,
    accessKeySecret,
    tokenStore: yingdaoAuthTokenStore(db, row, box),
  });
}
