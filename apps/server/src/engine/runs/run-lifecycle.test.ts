// The run lifecycle of docs/automation-domain.md §4.1 (src/engine/README.md "Run states") through the real code:
// triggerJob / ./trigger.ts, Yingdao's callback route, ./poller.ts (`pollRun`, `sweep`) and ./apply-status.ts, with
// the power each transition takes or gives back (src/engine/power/ledger.ts).
//
// The fixture (./run-fixture.ts) runs the Yingdao sandbox on its own harness; the server's own sandboxes only write the
// AI comments of the one run a simulated robot executes. Clocks the engine lets a caller set (`sweep(now)`,
// TriggerDeps.now) are set; nothing waits for real time to pass.
import { asc, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  dyArr,
  dyBroweLogGroup,
  dyBrowse,
  dyBrowseLog,
  dyComm,
  dyCommArr,
  dyCommLog,
  dyCommLogGroup,
  dyCommUrl,
  powerLogs,
} from '../../db/schema';
import { backends } from '../../test/harness';
import { PowerChange } from '../power/ledger';
import { DEADLINE_MS } from './apply-status';
import { pollRun, sweep } from './poller';
import { GHOST, OFFLINE, TENANT, runFixture, type Run } from './run-fixture';
import { RunTokens } from './run-token';
import { TASK_KINDS } from './task-kinds';
import { triggerTask } from './trigger';

const BROWSE = TASK_KINDS.dy_browse;

describe.each(backends)('run lifecycle on %s', (kind) => {
  const f = runFixture(kind, { authName: '生命周期测试', accessKeyId: 'sandbox-lifecycle' });
  const { call, db, setPower, power, ledger, browseGroup, force, callbackOf, withCallbackApp } = f;
  const browse = f.browseTask;
  const triggerBrowse = f.triggerBrowse;
  const allPowerLogs = async () => (await db().select({ id: powerLogs.id }).from(powerLogs)).length;
  const commentGroup = async (id: bigint | string) =>
    (
      await db()
        .select()
        .from(dyCommLogGroup)
        .where(eq(dyCommLogGroup.id, BigInt(id)))
    )[0]!;
  const browseTask = async (id: bigint) =>
    (await db().select().from(dyBrowse).where(eq(dyBrowse.id, id)))[0]!;

  /** Every run of the two modules still in flight: each case ends its own, as the sweeps look at all of them. */
  const activeRuns = async () => [
    ...(await db()
      .select({ id: dyBroweLogGroup.id })
      .from(dyBroweLogGroup)
      .where(inArray(dyBroweLogGroup.runStatus, ['PENDING', 'WAITING', 'RUNNING', 'STOPPING']))),
    ...(await db()
      .select({ id: dyCommLogGroup.id })
      .from(dyCommLogGroup)
      .where(inArray(dyCommLogGroup.runStatus, ['PENDING', 'WAITING', 'RUNNING', 'STOPPING']))),
  ];

  async function comment(robot: string, urls: number) {
    const arrName = `评论账号-${robot}-${f.next()}`;
    const arr = await call('POST', '/api/smart-dyComm/dy_comm_arr/submit', 'dyCommArrSubmit', f.admin, {
      arrName,
      robotAccount: robot,
    });
    expect(arr.status, JSON.stringify(arr.body)).toBe(200);
    const arrId = (await db().select().from(dyCommArr).where(eq(dyCommArr.arrName, arrName)))[0]!.id;
    const taskName = `评论任务-${f.next()}`;
    const res = await call('POST', '/api/smart-dyComm/dy_comm/submit', 'dyCommSubmit', f.admin, {
      taskName,
      arrIds: String(arrId),
      robotUuid: 'sandbox-app-dy_comm',
      sourceMode: 1,
      commentMode: 1,
      commentsPerRun: urls,
      powerPerComment: 1,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const id = (await db().select().from(dyComm).where(eq(dyComm.taskName, taskName)))[0]!.id;
    for (let i = 0; i < urls; i++) {
      const u = await call('POST', '/api/smart-dyComm/dy_comm_url/submit', 'dyCommUrlSubmit', f.admin, {
        commId: String(id),
        url: `https://www.douyin.com/video/73${String(f.next()).padStart(6, '0')}5493264${String(10 + i)}`,
      });
      expect(u.status, JSON.stringify(u.body)).toBe(200);
    }
    return { id, arrId };
  }

  const triggerComment = (id: bigint) =>
    call<{ runs: Run[] }>('POST', '/api/smart-dyComm/dy_comm/triggerJob', 'dyCommTriggerJob', f.admin, {
      id: String(id),
      force: true,
    });

  it('START_FAILED: a comment run whose job/start is refused ends at once and writes nothing else', async () => {
    await setPower(10);
    const logsBefore = await allPowerLogs();
    const { id, arrId } = await comment(GHOST, 2);
    const res = await triggerComment(id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [run] = res.body.data.runs;
    expect(run).toMatchObject({ arrId: String(arrId), runStatus: 'START_FAILED' });
    expect(run!.errorMsg).toMatch(/^影刀任务启动失败: .*机器人账号不存在/);

    const g = await commentGroup(run!.runId);
    expect(g).toMatchObject({ runStatus: 'START_FAILED', jobUuid: '', ydStatus: '', powerCost: 0 });
    expect(g.errorMsg).toBe(run!.errorMsg);
    expect(g.endTime?.getTime()).toBe(g.triggerTime?.getTime());
    // a comment run pays per comment (./trigger.ts): nothing was reserved, so nothing is given back
    expect(await ledger(g.id)).toEqual([]);
    expect(await allPowerLogs()).toBe(logsBefore);
    expect(await power()).toBe(10);
    // no job exists for it, no robot worked, the unit did not run
    expect([...f.h.sandbox.jobs.values()].some((j) => j.idempotentUuid === g.idempotentUuid)).toBe(false);
    expect(await db().select().from(dyCommLog).where(eq(dyCommLog.groupId, g.id))).toEqual([]);
    const [unit] = await db().select().from(dyCommArr).where(eq(dyCommArr.id, arrId));
    expect(unit!.lastRunTime).toBeNull();
    const [task] = await db().select().from(dyComm).where(eq(dyComm.id, id));
    expect(task!.lastRunStatus).toBe('START_FAILED');
    const urls = await db().select().from(dyCommUrl).where(eq(dyCommUrl.commId, id));
    expect(urls.every((u) => u.useStatus === 0 && u.commentCount === 0)).toBe(true);
  });

  it('a browse run reserves its power at start and gives it back exactly once when job/start is refused', async () => {
    await setPower(10);
    const { id, arrIds } = await browse([GHOST, OFFLINE], 4);
    const res = await triggerBrowse(id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [failed, waiting] = res.body.data.runs;
    expect(failed).toMatchObject({ arrId: String(arrIds[0]), runStatus: 'START_FAILED' });
    expect(failed!.errorMsg).toMatch(/^影刀任务启动失败: .*机器人账号不存在/);
    expect(waiting).toMatchObject({ arrId: String(arrIds[1]), runStatus: 'WAITING', errorMsg: '' });

    const failedGroup = await browseGroup(failed!.runId);
    expect(failedGroup).toMatchObject({ runStatus: 'START_FAILED', jobUuid: '', ydStatus: '', powerCost: 0 });
    expect(
      (await ledger(failedGroup.id)).map((l) => [
        l.changeType,
        l.power,
        l.powerBefore,
        l.powerAfter,
        l.bizType,
      ]),
    ).toEqual([
      [PowerChange.CONSUME, -4, 10, 6, 'DY_BROWSE_RUN'],
      [PowerChange.REFUND, 4, 6, 10, 'DY_BROWSE_RUN'],
    ]);
    const w = await browseGroup(waiting!.runId);
    expect(w).toMatchObject({ runStatus: 'WAITING', ydStatus: 'created', powerCost: 4 });
    expect(w.jobUuid).not.toBe('');
    expect((await ledger(w.id)).map((l) => [l.changeType, l.power])).toEqual([[PowerChange.CONSUME, -4]]);
    // 10 − 4 (refused run, refunded) − 4 (the run that started)
    expect(await power()).toBe(6);
    expect(await db().select().from(dyBrowseLog).where(eq(dyBrowseLog.groupId, failedGroup.id))).toEqual([]);
    const units = await db().select().from(dyArr).where(inArray(dyArr.id, arrIds));
    expect(units.find((u) => u.id === arrIds[0])!.lastRunTime).toBeNull();
    expect(units.find((u) => u.id === arrIds[1])!.lastRunTime).not.toBeNull();

    // a unit the customer cannot pay for is SKIPPED before any job: no ledger row at all
    await setPower(3);
    const poor = await browse([OFFLINE], 4);
    const skipped = (await triggerBrowse(poor.id)).body.data.runs[0]!;
    expect(skipped).toMatchObject({ runStatus: 'SKIPPED', errorMsg: '算力不足，需要 4' });
    expect(await ledger(skipped.runId)).toEqual([]);
    expect((await browseGroup(skipped.runId)).jobUuid).toBe('');
    expect(await power()).toBe(3);

    // the run that started is cancelled (cleaning up; CANCELLED itself is the next case)
    force(w.jobUuid, 'cancel');
    expect(await pollRun(f.deps, BROWSE, w.id)).toBe('CANCELLED');
    expect(await power()).toBe(7);
    expect(await activeRuns()).toEqual([]);
  });

  it('CANCELLED: a job stopped before a robot took it is cancelled and its reservation refunded once', async () => {
    await setPower(10);
    const { id } = await browse([OFFLINE], 3);
    const run = (await triggerBrowse(id)).body.data.runs[0]!;
    expect(run.runStatus).toBe('WAITING');
    const { jobUuid } = await browseGroup(run.runId);
    expect(await power()).toBe(7);

    // job/stop through the tenant's own client: Yingdao cancels a job not yet running (§3.1, sandbox/yingdao/jobs.ts)
    const binding = (await f.deps.yingdao(TENANT, null))!;
    await binding.client.stopJob(jobUuid);
    expect(f.h.sandbox.job(jobUuid)!.status).toBe('cancel');
    const first = await withCallbackApp((deliver) => deliver(callbackOf(jobUuid)));
    expect(first).toMatchObject({ status: 200, body: { code: 200, success: true } });

    const g = await browseGroup(run.runId);
    expect(g).toMatchObject({
      runStatus: 'CANCELLED',
      ydStatus: 'cancel',
      callbackReceived: 1,
      powerCost: 0,
    });
    expect(g.errorMsg).toBe('任务已取消');
    expect(g.endTime).not.toBeNull();
    expect((await ledger(g.id)).map((l) => [l.changeType, l.power])).toEqual([
      [PowerChange.CONSUME, -3],
      [PowerChange.REFUND, 3],
    ]);
    expect(await power()).toBe(10);
    expect((await browseTask(id)).lastRunStatus).toBe('CANCELLED');

    // Yingdao retries a callback (§3.1), and the poller may still look: neither changes the run or the ledger
    const again = await withCallbackApp((deliver) => deliver(callbackOf(jobUuid)));
    expect(again.status).toBe(200);
    expect(await pollRun(f.deps, BROWSE, g.id)).toBeUndefined();
    expect(await browseGroup(g.id)).toEqual(g);
    expect(await ledger(g.id)).toHaveLength(2);
    expect(await power()).toBe(10);
  });

  it('STOPPING → STOPPED: the states move forward only, and a stopped run keeps what it paid', async () => {
    await setPower(10);
    const { id } = await browse([OFFLINE], 2);
    const run = (await triggerBrowse(id)).body.data.runs[0]!;
    const { jobUuid } = await browseGroup(run.runId);
    const gid = BigInt(run.runId);

    force(jobUuid, 'running');
    expect(await pollRun(f.deps, BROWSE, gid)).toBe('RUNNING');
    force(jobUuid, 'stopping');
    expect(await pollRun(f.deps, BROWSE, gid)).toBe('STOPPING');
    expect(await browseGroup(gid)).toMatchObject({ runStatus: 'STOPPING', ydStatus: 'stopping' });
    // an observation behind the one stored (a slow poll answer) does not move the run back
    force(jobUuid, 'running');
    expect(await pollRun(f.deps, BROWSE, gid)).toBeUndefined();
    expect((await browseGroup(gid)).runStatus).toBe('STOPPING');

    force(jobUuid, 'stopped');
    await withCallbackApp((deliver) => deliver(callbackOf(jobUuid)));
    const g = await browseGroup(gid);
    expect(g).toMatchObject({ runStatus: 'STOPPED', ydStatus: 'stopped', callbackReceived: 1, powerCost: 2 });
    // §4.1: only START_FAILED and CANCELLED give the reservation back
    expect((await ledger(gid)).map((l) => [l.changeType, l.power])).toEqual([[PowerChange.CONSUME, -2]]);
    expect(await power()).toBe(8);
    expect((await browseTask(id)).lastRunStatus).toBe('STOPPED');
  });

  it('TIMEOUT: the sweep closes a run past its 25-hour deadline, refunds it once, and a late callback changes nothing', async () => {
    await setPower(10);
    const { id } = await browse([OFFLINE], 5);
    const t0 = new Date(Math.floor(Date.now() / 1000) * 1000);
    const result = await triggerTask(
      {
        db: db(),
        tokens: new RunTokens(db()),
        yingdao: f.deps.yingdao,
        apiBase: () => 'http://127.0.0.1',
        now: () => t0,
      },
      { tenantId: TENANT, taskType: 'dy_browse', taskId: id, triggerType: 2, force: true, userId: f.adminId },
    );
    const run = result.runs[0]!;
    expect(run.runStatus).toBe('WAITING');
    const gid = BigInt(run.groupId);
    const started = await browseGroup(gid);
    expect(started.triggerTime?.getTime()).toBe(t0.getTime());
    expect(started.pollDeadline?.getTime()).toBe(t0.getTime() + DEADLINE_MS);
    expect(await activeRuns()).toEqual([{ id: gid }]);
    expect(await power()).toBe(5);

    // a second before the deadline the run is only asked about (Yingdao: still waiting)
    const before = new Date(t0.getTime() + DEADLINE_MS - 1000);
    expect(await sweep(f.deps, before)).toBe(1);
    expect(await browseGroup(gid)).toMatchObject({ runStatus: 'WAITING', ydStatus: 'waiting' });

    const after = new Date(t0.getTime() + DEADLINE_MS + 1000);
    await sweep(f.deps, after);
    const g = await browseGroup(gid);
    expect(g).toMatchObject({ runStatus: 'TIMEOUT', errorMsg: '超过 25 小时未结束', powerCost: 0 });
    expect(g.endTime?.getTime()).toBe(after.getTime());
    // ./poller.ts gives a timed-out run's reservation back (refundRun(…, 'TIMEOUT'))
    expect((await ledger(gid)).map((l) => [l.changeType, l.power])).toEqual([
      [PowerChange.CONSUME, -5],
      [PowerChange.REFUND, 5],
    ]);
    expect(await power()).toBe(10);
    // the task follows its latest run (./apply-status.ts markTask), also when the sweep ended it
    expect((await browseTask(id)).lastRunStatus).toBe('TIMEOUT');

    // the job ends after all: its callback, a retry of it and later sweeps leave the run and the ledger alone
    force(g.jobUuid, 'finish');
    const late = await withCallbackApp(async (deliver) => [
      await deliver(callbackOf(g.jobUuid)),
      await deliver(callbackOf(g.jobUuid)),
    ]);
    expect(late.map((d) => d.status)).toEqual([200, 200]);
    expect(await sweep(f.deps, new Date(after.getTime() + 3600_000))).toBe(0);
    expect(await pollRun(f.deps, BROWSE, gid)).toBeUndefined();
    expect(await browseGroup(gid)).toEqual(g);
    expect(await ledger(gid)).toHaveLength(2);
    expect(await power()).toBe(10);
    expect((await browseTask(id)).lastRunStatus).toBe('TIMEOUT');
  });

  it('TIMEOUT of a comment run keeps the comments it was charged for (nothing was reserved)', async () => {
    await setPower(10);
    const { id } = await comment('sim-01@sandbox', 2);
    const run = (await triggerComment(id)).body.data.runs[0]!;
    expect(run.runStatus).toBe('WAITING');
    const gid = BigInt(run.runId);
    const { jobUuid } = await commentGroup(gid);
    // the robot comments (power charged per accepted AI comment) and its job finishes, but no callback arrives
    // and the poller never gets an answer: the run is still open at its deadline
    await f.h.sandbox.waitForStatus(jobUuid, 'finish', 20_000);
    const open = await commentGroup(gid);
    expect(open).toMatchObject({ runStatus: 'WAITING', successCount: 2, powerCost: 2 });
    expect(await power()).toBe(8);
    expect(await activeRuns()).toEqual([{ id: gid }]);

    await sweep(f.deps, new Date(open.pollDeadline!.getTime() + 1000));
    const g = await commentGroup(gid);
    expect(g.runStatus).toBe('TIMEOUT');
    // the two comments were written and posted: §3.2 charges an accepted comment, §4.1 refunds only a reservation
    expect(g.powerCost).toBe(2);
    expect((await ledger(gid)).map((l) => [l.changeType, l.power, l.bizType])).toEqual([
      [PowerChange.CONSUME, -1, 'AI_COMMENT'],
      [PowerChange.CONSUME, -1, 'AI_COMMENT'],
    ]);
    expect(await power()).toBe(8);
  });

  it('a callback and polls racing on one cancelled job apply it once: one transition, one refund', async () => {
    await setPower(10);
    const { id } = await browse([OFFLINE], 4);
    const run = (await triggerBrowse(id)).body.data.runs[0]!;
    const gid = BigInt(run.runId);
    const { jobUuid } = await browseGroup(gid);
    force(jobUuid, 'cancel');

    // the callback's path and the poller's path (./poller.ts pollRun, with and without `fromCallback`), all at once
    const results = await Promise.all([
      pollRun(f.deps, BROWSE, gid, true),
      pollRun(f.deps, BROWSE, gid, false),
      pollRun(f.deps, BROWSE, gid, true),
      pollRun(f.deps, BROWSE, gid, false),
      pollRun(f.deps, BROWSE, gid, true),
      pollRun(f.deps, BROWSE, gid, false),
    ]);
    const winners = results.flatMap((r, i) => (r === undefined ? [] : [i]));
    expect(results.filter((r) => r !== undefined)).toEqual(['CANCELLED']);
    const g = await browseGroup(gid);
    expect(g).toMatchObject({ runStatus: 'CANCELLED', powerCost: 0 });
    // the flag says which path applied it: the even ones came from the callback
    expect(g.callbackReceived).toBe(winners[0]! % 2 === 0 ? 1 : 0);
    expect((await ledger(gid)).map((l) => [l.changeType, l.power])).toEqual([
      [PowerChange.CONSUME, -4],
      [PowerChange.REFUND, 4],
    ]);
    expect(await power()).toBe(10);
  });

  it('the callback route and a sweep racing on one finished job apply it once: one transition, the charge kept', async () => {
    await setPower(10);
    const { id } = await browse([OFFLINE], 4);
    const run = (await triggerBrowse(id)).body.data.runs[0]!;
    const gid = BigInt(run.runId);
    const { jobUuid } = await browseGroup(gid);
    force(jobUuid, 'running');
    expect(await pollRun(f.deps, BROWSE, gid)).toBe('RUNNING');
    force(jobUuid, 'finish');
    const body = callbackOf(jobUuid);

    const [deliveries, looked] = await withCallbackApp((deliver) =>
      Promise.all([
        Promise.all([deliver(body), deliver(body), deliver(body)]),
        // a minute on: the run's last look (the poll above) is stale, so the sweep asks about it too
        sweep(f.deps, new Date(Date.now() + 60_000)),
      ]),
    );
    expect(deliveries.map((d) => d.status)).toEqual([200, 200, 200]);
    expect(looked).toBeLessThanOrEqual(1);
    const g = await browseGroup(gid);
    expect(g).toMatchObject({ runStatus: 'SUCCESS', ydStatus: 'finish', errorMsg: '', powerCost: 4 });
    expect(g.endTime).not.toBeNull();
    expect(g.outputs).toEqual(f.h.sandbox.job(jobUuid)!.outputs);
    // the robot reported no actions here, so the run's counts stay as they were
    expect([g.successCount, g.failCount, g.skipCount]).toEqual([0, 0, 0]);
    expect((await ledger(gid)).map((l) => [l.changeType, l.power])).toEqual([[PowerChange.CONSUME, -4]]);
    expect(await power()).toBe(6);
    expect((await browseTask(id)).lastRunStatus).toBe('SUCCESS');
  });

  it('a malformed callback is refused with a 400 envelope, and an unknown job is acknowledged; neither writes', async () => {
    await setPower(10);
    // an ended run whose idempotent uuid a caller could know (the log group shows it, patterns.yaml)
    const { id } = await browse([GHOST], 1);
    const failed = (await triggerBrowse(id)).body.data.runs[0]!;
    expect(failed.runStatus).toBe('START_FAILED');
    const ended = await browseGroup(failed.runId);

    const snapshot = async () => ({
      browse: await db().select().from(dyBroweLogGroup).orderBy(asc(dyBroweLogGroup.id)),
      comment: await db().select().from(dyCommLogGroup).orderBy(asc(dyCommLogGroup.id)),
      logs: await db().select().from(powerLogs).orderBy(asc(powerLogs.id)),
      power: await power(),
      queries: f.h.sandbox.count('/oapi/dispatch/v2/job/query'),
    });
    const before = await snapshot();
    const malformed: unknown[] = [
      '{"jobUuid": ',
      'null',
      '[]',
      {},
      { jobUuid: '' },
      { jobUuid: 'x'.repeat(65) },
      { jobUuid: 'fc38f4f1-1a0c-4b59-9b0e-3b0c9a3c2f11', result: 'not-a-list' },
    ];
    const unknown = [
      { dataType: 'job', jobUuid: 'fc38f4f1-1a0c-4b59-9b0e-3b0c9a3c2f11', status: 'finish' },
      // the server's Ajv coerces scalars (app.ts `coerceTypes`): this is the unknown job "42", not a bad body
      { jobUuid: 42 },
      // a job never recorded, naming the ended run's idempotent uuid: it must not be attached to that run
      {
        jobUuid: 'fc38f4f1-1a0c-4b59-9b0e-3b0c9a3c2f12',
        idempotentUuid: ended.idempotentUuid,
        status: 'finish',
      },
    ];
    const [refused, acknowledged] = await withCallbackApp(async (deliver) => [
      await Promise.all(malformed.map(deliver)),
      await Promise.all(unknown.map(deliver)),
    ]);
    for (const [i, r] of refused.entries()) {
      expect(r.status, `${JSON.stringify(malformed[i])} → ${JSON.stringify(r.body)}`).toBe(400);
      expect(r.body).toMatchObject({ code: 400, success: false });
      expect(r.body.msg).not.toBe('');
    }
    // the contract (openapi/paths/smart-yingdao/callback.yaml): an unknown job answers 200 so Yingdao stops retrying
    for (const r of acknowledged)
      expect(r).toMatchObject({ status: 200, body: { code: 200, success: true } });
    expect(await snapshot()).toEqual(before);
  });
});
