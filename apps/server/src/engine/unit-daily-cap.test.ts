// A roster unit's daily cap is a cap of the China day (src/engine/runs/unit-day.ts): a unit that used up its
// `dailyLimit` yesterday runs again today and its count starts again, while today's cap still holds; runs of a unit
// reporting at once add up exactly, also when the first of them starts the new day; the console reads a count of
// an earlier day as 0 (list, detail, getList, and ordering by today_count). The count grew for ever before, so a
// unit that reached its cap once was skipped on every later day.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dyComm, dyCommArr, dyCommLogGroup, dyCommUrl } from '../db/schema';
import { chinaDate } from '../kernel/datetime';
import { nextId } from '../util';
import { backends, contractCall, login, startSandboxedServer, type TestServer } from '../test/harness';
import { until } from '../test/until';
import { storeActions } from './robot-api/actions';
import type { RunContext } from './robot-api/run-context';
import { TASK_KINDS } from './runs/task-kinds';
import { addToToday, countToday } from './runs/unit-day';

const C = '/api/smart-dyComm';
const k = TASK_KINDS.dy_comm;
const DAY_MS = 86_400_000;

describe('the China day of a unit’s count', () => {
  it('turns at midnight China time, whatever the server’s zone', () => {
    const before = new Date('2026-11-26T23:59:59+08:00'); // 15:59:59 UTC
    const after = new Date('2026-11-27T00:00:00+08:00'); // 16:00:00 UTC, still the 26th in UTC
    expect(chinaDate(before)).toBe('2026-11-26');
    expect(chinaDate(after)).toBe('2026-11-27');
    const unit = { todayCount: 5, todayDate: '2026-11-26' };
    expect(countToday(unit, before)).toBe(5);
    expect(countToday(unit, after)).toBe(0);
    // the rows from before the day was kept (migration 0018) count nothing
    expect(countToday({ todayCount: 5, todayDate: '' }, before)).toBe(0);
  });
});

describe.each(backends)('a unit’s daily cap on %s', (kind) => {
  let s: TestServer;
  let admin: string;
  let adminId: bigint;
  beforeAll(async () => {
    s = await startSandboxedServer(kind);
    const t = await login(s.app);
    admin = t.access_token;
    adminId = BigInt(t.user_id);
  });
  afterAll(async () => {
    await s?.close();
  });

  const call = contractCall(() => s);
  const db = () => s.handle.db;
  const today = () => chinaDate(new Date());
  const yesterday = () => chinaDate(new Date(Date.now() - DAY_MS));
  let seq = 0;

  /** A Douyin comment unit with a stored count of a day, and a task of it with `urls` links. */
  async function setup(unit: { dailyLimit: number; todayCount: number; todayDate: string }, urls = 0) {
    const arrId = nextId();
    const arrName = `日上限-${++seq}-${arrId}`;
    await db()
      .insert(dyCommArr)
      .values({ id: arrId, tenantId: '000000', arrName, robotAccount: 'sim-01@sandbox', ...unit });
    const taskId = nextId();
    await db()
      .insert(dyComm)
      .values({
        id: taskId,
        tenantId: '000000',
        taskName: `日上限任务-${seq}`,
        arrIds: String(arrId),
        robotUuid: 'sandbox-app',
        sourceMode: 1,
        commentMode: 1,
        commentsPerRun: urls,
        powerPerComment: 0,
        createUser: adminId,
      } as typeof dyComm.$inferInsert);
    for (let i = 0; i < urls; i++)
      await db()
        .insert(dyCommUrl)
        .values({
          id: nextId(),
          tenantId: '000000',
          commId: taskId,
          url: `https://www.douyin.com/video/7280854932641${String(100000 + seq * 10 + i)}`,
          sort: i,
        } as typeof dyCommUrl.$inferInsert);
    return { arrId, arrName, taskId };
  }

  const unitOf = async (arrId: bigint) =>
    (await db().select().from(dyCommArr).where(eq(dyCommArr.id, arrId)))[0]!;
  const trigger = (taskId: bigint) =>
    call<{ runs: { runId: string; runStatus: string; errorMsg: string }[] }>(
      'POST',
      `${C}/dy_comm/triggerJob`,
      'dyCommTriggerJob',
      admin,
      { id: String(taskId) },
    );

  it('lets a unit that reached its cap yesterday run today, restarts the count, and caps today again', async () => {
    const { arrId, taskId } = await setup({ dailyLimit: 3, todayCount: 3, todayDate: yesterday() }, 3);
    const res = await trigger(taskId);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const run = res.body.data.runs[0]!;
    expect(run).toMatchObject({ runStatus: 'WAITING', errorMsg: '' });
    const g = await until(
      async () =>
        (
          await db()
            .select()
            .from(dyCommLogGroup)
            .where(eq(dyCommLogGroup.id, BigInt(run.runId)))
        )[0]!,
      (r) => r.runStatus === 'SUCCESS' || r.runStatus === 'FAILED',
    );
    expect(g).toMatchObject({ runStatus: 'SUCCESS', successCount: 3 });
    // today's count is the run's 3, not yesterday's 3 + 3
    expect(await unitOf(arrId)).toMatchObject({ todayCount: 3, todayDate: today() });
    const again = await trigger(taskId);
    expect(again.body.data.runs[0]).toMatchObject({
      runStatus: 'SKIPPED',
      errorMsg: '执行账号今日次数已用完',
    });
  });

  it('adds up the reports of runs of a unit arriving at once, the first of the day starting the count', async () => {
    const { arrId, taskId } = await setup({ dailyLimit: 0, todayCount: 7, todayDate: yesterday() });
    const [task] = await db().select().from(dyComm).where(eq(dyComm.id, taskId));
    const runs = 8;
    const perReport = 3;
    const contexts = await Promise.all(
      Array.from({ length: runs }, async () => {
        const groupId = nextId();
        await db()
          .insert(dyCommLogGroup)
          .values({ id: groupId, tenantId: '000000', commId: taskId, arrId, runStatus: 'RUNNING' } as never);
        const [group] = await db().select().from(dyCommLogGroup).where(eq(dyCommLogGroup.id, groupId));
        return { k, tenantId: '000000', groupId, group, task, payer: adminId } as unknown as RunContext;
      }),
    );
    const report = (ctx: RunContext) =>
      storeActions(
        db(),
        ctx,
        Array.from({ length: perReport }, (_, i) => ({ itemId: `v${i}`, result: 1 })),
      );
    // every run reports twice, all at once: one transaction each, on as many connections as the pool gives
    await Promise.all([...contexts, ...contexts].map(report));
    expect(await unitOf(arrId)).toMatchObject({ todayCount: 2 * runs * perReport, todayDate: today() });
    const groups = await db().select().from(dyCommLogGroup).where(eq(dyCommLogGroup.commId, taskId));
    expect(groups.map((r) => r.successCount)).toEqual(Array(runs).fill(2 * perReport));
  });

  it('takes the count across midnight at once, and leaves a report of a day already over alone', async () => {
    const { arrId } = await setup({ dailyLimit: 0, todayCount: 40, todayDate: '2026-11-26' });
    const late = new Date('2026-11-26T23:59:59+08:00');
    const next = new Date('2026-11-27T00:00:01+08:00');
    await Promise.all(Array.from({ length: 10 }, () => addToToday(db(), k.units, arrId, 2, next)));
    expect(await unitOf(arrId)).toMatchObject({ todayCount: 20, todayDate: '2026-11-27' });
    // taken before midnight, written after the new day's reports: its day is over
    await addToToday(db(), k.units, arrId, 5, late);
    expect(await unitOf(arrId)).toMatchObject({ todayCount: 20, todayDate: '2026-11-27' });
  });

  it('shows a count of an earlier day as 0 in the list, the detail and the getList, and orders it so', async () => {
    const stale = await setup({ dailyLimit: 30, todayCount: 25, todayDate: yesterday() });
    const fresh = await setup({ dailyLimit: 30, todayCount: 2, todayDate: today() });
    const prefix = '日上限-';
    const list = await call<{ records: { id: string; todayCount: number }[] }>(
      'GET',
      `${C}/dy_comm_arr/list?arrName=${encodeURIComponent(prefix)}&descs=today_count&size=100`,
      'dyCommArrList',
      admin,
    );
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    const records = list.body.data.records;
    const shown = (id: bigint) => records.find((r) => r.id === String(id))?.todayCount;
    expect(shown(stale.arrId)).toBe(0);
    expect(shown(fresh.arrId)).toBe(2);
    // ordered by the count shown: today's 2 before yesterday's 25
    const at = (id: bigint) => records.findIndex((r) => r.id === String(id));
    expect(at(fresh.arrId)).toBeLessThan(at(stale.arrId));

    const detail = await call<{ todayCount: number; dailyLimit: number }>(
      'GET',
      `${C}/dy_comm_arr/detail?id=${stale.arrId}`,
      'dyCommArrDetail',
      admin,
    );
    expect(detail.body.data).toMatchObject({ todayCount: 0, dailyLimit: 30 });
    const got = await call<{ id: string; todayCount: number }[]>(
      'GET',
      `${C}/dy_comm_arr/getList?arrName=${encodeURIComponent(stale.arrName)}`,
      'dyCommArrGetList',
      admin,
    );
    expect(got.body.data.map((r) => [r.id, r.todayCount])).toEqual([[String(stale.arrId), 0]]);
  });
});
