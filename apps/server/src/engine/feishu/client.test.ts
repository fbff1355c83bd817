/**
 * The Feishu client against the simulated Feishu on a bare Fastify app (a real HTTP round trip), and against tiny
 * fake fetch functions for what the sandbox does not do on its own: the token cache, the one refresh after a token
 * error, the bounded rate-limit retries, paging, and Feishu's errors as FeishuError.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listeningBaseUrl } from '../../kernel/self-url';
import {
  DEMO_BITABLE,
  DEMO_SHEET,
  registerFeishuSandbox,
  type FeishuSandbox,
} from '../../sandbox/feishu/index';
import { SANDBOX_FEISHU } from './binding';
import { cellText, parseRange } from './cells';
import { FeishuClient, type FeishuClientOptions } from './client';
import { FEISHU_CODES, FeishuError } from './errors';

let app: FastifyInstance;
let sandbox: FeishuSandbox;
let base: string;
beforeAll(async () => {
  app = Fastify({ logger: false });
  sandbox = registerFeishuSandbox(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `${listeningBaseUrl(app)}${SANDBOX_FEISHU.apiPath}`;
});
afterAll(async () => {
  await app.close();
});

const noSleep = async () => undefined;
const client = (o: Partial<FeishuClientOptions> = {}) =>
  new FeishuClient({
    baseUrl: base,
    appId: SANDBOX_FEISHU.appId,
    appSecret: SANDBOX_FEISHU.appSecret,
    sleep: noSleep,
    ...o,
  });

async function failure(p: Promise<unknown>): Promise<FeishuError> {
  const e = await p.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(FeishuError);
  return e as FeishuError;
}

describe('feishu client on the simulated Feishu', () => {
  it('caches the token and asks for a new one once after it is revoked', async () => {
    const c = client();
    const before = sandbox.tokensIssued;
    await c.readValues(DEMO_SHEET.token, `${DEMO_SHEET.sheetId}!A1:A2`);
    await c.readValues(DEMO_SHEET.token, `${DEMO_SHEET.sheetId}!A1:A2`);
    expect(sandbox.tokensIssued - before).toBe(1);
    sandbox.revokeTokens();
    const values = await c.readValues(DEMO_SHEET.token, `${DEMO_SHEET.sheetId}!A1:A2`);
    expect(values).toEqual([['评论内容'], ['这个颜色太好看了']]);
    expect(sandbox.tokensIssued - before).toBe(2);
  });

  it('appends rows under the table and reads them back', async () => {
    const c = client();
    const token = `shtcnClientTest${Date.now()}`;
    const first = await c.valuesAppend(token, 'abc', [
      ['a', 1],
      ['b', 2],
    ]);
    expect(first).toMatchObject({ updatedRange: 'abc!A1:B2', updatedRows: 2, revision: 1 });
    const second = await c.valuesAppend(token, 'abc', [['c', 3, '<x>']]);
    expect(second).toMatchObject({ updatedRange: 'abc!A3:C3', updatedRows: 1, revision: 2 });
    expect(await c.readValues(token, 'abc!A1:C10')).toEqual([
      ['a', 1, null],
      ['b', 2, null],
      ['c', 3, '<x>'],
    ]);
  });

  it("reports Feishu's not-found and permission errors with Feishu's code and message", async () => {
    const c = client();
    const missing = await failure(c.readValues('shtcnNoSuchSheet', 'abc!A1:A5'));
    expect([missing.code, missing.kind]).toEqual([FEISHU_CODES.spreadsheetNotFound, 'api']);
    expect(missing.message).toContain('spreadsheet not found');
    const sheet = await failure(c.readValues(DEMO_SHEET.token, 'nosheet!A1:A5'));
    expect(sheet.code).toBe(FEISHU_CODES.sheetIdNotFound);
    const table = await failure(c.listRecords(DEMO_BITABLE.token, 'tblNope', 10));
    expect(table.code).toBe(FEISHU_CODES.tableNotFound);
    const forbidden = await failure(c.valuesAppend('forbiddenX', 's1', [['x']]));
    expect(forbidden.code).toBe(FEISHU_CODES.sheetForbidden);
  });

  it('backs off while rate limited, a bounded number of times', async () => {
    const pauses: number[] = [];
    const c = client({ sleep: async (ms) => void pauses.push(ms), backoffMs: 10 });
    await c.valuesAppend(`ratelimitonce${Date.now()}`, 's1', [['x']]);
    expect(pauses).toEqual([10]);
    pauses.length = 0;
    const e = await failure(c.valuesAppend('ratelimitAlways', 's1', [['x']]));
    expect([e.code, e.kind]).toEqual([FEISHU_CODES.rateLimited, 'rate-limit']);
    expect(pauses).toEqual([10, 20]);
  });

  it('follows the pages of a bitable table', async () => {
    const records = await client().listRecords(DEMO_BITABLE.token, DEMO_BITABLE.tableId, 100);
    expect(records.map((r) => r.recordId)).toEqual([
      'recDemo0001',
      'recDemo0002',
      'recDemo0003',
      'recDemo0004',
      'recDemo0005',
    ]);
    expect(cellText(records[0]?.fields[DEMO_BITABLE.field])).toBe('干货满满,已关注');
    expect(await client().listRecords(DEMO_BITABLE.token, DEMO_BITABLE.tableId, 3)).toHaveLength(3);
  });

  it('refuses a wrong app secret', async () => {
    const e = await failure(client({ appSecret: 'wrong' }).readValues(DEMO_SHEET.token, 'demo01!A1:A1'));
    expect([e.code, e.kind]).toEqual([FEISHU_CODES.appSecretInvalid, 'auth']);
  });
});

/** A fetch answering from a list of `[status, body]`, recording the paths asked. */
function fakeFetch(answers: (path: string) => [number, object]) {
  const paths: string[] = [];
  const f = (async (input: string | URL | Request) => {
    const path = new URL(String(input)).pathname;
    paths.push(path);
    const [status, body] = answers(path);
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return { f, paths };
}

describe('feishu client, token handling', () => {
  const TOKEN = '/auth/v3/tenant_access_token/internal';
  const tokenOk = { code: 0, msg: 'ok', tenant_access_token: 't-1', expire: 7200 };

  it('refreshes once after a token error, and reports a second one', async () => {
    const { f, paths } = fakeFetch((p) =>
      p === TOKEN ? [200, tokenOk] : [400, { code: FEISHU_CODES.tokenInvalid, msg: 'Invalid access token' }],
    );
    const c = new FeishuClient({ baseUrl: 'http://fake', appId: 'a', appSecret: 's', fetch: f });
    const e = await failure(c.readValues('sht', 'a!A1:A1'));
    expect([e.code, e.kind]).toEqual([FEISHU_CODES.tokenInvalid, 'auth']);
    expect(paths.filter((p) => p === TOKEN)).toHaveLength(2);
    expect(paths).toHaveLength(4);
  });

  it('uses a token until 5 minutes before it expires', async () => {
    let now = 1_000_000;
    const { f, paths } = fakeFetch((p) =>
      p === TOKEN ? [200, tokenOk] : [200, { code: 0, msg: 'ok', data: { valueRange: { values: [['x']] } } }],
    );
    const c = new FeishuClient({
      baseUrl: 'http://fake',
      appId: 'a',
      appSecret: 's',
      fetch: f,
      now: () => now,
    });
    await c.readValues('sht', 'a!A1:A1');
    now += (7200 - 301) * 1000;
    await c.readValues('sht', 'a!A1:A1');
    expect(paths.filter((p) => p === TOKEN)).toHaveLength(1);
    now += 2000;
    await c.readValues('sht', 'a!A1:A1');
    expect(paths.filter((p) => p === TOKEN)).toHaveLength(2);
  });

  it('reports an answer that is not Feishu JSON, and an unreachable Feishu', async () => {
    const html = (async () => new Response('<html>', { status: 502 })) as unknown as typeof fetch;
    const e = await failure(
      new FeishuClient({
        baseUrl: 'http://fake',
        appId: 'a',
        appSecret: 's',
        fetch: html,
      }).tenantAccessToken(),
    );
    expect([e.kind, e.httpStatus]).toEqual(['protocol', 502]);
    const down = new FeishuClient({
      baseUrl: 'http://127.0.0.1:9',
      appId: 'a',
      appSecret: 's',
      timeoutMs: 2000,
    });
    expect((await failure(down.tenantAccessToken())).kind).toMatch(/network|timeout/);
  });
});

describe('ranges', () => {
  it('reads the range forms of the sheets API', () => {
    expect(parseRange('s1!A1:K5000')).toEqual({
      sheetId: 's1',
      startCol: 1,
      startRow: 1,
      endCol: 11,
      endRow: 5000,
    });
    expect(parseRange('s1!B2')).toEqual({ sheetId: 's1', startCol: 2, startRow: 2, endCol: 2, endRow: 2 });
    expect(parseRange('s1!A:C')).toMatchObject({ startRow: 1, endCol: 3, endRow: undefined });
    expect(parseRange('s1')).toMatchObject({ startCol: 1, endCol: undefined });
    expect(parseRange('s1!C1:A2')).toBeUndefined();
    expect(parseRange('bad sheet!A1')).toBeUndefined();
  });
});
