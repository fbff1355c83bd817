// An operator stopping and retrying runs (./run-control.ts; contract `<run tag>Stop` / `<run tag>Retry`), through the
// contract's operations, with the states, counts and power each leaves (docs/automation-domain.md §4.1,
// src/engine/README.md "Run states").
//
// The fixture is ./run-fixture.ts, shared with ./run-lifecycle.test.ts.
import { asc, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  dyBroweLogGroup,
  dyBrowse,
  dyArr,
  engineQuota,
  xhsPublish,
  xhsPublishLogGroup,
  xhsPublishTask,
  xshArr,
} from '../../db/schema';
import { authHeaders, backends } from '../../test/harness';
import { PowerChange } from '../power/ledger';
import { pollRun } from './poller';
import { ITEM } from './publish-items';
import { OFFLINE, GHOST, TENANT, runFixture, type Run } from './run-fixture';
import { RunTokens } from './run-token';
import { TASK_KINDS } from './task-kinds';
import { triggerTask } from './trigger';
import type { YingdaoResolver } from './yingdao-port';

interface Retried {
  taskId: string;
  triggerTime: string;
  runs: Run[];
}

const BROWSE = TASK_KINDS.dy_browse;
const DY = '/api/smart-dy/dy_browe_log_group';
const XHS = '/api/smart-xhsPublish';
const JOB_STOP = '/oapi/dispatch/v2/job/stop';

describe.each(backends)('stopping and retrying runs on %s', (kind) => {
  const f = runFixture(kind, { authName: '停止与重试测试', accessKeyId: 'sandbox-run-control' });
  const { call, db, setPower, power, force } = f;
  const ledger = async (groupId: bigint | string) =>
    (await f.ledger(groupId)).map((l) => [l.changeType, l.power]);
  const group = f.browseGroup;
  const runsOfTask = (taskId: bigint) =>
    db()
      .select()
      .from(dyBroweLogGroup)
      .where(eq(dyBroweLogGroup.browseId, taskId))
      .orderBy(asc(dyBroweLogGroup.createTime), asc(dyBroweLogGroup.id));
  const stopCalls = () => f.h.sandbox.count(JOB_STOP);

  async function browse(robot: string, powerPerRun: number) {
    const { id, arrIds } = await f.browseTask([robot], powerPerRun);
    return { id, arrId: arrIds[0]! };
  }

  /** Fires the task by hand (force: the test runs at any hour); its one run. */
  async function trigger(id: bigint) {
    const res = await f.triggerBrowse(id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.runs[0]!;
  }

  const stop = (id: bigint | string) =>
    call<{ runId: string; runStatus: string }>('POST', `${DY}/stop?id=${id}`, 'dyBroweLogGroupStop', f.admin);
  const retry = (id: bigint | string) =>
    call<Retried>('POST', `${DY}/retry?id=${id}`, 'dyBroweLogGroupRetry', f.admin);

  /** Delivers the job's callback through a second instance of the server, and waits for what it applies. */
  const deliverCallback = (jobUuid: string) =>
    f.withCallbackApp(async (deliver) => {
      const res = await deliver(f.callbackOf(jobUuid));
      expect(res.status).toBe(200);
    });

  /** A browse run of its own task on the offline robot, moved to RUNNING (Yingdao: a robot took it). */
  async function runningBrowse(cost: number) {
    const task = await browse(OFFLINE, cost);
    const run = await trigger(task.id);
    expect(run.runStatus).toBe('WAITING');
    const { jobUuid } = await group(run.runId);
    force(jobUuid, 'running');
    expect(await pollRun(f.deps, BROWSE, BigInt(run.runId))).toBe('RUNNING');
    return { task, runId: run.runId, jobUuid };
  }

  /** A browse run that ended FAILED (Yingdao: error), its reservation kept as §4.1 says. */
  async function failedBrowse(cost: number) {
    const { task, runId, jobUuid } = await runningBrowse(cost);
    force(jobUuid, 'error');
    expect(await pollRun(f.deps, BROWSE, BigInt(runId))).toBe('FAILED');
    return { task, runId, jobUuid };
  }

  /** The robot's action rows of the run, reported as a robot does (robot_run log, with its run token). */
  async function report(jobUuid: string, actions: object[]) {
    const token = f.h.sandbox.job(jobUuid)!.inputs.find((p) => p.name === 'runToken')!.value;
    const res = await f.s.app.inject({
      method: 'POST',
      url: '/api/smart-robot/run/log',
      headers: { authorization: `Bearer ${token}` },
      payload: { actions },
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  it('stops a running run: STOPPING at once, STOPPED through the callback; what it did and paid stays', async () => {
    await setPower(10);
    const { task, runId, jobUuid } = await runningBrowse(2);
    await report(jobUuid, [
      { result: 1, itemId: 'a' },
      { result: 1, itemId: 'b' },
      { result: 0, failReason: '超时' },
    ]);
    const calls = stopCalls();

    const res = await stop(runId);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({ runId, runStatus: 'STOPPING' });
    // Yingdao was told once, and the sandbox honours it: a running job is stopping
    expect(stopCalls()).toBe(calls + 1);
    expect(f.h.sandbox.job(jobUuid)!.status).toBe('stopping');
    expect(await group(runId)).toMatchObject({ runStatus: 'STOPPING', endTime: null, powerCost: 2 });

    // the robot ends its loop; Yingdao reports the job stopped (the callback path, ./apply-status.ts)
    force(jobUuid, 'stopped');
    await deliverCallback(jobUuid);
    const g = await group(runId);
    expect(g).toMatchObject({
      runStatus: 'STOPPED',
      ydStatus: 'stopped',
      callbackReceived: 1,
      successCount: 2,
      failCount: 1,
      powerCost: 2,
    });
    expect(g.endTime).not.toBeNull();
    // §4.1: a stopped run keeps its reservation (only START_FAILED, CANCELLED and TIMEOUT give it back)
    expect(await ledger(runId)).toEqual([[PowerChange.CONSUME, -2]]);
    expect(await power()).toBe(8);
    expect((await db().select().from(dyBrowse).where(eq(dyBrowse.id, task.id)))[0]!.lastRunStatus).toBe(
      'STOPPED',
    );
    // the unit's day counts the two views the robot made
    expect((await db().select().from(dyArr).where(eq(dyArr.id, task.arrId)))[0]!.todayCount).toBe(2);

    // a stop of the ended run is refused, and changes nothing
    const again = await stop(runId);
    expect(again.status).toBe(400);
    expect(again.body.msg).toBe('运行已结束，无法停止');
    expect(await group(runId)).toEqual(g);
    expect(stopCalls()).toBe(calls + 1);
  });

  it('stops a waiting run: Yingdao cancels its job, and the reservation comes back once', async () => {
    await setPower(10);
    const task = await browse(OFFLINE, 3);
    const run = await trigger(task.id);
    const { jobUuid } = await group(run.runId);
    expect(await power()).toBe(7);

    const res = await stop(run.runId);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.runStatus).toBe('STOPPING');
    // §3.1: job/stop cancels a job no robot took
    expect(f.h.sandbox.job(jobUuid)!.status).toBe('cancel');
    // Yingdao's callback, delivered twice (§3.1 retries it): applied once, refunded once
    await deliverCallback(jobUuid);
    await deliverCallback(jobUuid);
    const g = await group(run.runId);
    expect(g).toMatchObject({ runStatus: 'CANCELLED', ydStatus: 'cancel', powerCost: 0 });
    expect(await ledger(run.runId)).toEqual([
      [PowerChange.CONSUME, -3],
      [PowerChange.REFUND, 3],
    ]);
    expect(await power()).toBe(10);
  });

  it('cancels a pending run whose job has not started, and the job its start brings is stopped too', async () => {
    await setPower(10);
    const task = await browse(OFFLINE, 3);
    // job/start held back: the run is PENDING, its power reserved, while Yingdao has not answered
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let entered!: () => void;
    const starting = new Promise<void>((r) => (entered = r));
    const held: YingdaoResolver = async (tenantId, ydUserId) => {
      const b = (await f.deps.yingdao(tenantId, ydUserId))!;
      return {
        ...b,
        client: {
          ...b.client,
          startJob: async (job) => {
            entered();
            await gate;
            return b.client.startJob(job);
          },
        },
      };
    };
    const fired = triggerTask(
      { db: db(), tokens: new RunTokens(db()), yingdao: held, apiBase: () => 'http://127.0.0.1' },
      {
        tenantId: TENANT,
        taskType: 'dy_browse',
        taskId: task.id,
        triggerType: 2,
        force: true,
        userId: f.adminId,
      },
    );
    await starting;
    const [pending] = await runsOfTask(task.id);
    expect(pending).toMatchObject({ runStatus: 'PENDING', jobUuid: '', powerCost: 3 });
    const calls = stopCalls();

    const res = await stop(pending!.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({ runId: String(pending!.id), runStatus: 'CANCELLED' });
    // no job to stop yet: Yingdao was not asked
    expect(stopCalls()).toBe(calls);
    expect(await group(pending!.id)).toMatchObject({ runStatus: 'CANCELLED', powerCost: 0 });
    expect(await ledger(pending!.id)).toEqual([
      [PowerChange.CONSUME, -3],
      [PowerChange.REFUND, 3],
    ]);
    expect(await power()).toBe(10);
    expect((await stop(pending!.id)).body.msg).toBe('运行已结束，无法停止');

    // Yingdao answers the start after all: the run stays cancelled and the job it started is stopped
    release();
    const result = await fired;
    expect(result.runs.map((r) => r.runStatus)).toEqual(['CANCELLED']);
    const g = await group(pending!.id);
    expect(g.runStatus).toBe('CANCELLED');
    expect(g.jobUuid).not.toBe('');
    expect(f.h.sandbox.job(g.jobUuid)!.status).toBe('cancel');
    expect(stopCalls()).toBe(calls + 1);
    // its callback changes nothing: the run ended once, refunded once
    await deliverCallback(g.jobUuid);
    expect(await group(g.id)).toEqual(g);
    expect(await ledger(g.id)).toHaveLength(2);
    expect(await power()).toBe(10);
  });

  it('two stops of one run at once: one asks Yingdao, the other is refused', async () => {
    await setPower(10);
    const { runId, jobUuid } = await runningBrowse(1);
    const calls = stopCalls();
    const answers = await Promise.all([stop(runId), stop(runId), stop(runId)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400]);
    expect(answers.filter((a) => a.status === 400).map((a) => a.body.msg)).toEqual([
      '运行正在停止',
      '运行正在停止',
    ]);
    expect(stopCalls()).toBe(calls + 1);
    expect((await group(runId)).runStatus).toBe('STOPPING');
    force(jobUuid, 'stopped');
    expect(await pollRun(f.deps, BROWSE, BigInt(runId))).toBe('STOPPED');
  });

  it('refuses to stop a finished run and an unknown one; nothing is written', async () => {
    await setPower(10);
    const { runId, jobUuid } = await runningBrowse(1);
    force(jobUuid, 'finish');
    expect(await pollRun(f.deps, BROWSE, BigInt(runId))).toBe('SUCCESS');
    const before = await group(runId);
    const calls = stopCalls();
    const res = await stop(runId);
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('运行已结束，无法停止');
    expect((await stop('1790000000000099999')).body.msg).toBe('数据不存在');
    expect(await group(runId)).toEqual(before);
    expect(stopCalls()).toBe(calls);
  });

  it('retries a failed run as a new run (trigger type 3) with its own reservation; the old run stays as it was', async () => {
    await setPower(10);
    const { task, runId } = await failedBrowse(4);
    const old = await group(runId);
    expect(await power()).toBe(6);

    const res = await retry(runId);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.taskId).toBe(String(task.id));
    const [next] = res.body.data.runs;
    expect(res.body.data.runs).toHaveLength(1);
    expect(next).toMatchObject({ arrId: String(task.arrId), runStatus: 'WAITING', errorMsg: '' });
    expect(next!.runId).not.toBe(runId);
    const g = await group(next!.runId);
    expect(g).toMatchObject({
      browseId: task.id,
      arrId: task.arrId,
      triggerType: 3,
      runStatus: 'WAITING',
      powerCost: 4,
      createUser: f.adminId,
    });
    expect(g.jobUuid).not.toBe('');
    expect(g.jobUuid).not.toBe(old.jobUuid);
    expect(await ledger(g.id)).toEqual([[PowerChange.CONSUME, -4]]);
    expect(await power()).toBe(2);
    expect(await group(runId)).toEqual(old);
    expect(await runsOfTask(task.id)).toHaveLength(2);

    // the run was retried: again is refused (the new run is the one to retry when it fails)
    const again = await retry(runId);
    expect(again.status).toBe(400);
    expect(again.body.msg).toBe('该运行已重试');
    expect(await runsOfTask(task.id)).toHaveLength(2);
    expect(await power()).toBe(2);

    // the new run ends as runs do (cancelled here: its reservation comes back)
    force(g.jobUuid, 'cancel');
    expect(await pollRun(f.deps, BROWSE, g.id)).toBe('CANCELLED');
    expect(await power()).toBe(6);
  });

  it('refuses to retry a run in progress, stopping, successful or skipped; nothing is written', async () => {
    await setPower(10);
    const { task, runId, jobUuid } = await runningBrowse(1);
    const snapshot = async () => ({
      runs: await runsOfTask(task.id),
      power: await power(),
      claims: (await db().select().from(engineQuota)).length,
    });
    const before = await snapshot();
    const refused = async (id: string) => {
      const res = await retry(id);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.msg).toBe('仅失败、已停止、已取消、超时或启动失败的运行可以重试');
    };
    await refused(runId);
    expect((await stop(runId)).status).toBe(200);
    const stopping = await snapshot();
    await refused(runId);
    expect(await snapshot()).toEqual(stopping);
    force(jobUuid, 'finish');
    expect(await pollRun(f.deps, BROWSE, BigInt(runId))).toBe('SUCCESS');
    const done = await snapshot();
    await refused(runId);
    expect(await snapshot()).toEqual(done);
    expect(done.runs).toHaveLength(before.runs.length);
    expect(done.claims).toBe(before.claims);

    // a skipped run did not fail: "run now" is the way to run it
    await setPower(0);
    const poor = await browse(OFFLINE, 5);
    const skipped = await trigger(poor.id);
    expect(skipped.runStatus).toBe('SKIPPED');
    await refused(skipped.runId);
    expect(await runsOfTask(poor.id)).toHaveLength(1);
  });

  it('two retries of one run at once start one run', async () => {
    await setPower(20);
    const { task, runId } = await failedBrowse(2);
    const answers = await Promise.all([retry(runId), retry(runId), retry(runId)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400]);
    expect(answers.filter((a) => a.status === 400).map((a) => a.body.msg)).toEqual([
      '该运行已重试',
      '该运行已重试',
    ]);
    const runs = await runsOfTask(task.id);
    expect(runs.map((r) => [r.triggerType, r.runStatus])).toEqual([
      [2, 'FAILED'],
      [3, 'WAITING'],
    ]);
    // one reservation for the failed run, one for its retry
    expect(await power()).toBe(16);
    force(runs[1]!.jobUuid, 'cancel');
    expect(await pollRun(f.deps, BROWSE, runs[1]!.id)).toBe('CANCELLED');
  });

  it('a retry meets what any run meets: a disabled task refuses it, a poor customer gets it skipped', async () => {
    await setPower(10);
    // a run that could not start (the robot does not exist) is retried through the same checks
    const ghost = await browse(GHOST, 3);
    const failed = await trigger(ghost.id);
    expect(failed.runStatus).toBe('START_FAILED');
    const again = await retry(failed.runId);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.data.runs[0]).toMatchObject({ runStatus: 'START_FAILED' });
    expect(again.body.data.runs[0]!.errorMsg).toMatch(/^影刀任务启动失败: /);
    // started no job: the old run may be retried again (both refunded what they reserved)
    expect(await power()).toBe(10);
    expect((await group(again.body.data.runs[0]!.runId)).triggerType).toBe(3);

    const { task, runId } = await failedBrowse(4);
    expect(await power()).toBe(6);
    // the task was switched off meanwhile: refused before anything is written
    await db().update(dyBrowse).set({ status: 0 }).where(eq(dyBrowse.id, task.id));
    const off = await retry(runId);
    expect(off.status).toBe(400);
    expect(off.body.msg).toBe('任务已停用');
    expect(await runsOfTask(task.id)).toHaveLength(1);
    await db().update(dyBrowse).set({ status: 1 }).where(eq(dyBrowse.id, task.id));

    // not enough power for the new run: it is skipped with the reason, and nothing is reserved
    await setPower(3);
    const poor = await retry(runId);
    expect(poor.status, JSON.stringify(poor.body)).toBe(200);
    expect(poor.body.data.runs[0]).toMatchObject({ runStatus: 'SKIPPED', errorMsg: '算力不足，需要 4' });
    expect(await power()).toBe(3);
    // once the customer can pay, the failed run is retried after all
    await setPower(10);
    const paid = await retry(runId);
    expect(paid.body.data.runs[0]).toMatchObject({ runStatus: 'WAITING' });
    expect(await power()).toBe(6);
    const runs = await runsOfTask(task.id);
    expect(runs.map((r) => [r.triggerType, r.runStatus])).toEqual([
      [2, 'FAILED'],
      [3, 'SKIPPED'],
      [3, 'WAITING'],
    ]);
    force(runs[2]!.jobUuid, 'cancel');
    expect(await pollRun(f.deps, BROWSE, runs[2]!.id)).toBe('CANCELLED');
  });

  it('retries a failed Xiaohongshu publish run with the same item, back to pending first', async () => {
    const arrName = `小红书发布-${f.next()}`;
    await call('POST', '/api/smart-xhs/xsh_arr/submit', 'xshArrSubmit', f.admin, {
      arrName,
      robotAccount: OFFLINE,
    });
    const unit = (await db().select().from(xshArr).where(eq(xshArr.arrName, arrName)))[0]!.id;
    const taskName = `小红书计划-${f.next()}`;
    await call('POST', `${XHS}/xhs_publish/submit`, 'xhsPublishSubmit', f.admin, {
      taskName,
      arrIds: String(unit),
      robotUuid: 'sandbox-app-xhs_publish',
      contentType: 2,
    });
    const plan = (await db().select().from(xhsPublish).where(eq(xhsPublish.taskName, taskName)))[0]!.id;
    const items = [];
    for (const title of [`周末露营-${f.next()}`, `城市骑行-${f.next()}`]) {
      const r = await call('POST', `${XHS}/xhs_publish_task/submit`, 'xhsPublishTaskSubmit', f.admin, {
        publishId: String(plan),
        arrId: String(unit),
        title,
        imageUrls: ['https://bucket.oss-cn-hangzhou.aliyuncs.com/pub/1.jpg'],
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      items.push((await db().select().from(xhsPublishTask).where(eq(xhsPublishTask.title, title)))[0]!.id);
    }
    const item = async (id: bigint) =>
      (await db().select().from(xhsPublishTask).where(eq(xhsPublishTask.id, id)))[0]!;
    const fired = await call<{ runs: Run[] }>(
      'POST',
      `${XHS}/xhs_publish/triggerJob`,
      'xhsPublishTriggerJob',
      f.admin,
      { id: String(plan) },
    );
    expect(fired.status, JSON.stringify(fired.body)).toBe(200);
    const runId = fired.body.data.runs[0]!.runId;
    const [first] = await db()
      .select()
      .from(xhsPublishLogGroup)
      .where(eq(xhsPublishLogGroup.id, BigInt(runId)));
    expect(first!.publishTaskId).toBe(items[0]);
    force(first!.jobUuid, 'error');
    expect(await pollRun(f.deps, TASK_KINDS.xhs_publish, first!.id)).toBe('FAILED');
    expect(await item(items[0]!)).toMatchObject({ publishStatus: ITEM.FAILED });

    const res = await call<Retried>(
      'POST',
      `${XHS}/xhs_publish_log_group/retry?id=${runId}`,
      'xhsPublishLogGroupRetry',
      f.admin,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const next = res.body.data.runs[0]!;
    expect(next.runStatus).toBe('WAITING');
    const [g] = await db()
      .select()
      .from(xhsPublishLogGroup)
      .where(eq(xhsPublishLogGroup.id, BigInt(next.runId)));
    // the failed item again, not the next pending one
    expect(g).toMatchObject({ triggerType: 3, publishTaskId: items[0], arrId: unit });
    expect(await item(items[0]!)).toMatchObject({ publishStatus: ITEM.SUBMITTED, failReason: '' });
    expect(await item(items[1]!)).toMatchObject({ publishStatus: ITEM.PENDING });

    // stopped while no robot had it: Yingdao cancels the job, the item goes back to pending
    const stopped = await call<{ runStatus: string }>(
      'POST',
      `${XHS}/xhs_publish_log_group/stop?id=${next.runId}`,
      'xhsPublishLogGroupStop',
      f.admin,
    );
    expect(stopped.body.data.runStatus).toBe('STOPPING');
    expect(await pollRun(f.deps, TASK_KINDS.xhs_publish, g!.id)).toBe('CANCELLED');
    expect(await item(items[0]!)).toMatchObject({ publishStatus: ITEM.PENDING });
    // an item published meanwhile (by hand, another plan) is not published again
    await db()
      .update(xhsPublishTask)
      .set({ publishStatus: ITEM.SUCCESS })
      .where(inArray(xhsPublishTask.id, [items[0]!]));
    const published = await call(
      'POST',
      `${XHS}/xhs_publish_log_group/retry?id=${next.runId}`,
      'xhsPublishLogGroupRetry',
      f.admin,
    );
    expect(published.status).toBe(400);
    expect(published.body.msg).toBe('内容已发布，无需重试');
  });

  it('answers 401 without a token, as every guarded write', async () => {
    const res = await f.s.app.inject({ method: 'POST', url: `${DY}/stop?id=1`, headers: authHeaders('x') });
    expect(res.statusCode).toBe(401);
  });
});
