/**
 * Where the client keeps its access token between calls (docs/automation-domain.md §3.1 "Token": Yingdao answers the
 * same token while it is valid, and asks callers to cache it rather than create one per call). The default keeps it
 * in memory; ./auth-store.ts keeps it, sealed, on the tenant's `yingdao_auth` row so every instance shares it.
 */

export interface CachedToken {
  token: string;
  /** When the client stops using the token (a margin before Yingdao's expiry; see client.ts). */
  expiresAt: Date;
}

export interface TokenStore {
  get(): Promise<CachedToken | undefined>;
  set(token: string, expiresAt: Date): Promise<void>;
}

export function memoryTokenStore(): TokenStore {
  let cached: CachedToken | undefined;
  return {
    get: async () => cached,
    set: async (token, expiresAt) => {
      cached = { token, expiresAt };
    },
  };
}
