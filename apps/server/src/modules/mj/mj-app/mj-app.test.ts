// The image-generation apps' extras (./mj-app.module.ts): the masked, sealed LinkAI token, `enable` and `getSelect`,
// with bad input answered by a 400 envelope and writes refused to a caller without the page's edit button.
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mjApp } from '../../../db/schema';
import { nextId } from '../../../util';
import { entitySecretBox, revealSecret } from '../../../kernel/entity-secrets';
import { backends, contractCall, login, startTestServer, type TestServer } from '../../../test/harness';

type App = Record<string, unknown> & { id: string; appName: string; appCode: string; status: number };
interface Option {
  id: string;
  appName: string;
  appCode: string;
}

const P = '/api/smart-mj/mj_app';
const md5 = (s: string) => createHash('md5').update(s).digest('hex');
const DENIED = { code: 401, success: false, msg: '缺失权限', data: null };

describe.each(backends)('mj apps on %s', (kind) => {
  let s: TestServer;
  let admin: string;
  let guest: string;
  let other: string;
  beforeAll(async () => {
    s = await startTestServer(kind);
    admin = (await login(s.app)).access_token;
    guest = (await login(s.app, '000000', 'guest', md5('guest'))).access_token;
    other = (await login(s.app, '100001')).access_token;
  });
  afterAll(async () => {
    await s?.close();
  });

  const call = contractCall(() => s);
  const submit = (body: object, token = admin) =>
    call<App>('POST', `${P}/submit`, 'mjAppSubmit', token, body);
  const detail = (id: string, token = admin) =>
    call<App>('GET', `${P}/detail?id=${id}`, 'mjAppDetail', token);
  const enable = (query: string, token = admin) => call('POST', `${P}/enable?${query}`, 'mjAppEnable', token);
  const options = (token = admin) => call<Option[]>('GET', `${P}/getSelect`, 'mjAppGetSelect', token);
  const create = async (appName: string, appCode: string, linkAiToken = '') => {
    const res = await submit({ appName, appCode, linkAiToken });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };
  const stored = async (id: string) =>
    (
      await s.handle.db
        .select()
        .from(mjApp)
        .where(eq(mjApp.id, BigInt(id)))
    )[0]!;

  it('masks the LinkAI token in every answer, seals it at rest and keeps it when the mask comes back', async () => {
    const token = `Lnk-${Date.now()}-secret`;
    const app = await create('封面配图', 'cover_app', token);
    expect(app.linkAiToken).toBe('Lnk-****');
    expect((await detail(app.id)).body.data.linkAiToken).toBe('Lnk-****');
    const page = await call<{ records: App[] }>('GET', `${P}/list?appCode=cover`, 'mjAppList', admin);
    expect(page.body.data.records.map((r) => r.linkAiToken)).toEqual(['Lnk-****']);
    expect(JSON.stringify(page.body)).not.toContain(token);
    expect(JSON.stringify((await options()).body)).not.toContain('Lnk-');

    const box = entitySecretBox(s.handle.db);
    const atRest = (await stored(app.id)).linkAiToken;
    expect(atRest.startsWith('s1.')).toBe(true);
    expect(atRest).not.toContain(token);
    expect(await revealSecret(box, atRest)).toBe(token);

    const again = await submit({
      id: app.id,
      appName: '封面配图 2',
      appCode: 'cover_app',
      linkAiToken: 'Lnk-****',
    });
    expect(again.body.data).toMatchObject({ appName: '封面配图 2', linkAiToken: 'Lnk-****' });
    expect(await revealSecret(box, (await stored(app.id)).linkAiToken)).toBe(token);
  });

  it('refuses an app code the tenant already uses, not one of another tenant', async () => {
    // another tenant's app (tenant 100001's package holds no image-generation page: written here directly)
    await s.handle.db
      .insert(mjApp)
      .values({ id: nextId(), tenantId: '100001', appName: '他人', appCode: 'dup_code' });
    await create('甲', 'dup_code');
    const dup = await submit({ appName: '乙', appCode: 'dup_code' });
    expect(dup).toEqual({
      status: 400,
      body: { code: 400, success: false, msg: '应用编码已存在', data: null },
    });
  });

  it('enables and disables one app; a disabled app is left out of getSelect', async () => {
    const app = await create('开关应用', 'switch_app');
    expect((await options()).body.data.map((o) => o.appCode)).toContain('switch_app');

    expect((await enable(`id=${app.id}&status=0`)).body).toMatchObject({ code: 200, success: true });
    expect((await detail(app.id)).body.data.status).toBe(0);
    expect((await options()).body.data.map((o) => o.appCode)).not.toContain('switch_app');

    // without a status it enables
    expect((await enable(`id=${app.id}`)).status).toBe(200);
    expect((await detail(app.id)).body.data.status).toBe(1);
    expect((await options()).body.data.map((o) => o.appCode)).toContain('switch_app');
  });

  it('answers bad enable input with a 400 envelope, and refuses it to a caller without the edit button', async () => {
    const app = await create('受保护应用', 'guarded_app');
    const notFound = { code: 400, success: false, msg: '数据不存在', data: null };
    expect(await enable('id=1790000000000009999&status=0')).toEqual({ status: 400, body: notFound });
    // another tenant's caller: refused (its package has no such page), the app stays as it was
    expect([400, 401]).toContain((await enable(`id=${app.id}&status=0`, other)).status);
    for (const q of [`id=${app.id}&status=2`, `id=${app.id}&status=x`, 'id=abc', 'status=0']) {
      const res = await enable(q);
      expect(res.status, q).toBe(400);
      expect(res.body, q).toMatchObject({ code: 400, success: false, data: null });
    }
    expect(await enable(`id=${app.id}&status=0`, guest)).toEqual({ status: 401, body: DENIED });
    expect((await detail(app.id)).body.data.status).toBe(1);
  });

  it("lists the caller's enabled apps by name as options", async () => {
    await create('zz 最后', 'z_last');
    await create('aa 最前', 'a_first');
    expect((await options()).body.data[0]).toEqual({
      id: expect.stringMatching(/^[0-9]+$/),
      appName: 'aa 最前',
      appCode: 'a_first',
    });
    // tenant 100001's app of the same code is not among them
    expect((await options()).body.data.filter((o) => o.appCode === 'dup_code')).toHaveLength(1);
  });
});
