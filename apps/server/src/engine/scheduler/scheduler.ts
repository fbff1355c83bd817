/**
 * The scheduler of the automation engine (src/engine/README.md, automation-domain.md §4.2 and §4.6) on pg-boss 10,
 * on PGlite (`npm start`) and PostgreSQL (toolchain-notes §9: pg-boss runs on the server's own connection through
 * its `db` option).
 *
 * - Once a minute pg-boss sends one tick across all instances (its cron schedule); the tick worker claims the cron
 *   firings due within the next two minutes and queues each as a pg-boss job starting at its fire time
 *   (./claim.ts: why every firing is queued once). Each instance also ticks when it starts, and a job is claimed
 *   at once when it is saved or resumed, so a firing due in a few seconds is not left to the next tick.
 * - Workers poll every second and run due firings in batches (./fire.ts: why each runs at most once, and its job
 *   log; a batch's reads and writes are grouped); a full batch is followed by the next fetch at once, so
 *   fire-to-start latency is about the polling interval plus the time the firings due before it take to run
 *   (`npm run bench:scheduler`).
 * - The task modules declare one job per task definition (`upsertTaskJob`), pause and resume it with the task's
 *   enable flag (`setTaskEnabled`), remove it with the task (`removeTaskJob`), trigger it by hand (`fireNow`), and
 *   register the firer of their job group (`registerFirer`).
 * All of it but the firing loop works without `start()`: the rows are kept, another instance fires them.
 */
import type PgBoss from 'pg-boss';
import { rawSqlOf, type Db, type RawSql } from '../../db/index';
import { BizError } from '../../util';
import { ensureQueue, newBoss } from './boss';
import { FIRE_QUEUE, purgeLedger, tick, type FireJobData, type TickOptions } from './claim';
import { SCHEDULER_TZ } from './cron';
import { executeFiring, runCronFirings, type FireDeps } from './fire';
import * as jobs from './jobs';
import type { FireResult, Firer, SchedulerJobRow, TaskJobInput } from './types';

export type * from './types';

/** The pg-boss queue of the per-minute tick. */
export const TICK_QUEUE = 'smart-scheduler-tick';

/** Ledger rows older than this are purged (pg-boss expires a queued firing long before). */
const LEDGER_KEEP_MS = 3 * 24 * 3600_000;

export interface SchedulerLog {
  warn(obj: object, msg?: string): void;
}

export interface SchedulerOptions {
  db: Db;
  /** Raw SQL of the same database (default: the one `openDb` opened `db` with). */
  raw?: RawSql;
  /** The scheduling clock (default the real one); tests drive it with `tick(now)`. */
  now?: () => Date;
  /** Run pg-boss's per-minute tick and tick at start (default true); tests turn it off to call `tick` alone. */
  cronTick?: boolean;
  /** Worker polling interval (default 1 s: the fire-to-start latency). */
  pollingIntervalSeconds?: number;
  /** Firings fetched at once per worker (default 10) and workers per instance (default 2). */
  batchSize?: number;
  workers?: number;
  lookaheadMs?: number;
  misfireMs?: number;
  /** pg-boss's schema (default `pgboss`). */
  bossSchema?: string;
  log?: SchedulerLog;
}

export interface Scheduler {
  /** Starts pg-boss (creating its schema on first use), the workers and, unless `cronTick` is false, the tick. */
  start(): Promise<void>;
  /** Stops the workers and the tick, waiting up to 5 s for running firings. */
  stop(): Promise<void>;
  readonly running: boolean;
  /** The firer of a job group (`DY_COMM` …); a firing of a group without one fails with a job log saying so. */
  registerFirer(jobGroup: string, firer: Firer): void;
  /** Creates or updates the job of a task definition (400 BizError for a bad cron) and reschedules it. */
  upsertTaskJob(input: TaskJobInput): Promise<SchedulerJobRow>;
  /** Pauses (false) or resumes (true) a task's job; undefined when the task has no job. */
  setTaskEnabled(
    tenantId: string,
    bizType: string,
    bizId: bigint,
    enabled: boolean,
  ): Promise<SchedulerJobRow | undefined>;
  /** Removes a task's job (its queued firings are dropped); false when it had none. */
  removeTaskJob(tenantId: string, bizType: string, bizId: bigint): Promise<boolean>;
  /** The live job of a task definition. */
  findTaskJob(tenantId: string, bizType: string, bizId: bigint): Promise<SchedulerJobRow | undefined>;
  /**
   * Fires a task's job now (trigger type 2, paused or not), in this process, and answers its job log; 400
   * `定时任务不存在` when the task has no job.
   */
  fireNow(tenantId: string, bizType: string, bizId: bigint, userId?: bigint | null): Promise<FireResult>;
  /** Fires a job row now (trigger type 2). */
  fireJob(job: SchedulerJobRow, userId?: bigint | null): Promise<FireResult>;
  /** Claims and queues the coming firings of one job after a change of its schedule (no-op when not running). */
  reschedule(jobId: bigint): Promise<void>;
  /** One tick at `now` (default the clock): the number of firings queued. Requires `start()`. */
  tick(now?: Date): Promise<number>;
}

export function createScheduler(opts: SchedulerOptions): Scheduler {
  const { db } = opts;
  const now = opts.now ?? (() => new Date());
  const log: SchedulerLog = opts.log ?? { warn: (obj, msg) => console.warn(msg ?? '', obj) };
  const cronTick = opts.cronTick ?? true;
  const tickOpts: TickOptions = {
    lookaheadMs: opts.lookaheadMs ?? 120_000,
    misfireMs: opts.misfireMs ?? 60_000,
    maxPerJob: 200,
    expireInSeconds: 600,
  };
  const firers = new Map<string, Firer>();
  const deps: FireDeps = { db, firers, now, misfireMs: tickOpts.misfireMs };
  let boss: PgBoss | undefined;
  let raw: RawSql | undefined;
  let running = false;

  const requireBoss = () => {
    if (!boss || !raw || !running) throw new Error('the scheduler is not started');
    return { boss, raw };
  };

  const runTick = async (at: Date = now()) => {
    const b = requireBoss();
    const queued = await tick(db, b.raw, b.boss, at, tickOpts);
    await purgeLedger(db, new Date(at.getTime() - LEDGER_KEEP_MS));
    return queued;
  };

  const reschedule = async (jobId: bigint) => {
    if (!running || !boss || !raw) return;
    try {
      await tick(db, raw, boss, now(), tickOpts, jobId);
    } catch (err) {
      // the row is saved; the next tick (any instance) claims the firing
      log.warn({ err, jobId: String(jobId) }, 'scheduler: reschedule failed');
    }
  };

  const stop = async () => {
    if (!boss) return;
    const b = boss;
    running = false;
    boss = undefined;
    await b.stop({ graceful: true, wait: true, timeout: 5000 });
  };

  const fireJob = (job: SchedulerJobRow, userId: bigint | null = null) =>
    executeFiring(deps, job, 2, new Date(), userId);

  return {
    get running() {
      return running;
    },

    async start() {
      if (running) return;
      raw = opts.raw ?? rawSqlOf(db);
      if (!raw) throw new Error('the scheduler needs the raw SQL of its database (openDb)');
      const b = newBoss({
        raw,
        schema: opts.bossSchema,
        schedule: cronTick,
        onError: (err) => log.warn({ err }, 'scheduler: pg-boss error'),
      });
      await b.start();
      boss = b;
      running = true;
      try {
        await ensureQueue(b, { name: FIRE_QUEUE, retryLimit: 0, expireInSeconds: tickOpts.expireInSeconds });
        const work = {
          batchSize: opts.batchSize ?? 50,
          pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 1,
        };
        for (let i = 0; i < (opts.workers ?? 2); i++) {
          let workerId = '';
          workerId = await b.work<FireJobData>(FIRE_QUEUE, work, async (batch) => {
            // the batch's bookkeeping in a few statements (./fire.ts runCronFirings); a firing it could not claim
            // stays unclaimed, and a failing firer is the firing's job log
            await runCronFirings(
              deps,
              batch.map((j) => j.data),
            ).catch((err: unknown) =>
              log.warn({ err, firings: batch.length }, 'scheduler: a batch of firings failed'),
            );
            // a full batch means more are due: fetch again at once instead of after the polling interval (pg-boss
            // waits the interval after every batch), so a minute of many firings drains at the speed they run
            if (batch.length >= work.batchSize) b.notifyWorker(workerId);
          });
        }
        if (cronTick) {
          // one tick at a time across instances (singleton policy), once a minute (pg-boss cron)
          await ensureQueue(b, { name: TICK_QUEUE, policy: 'singleton', retryLimit: 0 });
          await b.schedule(TICK_QUEUE, '* * * * *', {}, { tz: SCHEDULER_TZ, retryLimit: 0 });
          await b.work(TICK_QUEUE, { pollingIntervalSeconds: 2 }, async () => {
            await runTick();
          });
          // the firings of the coming minutes, and the misfires of a downtime, without waiting for the first tick
          await runTick().catch((err: unknown) => log.warn({ err }, 'scheduler: start tick failed'));
        }
      } catch (err) {
        await stop().catch(() => undefined);
        throw err;
      }
    },

    stop,

    registerFirer(jobGroup, firer) {
      firers.set(jobGroup, firer);
    },

    async upsertTaskJob(input) {
      const row = await jobs.upsertTaskJob(db, input, now());
      await reschedule(row.id);
      return row;
    },

    async setTaskEnabled(tenantId, bizType, bizId, enabled) {
      const row = await jobs.setTaskEnabled(db, tenantId, bizType, bizId, enabled, now());
      if (row && enabled) await reschedule(row.id);
      return row;
    },

    removeTaskJob: (tenantId, bizType, bizId) => jobs.removeTaskJob(db, tenantId, bizType, bizId, now()),

    findTaskJob: (tenantId, bizType, bizId) => jobs.findTaskJob(db, tenantId, bizType, bizId),

    async fireNow(tenantId, bizType, bizId, userId = null) {
      const job = await jobs.findTaskJob(db, tenantId, bizType, bizId);
      if (!job) throw new BizError(jobs.JOB_NOT_FOUND_MSG);
      return fireJob(job, userId);
    },

    fireJob,
    reschedule,
    tick: (at) => runTick(at),
  };
}
