// A customer's Xiaohongshu control strategy as the engine enforces it (src/engine/robot-api/control-strategy.ts):
// a run on the simulated robot comments only what the hourly cap leaves and the next run gets nothing; the caps
// hold under concurrent takers; the window, the cool-down after failures in a row, the dedupe days, the per-note
// cap and the sensitive words; keyword runs take the keyword pool.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  engineQuota,
  xhsCommComment,
  xshComm,
  xshCommArr,
  xshCommControlStrategy,
  xshCommKeyword,
  xshCommLog,
  xshCommLogGroup,
  xshCommUrl,
} from '../db/schema';
import { nextId } from '../util';
import { backends, contractCall, login, startSandboxedServer, type TestServer } from '../test/harness';
import { commentRefusal, inWindow, planLimit, strategyOf, takeComment } from './robot-api/control-strategy';
import type { RunContext } from './robot-api/run-context';
import { commentRun } from './robot-api/run-targets';
import { TASK_KINDS, type CommentKind } from './runs/task-kinds';
import { until } from '../test/until';

const C = '/api/smart-xshComm';
const k = TASK_KINDS.xsh_comm as CommentKind;

describe.each(backends)('the Xiaohongshu control strategy on %s', (kind) => {
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

  /** A unit, a task of it and the admin's strategy (replacing an earlier one). */
  async function setup(over: Partial<typeof xshCommControlStrategy.$inferInsert> = {}, task: object = {}) {
    const arrId = nextId();
    await db()
      .insert(xshCommArr)
      .values({ id: arrId, tenantId: '000000', arrName: `单元${arrId}`, robotAccount: 'sim-01@sandbox' });
    const taskId = nextId();
    await db()
      .insert(xshComm)
      .values({
        id: taskId,
        tenantId: '000000',
        taskName: `小红书评论${taskId}`,
        arrIds: String(arrId),
        robotUuid: 'sandbox-app',
        sourceMode: 1,
        commentMode: 1,
        commentsPerRun: 10,
        powerPerComment: 0,
        useStrategy: 1,
        createUser: adminId,
        ...task,
      } as typeof xshComm.$inferInsert);
    await db().delete(xshCommControlStrategy).where(eq(xshCommControlStrategy.ydUserId, adminId));
    await db()
      .insert(xshCommControlStrategy)
      .values({
        id: nextId(),
        tenantId: '000000',
        ydUserId: adminId,
        dailyMaxPerAccount: 100,
        hourlyMaxPerAccount: 100,
        perNoteMax: 1,
        aiEnabled: 1,
        ...over,
      });
    const groupId = nextId();
    await db()
      .insert(xshCommLogGroup)
      .values({ id: groupId, tenantId: '000000', commId: taskId, arrId, runStatus: 'RUNNING' } as never);
    const [row] = await db().select().from(xshComm).where(eq(xshComm.id, taskId));
    const [group] = await db().select().from(xshCommLogGroup).where(eq(xshCommLogGroup.id, groupId));
    const ctx = {
      k,
      tenantId: '000000',
      groupId,
      group,
      task: row,
      payer: adminId,
    } as unknown as RunContext;
    return { arrId, taskId, ctx, strategy: (await strategyOf(db(), ctx))! };
  }

  const links = async (taskId: bigint, urls: string[], over: object = {}) => {
    for (const [i, url] of urls.entries())
      await db()
        .insert(xshCommUrl)
        .values({ id: nextId(), tenantId: '000000', commId: taskId, url, sort: i, ...over } as never);
  };

  it('a run comments only what the hourly cap leaves, and the next run of the unit gets nothing', async () => {
    const { taskId } = await setup({ hourlyMaxPerAccount: 3 });
    await links(
      taskId,
      Array.from(
        { length: 6 },
        (_, i) => `https://www.xiaohongshu.com/explore/65a1b2c3d4e5f6a7b8c9d0${10 + i}`,
      ),
    );
    const runOf = async () => {
      const res = await call<{ runs: { runId: string }[] }>(
        'POST',
        `${C}/xsh_comm/triggerJob`,
        'xshCommTriggerJob',
        admin,
        { id: String(taskId) },
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const runId = BigInt(res.body.data.runs[0]!.runId);
      return until(
        async () => (await db().select().from(xshCommLogGroup).where(eq(xshCommLogGroup.id, runId)))[0]!,
        (g) => g.runStatus === 'SUCCESS' || g.runStatus === 'FAILED',
      );
    };
    const first = await runOf();
    expect(first).toMatchObject({ runStatus: 'SUCCESS', plannedCount: 3, successCount: 3 });
    const second = await runOf();
    expect(second).toMatchObject({ runStatus: 'SUCCESS', successCount: 0 });
    expect(second.errorMsg).toBe('风控限制：每小时评论上限 3 已用完');
    expect(first.errorMsg).toBe('风控限制：每小时评论上限 3，本次最多 3 条');
  });

  it('leaves the runs of a task that does not use the strategy alone', async () => {
    const { ctx } = await setup({ hourlyMaxPerAccount: 1 }, { useStrategy: 0 });
    expect(await strategyOf(db(), ctx)).toBeUndefined();
  });

  it('never lets concurrent takers pass a cap', async () => {
    const { ctx, strategy } = await setup({ dailyMaxPerAccount: 4, hourlyMaxPerAccount: 100 });
    const taken = await Promise.all(Array.from({ length: 12 }, () => takeComment(db(), ctx, strategy)));
    expect(taken.filter(Boolean)).toHaveLength(4);
    const rows = await db()
      .select()
      .from(engineQuota)
      .where(
        and(eq(engineQuota.tenantId, '000000'), eq(engineQuota.scope, `xsh_comm_arr:${ctx.group.arrId}`)),
      );
    expect(rows.map((r) => r.used).sort()).toEqual([4, 4]);
    expect(await commentRefusal(db(), ctx, strategy)).toBe('已达到评论上限（每日 4，每小时 100）');
  });

  it('gives nothing to do outside the active window, including one across midnight', async () => {
    const at = (hhmm: string) => new Date(`2026-11-26T${hhmm}:00+08:00`);
    expect(inWindow({ activeStartTime: '09:00', activeEndTime: '23:00' }, at('08:59'))).toBe(false);
    expect(inWindow({ activeStartTime: '09:00', activeEndTime: '23:00' }, at('09:00'))).toBe(true);
    expect(inWindow({ activeStartTime: '22:00', activeEndTime: '02:00' }, at('01:30'))).toBe(true);
    expect(inWindow({ activeStartTime: '22:00', activeEndTime: '02:00' }, at('12:00'))).toBe(false);
    expect(inWindow({ activeStartTime: '', activeEndTime: '' }, at('03:00'))).toBe(true);
    const { ctx, strategy } = await setup({ activeStartTime: '09:00', activeEndTime: '10:00' });
    expect(await planLimit(db(), ctx, strategy, at('11:00'))).toEqual({
      left: 0,
      reason: '不在活跃时段 09:00–10:00',
    });
    expect(await planLimit(db(), ctx, strategy, at('09:30'))).toEqual({
      left: 100,
      reason: '每小时评论上限 100，本次最多 100 条',
    });
  });

  it('cools a unit down after failures in a row, until the pause has passed', async () => {
    const { ctx, strategy, arrId, taskId } = await setup({ maxConsecutiveFail: 2, cooldownMinutes: 30 });
    const fail = (at: Date) =>
      db()
        .insert(xshCommLog)
        .values({
          id: nextId(),
          tenantId: '000000',
          commId: taskId,
          arrId,
          result: 0,
          createTime: at,
        } as never);
    const now = new Date();
    await fail(new Date(now.getTime() - 5 * 60_000));
    expect((await planLimit(db(), ctx, strategy, now)).left).toBeGreaterThan(0);
    await fail(new Date(now.getTime() - 60_000));
    const paused = await planLimit(db(), ctx, strategy, now);
    expect(paused.left).toBe(0);
    expect(paused.reason).toMatch(/^连续失败 2 次，冷却至 \d\d:\d\d$/);
    expect(
      (await planLimit(db(), ctx, strategy, new Date(now.getTime() + 31 * 60_000))).left,
    ).toBeGreaterThan(0);
  });

  it('hands out no link of a note commented within the dedupe days or as often as the per-note cap allows', async () => {
    const { ctx, strategy, taskId, arrId } = await setup({ dedupeDays: 7, perNoteMax: 2 });
    const url = (n: number) => `https://www.xiaohongshu.com/explore/65a1b2c3d4e5f6a7b8c9d1${n}`;
    await links(taskId, [url(10), url(11)]);
    await links(taskId, [url(12)], { commentCount: 2 });
    await db()
      .insert(xshCommLog)
      .values({
        id: nextId(),
        tenantId: '000000',
        commId: taskId,
        arrId,
        result: 1,
        itemUrl: url(10),
      } as never);
    const { targets } = await commentRun(db(), ctx, k, strategy);
    expect(targets.map((t) => t.value)).toEqual([url(11)]);
  });

  it('takes keywords from the pool and the task, once each, counting each pooled use', async () => {
    const { ctx, strategy, taskId } = await setup({}, { sourceMode: 2, keywords: '露营,早八' });
    const kw = (keyword: string, over: object = {}) =>
      db()
        .insert(xshCommKeyword)
        .values({ id: nextId(), tenantId: '000000', keyword, commId: taskId, ...over } as never)
        .returning({ id: xshCommKeyword.id });
    const [pooled] = await kw('通勤妆');
    await kw('早八');
    await kw('停用的', { status: 0 });
    await kw('别的任务的', { commId: nextId() });
    const { targets, settings } = await commentRun(db(), { ...ctx, task: { ...ctx.task } }, k, strategy);
    expect(targets.map((t) => t.value)).toEqual(['露营', '早八', '通勤妆']);
    expect(settings).toMatchObject({ count: 10, needComment: true });
    const [row] = await db().select().from(xshCommKeyword).where(eq(xshCommKeyword.id, pooled!.id));
    expect(row!.usedCount).toBe(1);
  });

  it('hands out no pooled text with a sensitive word, and pools only when AI is off', async () => {
    const { taskId } = await setup({ aiEnabled: 0, sensitiveWords: '加V,微信' }, { commentMode: 1 });
    for (const content of ['加V了解更多', '私信微信', '收藏了，周末去'])
      await db()
        .insert(xhsCommComment)
        .values({ id: nextId(), tenantId: '000000', commId: taskId, content } as never);
    await links(taskId, ['https://www.xiaohongshu.com/explore/65a1b2c3d4e5f6a7b8c9d2aa']);
    const res = await call<{ runs: { runId: string }[] }>(
      'POST',
      `${C}/xsh_comm/triggerJob`,
      'xshCommTriggerJob',
      admin,
      { id: String(taskId) },
    );
    const runId = BigInt(res.body.data.runs[0]!.runId);
    await until(
      async () => (await db().select().from(xshCommLogGroup).where(eq(xshCommLogGroup.id, runId)))[0]!,
      (g) => g.runStatus === 'SUCCESS' || g.runStatus === 'FAILED',
    );
    const logs = await db().select().from(xshCommLog).where(eq(xshCommLog.groupId, runId));
    const posted = logs.filter((x) => x.result === 1);
    expect(posted.length).toBeGreaterThan(0);
    for (const l of posted) {
      expect(l.commentContent).toBe('收藏了，周末去');
      expect(l.commentSource).toBe(2);
    }
  });
});
