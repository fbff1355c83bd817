// Every comment log goes into the Feishu sheet once (./xsh-comm-log-feishu.module.ts, ./feishu-export-claims.ts),
// on two server instances sharing one database and one Feishu (the simulated Feishu of a bare app, configured as a
// real one would be; src/sandbox/feishu `scriptAppends` slows or breaks its appends): exports at once on both
// instances; an append whose answer is lost, then retried; an append refused, or dropped before writing, then
// exported again; the claim of an instance that stopped mid-export.
import { and, eq, inArray } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FeishuConfig } from '../../../config';
import { feishuExportClaim, xshCommLog } from '../../../db/schema';
import { SANDBOX_FEISHU } from '../../../engine/feishu/index';
import { listeningBaseUrl } from '../../../kernel/self-url';
import { registerFeishuSandbox, type FeishuSandbox } from '../../../sandbox/feishu/index';
import { backends, contractCall, login, startTestServer, type TestServer } from '../../../test/harness';
import { nextId } from '../../../util';
import { CLAIM_LEASE_MS, DOUBT_SETTLE_MS } from './feishu-export-claims';
import { rowKey, settlingMsg } from './xsh-comm-log-feishu.module';

interface Exported {
  exported: number;
  remaining: number;
  updatedRange: string;
}

const P = '/api/smart-xshComm/xsh_comm_log/appLogToFeiShu';
const OP = 'xshCommLogAppLogToFeiShu';
const day = { startTime: '2026-11-20 00:00:00', endTime: '2026-11-21 00:00:00' };

describe.each(backends)('comment log export to Feishu, each log once, on %s', (kind) => {
  let fake: FastifyInstance;
  let feishu: FeishuSandbox;
  let a: TestServer;
  let b: TestServer;
  let tokenA: string;
  let tokenB: string;
  beforeAll(async () => {
    fake = Fastify({ logger: false });
    feishu = registerFeishuSandbox(fake);
    await fake.listen({ port: 0, host: '127.0.0.1' });
    const config: FeishuConfig = {
      baseUrl: `${listeningBaseUrl(fake)}${SANDBOX_FEISHU.apiPath}`,
      appId: SANDBOX_FEISHU.appId,
      appSecret: SANDBOX_FEISHU.appSecret,
    };
    const engine = { sandbox: false, scheduler: false, feishu: config };
    a = await startTestServer(kind, { engine });
    // a second instance: the same database, its own modules (what one instance keeps in memory, the other has not)
    vi.resetModules();
    const { buildApp } = await import('../../../app');
    const app = await buildApp({ db: a.handle.db, config: { logger: false, engine } });
    await app.ready();
    b = { app, handle: a.handle, kind, close: () => app.close() };
    tokenA = (await login(a.app)).access_token;
    tokenB = (await login(b.app)).access_token;
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await fake?.close();
  });

  const callA = contractCall(() => a);
  const callB = contractCall(() => b);
  const exportOn = (on: 'a' | 'b', commId: bigint, spreadsheetToken: string, sheetId = 'logs') =>
    (on === 'a' ? callA : callB)<Exported>('POST', P, OP, on === 'a' ? tokenA : tokenB, {
      ...day,
      commId: String(commId),
      spreadsheetToken,
      sheetId,
    });

  /** `n` logs of a new task, a minute apart; their ids in time order. */
  async function logs(n: number, task = nextId(), from = 0): Promise<{ task: bigint; ids: bigint[] }> {
    const ids = Array.from({ length: n }, () => nextId());
    await a.handle.db.insert(xshCommLog).values(
      ids.map((id, i) => ({
        id,
        tenantId: '000000',
        commId: task,
        robotAccount: 'sim-01@sandbox',
        commentContent: `评论 ${from + i}`,
        result: 1,
        commentTime: new Date(2026, 10, 20, 9, from + i),
      })),
    );
    return { task, ids };
  }
  /** The keys (column L) of a sheet's rows, in sheet order. */
  const keys = (token: string, sheetId = 'logs') =>
    (feishu.docs.spreadsheets.get(token)?.sheets.get(sheetId)?.rows ?? []).map((r) => r[11]);
  const synced = async (ids: bigint[]) =>
    (
      await a.handle.db
        .select({ id: xshCommLog.id, synced: xshCommLog.feishuSynced })
        .from(xshCommLog)
        .where(inArray(xshCommLog.id, ids))
        .orderBy(xshCommLog.commentTime)
    ).map((r) => r.synced);
  const claims = (ids: bigint[]) =>
    a.handle.db
      .select({ state: feishuExportClaim.state, sheetId: feishuExportClaim.sheetId })
      .from(feishuExportClaim)
      .where(and(eq(feishuExportClaim.source, 'xsh_comm_log'), inArray(feishuExportClaim.logId, ids)));
  /** Time passes for the claims of `ids`: they were made `ms` earlier. */
  const age = (ids: bigint[], ms: number) =>
    a.handle.db
      .update(feishuExportClaim)
      .set({ claimedAt: new Date(Date.now() - ms) })
      .where(inArray(feishuExportClaim.logId, ids));

  it('exports at once on two instances and by two clicks: each log in the sheet once', async () => {
    const { task, ids } = await logs(5);
    // the appends take a while, so the three exports are under way together
    feishu.scriptAppends(
      'shtcnTogether',
      ...Array.from({ length: 3 }, () => ({ outcome: 'write' as const, delayMs: 300 })),
    );
    const answers = await Promise.all([
      exportOn('a', task, 'shtcnTogether'),
      exportOn('b', task, 'shtcnTogether'),
      exportOn('a', task, 'shtcnTogether'),
    ]);
    expect(answers.map((x) => x.status)).toEqual([200, 200, 200]);
    expect(answers.reduce((n, x) => n + x.body.data.exported, 0)).toBe(5);
    expect(keys('shtcnTogether')).toHaveLength(5);
    expect(new Set(keys('shtcnTogether'))).toEqual(new Set(ids.map(rowKey)));
    expect(await synced(ids)).toEqual([1, 1, 1, 1, 1]);
    expect(await claims(ids)).toEqual([]);
    // and again: nothing left to send
    const again = await exportOn('b', task, 'shtcnTogether');
    expect(again.body.data).toMatchObject({ exported: 0, remaining: 0 });
    expect(keys('shtcnTogether')).toHaveLength(5);
  });

  it('retries an export whose answer was lost after Feishu wrote: no row twice', async () => {
    const { task, ids } = await logs(3);
    feishu.scriptAppends('shtcnLost', 'lostAnswer');
    const lost = await exportOn('a', task, 'shtcnLost');
    expect(lost.status).toBe(400);
    expect(lost.body.msg).toContain('飞书是否已写入未知');
    // written by Feishu, not marked: the logs are in doubt, their claims name the sheet
    expect(keys('shtcnLost')).toEqual(ids.map(rowKey));
    expect(await synced(ids)).toEqual([0, 0, 0]);
    expect(await claims(ids)).toEqual(ids.map(() => ({ state: 'unknown', sheetId: 'logs' })));
    // at once, on either instance: refused, Feishu not called (it may still be writing)
    const calls = feishu.calls;
    for (const on of ['a', 'b'] as const) {
      const soon = await exportOn(on, task, 'shtcnLost');
      expect([soon.status, soon.body.msg]).toEqual([400, settlingMsg(3)]);
    }
    expect(feishu.calls).toBe(calls);
    // a minute later: the sheet is read, the rows found there are marked, nothing is appended
    await age(ids, DOUBT_SETTLE_MS + 1000);
    const retried = await exportOn('b', task, 'shtcnLost');
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    expect(retried.body.data).toMatchObject({ exported: 3, remaining: 0, updatedRange: '' });
    expect(keys('shtcnLost')).toEqual(ids.map(rowKey));
    expect(await synced(ids)).toEqual([1, 1, 1]);
    expect(await claims(ids)).toEqual([]);
    // what comes later is appended once, under them
    const later = await logs(1, task, 10);
    const next = await exportOn('a', task, 'shtcnLost');
    expect(next.body.data).toMatchObject({ exported: 1, updatedRange: 'logs!A4:L4' });
    expect(keys('shtcnLost')).toEqual([...ids, ...later.ids].map(rowKey));
  });

  it('leaves the logs of a refused append to the next export, which sends them once', async () => {
    const { task, ids } = await logs(2);
    feishu.scriptAppends('shtcnRefused', 'refuse');
    const refused = await exportOn('a', task, 'shtcnRefused');
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toContain('internal error');
    expect(keys('shtcnRefused')).toEqual([]);
    expect(await synced(ids)).toEqual([0, 0]);
    expect(await claims(ids)).toEqual([]);
    const next = await exportOn('b', task, 'shtcnRefused');
    expect(next.body.data).toMatchObject({ exported: 2, updatedRange: 'logs!A1:L2' });
    expect(keys('shtcnRefused')).toEqual(ids.map(rowKey));
    expect(await synced(ids)).toEqual([1, 1]);
  });

  it('checks an append dropped before Feishu wrote, then sends its logs once', async () => {
    const { task, ids } = await logs(2);
    feishu.scriptAppends('shtcnDropped', 'dropBeforeWrite');
    const dropped = await exportOn('a', task, 'shtcnDropped');
    expect(dropped.status).toBe(400);
    expect(dropped.body.msg).toContain('飞书是否已写入未知');
    expect(keys('shtcnDropped')).toEqual([]);
    expect(await synced(ids)).toEqual([0, 0]);
    const soon = await exportOn('a', task, 'shtcnDropped');
    expect([soon.status, soon.body.msg]).toEqual([400, settlingMsg(2)]);
    await age(ids, DOUBT_SETTLE_MS + 1000);
    // not in the sheet (here: no such spreadsheet yet): appended, once
    const next = await exportOn('b', task, 'shtcnDropped');
    expect(next.body.data).toMatchObject({ exported: 2, updatedRange: 'logs!A1:L2' });
    expect(keys('shtcnDropped')).toEqual(ids.map(rowKey));
    expect(await synced(ids)).toEqual([1, 1]);
    expect(await claims(ids)).toEqual([]);
  });

  it('takes over the claim of an instance that stopped mid-export after its lease, the sheet checked first', async () => {
    const { task, ids } = await logs(2);
    // the stopped instance had claimed both, and Feishu had written the first when it stopped
    feishu.docs.append('shtcnStopped', 'logs!A1:L1', [[...Array<null>(11).fill(null), rowKey(ids[0]!)]]);
    await a.handle.db.insert(feishuExportClaim).values(
      ids.map((logId) => ({
        source: 'xsh_comm_log',
        logId,
        tenantId: '000000',
        batchId: 'stopped-instance',
        state: 'sending',
        spreadsheetToken: 'shtcnStopped',
        sheetId: 'logs',
        claimedAt: new Date(Date.now() - 60_000),
      })),
    );
    // within the lease, the logs are its to send
    const within = await exportOn('a', task, 'shtcnStopped');
    expect(within.body.data).toMatchObject({ exported: 0, remaining: 0 });
    expect(keys('shtcnStopped')).toEqual([rowKey(ids[0]!)]);
    await age(ids, CLAIM_LEASE_MS + 1000);
    const after = await exportOn('b', task, 'shtcnStopped');
    expect(after.body.data).toMatchObject({ exported: 2, updatedRange: 'logs!A2:L2' });
    expect(keys('shtcnStopped')).toEqual(ids.map(rowKey));
    expect(await synced(ids)).toEqual([1, 1]);
    expect(await claims(ids)).toEqual([]);
  });

  it('keeps logs in doubt when their sheet cannot be read, and frees the others', async () => {
    const doubtful = await logs(1);
    const { ids: others } = await logs(1, doubtful.task, 5);
    await a.handle.db.insert(feishuExportClaim).values({
      source: 'xsh_comm_log',
      logId: doubtful.ids[0]!,
      tenantId: '000000',
      batchId: 'unanswered',
      state: 'unknown',
      spreadsheetToken: 'forbiddenSheet',
      sheetId: 'logs',
      claimedAt: new Date(Date.now() - DOUBT_SETTLE_MS - 1000),
    });
    const res = await exportOn('a', doubtful.task, 'shtcnUnreadable');
    expect(res.status).toBe(400);
    expect(res.body.msg).toContain('90213');
    expect(keys('shtcnUnreadable')).toEqual([]);
    expect(await claims(doubtful.ids)).toEqual([{ state: 'unknown', sheetId: 'logs' }]);
    expect(await claims(others)).toEqual([]);
    expect(await synced([...doubtful.ids, ...others])).toEqual([0, 0]);
  });
});
