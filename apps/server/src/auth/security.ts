import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { execRows, type Db } from '../db/index';
import { client, refreshToken, revokedAccess } from '../db/schema';
import { AuthError } from '../util';
import type { TokenClaims, Tokens } from './tokens';

export type ClientRow = typeof client.$inferSelect;

declare module 'fastify' {
  interface FastifyRequest {
    /** claims of the verified access token (smartAuth) */
    auth?: TokenClaims;
    /** the OAuth client of the Basic header (clientBasic) */
    client?: ClientRow;
  }
}

/** Parses `Authorization: Basic base64(id:secret)`. */
export function parseBasic(header: string | undefined): { id: string; secret: string } | undefined {
  if (!header) return undefined;
  const m = /^basic\s+([A-Za-z0-9+/=_-]+)\s*$/i.exec(header);
  if (!m?.[1]) return undefined;
  const decoded = Buffer.from(m[1], 'base64').toString('utf8');
  const i = decoded.indexOf(':');
  if (i <= 0) return undefined;
  return { id: decoded.slice(0, i), secret: decoded.slice(i + 1) };
}

/**
 * `Smart-Auth: bearer <jwt>` (prefix case-insensitive, optional; the contract's smartAuth scheme, `in: header`).
 * Never from the query string, which upstream also read: a URL with a token ends up in proxy and access logs, the
 * browser history and Referer headers. No operation needs it there: the console downloads files with its headers
 * (fetch, then a blob link: libs/features/develop/src/code/download.ts), and uploaded objects are tokenless links
 * (src/storage/files.ts).
 */
export function extractToken(req: FastifyRequest): string | undefined {
  let raw = req.headers['smart-auth'];
  if (Array.isArray(raw)) raw = raw[0];
  if (!raw) return undefined;
  const t = raw
    .trim()
    .replace(/^bearer\s+/i, '')
    .trim();
  return t || undefined;
}

const liveCaches = new Set<WeakRef<ClientCache>>();

/** Empties the in-process caches (`oauth/clear-cache`); other instances expire theirs within seconds. */
export function clearAuthCaches(): void {
  for (const ref of liveCaches) {
    const c = ref.deref();
    if (c) c.clear();
    else liveCaches.delete(ref);
  }
}

/** Account of the transient user of an unbound social login (docs/platform-contract.md §2.1); its user id is 0. */
export const GUEST_ROLE = 'guest';

/** The only operations a guest token may call: binding the social login to a new account, and logging out. */
const GUEST_OPERATIONS = new Set(['userRegisterGuest', 'oauthLogout']);

export const isGuest = (c: Pick<TokenClaims, 'user_id' | 'authorities'>): boolean =>
  c.user_id === '0' && c.authorities.includes(GUEST_ROLE);

/**
 * The client table changes rarely: a short cache saves one query per request. It holds no state another instance
 * needs (every instance reads the same table).
 */
export class ClientCache {
  private readonly cache = new Map<string, { row: ClientRow | undefined; at: number }>();
  constructor(
    private readonly db: Db,
    private readonly ttlMs = 10_000,
  ) {
    liveCaches.add(new WeakRef(this));
  }

  clear(): void {
    this.cache.clear();
  }

  async get(clientId: string): Promise<ClientRow | undefined> {
    const hit = this.cache.get(clientId);
    if (hit && Date.now() - hit.at < this.ttlMs) return hit.row;
    const [row] = await this.db
      .select()
      .from(client)
      .where(and(eq(client.clientId, clientId), eq(client.isDeleted, 0), eq(client.status, 1)))
      .limit(1);
    if (this.cache.size > 1000) this.cache.clear();
    this.cache.set(clientId, { row, at: Date.now() });
    return row;
  }

  /** The client of the Basic header when id and secret match, else undefined. */
  async authenticate(header: string | undefined): Promise<ClientRow | undefined> {
    const creds = parseBasic(header);
    if (!creds || creds.id.length > 48) return undefined;
    const row = await this.get(creds.id);
    if (!row || row.clientSecret !== creds.secret) return undefined;
    return row;
  }
}

/** Security handlers for fastify-openapi-glue, keyed by the contract's security scheme names. */
export function securityHandlers(db: Db, tokens: Tokens, clients: ClientCache) {
  return {
    async clientBasic(req: FastifyRequest) {
      const c = await clients.authenticate(req.headers.authorization);
      if (!c) throw new AuthError();
      req.client = c;
    },
    async smartAuth(req: FastifyRequest) {
      const token = extractToken(req);
      if (!token || token.length > 8192) throw new AuthError();
      const claims = await tokens.verify(token, 'access_token');
      if (!claims) throw new AuthError();
      // revocation lives in the database so that every instance sees a logout
      // (the token itself, or its whole login session after logout / refresh-token theft)
      const [row] = await execRows(
        db,
        sql`select (exists(select 1 from ${revokedAccess} where ${revokedAccess.jti} = ${claims.jti})
          or exists(select 1 from ${refreshToken} where ${refreshToken.family} = ${claims.sid ?? ''}
                    and ${refreshToken.revokedAt} is not null)) as revoked`,
      );
      if (!row || row.revoked !== false) throw new AuthError();
      if (isGuest(claims)) {
        const op = (req.routeOptions?.schema as { operationId?: string } | undefined)?.operationId ?? '';
        if (!GUEST_OPERATIONS.has(op)) throw new AuthError();
      }
      req.auth = claims;
    },
  };
}
