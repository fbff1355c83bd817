/**
 * The token cached on a `yingdao_auth` row (./auth-store.ts): sealed at rest, shared by clients of the same row, and
 * never read back or written once the row's key changed. On a migrated PGlite database alone (no server: the store
 * is plain SQL through Drizzle, the same on PostgreSQL).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { yingdaoAuth } from '../../db/schema';
import { SecretBox } from '../../kernel/secret-box';
import { startYingdaoHarness, type Harness } from '../../sandbox/yingdao/testing';
import { openDb, type DbHandle } from '../../db/index';
import { nextId } from '../../util';
import { yingdaoAuthTokenStore, yingdaoClientForAuth } from './auth-store';

describe('yingdao_auth token store', () => {
  let s: { handle: DbHandle };
  let h: Harness;

  beforeAll(async () => {
    const handle = await openDb({ dataDir: 'memory://' });
    await handle.migrate();
    s = { handle };
    h = await startYingdaoHarness();
  });
  afterAll(async () => {
    await h?.close();
    await s?.handle.close();
  });

  async function insertRow(accessKeyId: string, secret = 'sandbox-secret') {
    const db = s.handle.db;
    const [row] = await db
      .insert(yingdaoAuth)
      .values({
        id: nextId(),
        tenantId: '000000',
        authName: `沙箱 ${accessKeyId}`,
        apiBaseUrl: h.yingdaoUrl,
        accessKeyId,
        accessKeySecret: await new SecretBox(db, 'yingdao_auth_aes256').seal(secret),
      })
      .returning();
    return row!;
  }

  it('seals the token on the row and shares it between clients of the row', async () => {
    const db = s.handle.db;
    const row = await insertRow('sandbox-store');
    const issued = h.sandbox.stats.tokensIssued;
    const token = await (await yingdaoClientForAuth(db, row)).accessToken();

    const [stored] = await db.select().from(yingdaoAuth).where(eq(yingdaoAuth.id, row.id));
    expect(stored!.accessToken).toMatch(/^v1\./);
    expect(stored!.accessToken).not.toContain(token);
    expect(stored!.tokenExpireTime!.getTime()).toBeGreaterThan(Date.now() + 7_000_000);

    // another instance's client of the same row reuses it without asking Yingdao
    const other = await yingdaoClientForAuth(db, stored!);
    expect(await other.accessToken()).toBe(token);
    expect((await other.listClients()).list.length).toBeGreaterThan(0);
    expect(h.sandbox.stats.tokensIssued).toBe(issued + 1);
  });

  it('ignores and never overwrites the token once the row’s key changed', async () => {
    const db = s.handle.db;
    const row = await insertRow('sandbox-rotate');
    const store = yingdaoAuthTokenStore(db, row);
    await store.set('tok-1', new Date(Date.now() + 60_000));
    expect((await store.get())?.token).toBe('tok-1');

    await db.update(yingdaoAuth).set({ accessKeyId: 'sandbox-rotated' }).where(eq(yingdaoAuth.id, row.id));
    expect(await store.get()).toBeUndefined();
    await store.set('tok-2', new Date(Date.now() + 60_000));
    const [after] = await db.select().from(yingdaoAuth).where(eq(yingdaoAuth.id, row.id));
    expect(await new SecretBox(db, 'yingdao_auth_aes256').open(after!.accessToken)).toBe('tok-1');
  });

  it('refuses a row whose secret does not open', async () => {
    const row = { ...(await insertRow('sandbox-broken')), accessKeySecret: 'v1.garbage' };
    await expect(yingdaoClientForAuth(s.handle.db, row)).rejects.toMatchObject({ kind: 'input', code: 400 });
  });
});
