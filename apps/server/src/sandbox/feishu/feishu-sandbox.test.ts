/** The simulated Feishu on a bare Fastify app (injected requests): its token checks, its envelopes, its pages. */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEISHU_CODES, FeishuClient, FeishuError, SANDBOX_FEISHU } from '../../engine/feishu/index';
import { listeningBaseUrl } from '../../kernel/self-url';
import { DEMO_BITABLE, DEMO_SHEET, registerFeishuSandbox, type FeishuSandbox } from './index';

let app: FastifyInstance;
let sandbox: FeishuSandbox;
beforeAll(async () => {
  app = Fastify({ logger: false });
  sandbox = registerFeishuSandbox(app);
  await app.ready();
});
afterAll(async () => {
  await app.close();
});

const API = SANDBOX_FEISHU.apiPath;
async function token(): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: `${API}/auth/v3/tenant_access_token/internal`,
    payload: { app_id: SANDBOX_FEISHU.appId, app_secret: SANDBOX_FEISHU.appSecret },
  });
  expect(res.json()).toMatchObject({ code: 0, msg: 'ok', expire: 7200 });
  return res.json<{ tenant_access_token: string }>().tenant_access_token;
}
const bearer = (t: string) => ({ authorization: `Bearer ${t}` });

describe('simulated Feishu', () => {
  it("refuses calls without a token or with an unknown one, in Feishu's envelope", async () => {
    const url = `${API}/sheets/v2/spreadsheets/${DEMO_SHEET.token}/values/${DEMO_SHEET.sheetId}!A1:A3`;
    const none = await app.inject({ method: 'GET', url });
    expect([none.statusCode, none.json<{ code: number }>().code]).toEqual([400, FEISHU_CODES.tokenMissing]);
    const bad = await app.inject({ method: 'GET', url, headers: bearer('t-unknown') });
    expect(bad.json<{ code: number }>().code).toBe(FEISHU_CODES.tokenInvalid);
    const good = await app.inject({ method: 'GET', url, headers: bearer(await token()) });
    expect(good.json()).toMatchObject({
      code: 0,
      data: {
        valueRange: {
          range: `${DEMO_SHEET.sheetId}!A1:A3`,
          values: [['评论内容'], ['这个颜色太好看了'], ['学到了,马上试试']],
        },
      },
    });
  });

  it('refuses a wrong app secret and a malformed body', async () => {
    const url = `${API}/auth/v3/tenant_access_token/internal`;
    const wrong = await app.inject({
      method: 'POST',
      url,
      payload: { app_id: 'sandbox-app', app_secret: 'x' },
    });
    expect(wrong.json<{ code: number }>().code).toBe(FEISHU_CODES.appSecretInvalid);
    const broken = await app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json' },
      payload: '{',
    });
    expect([broken.statusCode, broken.json<{ code: number }>().code]).toEqual([400, FEISHU_CODES.badRequest]);
  });

  it('creates an unknown bitable on its first records and pages through them', async () => {
    const t = await token();
    const url = `${API}/bitable/v1/apps/bascnNew/tables/tblNew/records`;
    const created = await app.inject({
      method: 'POST',
      url: `${url}/batch_create`,
      headers: bearer(t),
      payload: { records: [{ fields: { 内容: 'a' } }, { fields: { 内容: 'b' } }] },
    });
    expect(created.json<{ data: { records: unknown[] } }>().data.records).toHaveLength(2);
    const page = await app.inject({ method: 'GET', url: `${url}?page_size=1`, headers: bearer(t) });
    expect(page.json()).toMatchObject({ code: 0, data: { has_more: true, page_token: 'p1', total: 2 } });
    const unknown = await app.inject({
      method: 'GET',
      url: `${API}/bitable/v1/apps/bascnNope/tables/tblNew/records`,
      headers: bearer(t),
    });
    expect(unknown.json<{ code: number }>().code).toBe(FEISHU_CODES.baseNotFound);
  });

  it('shows a sheet to a person, escaped and labelled as simulated', async () => {
    const t = await token();
    await app.inject({
      method: 'POST',
      url: `${API}/sheets/v2/spreadsheets/shtcnPage/values_append?insertDataOption=INSERT_ROWS`,
      headers: bearer(t),
      payload: { valueRange: { range: 's1!A1:B1', values: [['<script>alert(1)</script>', 7]] } },
    });
    const page = await app.inject({
      method: 'GET',
      url: `${SANDBOX_FEISHU.prefix}/sheets/shtcnPage?sheet=s1`,
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('模拟飞书');
    expect(page.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page.body).not.toContain('<script>alert');
    const home = await app.inject({ method: 'GET', url: `${SANDBOX_FEISHU.prefix}/` });
    expect(home.body).toContain(DEMO_SHEET.token);
    expect(home.body).toContain(DEMO_BITABLE.token);
    expect(
      (await app.inject({ method: 'GET', url: `${SANDBOX_FEISHU.prefix}/sheets/nope` })).statusCode,
    ).toBe(404);
  });

  it('answers 99991400 with HTTP 429 for a rate-limited document', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `${API}/sheets/v2/spreadsheets/ratelimitX/values/s1`,
      headers: bearer(await token()),
    });
    expect([res.statusCode, res.json<{ code: number }>().code]).toEqual([429, FEISHU_CODES.rateLimited]);
    expect(sandbox.calls).toBeGreaterThan(0);
  });

  it('breaks the next appends of a spreadsheet as scripted, as the adapter sees it, then appends as Feishu', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const client = new FeishuClient({
      baseUrl: `${listeningBaseUrl(app)}${API}`,
      appId: SANDBOX_FEISHU.appId,
      appSecret: SANDBOX_FEISHU.appSecret,
    });
    sandbox.scriptAppends('shtcnScripted', 'lostAnswer', 'dropBeforeWrite', 'refuse', {
      outcome: 'write',
      delayMs: 50,
    });
    const outcomes: string[] = [];
    for (let i = 0; i < 5; i++)
      outcomes.push(
        await client.valuesAppend('shtcnScripted', 's1', [[`row ${i}`]]).then(
          (r) => r.updatedRange,
          (e: unknown) => (e instanceof FeishuError ? `${e.kind} ${e.code}` : String(e)),
        ),
      );
    // the rows of the lost answer are written; those dropped before writing or refused are not
    expect(outcomes).toEqual(['network 0', 'network 0', 'api 1', 's1!A2:A2', 's1!A3:A3']);
    expect(sandbox.docs.spreadsheets.get('shtcnScripted')?.sheets.get('s1')?.rows).toEqual([
      ['row 0'],
      ['row 3'],
      ['row 4'],
    ]);
  });
});
