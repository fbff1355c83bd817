/**
 * Secrets at rest: the Yingdao credentials (docs/automation-domain.md §2.5: the access key secret, the callback secret
 * and the cached access token) and the `x-secret` properties of declared entities (./entity-secrets.ts) are stored
 * encrypted. Answers carry only a mask (./secret.ts).
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/index';
import { serverSecret } from '../db/schema';

const VERSION = 'v1';

/**
 * AES-256-GCM with a random key kept in `smart_server_secret` under `keyName` (created on first use and shared by
 * every instance on the database). It keeps the secrets out of query results, logs and backups of their tables;
 * whoever can read `smart_server_secret` as well can decrypt them.
 */
export class SecretBox {
  private key: Promise<Buffer> | undefined;

  constructor(
    private readonly db: Db,
    private readonly keyName: string,
  ) {}

  private loadKey(): Promise<Buffer> {
    if (!this.key) {
      this.key = (async () => {
        await this.db
          .insert(serverSecret)
          .values({ name: this.keyName, value: randomBytes(32).toString('base64url') })
          .onConflictDoNothing();
        const [row] = await this.db.select().from(serverSecret).where(eq(serverSecret.name, this.keyName));
        if (!row) throw new Error(`secret key ${this.keyName} missing`);
        return Buffer.from(row.value, 'base64url');
      })();
      // a failed load (e.g. a dropped connection) is retried on the next call
      this.key.catch(() => (this.key = undefined));
    }
    return this.key;
  }

  /** `v1.<iv|tag|ciphertext>` (base64url); the empty string stays empty, so "not set" needs no decryption. */
  async seal(plain: string): Promise<string> {
    if (plain === '') return '';
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', await this.loadKey(), iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
  }

  /** HMAC-SHA256 of `data` under this box's key (base64url): signs short-lived tokens such as a run's. */
  async mac(data: string): Promise<string> {
    return createHmac('sha256', await this.loadKey())
      .update(data)
      .digest('base64url');
  }

  async open(sealed: string): Promise<string> {
    if (sealed === '') return '';
    const [version, data] = sealed.split('.');
    if (version !== VERSION || !data) throw new Error('not a sealed secret');
    const raw = Buffer.from(data, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', await this.loadKey(), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  }
}
