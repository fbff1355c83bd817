// A Douyin comment task run end to end on the server's own sandboxes (src/engine/README.md): triggerJob starts one
// Yingdao job per unit, the simulated robot pulls its targets, asks for AI comments (power charged per comment),
// pushes its action logs, and Yingdao's callback ends the run. Also the refusals: no power, no units, a disabled
// task, a bad run token, a robot that hits a captcha, and the task's stop after failed comments in a row.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dyCommLog, dyCommLogGroup, dyCommUrl, powerLogs, user } from '../db/schema';
import { backends, contractCall, login, startSandboxedServer, type TestServer } from '../test/harness';
import { until } from '../test/until';
import { nextId } from '../util';
import { failureStreak } from './robot-api/failure-streak';
import type { RunContext } from './robot-api/run-context';
import { TASK_KINDS, type CommentKind } from './runs/task-kinds';

interface Run {
  runId: string;
  arrId: string;
  runStatus: string;
  errorMsg: string;
}
const C = '/api/smart-dyComm';

describe.each(backends)('engine runs on %s', (kind) => {
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
  const setPower = (power: number) => db().update(user).set({ power }).where(eq(user.id, adminId));
  const power = async () =>
    (await db().select({ p: user.power }).from(user).where(eq(user.id, adminId)))[0]!.p;

  async function task(opts: {
    robot: string;
    urls?: number;
    perRun?: number;
    status?: number;
    maxConsecutiveFail?: number;
    picture?: { rate: number };
  }) {
    const arr = await call<{ id: string }>('POST', `${C}/dy_comm_arr/submit`, 'dyCommArrSubmit', admin, {
      arrName: `单元-${opts.robot}`,
      robotAccount: opts.robot,
    });
    expect(arr.status, JSON.stringify(arr.body)).toBe(200);
    const [arrRow] = await db()
      .select()
      .from((await import('../db/schema')).dyCommArr)
      .where(eq((await import('../db/schema')).dyCommArr.robotAccount, opts.robot))
      .orderBy((await import('../db/schema')).dyCommArr.createTime);
    const name = `评论任务-${opts.robot}-${Date.now()}`;
    const res = await call('POST', `${C}/dy_comm/submit`, 'dyCommSubmit', admin, {
      taskName: name,
      arrIds: String(arrRow!.id),
      robotUuid: 'sandbox-app',
      sourceMode: 1,
      commentMode: 1,
      commentsPerRun: opts.perRun ?? 3,
      powerPerComment: 1,
      ...(opts.status !== undefined ? { status: opts.status } : {}),
      ...(opts.maxConsecutiveFail !== undefined ? { maxConsecutiveFail: opts.maxConsecutiveFail } : {}),
      ...(opts.picture ? { withPicture: 1, pictureRate: opts.picture.rate } : {}),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { dyComm } = await import('../db/schema');
    const [row] = await db().select().from(dyComm).where(eq(dyComm.taskName, name));
    for (let i = 0; i < (opts.urls ?? 3); i++) {
      const u = await call('POST', `${C}/dy_comm_url/submit`, 'dyCommUrlSubmit', admin, {
        commId: String(row!.id),
        url: `https://www.douyin.com/video/72808549326416${String(10000 + i)}`,
      });
      expect(u.status, JSON.stringify(u.body)).toBe(200);
    }
    return row!.id;
  }
  const trigger = (id: bigint, token = admin) =>
    call<{ runs: Run[] }>('POST', `${C}/dy_comm/triggerJob`, 'dyCommTriggerJob', token, { id: String(id) });
  const group = async (id: string) =>
    (
      await db()
        .select()
        .from(dyCommLogGroup)
        .where(eq(dyCommLogGroup.id, BigInt(id)))
    )[0]!;

  it('runs a comment task on the simulated robot: logs written, links used, power charged per comment', async () => {
    await setPower(10);
    const id = await task({ robot: 'sim-01@sandbox' });
    const res = await trigger(id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [run] = res.body.data.runs;
    expect(run!.runStatus).toBe('WAITING');
    const g = await until(
      () => group(run!.runId),
      (r) => r.runStatus === 'SUCCESS',
    );
    expect(g.runStatus).toBe('SUCCESS');
    expect(g.ydStatus).toBe('finish');
    expect(g.callbackReceived).toBe(1);
    expect(g.successCount).toBe(3);
    expect(g.powerCost).toBe(3);
    const logs = await db()
      .select()
      .from(dyCommLog)
      .where(eq(dyCommLog.groupId, BigInt(run!.runId)));
    expect(logs).toHaveLength(3);
    expect(logs.every((l) => l.result === 1 && l.commentContent.length >= 5)).toBe(true);
    // the robot's action times are the moments of the actions, whatever the server's zone (they were 8 h early)
    for (const l of logs) expect(Math.abs(l.commentTime!.getTime() - Date.now())).toBeLessThan(5 * 60_000);
    // and the run's start and end, as (simulated) Yingdao reports them in China time
    for (const t of [g.startTime, g.endTime])
      expect(Math.abs(t!.getTime() - Date.now())).toBeLessThan(5 * 60_000);
    expect(await power()).toBe(7);
    const ledger = await db()
      .select()
      .from(powerLogs)
      .where(and(eq(powerLogs.bizType, 'AI_COMMENT'), eq(powerLogs.bizId, run!.runId)));
    expect(ledger.map((l) => l.power)).toEqual([-1, -1, -1]);
    expect(ledger.map((l) => l.powerAfter).sort()).toEqual([7, 8, 9]);
    const urls = await db().select().from(dyCommUrl).where(eq(dyCommUrl.commId, id));
    expect(urls.every((u) => u.useStatus === 1 && u.commentCount === 1)).toBe(true);
    // the run is over: its token no longer reads targets
    const detail = await call<{ runStatus: string }>(
      'GET',
      `${C}/dy_comm_log_group/detail?id=${run!.runId}`,
      'dyCommLogGroupDetail',
      admin,
    );
    expect(detail.body.data.runStatus).toBe('SUCCESS');
  });

  it('skips a unit when the customer has no power, and never takes power below zero', async () => {
    await setPower(0);
    const id = await task({ robot: 'sim-02@sandbox' });
    const res = await trigger(id);
    expect(res.body.data.runs[0]).toMatchObject({ runStatus: 'SKIPPED', errorMsg: '算力不足，需要 1' });
    // two robots, two comments each, three power: the fourth comment is refused and power stays at zero
    await setPower(3);
    const a = await task({ robot: 'sim-03@sandbox', urls: 2, perRun: 2 });
    const b = await task({ robot: 'sim-01@sandbox', urls: 2, perRun: 2 });
    const [ra, rb] = await Promise.all([trigger(a), trigger(b)]);
    const ids = [ra.body.data.runs[0]!.runId, rb.body.data.runs[0]!.runId];
    const ended = await Promise.all(
      ids.map((r) =>
        until(
          () => group(r),
          (g) => ['SUCCESS', 'FAILED'].includes(g.runStatus),
        ),
      ),
    );
    expect(await power()).toBe(0);
    expect(ended.reduce((n, g) => n + g.successCount, 0)).toBe(3);
    expect(ended.reduce((n, g) => n + g.powerCost, 0)).toBe(3);
  });

  it('ends a run as FAILED when the robot meets a captcha, and keeps its unit out until verified', async () => {
    await setPower(10);
    const id = await task({ robot: 'sim-captcha@sandbox', urls: 5, perRun: 5 });
    const run = (await trigger(id)).body.data.runs[0]!;
    const g = await until(
      () => group(run.runId),
      (r) => r.runStatus === 'FAILED',
    );
    expect(g.runStatus).toBe('FAILED');
    expect(g.errorMsg).toContain('滑块');
    expect(g.successCount).toBe(2);
    // the account needs the check passed by hand: its unit is kept out of runs until an operator sets it back
    const { dyCommArr } = await import('../db/schema');
    const unit = async () =>
      (
        await db()
          .select()
          .from(dyCommArr)
          .where(eq(dyCommArr.id, BigInt(run.arrId)))
      )[0]!;
    expect((await unit()).loginStatus).toBe(2);
    expect((await unit()).loginCheckTime).not.toBeNull();
    const again = (await trigger(id)).body.data.runs[0]!;
    expect([again.runStatus, again.errorMsg]).toEqual(['SKIPPED', '执行账号需要验证']);
    const fixed = await call('POST', `${C}/dy_comm_arr/submit`, 'dyCommArrSubmit', admin, {
      id: run.arrId,
      arrName: (await unit()).arrName,
      robotAccount: 'sim-captcha@sandbox',
      loginStatus: 1,
    });
    expect(fixed.status, JSON.stringify(fixed.body)).toBe(200);
    expect((await trigger(id)).body.data.runs[0]!.runStatus).toBe('WAITING');
  });

  it("stops a run after the task's failed comments in a row, and not when the task sets no limit", async () => {
    await setPower(20);
    const limited = await task({ robot: 'sim-failing@sandbox', urls: 6, perRun: 6 });
    const { dyComm } = await import('../db/schema');
    // the contract's default: 3 (patterns.yaml CommFields maxConsecutiveFail)
    const [row] = await db().select().from(dyComm).where(eq(dyComm.id, limited));
    expect(row!.maxConsecutiveFail).toBe(3);
    const run = (await trigger(limited)).body.data.runs[0]!;
    const g = await until(
      () => group(run.runId),
      (r) => r.runStatus === 'FAILED',
    );
    expect(g.errorMsg).toBe('风控限制：连续失败 3 次，本次运行停止');
    expect([g.successCount, g.failCount]).toEqual([0, 3]);
    const logs = await db()
      .select()
      .from(dyCommLog)
      .where(eq(dyCommLog.groupId, BigInt(run.runId)));
    expect(logs.map((l) => l.result)).toEqual([0, 0, 0]);
    expect(new Set(logs.map((l) => l.failReason))).toEqual(new Set(['评论发送失败: 账号被限制评论']));

    const unlimited = await task({ robot: 'sim-failing@sandbox', urls: 6, perRun: 6, maxConsecutiveFail: 0 });
    const free = (await trigger(unlimited)).body.data.runs[0]!;
    const all = await until(
      () => group(free.runId),
      (r) => r.runStatus === 'SUCCESS' || r.runStatus === 'FAILED',
    );
    expect([all.runStatus, all.successCount, all.failCount]).toEqual(['SUCCESS', 0, 6]);
  });

  it("posts the task's pictures with its comments in the share it asks, the least used first", async () => {
    await setPower(20);
    const id = await task({ robot: 'sim-01@sandbox', urls: 3, perRun: 3, picture: { rate: 100 } });
    for (const url of ['https://oss.example.com/p1.jpg', 'https://oss.example.com/p2.jpg']) {
      const p = await call('POST', `${C}/dy_comm_picture/submit`, 'dyCommPictureSubmit', admin, {
        commId: String(id),
        url,
      });
      expect(p.status, JSON.stringify(p.body)).toBe(200);
    }
    const run = (await trigger(id)).body.data.runs[0]!;
    await until(
      () => group(run.runId),
      (r) => r.runStatus === 'SUCCESS',
    );
    const logs = await db()
      .select()
      .from(dyCommLog)
      .where(eq(dyCommLog.groupId, BigInt(run.runId)));
    expect(logs).toHaveLength(3);
    expect(logs.every((l) => l.pictureUrl.startsWith('https://oss.example.com/p'))).toBe(true);
    const { dyCommPicture } = await import('../db/schema');
    const uses = await db()
      .select({ url: dyCommPicture.url, n: dyCommPicture.useCount })
      .from(dyCommPicture)
      .where(eq(dyCommPicture.commId, id));
    // three comments over two images, the least used first: 2 and 1
    expect(uses.map((u) => u.n).sort()).toEqual([1, 2]);

    // a share of 0: no image
    const none = await task({ robot: 'sim-01@sandbox', urls: 2, perRun: 2, picture: { rate: 0 } });
    await call('POST', `${C}/dy_comm_picture/submit`, 'dyCommPictureSubmit', admin, {
      commId: String(none),
      url: 'https://oss.example.com/p3.jpg',
    });
    const plain = (await trigger(none)).body.data.runs[0]!;
    await until(
      () => group(plain.runId),
      (r) => r.runStatus === 'SUCCESS',
    );
    const plainLogs = await db()
      .select()
      .from(dyCommLog)
      .where(eq(dyCommLog.groupId, BigInt(plain.runId)));
    expect(plainLogs.map((l) => l.pictureUrl)).toEqual(['', '']);
  });

  it('refuses more comment texts to a run whose reported actions end in the limit of failures', async () => {
    const id = await task({ robot: 'sim-02@sandbox', maxConsecutiveFail: 2 });
    const { dyComm } = await import('../db/schema');
    const [taskRow] = await db().select().from(dyComm).where(eq(dyComm.id, id));
    const groupId = nextId();
    await db()
      .insert(dyCommLogGroup)
      .values({ id: groupId, tenantId: '000000', commId: id, runStatus: 'RUNNING' });
    const k = TASK_KINDS.dy_comm as CommentKind;
    const ctx = {
      k,
      tenantId: '000000',
      groupId,
      task: taskRow,
      group: {},
      payer: null,
    } as unknown as RunContext;
    const log = (result: number, at: number) =>
      db()
        .insert(dyCommLog)
        .values({ id: nextId(), tenantId: '000000', groupId, commId: id, result, createTime: new Date(at) });
    const t0 = Date.now() - 60_000;
    expect(await failureStreak(db(), ctx, k)).toBeUndefined();
    await log(0, t0);
    expect(await failureStreak(db(), ctx, k)).toBeUndefined();
    await log(1, t0 + 1000);
    await log(0, t0 + 2000);
    // one failure after a success: not yet two in a row
    expect(await failureStreak(db(), ctx, k)).toBeUndefined();
    await log(0, t0 + 3000);
    expect(await failureStreak(db(), ctx, k)).toBe('连续失败 2 次，本次运行停止');
    // another run of the task starts afresh
    expect(await failureStreak(db(), { ...ctx, groupId: nextId() }, k)).toBeUndefined();
    // a task without the limit never stops
    expect(
      await failureStreak(db(), { ...ctx, task: { ...taskRow!, maxConsecutiveFail: 0 } }, k),
    ).toBeUndefined();
  });

  it('refuses a disabled task, a task without units, and bad run tokens', async () => {
    const id = await task({ robot: 'sim-02@sandbox', status: 0 });
    const off = await trigger(id);
    expect(off.status).toBe(400);
    expect(off.body.msg).toBe('任务已停用');
    const unknown = await call('POST', `${C}/dy_comm/triggerJob`, 'dyCommTriggerJob', admin, { id: '1' });
    expect(unknown.status).toBe(400);
    for (const auth of ['', 'Bearer nope', 'Bearer a.b']) {
      const r = await s.app.inject({
        method: 'GET',
        url: '/api/smart-robot/run/targets',
        headers: auth ? { authorization: auth } : {},
      });
      expect(r.statusCode).toBe(401);
      expect(r.json()).toMatchObject({ code: 401, success: false });
    }
  });
});
