import { randomBytes, randomUUID, webcrypto } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { SignJWT, jwtVerify } from 'jose';
import type { Db } from '../db/index';
import { serverSecret } from '../db/schema';

export const LICENSE = 'powered by smart';

/** Claims of the access token (docs/platform-contract.md §2.4) plus `token_type` and the login session id `sid`. */
export interface TokenClaims {
  jti: string;
  exp: number;
  iat?: number;
  token_type: 'access_token' | 'refresh_token';
  /** login session (refresh family): logout revokes it */
  sid: string;
  client_id: string;
  user_id: string;
  tenant_id: string;
  dept_id: string;
  post_id: string;
  role_id: string;
  oauth_id: string;
  account: string;
  user_name: string;
  nick_name: string;
  real_name: string;
  role_name: string;
  avatar: string;
  authorities: string[];
  scope: string[];
  detail: { type: string };
  license: string;
}

export type IdentityClaims = Omit<TokenClaims, 'jti' | 'exp' | 'iat' | 'token_type'>;

const SECRET_NAME = 'jwt_hs256';

/**
 * The HS256 signing key: `JWT_SECRET` when set, else a random key created on first start and kept in the
 * database, so restarts and several instances on one PostgreSQL share it.
 */
export async function loadSigningKey(db: Db, override?: string): Promise<Uint8Array> {
  if (override) {
    if (override.length < 32) throw new Error('JWT_SECRET must be at least 32 characters');
    return new TextEncoder().encode(override);
  }
  await db
    .insert(serverSecret)
    .values({ name: SECRET_NAME, value: randomBytes(48).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(serverSecret).where(eq(serverSecret.name, SECRET_NAME));
  if (!row) throw new Error('signing key missing');
  return new Uint8Array(Buffer.from(row.value, 'base64url'));
}

export class Tokens {
  /**
   * Imported once as a WebCrypto key: given raw bytes or a KeyObject, jose imports a new key on every sign and
   * verify (a hot spot under load).
   */
  private readonly key: Promise<webcrypto.CryptoKey>;
  constructor(secret: Uint8Array) {
    this.key = webcrypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]);
  }

  async sign(identity: IdentityClaims, type: TokenClaims['token_type'], validitySeconds: number) {
    const jti = randomUUID();
    const now = Math.floor(Date.now() / 1000);
    const exp = now + validitySeconds;
    const token = await new SignJWT({ ...identity, token_type: type })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setJti(jti)
      .setIssuedAt(now)
      .setExpirationTime(exp)
      .sign(await this.key);
    return { token, jti, exp };
  }

  /**
   * Tokens whose signature this process has checked, with their claims (frozen: shared by every request that
   * presents the same token). A client sends its token many times; checking the HMAC again each time was a
   * visible share of a request's CPU (WebCrypto runs it as an async job). Expiry and type are still checked on
   * every call, and revocation is the caller's (in the database). Oldest first out when full.
   */
  private readonly verified = new Map<string, Readonly<TokenClaims>>();
  static readonly VERIFIED_LIMIT = 5000;

  /** Verifies signature, expiry and type; undefined when anything is wrong. */
  async verify(token: string, type: TokenClaims['token_type']): Promise<TokenClaims | undefined> {
    let claims = this.verified.get(token);
    if (!claims) {
      claims = await this.checkSignature(token);
      if (!claims) return undefined;
      if (this.verified.size >= Tokens.VERIFIED_LIMIT) {
        const oldest = this.verified.keys().next();
        if (!oldest.done) this.verified.delete(oldest.value);
      }
      this.verified.set(token, claims);
    }
    if (claims.exp * 1000 <= Date.now()) {
      this.verified.delete(token);
      return undefined;
    }
    return claims.token_type === type ? claims : undefined;
  }

  private async checkSignature(token: string): Promise<Readonly<TokenClaims> | undefined> {
    try {
      const { payload } = await jwtVerify(token, await this.key, { algorithms: ['HS256'] });
      if (
        (payload.token_type !== 'access_token' && payload.token_type !== 'refresh_token') ||
        typeof payload.jti !== 'string' ||
        typeof payload.user_id !== 'string' ||
        typeof payload.exp !== 'number'
      ) {
        return undefined;
      }
      return Object.freeze(payload as unknown as TokenClaims);
    } catch {
      return undefined;
    }
  }
}
