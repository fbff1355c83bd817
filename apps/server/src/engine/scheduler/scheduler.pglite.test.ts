// The scheduler end to end on PGlite with pg-boss (as `npm start` runs it): a job due in about two seconds fires once,
// about a polling interval late, and writes its job log; manual firings, failing firers, pause/resume/remove, and
// the worker's refusals (an outdated revision, a second delivery, a firing missed while every instance was down).
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type DbHandle } from '../../db/index';
import { schedulerJob, schedulerJobLog } from '../../db/schema';
import { BizError } from '../../util';
import { formatSchedulerTime } from './cron';
import { NO_FIRER_MSG, OVERLAP_MSG, runCronFiring, runCronFirings, type FireDeps } from './fire';
import { createScheduler, type FireContext, type Scheduler } from './scheduler';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(check: () => boolean | Promise<boolean>, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await sleep(100);
  }
}

describe('the scheduler on PGlite with pg-boss', () => {
  let h: DbHandle;
  let s: Scheduler;

  beforeAll(async () => {
    h = await openDb({ dataDir: 'memory://' });
    await h.migrate();
    s = createScheduler({ db: h.db, pollingIntervalSeconds: 0.5 });
    await s.start();
  });
  afterAll(async () => {
    await s?.stop();
    await h?.close();
  });

  const logsOf = (jobId: bigint) =>
    h.db.select().from(schedulerJobLog).where(eq(schedulerJobLog.jobId, jobId));
  const task = (bizType: string, bizId: bigint, cron: string, jobGroup = 'DY_COMM', enabled = true) =>
    s.upsertTaskJob({
      tenantId: '000000',
      jobGroup,
      bizType,
      bizId,
      jobName: `${bizType}#${bizId}`,
      invokeTarget: `rpaTaskRunner.run('${bizType}',${bizId})`,
      cron,
      enabled,
      userId: 7n,
    });

  it('fires a job due in about two seconds once, and writes its log', async () => {
    const fired: FireContext[] = [];
    s.registerFirer('DY_COMM', async (ctx) => {
      fired.push(ctx);
      return { groupIds: [11n, 12n], message: '启动2个影刀任务' };
    });
    const due = new Date(Math.ceil((Date.now() + 2000) / 1000) * 1000);
    const job = await task('dy_comm', 1n, `${Number(formatSchedulerTime(due).slice(-2))} * * * * ?`);
    expect(job.nextFireTime).toEqual(due);

    await until(() => fired.length > 0, 8000);
    await sleep(1500);
    expect(fired).toHaveLength(1);
    expect(fired[0]).toMatchObject({
      tenantId: '000000',
      jobId: job.id,
      jobGroup: 'DY_COMM',
      bizType: 'dy_comm',
      bizId: 1n,
      triggerType: 1,
      fireTime: due,
      userId: 7n,
    });
    const logs = await logsOf(job.id);
    expect(logs).toHaveLength(1);
    const log = logs[0]!;
    expect(log).toMatchObject({
      tenantId: '000000',
      jobName: 'dy_comm#1',
      jobGroup: 'DY_COMM',
      triggerType: 1,
      runStatus: 0,
      exceptionInfo: '',
      groupIds: '11,12',
      jobMessage: '启动2个影刀任务',
      createUser: 7n,
    });
    // started about a polling interval after it was due, never before
    const latency = log.startTime!.getTime() - due.getTime();
    expect(latency).toBeGreaterThanOrEqual(0);
    expect(latency).toBeLessThan(2000);
    expect(log.durationMs).toBe(log.endTime!.getTime() - log.startTime!.getTime());
    const [row] = await h.db.select().from(schedulerJob).where(eq(schedulerJob.id, job.id));
    expect(row!.lastFireTime).toEqual(due);
    // the firings of the coming two minutes are claimed already
    expect(row!.nextFireTime!.getTime()).toBeGreaterThan(due.getTime() + 60_000);
  });

  it('fires by hand, and logs failures', async () => {
    s.registerFirer('XSH_COMM', async () => {
      throw new BizError('影刀账号未授权');
    });
    const paused = await task('xsh_comm', 2n, '0 0 10 * * ?', 'XSH_COMM', false);
    expect(paused).toMatchObject({ jobStatus: 1, nextFireTime: null });
    const failed = await s.fireNow('000000', 'xsh_comm', 2n, 5n);
    expect(failed).toMatchObject({ runStatus: 1, groupIds: [], message: '影刀账号未授权' });
    expect(failed.exceptionInfo).toContain('影刀账号未授权');
    const [log] = await logsOf(paused.id);
    expect(log).toMatchObject({ id: failed.logId, triggerType: 2, runStatus: 1, createUser: 5n });

    const orphan = await task('xhs_publish', 3n, '0 0 10 * * ?', 'XHS_PUBLISH');
    const none = await s.fireJob(orphan);
    expect(none.runStatus).toBe(1);
    expect(none.exceptionInfo).toContain(NO_FIRER_MSG);

    // a job that forbids overlaps (concurrent 1, the default) does not fire while a firing of it runs
    let release = () => undefined as void;
    const gate = new Promise<void>((r) => (release = r));
    s.registerFirer('DY_PUBLISH', async () => {
      await gate;
      return { groupIds: [9n], message: 'done' };
    });
    const slow = await task('dy_publish', 6n, '0 0 10 * * ?', 'DY_PUBLISH');
    const first = s.fireJob(slow, 5n);
    await sleep(200);
    expect(await s.fireJob(slow, 5n)).toMatchObject({ runStatus: 1, message: OVERLAP_MSG });
    release();
    expect(await first).toMatchObject({ runStatus: 0, groupIds: [9n], message: 'done' });
    expect((await s.fireJob(slow, 5n)).runStatus).toBe(0);

    await expect(s.fireNow('000000', 'xsh_comm', 999n)).rejects.toThrow('定时任务不存在');
    await expect(task('dy_comm', 4n, '0 0 10 * *')).rejects.toThrow('Cron 表达式无效');
  });

  it('pauses, resumes and removes the job of a task', async () => {
    const job = await task('dy_browse', 5n, '0 0 10 * * ?', 'DY_BROWSE');
    const paused = await s.setTaskEnabled('000000', 'dy_browse', 5n, false);
    expect(paused).toMatchObject({ jobStatus: 1, nextFireTime: null, revision: job.revision + 1 });
    const resumed = await s.setTaskEnabled('000000', 'dy_browse', 5n, true);
    expect(resumed).toMatchObject({ jobStatus: 0, revision: job.revision + 2 });
    expect(resumed!.nextFireTime).toEqual(job.nextFireTime);
    // the same task again: the same row, updated
    const again = await task('dy_browse', 5n, '0 30 10 * * ?', 'DY_BROWSE');
    expect(again.id).toBe(job.id);
    expect(await s.setTaskEnabled('000000', 'dy_browse', 6n, true)).toBeUndefined();
    expect(await s.removeTaskJob('000000', 'dy_browse', 5n)).toBe(true);
    expect(await s.findTaskJob('000000', 'dy_browse', 5n)).toBeUndefined();
    expect(await s.removeTaskJob('000000', 'dy_browse', 5n)).toBe(false);
  });

  it('runs a queued firing once, and drops outdated and missed ones', async () => {
    let calls = 0;
    const deps: FireDeps = {
      db: h.db,
      firers: new Map([['SPH_BROWSE', async () => ({ groupIds: [], message: `${++calls}` })]]),
      now: () => new Date('2026-11-26T02:00:30Z'),
      misfireMs: 60_000,
    };
    const job = await task('sph_browse', 8n, '0 * * * * ?', 'SPH_BROWSE', false);
    await h.db.update(schedulerJob).set({ jobStatus: 0 }).where(eq(schedulerJob.id, job.id));
    const data = (fireTime: string, over: object = {}) => ({
      jobId: String(job.id),
      tenantId: '000000',
      fireTime,
      revision: job.revision,
      catchUp: false,
      ...over,
    });
    expect(await runCronFiring(deps, data('2026-11-26T02:00:00.000Z'))).toBe('fired');
    expect(await runCronFiring(deps, data('2026-11-26T02:00:00.000Z'))).toBe('duplicate');
    expect(await runCronFiring(deps, data('2026-11-26T02:01:00.000Z', { revision: job.revision - 1 }))).toBe(
      'dropped',
    );
    // more than a minute late: policy 3 skips it
    expect(await runCronFiring(deps, data('2026-11-26T01:59:00.000Z'))).toBe('missed');
    // policy 2 runs only the last firing missed
    await h.db.update(schedulerJob).set({ misfirePolicy: 2 }).where(eq(schedulerJob.id, job.id));
    expect(await runCronFiring(deps, data('2026-11-26T01:58:00.000Z'))).toBe('missed');
    expect(await runCronFiring(deps, data('2026-11-26T01:59:00.000Z'))).toBe('fired');
    expect(calls).toBe(2);
    await h.db
      .update(schedulerJob)
      .set({ isDeleted: 1 })
      .where(and(eq(schedulerJob.id, job.id)));
    expect(await runCronFiring(deps, data('2026-11-26T02:01:00.000Z'))).toBe('dropped');
    expect(await logsOf(job.id)).toHaveLength(2);
  });

  it('runs a batch of firings with its bookkeeping grouped, each as it would run alone', async () => {
    const fired: string[] = [];
    const deps: FireDeps = {
      db: h.db,
      firers: new Map([
        [
          'XSH_BROWSE',
          async (ctx) => {
            fired.push(`${ctx.bizId}@${ctx.fireTime.toISOString()}`);
            if (ctx.bizId === 32n) throw new BizError('任务没有可用的执行账号');
            return { groupIds: [ctx.bizId], message: 'ok' };
          },
        ],
      ]),
      now: () => new Date('2026-11-26T03:00:20Z'),
      misfireMs: 60_000,
    };
    const jobs = [];
    for (const id of [31n, 32n, 33n]) {
      const job = await task('xsh_browse', id, '0 * * * * ?', 'XSH_BROWSE', false);
      await h.db.update(schedulerJob).set({ jobStatus: 0 }).where(eq(schedulerJob.id, job.id));
      jobs.push(job);
    }
    const [a, b, c] = jobs as [(typeof jobs)[0], (typeof jobs)[0], (typeof jobs)[0]];
    const data = (job: typeof a, fireTime: string, over: object = {}) => ({
      jobId: String(job.id),
      tenantId: '000000',
      fireTime,
      revision: job.revision,
      catchUp: false,
      ...over,
    });
    const minute = '2026-11-26T03:00:00.000Z';
    const outcomes = await runCronFirings(deps, [
      data(a, minute),
      data(b, minute),
      // the same firing delivered twice in one batch runs once
      data(a, minute),
      data(c, minute, { revision: c.revision - 1 }),
      data(c, '2026-11-26T02:58:00.000Z'),
      { ...data(c, minute), jobId: 'x' },
    ]);
    expect(outcomes).toEqual(['fired', 'fired', 'duplicate', 'dropped', 'missed', 'dropped']);
    expect(fired.sort()).toEqual([`31@${minute}`, `32@${minute}`]);
    // a failing firer is its firing's job log, the others' logs are written beside it
    const [logA] = await logsOf(a.id);
    const [logB] = await logsOf(b.id);
    expect(logA).toMatchObject({ runStatus: 0, groupIds: '31', jobMessage: 'ok', triggerType: 1 });
    expect(logB).toMatchObject({ runStatus: 1, jobMessage: '任务没有可用的执行账号' });
    expect(await logsOf(c.id)).toEqual([]);
    const rows = await h.db
      .select()
      .from(schedulerJob)
      .where(inArray(schedulerJob.id, [a.id, b.id, c.id]));
    const last = new Map(rows.map((r) => [r.id, r.lastFireTime?.toISOString() ?? null]));
    expect([last.get(a.id), last.get(b.id), last.get(c.id)]).toEqual([minute, minute, null]);
    // delivered again in a later batch: a duplicate, nothing more runs
    expect(await runCronFirings(deps, [data(a, minute)])).toEqual(['duplicate']);
    expect(fired).toHaveLength(2);
  });
});

describe('a minute of more firings than a batch', () => {
  let h: DbHandle;
  let s: Scheduler;
  beforeAll(async () => {
    h = await openDb({ dataDir: 'memory://' });
    await h.migrate();
    // one worker fetching 5 at a time every 5 s: without fetching again after a full batch, 40 firings take 40 s
    s = createScheduler({ db: h.db, pollingIntervalSeconds: 5, batchSize: 5, workers: 1 });
    await s.start();
  });
  afterAll(async () => {
    await s?.stop();
    await h?.close();
  });

  it('run one batch after another without waiting the polling interval between them', async () => {
    const fired: bigint[] = [];
    s.registerFirer('DY_BROWSE', async (ctx) => {
      fired.push(ctx.bizId);
      return { groupIds: [], message: 'ok' };
    });
    const due = new Date(Math.ceil((Date.now() + 3000) / 1000) * 1000);
    const second = Number(formatSchedulerTime(due).slice(-2));
    for (let i = 1; i <= 40; i++) {
      await s.upsertTaskJob({
        tenantId: '000000',
        jobGroup: 'DY_BROWSE',
        bizType: 'dy_browse',
        bizId: BigInt(i),
        jobName: `dy_browse#${i}`,
        invokeTarget: `rpaTaskRunner.run('dy_browse',${i})`,
        cron: `${second} * * * * ?`,
        enabled: true,
        userId: 7n,
      });
    }
    // due, one polling interval at most, then the batches back to back
    await until(() => fired.length === 40, due.getTime() - Date.now() + 5000 + 4000);
    expect(new Set(fired).size).toBe(40);
  });
});
