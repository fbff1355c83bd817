// Importing comments from Feishu (./comment-feishu.module.ts): from the simulated Feishu's demo sheet and bitable
// (src/sandbox/feishu), counted inserted / duplicated / invalid, nothing new on a second import, another tenant's
// group refused, a Feishu error answered 400 with nothing inserted. Then a server with a Feishu app configured (here
// the simulated Feishu of a bare app, as real credentials would point at Feishu), and one with neither app nor
// sandbox: both Feishu operations answer 400 未配置飞书应用.
import { and, asc, eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comment, commentGroup, xshCommLog } from '../../../db/schema';
import { NO_FEISHU_MSG, SANDBOX_FEISHU } from '../../../engine/feishu/index';
import { listeningBaseUrl } from '../../../kernel/self-url';
import {
  DEMO_BITABLE,
  DEMO_SHEET,
  feishuSandboxOf,
  registerFeishuSandbox,
  type FeishuSandbox,
} from '../../../sandbox/feishu/index';
import {
  backends,
  contractCall,
  login,
  startSandboxedServer,
  startTestServer,
  type TestServer,
} from '../../../test/harness';
import { nextId } from '../../../util';
import { EMPTY_TEXT_MSG, LONG_TEXT_MSG, NO_GROUP_MSG } from './comment-feishu.module';

interface Imported {
  total: number;
  inserted: number;
  duplicated: number;
  invalid: number;
  errors: { row: number; reason: string }[];
}

const URL = '/api/smart-comment/comment/feiShuImport';
const OP = 'commentFeiShuImport';

async function newGroup(s: TestServer, tenantId = '000000'): Promise<bigint> {
  const id = nextId();
  await s.handle.db.insert(commentGroup).values({ id, tenantId, groupName: `分组${id}` });
  return id;
}

const commentsOf = (s: TestServer, groupId: bigint) =>
  s.handle.db
    .select({
      content: comment.content,
      source: comment.source,
      ref: comment.feishuRef,
      tenantId: comment.tenantId,
    })
    .from(comment)
    .where(and(eq(comment.groupId, groupId), eq(comment.isDeleted, 0)))
    .orderBy(asc(comment.feishuRef));

describe.each(backends)('comment import from the simulated Feishu on %s', (kind) => {
  let s: TestServer;
  let admin: string;
  let feishu: FeishuSandbox;
  beforeAll(async () => {
    s = await startSandboxedServer(kind);
    feishu = feishuSandboxOf(s.app)!;
    admin = (await login(s.app)).access_token;
  });
  afterAll(async () => {
    await s?.close();
  });

  const call = contractCall(() => s);
  const importInto = (groupId: bigint, body: object) =>
    call<Imported>('POST', URL, OP, admin, { groupId: String(groupId), ...body });
  const demoSheet = { sourceType: 'sheet', token: DEMO_SHEET.token, sheetId: DEMO_SHEET.sheetId };
  const demoBitable = {
    sourceType: 'bitable',
    token: DEMO_BITABLE.token,
    sheetId: DEMO_BITABLE.tableId,
    column: DEMO_BITABLE.field,
  };

  it('imports the demo sheet: header skipped, empty and too long texts invalid, repeats duplicated', async () => {
    const g = await newGroup(s);
    const res = await importInto(g, demoSheet);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({
      total: 7,
      inserted: 4,
      duplicated: 1,
      invalid: 2,
      errors: [
        { row: 4, reason: EMPTY_TEXT_MSG },
        { row: 7, reason: LONG_TEXT_MSG },
      ],
    });
    expect(await commentsOf(s, g)).toEqual([
      { content: '这个颜色太好看了', source: 2, ref: 'demo01!2', tenantId: '000000' },
      { content: '学到了,马上试试', source: 2, ref: 'demo01!3', tenantId: '000000' },
      { content: '请问这是在哪里买的?', source: 2, ref: 'demo01!6', tenantId: '000000' },
      { content: '收藏了,周末就去', source: 2, ref: 'demo01!8', tenantId: '000000' },
    ]);
    const [group] = await s.handle.db.select().from(commentGroup).where(eq(commentGroup.id, g));
    expect(group?.commentCount).toBe(4);

    // again: every text is known, nothing is inserted
    const again = await importInto(g, demoSheet);
    expect(again.body.data).toMatchObject({ total: 7, inserted: 0, duplicated: 5, invalid: 2 });
    expect(await commentsOf(s, g)).toHaveLength(4);
  });

  it('imports a bitable field across its pages; a text the group has is a duplicate', async () => {
    const g = await newGroup(s);
    await s.handle.db
      .insert(comment)
      .values({ id: nextId(), tenantId: '000000', groupId: g, content: '博主讲得很清楚,谢谢分享' });
    const res = await importInto(g, demoBitable);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({
      total: 5,
      inserted: 2,
      duplicated: 2,
      invalid: 1,
      errors: [{ row: 3, reason: EMPTY_TEXT_MSG }],
    });
    expect((await commentsOf(s, g)).map((c) => c.ref)).toEqual(['', 'recDemo0001', 'recDemo0002']);
    expect((await importInto(g, demoBitable)).body.data).toMatchObject({ inserted: 0, duplicated: 4 });
  });

  it('reads another column, with the header when asked', async () => {
    const g = await newGroup(s);
    const res = await importInto(g, { ...demoSheet, column: 'b', skipHeader: false });
    // 备注 and the three notes; rows without a note are empty
    expect(res.body.data).toMatchObject({ total: 7, inserted: 4, invalid: 3 });
    expect((await commentsOf(s, g)).map((c) => c.ref)).toEqual([
      'demo01!1',
      'demo01!4',
      'demo01!5',
      'demo01!7',
    ]);
  });

  it("refuses another tenant's group without asking Feishu, and a bad column", async () => {
    const theirs = await newGroup(s, '100001');
    const calls = feishu.calls;
    const res = await importInto(theirs, demoSheet);
    expect([res.status, res.body.msg]).toEqual([400, NO_GROUP_MSG]);
    expect(feishu.calls).toBe(calls);
    expect(await commentsOf(s, theirs)).toEqual([]);
    const bad = await importInto(await newGroup(s), { ...demoSheet, column: '1A' });
    expect([bad.status, bad.body.msg]).toEqual([400, '内容列格式不正确']);
  });

  it("answers a Feishu error with 400 and Feishu's message, inserting nothing", async () => {
    const g = await newGroup(s);
    const missing = await importInto(g, { ...demoSheet, token: 'shtcnNoSuchSheet' });
    expect(missing.status).toBe(400);
    expect(missing.body.msg).toContain('spreadsheet not found');
    const table = await importInto(g, { ...demoBitable, sheetId: 'tblNope' });
    expect([table.status, table.body.msg]).toEqual([400, expect.stringContaining('TableIdNotFound')]);
    const limited = await importInto(g, { ...demoSheet, token: 'ratelimitAlways' });
    expect(limited.status).toBe(400);
    expect(await commentsOf(s, g)).toEqual([]);
  });
});

describe.each(backends)('Feishu configured or not on %s', (kind) => {
  let fake: FastifyInstance;
  let fakeFeishu: FeishuSandbox;
  let configured: TestServer;
  let bare: TestServer;
  beforeAll(async () => {
    fake = Fastify({ logger: false });
    fakeFeishu = registerFeishuSandbox(fake);
    await fake.listen({ port: 0, host: '127.0.0.1' });
    const feishu = {
      baseUrl: `${listeningBaseUrl(fake)}${SANDBOX_FEISHU.apiPath}`,
      appId: SANDBOX_FEISHU.appId,
      appSecret: SANDBOX_FEISHU.appSecret,
    };
    configured = await startTestServer(kind, { engine: { sandbox: false, scheduler: false, feishu } });
    bare = await startTestServer(kind, { engine: { sandbox: false, scheduler: false } });
  });
  afterAll(async () => {
    await configured?.close();
    await bare?.close();
    await fake?.close();
  });

  const range = { startTime: '2026-11-20 00:00:00', endTime: '2026-11-21 00:00:00' };
  const exportTo = { ...range, spreadsheetToken: 'shtcnConfigured', sheetId: 's1' };

  it('talks to the configured app, and gives the Feishu address of the sheet', async () => {
    const s = configured;
    const admin = (await login(s.app)).access_token;
    const call = contractCall(() => s);
    const g = await newGroup(s);
    const res = await call<Imported>('POST', URL, OP, admin, {
      groupId: String(g),
      sourceType: 'sheet',
      token: DEMO_SHEET.token,
      sheetId: DEMO_SHEET.sheetId,
    });
    expect(res.body.data).toMatchObject({ inserted: 4 });
    await s.handle.db
      .insert(xshCommLog)
      .values({ id: nextId(), tenantId: '000000', commentTime: new Date('2026-11-20T10:00:00') });
    const exported = await call<{ exported: number; sheetUrl: string }>(
      'POST',
      '/api/smart-xshComm/xsh_comm_log/appLogToFeiShu',
      'xshCommLogAppLogToFeiShu',
      admin,
      exportTo,
    );
    expect(exported.body.data).toMatchObject({
      exported: 1,
      sheetUrl: 'https://feishu.cn/sheets/shtcnConfigured?sheet=s1',
    });
    expect(fakeFeishu.docs.spreadsheets.get('shtcnConfigured')?.sheets.get('s1')?.rows).toHaveLength(1);
  });

  it('answers 400 未配置飞书应用 without an app and without the sandbox', async () => {
    const s = bare;
    const admin = (await login(s.app)).access_token;
    const call = contractCall(() => s);
    const g = await newGroup(s);
    const imported = await call('POST', URL, OP, admin, {
      groupId: String(g),
      sourceType: 'sheet',
      token: DEMO_SHEET.token,
      sheetId: DEMO_SHEET.sheetId,
    });
    expect([imported.status, imported.body.msg]).toEqual([400, NO_FEISHU_MSG]);
    const exported = await call(
      'POST',
      '/api/smart-xshComm/xsh_comm_log/appLogToFeiShu',
      'xshCommLogAppLogToFeiShu',
      admin,
      exportTo,
    );
    expect([exported.status, exported.body.msg]).toEqual([400, NO_FEISHU_MSG]);
    // the simulated Feishu is not mounted either
    expect((await s.app.inject({ method: 'GET', url: `${SANDBOX_FEISHU.prefix}/` })).statusCode).not.toBe(
      200,
    );
  });
});
