// Exporting Xiaohongshu comment logs to Feishu (./xsh-comm-log-feishu.module.ts) on the server's simulated Feishu
// (src/sandbox/feishu): the range's logs oldest first as rows A–K and their keys in L, marked synced; again only what
// came since; every log with onlyUnsynced false; a Feishu error answers 400 and marks nothing; never another tenant's
// logs. Concurrent and retried exports: ./xsh-comm-log-feishu-once.test.ts.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { xshCommLog } from '../../../db/schema';
import { feishuSandboxOf, type FeishuSandbox } from '../../../sandbox/feishu/index';
import { backends, contractCall, login, startSandboxedServer, type TestServer } from '../../../test/harness';
import { nextId } from '../../../util';

interface Exported {
  exported: number;
  remaining: number;
  spreadsheetToken: string;
  updatedRange: string;
  revision: number;
  sheetUrl?: string;
  syncTime: string;
}

const P = '/api/smart-xshComm/xsh_comm_log';
const at = (s: string) => new Date(s.replace(' ', 'T'));
const day = { startTime: '2026-11-20 00:00:00', endTime: '2026-11-21 00:00:00' };

describe.each(backends)('comment log export to Feishu on %s', (kind) => {
  let s: TestServer;
  let admin: string;
  let feishu: FeishuSandbox;
  const task = nextId();
  const row = (time: string, over: object = {}) => ({
    id: nextId(),
    tenantId: '000000',
    commId: task,
    robotAccount: 'sim-01@sandbox',
    platformAccountName: '小红薯A',
    keyword: '露营',
    itemTitle: '周末露营好去处',
    itemUrl: 'https://www.xiaohongshu.com/explore/6650a1b2c3d4e5f6a7b8c9d0',
    commentContent: `评论 ${time}`,
    commentSource: 1,
    result: 1,
    powerCost: 2,
    commentTime: at(time),
    ...over,
  });
  beforeAll(async () => {
    s = await startSandboxedServer(kind);
    feishu = feishuSandboxOf(s.app)!;
    admin = (await login(s.app)).access_token;
    // inserted newest first: the export orders by comment time
    await s.handle.db.insert(xshCommLog).values([
      row('2026-11-20 12:00:00', { result: 0, failReason: '评论被折叠', commentSource: 2, powerCost: 0 }),
      row('2026-11-20 10:00:00', { result: 2, commentSource: 3 }),
      row('2026-11-20 09:00:00'),
      // outside the range, another task, another tenant
      row('2026-11-21 00:00:00'),
      row('2026-11-20 11:00:00', { commId: nextId() }),
      row('2026-11-20 11:30:00', { tenantId: '100001' }),
    ] as never);
  });
  afterAll(async () => {
    await s?.close();
  });

  const call = contractCall(() => s);
  const exportLogs = (body: object) =>
    call<Exported>('POST', `${P}/appLogToFeiShu`, 'xshCommLogAppLogToFeiShu', admin, {
      ...day,
      commId: String(task),
      ...body,
    });
  const sheet = (token: string, sheetId: string) =>
    feishu.docs.spreadsheets.get(token)?.sheets.get(sheetId)?.rows ?? [];
  const synced = async () =>
    (
      await s.handle.db
        .select({ t: xshCommLog.commentTime, synced: xshCommLog.feishuSynced, at: xshCommLog.feishuSyncTime })
        .from(xshCommLog)
        .where(and(eq(xshCommLog.tenantId, '000000'), eq(xshCommLog.commId, task)))
        .orderBy(xshCommLog.commentTime)
    ).map((r) => [r.synced, r.at !== null]);

  it('appends the range oldest first as rows A–K, keys in L, and marks them synced', async () => {
    const res = await exportLogs({ spreadsheetToken: 'shtcnExport1', sheetId: 'logs' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      exported: 3,
      remaining: 0,
      spreadsheetToken: 'shtcnExport1',
      updatedRange: 'logs!A1:L3',
      revision: 1,
    });
    expect(res.body.data.sheetUrl).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/sandbox-feishu\/sheets\/shtcnExport1\?sheet=logs$/,
    );
    const url = `/sandbox-feishu/sheets/shtcnExport1?sheet=logs`;
    expect((await s.app.inject({ method: 'GET', url })).body).toContain('评论被折叠');
    const link = 'https://www.xiaohongshu.com/explore/6650a1b2c3d4e5f6a7b8c9d0';
    const common = ['sim-01@sandbox', '小红薯A', '露营', '周末露营好去处', link];
    const rows = sheet('shtcnExport1', 'logs');
    expect(rows.map((r) => r.slice(0, 11))).toEqual([
      ['2026-11-20 09:00:00', ...common, '评论 2026-11-20 09:00:00', 'AI', '成功', '', 2],
      ['2026-11-20 10:00:00', ...common, '评论 2026-11-20 10:00:00', '常用语', '跳过', '', 2],
      ['2026-11-20 12:00:00', ...common, '评论 2026-11-20 12:00:00', '任务话术', '失败', '评论被折叠', 0],
    ]);
    // column L: the log's key (its id, not as a bare number)
    const ids = await s.handle.db
      .select({ id: xshCommLog.id })
      .from(xshCommLog)
      .where(and(eq(xshCommLog.commId, task), eq(xshCommLog.feishuSynced, 1)))
      .orderBy(xshCommLog.commentTime);
    expect(rows.map((r) => r[11])).toEqual(ids.map((r) => `xsh-${r.id}`));
    // the three of the range, not the one after it
    expect(await synced()).toEqual([
      [1, true],
      [1, true],
      [1, true],
      [0, false],
    ]);
  });

  it('exports only what came since, and everything again with onlyUnsynced false', async () => {
    const calls = feishu.calls;
    const none = await exportLogs({ spreadsheetToken: 'shtcnExport1', sheetId: 'logs' });
    expect(none.body.data).toMatchObject({ exported: 0, remaining: 0, updatedRange: '', revision: 0 });
    expect(feishu.calls).toBe(calls);
    await s.handle.db.insert(xshCommLog).values(row('2026-11-20 13:00:00') as never);
    const since = await exportLogs({ spreadsheetToken: 'shtcnExport1', sheetId: 'logs', onlyUnsynced: true });
    expect(since.body.data).toMatchObject({ exported: 1, updatedRange: 'logs!A4:L4', revision: 2 });
    const all = await exportLogs({ spreadsheetToken: 'shtcnExport2', sheetId: 'all', onlyUnsynced: false });
    expect(all.body.data).toMatchObject({ exported: 4, updatedRange: 'all!A1:L4' });
    expect(sheet('shtcnExport2', 'all').map((r) => r[0])).toEqual([
      '2026-11-20 09:00:00',
      '2026-11-20 10:00:00',
      '2026-11-20 12:00:00',
      '2026-11-20 13:00:00',
    ]);
  });

  it('answers a Feishu error with 400 and its message, and marks nothing', async () => {
    await s.handle.db.insert(xshCommLog).values(row('2026-11-20 14:00:00') as never);
    for (const [spreadsheetToken, msg] of [
      ['ratelimitAlways', '请求过于频繁'],
      ['forbiddenSheet', '90213'],
    ] as const) {
      const res = await exportLogs({ spreadsheetToken, sheetId: 'logs' });
      expect(res.status).toBe(400);
      expect(res.body.msg).toContain(msg);
    }
    expect((await synced()).at(-1)).toEqual([0, false]);
  });

  it("never exports another tenant's logs, and checks the range", async () => {
    const other = await call<Exported>('POST', `${P}/appLogToFeiShu`, 'xshCommLogAppLogToFeiShu', admin, {
      ...day,
      robotAccount: 'sim-01@sandbox',
      spreadsheetToken: 'shtcnExport3',
      sheetId: 'x',
      onlyUnsynced: false,
    });
    // this tenant's logs of every task of the day (the other task's included), not tenant 100001's
    expect(other.body.data.exported).toBe(6);
    expect(sheet('shtcnExport3', 'x').map((r) => r[0])).not.toContain('2026-11-20 11:30:00');
    const reversed = await exportLogs({
      startTime: day.endTime,
      endTime: day.startTime,
      spreadsheetToken: 'a',
      sheetId: 'b',
    });
    expect([reversed.status, reversed.body.msg]).toEqual([400, '结束时间必须晚于开始时间']);
  });
});
