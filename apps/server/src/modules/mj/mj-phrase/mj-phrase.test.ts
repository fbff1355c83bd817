// The image phrases' `enable` (./mj-phrase.module.ts): enabling a phrase disables the other phrases of its app (one
// enabled phrase per app), never those of another app or another tenant; bad input answers a 400 envelope.
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mjPhrase } from '../../../db/schema';
import { nextId } from '../../../util';
import { backends, contractCall, login, startTestServer, type TestServer } from '../../../test/harness';

const P = '/api/smart-mj/mj_phrase';
const NOT_FOUND = { code: 400, success: false, msg: '数据不存在', data: null };

describe.each(backends)('mj phrases on %s', (kind) => {
  let s: TestServer;
  let admin: string;
  const appA = nextId();
  const appB = nextId();
  const ids = { a1: nextId(), a2: nextId(), a3: nextId(), b1: nextId(), foreign: nextId() };
  beforeAll(async () => {
    s = await startTestServer(kind);
    admin = (await login(s.app)).access_token;
    await s.handle.db.insert(mjPhrase).values([
      { id: ids.a1, tenantId: '000000', appId: appA, phraseName: 'A1', status: 1 },
      { id: ids.a2, tenantId: '000000', appId: appA, phraseName: 'A2', status: 0 },
      { id: ids.a3, tenantId: '000000', appId: appA, phraseName: 'A3', status: 0 },
      { id: ids.b1, tenantId: '000000', appId: appB, phraseName: 'B1', status: 1 },
      // another tenant's phrase of the same app id
      { id: ids.foreign, tenantId: '100001', appId: appA, phraseName: 'X', status: 1 },
    ]);
  });
  afterAll(async () => {
    await s?.close();
  });

  const call = contractCall(() => s);
  const enable = (query: string) => call('POST', `${P}/enable?${query}`, 'mjPhraseEnable', admin);
  const statuses = async () =>
    Object.fromEntries(
      (
        await s.handle.db
          .select({ id: mjPhrase.id, status: mjPhrase.status })
          .from(mjPhrase)
          .where(inArray(mjPhrase.id, Object.values(ids)))
      ).map((r) => [Object.entries(ids).find(([, v]) => v === r.id)![0], r.status]),
    );

  it("enabling a phrase disables the app's others, not another app's or tenant's", async () => {
    const res = await enable(`id=${ids.a2}&status=1`);
    expect(res).toEqual({ status: 200, body: { code: 200, success: true, msg: '操作成功', data: {} } });
    expect(await statuses()).toEqual({ a1: 0, a2: 1, a3: 0, b1: 1, foreign: 1 });
    // without a status it enables
    expect((await enable(`id=${ids.a3}`)).status).toBe(200);
    expect(await statuses()).toEqual({ a1: 0, a2: 0, a3: 1, b1: 1, foreign: 1 });
  });

  it('disabling leaves the other phrases as they are', async () => {
    expect((await enable(`id=${ids.a3}&status=0`)).status).toBe(200);
    expect(await statuses()).toEqual({ a1: 0, a2: 0, a3: 0, b1: 1, foreign: 1 });
  });

  it('keeps one enabled phrase per app when two are enabled at once', async () => {
    await Promise.all([enable(`id=${ids.a1}`), enable(`id=${ids.a2}`)]);
    const st = await statuses();
    expect([st.a1, st.a2, st.a3].filter((v) => v === 1)).toHaveLength(1);
  });

  it("answers another tenant's or an unknown id, and bad input, with a 400 envelope", async () => {
    const before = await statuses();
    expect(await enable(`id=${ids.foreign}&status=0`)).toEqual({ status: 400, body: NOT_FOUND });
    expect(await enable('id=1790000000000009999')).toEqual({ status: 400, body: NOT_FOUND });
    for (const q of [`id=${ids.a1}&status=2`, `id=${ids.a1}&status=x`, 'id=abc', 'status=1']) {
      const res = await enable(q);
      expect(res.status, q).toBe(400);
      expect(res.body, q).toMatchObject({ code: 400, success: false, data: null });
    }
    expect(await statuses()).toEqual(before);
    const [foreign] = await s.handle.db.select().from(mjPhrase).where(eq(mjPhrase.id, ids.foreign));
    expect(foreign!.status).toBe(1);
  });
});
