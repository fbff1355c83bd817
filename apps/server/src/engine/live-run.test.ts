// Live tasks run on the server's own sandboxes (contract dy_live triggerJob, robot_run LiveTarget; src/engine/
// robot-api/live-run.ts): each unit's robot enters the room, sends the danmaku drawn from the task's phrases (or
// written by the AI and charged), taps likes, follows the anchor and leaves, each step a `dy_live_log` row; the run
// is followed, stopped and retried as every run is.
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dyLive, dyLiveArr, dyLiveLog, dyLiveLogGroup, powerLogs, user } from '../db/schema';
import { paramValue } from '../sandbox/yingdao/model';
import { formatDateTime } from '../util';
import { yingdaoSandboxOf } from '../sandbox/yingdao/index';
import { backends, contractCall, login, startSandboxedServer, type TestServer } from '../test/harness';
import { until } from '../test/until';

interface Run {
  runId: string;
  arrId: string;
  runStatus: string;
  errorMsg: string;
}
const LIVE = '/api/smart-dy_live';
const TERMINAL = ['SUCCESS', 'FAILED', 'STOPPED', 'CANCELLED', 'SKIPPED', 'START_FAILED', 'TIMEOUT'];

describe.each(backends)('live runs on %s', (kind) => {
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
  let seq = 0;

  async function unit(robot: string, extra: object = {}) {
    const arrName = `直播账号-${robot}-${++seq}`;
    const res = await call('POST', `${LIVE}/dy_live_arr/save`, 'dyLiveArrSave', admin, {
      arrName,
      robotAccount: robot,
      ...extra,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (await db().select().from(dyLiveArr).where(eq(dyLiveArr.arrName, arrName)))[0]!.id;
  }

  async function liveTask(arrIds: bigint[], extra: object = {}) {
    const taskName = `直播任务-${++seq}`;
    const res = await call('POST', `${LIVE}/dy_live/save`, 'dyLiveSave', admin, {
      taskName,
      arrIds: arrIds.join(','),
      robotUuid: 'sandbox-app-dy_live',
      liveUrl: 'https://v.douyin.com/abcDEF1/',
      expandUrl: 'https://live.douyin.com/123456789012',
      webRid: '123456789012',
      anchorName: '户外老王',
      stayMinutes: 30,
      enterIntervalSec: 20,
      danmakuMode: 1,
      danmakuCount: 3,
      likeTaps: 50,
      followAnchor: 1,
      status: 1,
      ...extra,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (await db().select().from(dyLive).where(eq(dyLive.taskName, taskName)))[0]!.id;
  }

  async function phrase(content: string, liveId?: bigint) {
    const res = await call('POST', `${LIVE}/dy_live_common/submit`, 'dyLiveCommonSubmit', admin, {
      content,
      status: 1,
      ...(liveId ? { liveId: String(liveId) } : {}),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }

  const trigger = (id: bigint) =>
    call<{ runs: Run[] }>('POST', `${LIVE}/dy_live/triggerJob`, 'dyLiveTriggerJob', admin, {
      id: String(id),
    });
  const group = async (id: string) =>
    (
      await db()
        .select()
        .from(dyLiveLogGroup)
        .where(eq(dyLiveLogGroup.id, BigInt(id)))
    )[0]!;
  const ended = (id: string) =>
    until(
      () => group(id),
      (g) => TERMINAL.includes(g.runStatus),
    );
  const logs = (groupId: string) =>
    db()
      .select()
      .from(dyLiveLog)
      .where(eq(dyLiveLog.groupId, BigInt(groupId)))
      .orderBy(asc(dyLiveLog.actionTime), asc(dyLiveLog.createTime), asc(dyLiveLog.id));

  it('visits the room on each unit: enter, the task’s danmaku, likes, follow, leave, each step a log row', async () => {
    const ok = await unit('sim-01@sandbox');
    const partial = await unit('sim-partial@sandbox');
    const task = await liveTask([ok, partial]);
    const other = await liveTask([ok]);
    // the task's own phrases and the unbound ones are drawn; another task's never
    await phrase('主播讲得好清楚', task);
    await phrase('支持老王');
    await phrase('别的直播间的话', other);

    const res = await trigger(task);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.runs.map((r) => [r.arrId, r.runStatus])).toEqual([
      [String(ok), 'WAITING'],
      [String(partial), 'WAITING'],
    ]);
    const [a, b] = res.body.data.runs;

    const done = await ended(a!.runId);
    expect(done.runStatus, done.errorMsg).toBe('SUCCESS');
    const rows = await logs(a!.runId);
    expect(rows.map((r) => [r.actionType, r.result])).toEqual([
      [1, 1],
      [2, 1],
      [2, 1],
      [2, 1],
      [3, 1],
      [4, 1],
      [5, 1],
    ]);
    expect(rows.every((r) => r.liveId === task && r.arrId === ok)).toBe(true);
    const danmaku = rows.filter((r) => r.actionType === 2).map((r) => r.content);
    for (const text of danmaku) expect(['主播讲得好清楚', '支持老王']).toContain(text);
    expect(rows.find((r) => r.actionType === 3)!.content).toBe('50');
    expect(done).toMatchObject({ successCount: 7, failCount: 0, powerCost: 0 });

    // the room refuses every third danmaku of the partial robot: the run still ends, with the failure counted
    const other2 = await ended(b!.runId);
    expect(other2.runStatus, other2.errorMsg).toBe('SUCCESS');
    const partialRows = await logs(b!.runId);
    expect(partialRows.filter((r) => r.result === 0).map((r) => [r.actionType, r.failReason])).toEqual([
      [2, '弹幕发送失败: 发言太频繁'],
    ]);
    expect(other2).toMatchObject({ successCount: 6, failCount: 1 });

    // the task shows its last run; the runs list filters by task
    expect((await db().select().from(dyLive).where(eq(dyLive.id, task)))[0]!.lastRunStatus).not.toBe('');
    const list = await call<{ records: { id: string }[] }>(
      'GET',
      `${LIVE}/dy_live_log_group/list?liveId_equal=${task}&size=10`,
      'dyLiveLogGroupList',
      admin,
    );
    expect(list.body.data.records.map((r) => r.id).sort()).toEqual([a!.runId, b!.runId].sort());
  });

  it('charges AI danmaku one by one, and skips a payer without power', async () => {
    const u = await unit('sim-02@sandbox');
    const task = await liveTask([u], { danmakuMode: 2, danmakuCount: 2, likeTaps: 0, followAnchor: 0 });
    await db().update(user).set({ power: 0 }).where(eq(user.id, adminId));
    const none = await trigger(task);
    expect(none.body.data.runs).toEqual([
      {
        runId: none.body.data.runs[0]!.runId,
        arrId: String(u),
        runStatus: 'SKIPPED',
        errorMsg: '算力不足，无法生成 AI 弹幕',
      },
    ]);

    await db().update(user).set({ power: 10 }).where(eq(user.id, adminId));
    const res = await trigger(task);
    const run = res.body.data.runs[0]!;
    expect(run.runStatus).toBe('WAITING');
    const done = await ended(run.runId);
    expect(done.runStatus, done.errorMsg).toBe('SUCCESS');
    const rows = await logs(run.runId);
    expect(rows.map((r) => r.actionType)).toEqual([1, 2, 2, 5]);
    const texts = rows.filter((r) => r.actionType === 2).map((r) => r.content);
    expect(texts.every((c) => c.length > 0)).toBe(true);
    // the model is told what the run has said already: no line twice
    expect(new Set(texts).size).toBe(texts.length);
    // the sandbox model's configuration costs 1 per text: one power_logs row each, added up on the run
    const charged = await db()
      .select()
      .from(powerLogs)
      .where(and(eq(powerLogs.bizId, run.runId), eq(powerLogs.bizType, 'AI_COMMENT')));
    expect(charged.map((c) => [c.power, c.powerBefore - c.powerAfter])).toEqual([
      [-1, 1],
      [-1, 1],
    ]);
    expect(done.powerCost).toBe(2);
    expect((await db().select({ p: user.power }).from(user).where(eq(user.id, adminId)))[0]!.p).toBe(8);
  });

  it('tells each unit when to come in, and refuses live rows that do not say what they were', async () => {
    const first = await unit('sim-offline@sandbox', { enterDelaySec: 5 });
    const second = await unit('sim-offline@sandbox', { enterDelaySec: 3 });
    const task = await liveTask([first, second], { danmakuMode: 0, danmakuCount: 4 });
    const res = await trigger(task);
    expect(res.body.data.runs.map((r) => r.runStatus)).toEqual(['WAITING', 'WAITING']);
    const sandbox = yingdaoSandboxOf(s.app)!;
    const tokenOf = async (runId: string) => {
      const g = await group(runId);
      return paramValue(sandbox.job(g.jobUuid)!, 'runToken')!;
    };
    const targets = async (runId: string) => {
      const r = await s.app.inject({
        method: 'GET',
        url: '/api/smart-robot/run/targets',
        headers: { authorization: `Bearer ${await tokenOf(runId)}` },
      });
      expect(r.statusCode, r.body).toBe(200);
      return r.json().data as {
        taskType: string;
        settings: { count: number; needComment: boolean };
        targets: {
          kind: string;
          value: string;
          itemId: string;
          title: string;
          live: Record<string, unknown>;
        }[];
      };
    };
    const [one, two] = res.body.data.runs;
    const t1 = await targets(one!.runId);
    expect(t1.taskType).toBe('dy_live');
    // no danmaku (mode 0) whatever the count says
    expect(t1.settings).toMatchObject({ count: 0, needComment: false });
    expect(t1.targets).toEqual([
      {
        id: '',
        kind: 'live',
        value: 'https://live.douyin.com/123456789012',
        itemId: '123456789012',
        title: '户外老王',
        live: {
          roomId: '',
          stayMinutes: 30,
          enterDelaySec: 5,
          likeTaps: 50,
          followAnchor: 1,
          danmakuMode: 0,
        },
      },
    ]);
    // the second unit listed comes in one interval later, after its own delay
    expect((await targets(two!.runId)).targets[0]!.live.enterDelaySec).toBe(3 + 20);

    const token = await tokenOf(one!.runId);
    const post = (url: string, payload: object) =>
      s.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}` }, payload });
    const bad = await post('/api/smart-robot/run/log', {
      actions: [{ result: 1 }, { liveAction: 'enter', result: 1 }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, msg: '直播动作缺少 liveAction' });
    expect(await logs(one!.runId)).toEqual([]);
    // a task without danmaku asks for none
    const text = await post('/api/smart-robot/run/comment', { itemTitle: '户外老王' });
    expect(text.json()).toMatchObject({ success: false, msg: '该任务不发送弹幕' });

    // stopped as any run: the job had no robot yet, so it ends cancelled
    const stop = await call(
      'POST',
      `${LIVE}/dy_live_log_group/stop?id=${one!.runId}`,
      'dyLiveLogGroupStop',
      admin,
    );
    expect(stop.status, JSON.stringify(stop.body)).toBe(200);
    expect((await ended(one!.runId)).runStatus).toBe('CANCELLED');
  });

  it('schedules a live task with its cron, no more often than every 10 minutes unless forced', async () => {
    const task = await liveTask([await unit('sim-03@sandbox')]);
    const often = await call('POST', `${LIVE}/dy_live/updateCron`, 'dyLiveUpdateCron', admin, {
      id: String(task),
      cron: '0 */5 * * * ?',
    });
    expect(often.status).toBe(400);
    expect(often.body).toMatchObject({ success: false, msg: '执行过于频繁：最小间隔 300 秒，低于 600 秒' });
    const res = await call<{ nextRunTime: string; intervalStatus: string }>(
      'POST',
      `${LIVE}/dy_live/updateCron`,
      'dyLiveUpdateCron',
      admin,
      { id: String(task), cron: '0 0 20 * * ?' },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.intervalStatus).toBe('OK');
    const row = (await db().select().from(dyLive).where(eq(dyLive.id, task)))[0]!;
    expect(row.cron).toBe('0 0 20 * * ?');
    expect(row.jobId).not.toBeNull();
    // the server's schedules are China time (docs/automation-domain.md §4.6)
    const hour = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Shanghai', hour: '2-digit' });
    expect(hour.format(row.nextRunTime!)).toBe('20');
  });

  it('starts a task without a cron once at its start time, and not at a time gone by', async () => {
    const at = new Date(Date.now() + 2 * 3600_000);
    at.setMilliseconds(0);
    const task = await liveTask([await unit('sim-03@sandbox')], { cron: '', startTime: formatDateTime(at) });
    const row = (await db().select().from(dyLive).where(eq(dyLive.id, task)))[0]!;
    expect(row.jobId).not.toBeNull();
    expect(row.nextRunTime?.getTime()).toBe(at.getTime());
    // the cron, once set, rules; removed again, the start time (still ahead) is the schedule
    await call('POST', `${LIVE}/dy_live/updateCron`, 'dyLiveUpdateCron', admin, {
      id: String(task),
      cron: '0 0 20 * * ?',
    });
    const cron = (await db().select().from(dyLive).where(eq(dyLive.id, task)))[0]!;
    expect(cron.nextRunTime?.getTime()).not.toBe(at.getTime());
    await call('POST', `${LIVE}/dy_live/updateCron`, 'dyLiveUpdateCron', admin, {
      id: String(task),
      cron: '',
    });
    expect((await db().select().from(dyLive).where(eq(dyLive.id, task)))[0]!.nextRunTime?.getTime()).toBe(
      at.getTime(),
    );

    const past = await liveTask([await unit('sim-03@sandbox')], {
      cron: '',
      startTime: formatDateTime(new Date(Date.now() - 3600_000)),
    });
    const gone = (await db().select().from(dyLive).where(eq(dyLive.id, past)))[0]!;
    expect(gone).toMatchObject({ jobId: null, nextRunTime: null });
  });
});
