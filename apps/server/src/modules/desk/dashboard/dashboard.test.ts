import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dyComm,
  dyCommLogGroup,
  order,
  powerLogs,
  sphBroweLogGroup,
  xhsPublish,
  xhsPublishLogGroup,
} from '../../../db/schema';
import { backends, contractCall, login, startTestServer, type TestServer } from '../../../test/harness';
import { nextId } from '../../../util';
import { dayBoundaries, type DashboardDay, type TaskTrendDay } from './dashboard.module';

interface Trends {
  from: string;
  to: string;
  days: DashboardDay[];
}

const T = '/api/smart-desk/dashboard/trends';
const TT = '/api/smart-desk/dashboard/task-trends';
const pad = (n: number) => String(n).padStart(2, '0');
const ymd = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

describe('dayBoundaries', () => {
  it('gives local midnights from the first day to the day after today', () => {
    const now = new Date(2026, 10, 27, 15, 30);
    const b = dayBoundaries(7, now);
    expect(b).toHaveLength(8);
    expect(b[0]).toEqual(new Date(2026, 10, 21));
    expect(b[7]).toEqual(new Date(2026, 10, 28));
    // across a month's end
    expect(dayBoundaries(7, new Date(2026, 2, 2, 0, 0, 1))[0]).toEqual(new Date(2026, 1, 24));
  });
});

describe.each(backends)('dashboard trends on %s', (kind) => {
  let s: TestServer;
  let admin: string;
  let demo: string;

  beforeAll(async () => {
    s = await startTestServer(kind);
    admin = (await login(s.app, '000000')).access_token;
    demo = (await login(s.app, '100001')).access_token;
  });
  afterAll(async () => {
    await s?.close();
  });

  const call = contractCall(() => s);
  const trends = async (token: string, query = '') => {
    const res = await call<Trends>('GET', `${T}${query}`, 'dashboardTrends', token);
    expect(res.status, res.body.msg).toBe(200);
    return res.body.data;
  };
  const day = (t: Trends, date: Date) => t.days.find((d) => d.date === ymd(date))!;

  const now = new Date();
  const todayStart = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  const yesterdayEnd = new Date(todayStart.getTime() - 1);
  const longAgo = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 20, 12);

  it('answers every one of the last 14 days, oldest first, today last', async () => {
    const t = await trends(admin);
    expect(t.days).toHaveLength(14);
    expect(t.to).toBe(ymd(now));
    expect(t.from).toBe(t.days[0]!.date);
    expect(t.days.map((d) => d.date)).toEqual([...t.days.map((d) => d.date)].sort());
    expect(new Set(t.days.map((d) => d.date)).size).toBe(14);
    expect((await trends(admin, '?days=90')).days).toHaveLength(90);
  });

  it('counts runs, failures, actions, power and orders of the tenant in their local day', async () => {
    const before = await trends(admin, '?days=30');
    const demoBefore = await trends(demo);
    const db = s.handle.db;
    const run = (createTime: Date, runStatus: string, successCount: number, extra: object = {}) => ({
      id: nextId(),
      tenantId: '000000',
      createTime,
      runStatus,
      successCount,
      ...extra,
    });
    await db
      .insert(dyCommLogGroup)
      .values([
        run(todayStart, 'SUCCESS', 5),
        run(now, 'RUNNING', 2),
        run(yesterdayEnd, 'START_FAILED', 0),
        run(longAgo, 'SUCCESS', 7),
        run(now, 'SUCCESS', 100, { isDeleted: 1 }),
        run(now, 'SUCCESS', 1000, { tenantId: '100001' }),
      ]);
    await db.insert(xhsPublishLogGroup).values(run(now, 'FAILED', 0));
    await db.insert(sphBroweLogGroup).values(run(yesterdayEnd, 'TIMEOUT', 3));
    const power = (delta: number, changeType: number, createTime = now, tenantId = '000000') => ({
      id: nextId(),
      tenantId,
      changeType,
      power: delta,
      createTime,
    });
    await db
      .insert(powerLogs)
      .values([
        power(-30, 5),
        power(10, 6),
        power(500, 1),
        power(-8, 5, yesterdayEnd),
        power(-999, 5, now, '100001'),
      ]);
    const anOrder = (orderStatus: number, payAmount: number, tenantId = '000000') => ({
      id: nextId(),
      tenantId,
      orderNo: `DASH${nextId()}`.slice(0, 32),
      ydUserId: 1n,
      productType: 1,
      productName: '算力包',
      unitPrice: payAmount,
      totalAmount: payAmount,
      payAmount,
      orderStatus,
      createTime: now,
    });
    await db
      .insert(order)
      .values([anOrder(2, 99.9), anOrder(1, 0.2), anOrder(0, 10), anOrder(5, 50), anOrder(2, 1, '100001')]);

    const after = await trends(admin, '?days=30');
    const delta = (date: Date, k: keyof DashboardDay) =>
      Number(day(after, date)[k]) - Number(day(before, date)[k]);
    expect(delta(now, 'runs')).toBe(3);
    expect(delta(now, 'runsFailed')).toBe(1);
    expect(delta(now, 'actions')).toBe(7);
    expect(delta(now, 'powerSpent')).toBe(20);
    expect(delta(now, 'orders')).toBe(4);
    expect(delta(now, 'paidAmount')).toBeCloseTo(100.1, 6);
    // 23:59:59.999 belongs to the day before
    expect(delta(yesterdayEnd, 'runs')).toBe(2);
    expect(delta(yesterdayEnd, 'runsFailed')).toBe(2);
    expect(delta(yesterdayEnd, 'actions')).toBe(3);
    expect(delta(yesterdayEnd, 'powerSpent')).toBe(8);
    expect(delta(longAgo, 'runs')).toBe(1);
    // 20 days ago is outside the default 14
    expect((await trends(admin)).days.some((d) => d.date === ymd(longAgo))).toBe(false);

    // the other tenant sees its own rows only
    const demoAfter = await trends(demo);
    expect(day(demoAfter, now).runs - day(demoBefore, now).runs).toBe(1);
    expect(day(demoAfter, now).actions - day(demoBefore, now).actions).toBe(1000);
    expect(day(demoAfter, now).powerSpent - day(demoBefore, now).powerSpent).toBe(999);
    expect(day(demoAfter, now).orders - day(demoBefore, now).orders).toBe(1);
  });

  it('refuses a range the contract does not allow, and a caller without a token', async () => {
    for (const q of ['?days=6', '?days=91', '?days=abc', '?days=7.5']) {
      const res = await call('GET', `${T}${q}`, 'dashboardTrends', admin);
      expect(res.status, q).toBe(400);
      expect(res.body.success).toBe(false);
    }
    const res = await s.app.inject({ method: 'GET', url: T });
    expect(res.statusCode).toBe(401);
  });

  describe('of one task', () => {
    const taskTrends = async (token: string, query: string) => {
      const res = await call<{ from: string; to: string; days: TaskTrendDay[] }>(
        'GET',
        `${TT}?${query}`,
        'dashboardTaskTrends',
        token,
      );
      expect(res.status, res.body.msg).toBe(200);
      return res.body.data;
    };

    it("counts the task's runs and their actions per local day, and nothing of other tasks", async () => {
      const db = s.handle.db;
      const [task, other] = [nextId(), nextId()];
      await db.insert(dyComm).values([
        { id: task, tenantId: '000000', taskName: '趋势任务' },
        { id: other, tenantId: '000000', taskName: '别的任务' },
      ]);
      const run = (
        commId: bigint,
        createTime: Date,
        runStatus: string,
        successCount: number,
        failCount = 0,
      ) => ({
        id: nextId(),
        tenantId: '000000',
        commId,
        createTime,
        runStatus,
        successCount,
        failCount,
      });
      await db
        .insert(dyCommLogGroup)
        .values([
          run(task, todayStart, 'SUCCESS', 5, 1),
          run(task, now, 'FAILED', 1, 4),
          run(task, now, 'SKIPPED', 0),
          run(task, yesterdayEnd, 'SUCCESS', 3),
          run(task, longAgo, 'SUCCESS', 9),
          { ...run(task, now, 'SUCCESS', 100), isDeleted: 1 },
          run(other, now, 'SUCCESS', 50),
        ]);
      const t = await taskTrends(admin, `taskType=dy_comm&taskId=${task}&days=30`);
      expect(t.days).toHaveLength(30);
      expect(t.to).toBe(ymd(now));
      const at = (d: Date) => t.days.find((x) => x.date === ymd(d));
      expect(at(now)).toEqual({
        date: ymd(now),
        runs: 3,
        runsSucceeded: 1,
        runsFailed: 1,
        actions: 6,
        actionsFailed: 5,
      });
      expect(at(yesterdayEnd)).toMatchObject({ runs: 1, runsSucceeded: 1, actions: 3 });
      expect(at(longAgo)).toMatchObject({ runs: 1, actions: 9 });
      const sum = t.days.reduce((n, d) => n + d.runs, 0);
      expect(sum).toBe(5);
      // the default 14 days leave 20 days ago out
      expect(
        (await taskTrends(admin, `taskType=dy_comm&taskId=${task}`)).days.map((d) => d.date),
      ).not.toContain(ymd(longAgo));
    });

    it('reads the runs of the kind named: a publish plan of Xiaohongshu', async () => {
      const db = s.handle.db;
      const plan = nextId();
      await db.insert(xhsPublish).values({ id: plan, tenantId: '000000', taskName: '发布计划' });
      await db
        .insert(xhsPublishLogGroup)
        .values({ id: nextId(), tenantId: '000000', publishId: plan, createTime: now, runStatus: 'TIMEOUT' });
      const t = await taskTrends(admin, `taskType=xhs_publish&taskId=${plan}&days=7`);
      expect(t.days.find((d) => d.date === ymd(now))).toMatchObject({ runs: 1, runsFailed: 1 });
    });

    it("refuses another tenant's task, an unknown one and bad parameters", async () => {
      const db = s.handle.db;
      const mine = nextId();
      await db.insert(dyComm).values({ id: mine, tenantId: '000000', taskName: '平台任务' });
      for (const [token, q] of [
        [demo, `taskType=dy_comm&taskId=${mine}`],
        [admin, `taskType=dy_browse&taskId=${mine}`],
        [admin, 'taskType=dy_comm&taskId=1'],
        [admin, 'taskType=dy_live&taskId=1'],
      ] as const) {
        const res = await call('GET', `${TT}?${q}`, 'dashboardTaskTrends', token);
        expect(res.status, q).toBe(400);
        expect(res.body.msg).toBe('任务不存在');
      }
      for (const q of [
        'taskType=mj_prompt&taskId=1',
        'taskType=dy_comm',
        'taskType=dy_comm&taskId=x',
        `taskType=dy_comm&taskId=${mine}&days=5`,
      ]) {
        const res = await call('GET', `${TT}?${q}`, 'dashboardTaskTrends', admin);
        expect(res.status, q).toBe(400);
        expect(res.body.success).toBe(false);
      }
    });
  });
});
