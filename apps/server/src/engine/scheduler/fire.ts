/**
 * Running a firing: the worker's cron firings and the manual ones (`fireNow`). Every firing that runs writes one
 * `scheduler_job_log` row (contract scheduler-job-log.yaml: start, end, duration, runStatus 0/1, exceptionInfo,
 * groupIds, jobMessage).
 *
 * A cron firing runs at most once: before the firer is called, the worker inserts (job, fire time) into the firing
 * ledger (`smart_scheduler_firing`, primary key on both); a second delivery of the same firing finds the row and
 * stops. A firing queued for a schedule that changed since (another revision, a paused or removed job) is dropped.
 */
import { and, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/index';
import { schedulerFiring, schedulerJob, schedulerJobLog } from '../../db/schema';
import { nextId } from '../../util';
import { firesOnMisfire, type FireJobData } from './claim';
import { nextFire } from './cron';
import type { FireOutcome, FireResult, Firer, SchedulerJobRow, TriggerType } from './types';

export const OVERLAP_MSG = '上一次执行尚未结束，本次跳过';
export const NO_FIRER_MSG = '该任务分组没有执行器';

/** A running firing older than this no longer blocks the next one of a job that forbids overlaps. */
const LOCK_STALE_MS = 15 * 60_000;

export interface FireDeps {
  db: Db;
  firers: ReadonlyMap<string, Firer>;
  /** The scheduling clock (misfire decisions); log times are the real clock. */
  now: () => Date;
  misfireMs: number;
}

/** What became of a queued cron firing. */
export type CronFiringOutcome = 'fired' | 'dropped' | 'duplicate' | 'missed';

/** Comma-joined group ids within the column's 500 characters (whole ids only). */
function joinIds(ids: bigint[]): string {
  let out = '';
  for (const id of ids) {
    const next = out ? `${out},${id}` : String(id);
    if (next.length > 500) break;
    out = next;
  }
  return out;
}

const errorText = (e: unknown): string =>
  e instanceof Error ? (e.stack ?? e.message).slice(0, 8000) : String(e).slice(0, 8000);

/** Takes the overlap lock of a job that forbids overlaps; the lock's time, or undefined when a firing runs. */
async function lock(db: Db, job: SchedulerJobRow): Promise<Date | undefined> {
  const at = new Date();
  const rows = await db
    .update(schedulerJob)
    .set({ runningSince: at })
    .where(
      and(
        eq(schedulerJob.id, job.id),
        or(
          isNull(schedulerJob.runningSince),
          lt(schedulerJob.runningSince, new Date(at.getTime() - LOCK_STALE_MS)),
        ),
      ),
    )
    .returning({ id: schedulerJob.id });
  return rows.length > 0 ? at : undefined;
}

const unlock = (db: Db, job: SchedulerJobRow, at: Date) =>
  db
    .update(schedulerJob)
    .set({ runningSince: null })
    .where(and(eq(schedulerJob.id, job.id), eq(schedulerJob.runningSince, at)));

/** A firing that ran: its job log row and the fire time its job's `lastFireTime` moves to. */
interface RanFiring {
  job: SchedulerJobRow;
  fireTime: Date;
  log: typeof schedulerJobLog.$inferInsert;
  result: FireResult;
}

/** Runs the firer of `job`; what to record of it. Never throws for a failing firer (runStatus 1). */
async function runFirer(
  deps: FireDeps,
  job: SchedulerJobRow,
  triggerType: TriggerType,
  fireTime: Date,
  userId: bigint | null,
): Promise<RanFiring> {
  const { db } = deps;
  const start = new Date();
  let outcome: FireOutcome = { groupIds: [], message: '' };
  let exceptionInfo = '';
  // the one-line reason of a failure, the log's message when the firer gave none
  let reason = '';
  const lockedAt = job.concurrent === 1 ? await lock(db, job) : undefined;
  if (job.concurrent === 1 && !lockedAt) {
    exceptionInfo = reason = OVERLAP_MSG;
  } else {
    try {
      const firer = deps.firers.get(job.jobGroup);
      if (!firer) throw new Error(`${NO_FIRER_MSG}: ${job.jobGroup}`);
      outcome = await firer({
        tenantId: job.tenantId,
        jobId: job.id,
        jobGroup: job.jobGroup,
        bizType: job.bizType,
        bizId: job.bizId ?? 0n,
        triggerType,
        fireTime,
        userId: userId ?? job.createUser,
      });
      if (outcome.error) exceptionInfo = reason = outcome.error.slice(0, 8000);
    } catch (e) {
      exceptionInfo = errorText(e);
      reason = e instanceof Error ? e.message : String(e);
    } finally {
      if (lockedAt) await unlock(db, job, lockedAt);
    }
  }
  const end = new Date();
  const runStatus: 0 | 1 = exceptionInfo ? 1 : 0;
  const message = (outcome.message || reason).slice(0, 500);
  const logId = nextId();
  return {
    job,
    fireTime,
    log: {
      id: logId,
      tenantId: job.tenantId,
      jobId: job.id,
      jobName: job.jobName,
      jobGroup: job.jobGroup,
      invokeTarget: job.invokeTarget,
      triggerType,
      jobMessage: message,
      runStatus,
      exceptionInfo,
      startTime: start,
      endTime: end,
      durationMs: end.getTime() - start.getTime(),
      groupIds: joinIds(outcome.groupIds ?? []),
      createUser: userId ?? job.createUser,
      createDept: job.createDept,
      createTime: start,
      updateUser: userId ?? job.createUser,
      updateTime: end,
    },
    result: { logId, runStatus, groupIds: outcome.groupIds ?? [], message, exceptionInfo },
  };
}

/**
 * Writes the job logs of the firings that ran, in one insert, and moves each job's `lastFireTime` forward: one
 * update per fire time (a batch of cron firings is mostly of one minute), never back.
 */
async function recordFirings(db: Db, ran: RanFiring[]): Promise<void> {
  if (ran.length === 0) return;
  await db.insert(schedulerJobLog).values(ran.map((r) => r.log));
  const byTime = new Map<number, bigint[]>();
  for (const r of ran)
    byTime.set(r.fireTime.getTime(), [...(byTime.get(r.fireTime.getTime()) ?? []), r.job.id]);
  for (const [time, ids] of byTime) {
    const fireTime = new Date(time);
    await db
      .update(schedulerJob)
      .set({ lastFireTime: fireTime })
      .where(
        and(
          inArray(schedulerJob.id, ids),
          or(isNull(schedulerJob.lastFireTime), lt(schedulerJob.lastFireTime, fireTime)),
        ),
      );
  }
}

/** Runs the firer of `job` and writes its job log row. Never throws for a failing firer (runStatus 1). */
export async function executeFiring(
  deps: FireDeps,
  job: SchedulerJobRow,
  triggerType: TriggerType,
  fireTime: Date,
  userId: bigint | null,
): Promise<FireResult> {
  const ran = await runFirer(deps, job, triggerType, fireTime, userId);
  await recordFirings(deps.db, [ran]);
  return ran.result;
}

/** Runs a queued cron firing (the pg-boss worker), at most once. */
export async function runCronFiring(deps: FireDeps, data: FireJobData): Promise<CronFiringOutcome> {
  return (await runCronFirings(deps, [data]))[0]!;
}

/**
 * Runs a batch of queued cron firings (one fetch of a pg-boss worker), each at most once, with the bookkeeping of the
 * batch done together: one read of their jobs, one insert claiming them in the ledger, their firers at once, one
 * insert of their job logs. A minute of thousands of firings is bound by these round trips
 * (`npm run bench:scheduler`); the firers' own work stays one task each. Answers each firing's outcome, in order.
 */
export async function runCronFirings(deps: FireDeps, batch: FireJobData[]): Promise<CronFiringOutcome[]> {
  const { db } = deps;
  const outcomes: CronFiringOutcome[] = batch.map(() => 'dropped');
  const parsed = batch.flatMap((data, i) => {
    let jobId: bigint;
    try {
      jobId = BigInt(data.jobId);
    } catch {
      return [];
    }
    const fireTime = new Date(data.fireTime);
    return Number.isNaN(fireTime.getTime()) ? [] : [{ i, data, jobId, fireTime }];
  });
  if (parsed.length === 0) return outcomes;
  const jobs = new Map(
    (
      await db
        .select()
        .from(schedulerJob)
        .where(inArray(schedulerJob.id, [...new Set(parsed.map((p) => p.jobId))]))
    ).map((j) => [j.id, j]),
  );

  // every instance was down when it came due: skip it, or (policy 1/2) run only the last one missed, so a long
  // outage never ends in a burst (automation-domain.md §4.6)
  const now = deps.now().getTime();
  const due = parsed.flatMap((p) => {
    const job = jobs.get(p.jobId);
    if (!job || job.isDeleted !== 0 || job.jobStatus !== 0 || job.revision !== p.data.revision) return [];
    if (!p.data.catchUp && now - p.fireTime.getTime() > deps.misfireMs) {
      if (!firesOnMisfire(job.misfirePolicy)) {
        outcomes[p.i] = 'missed';
        return [];
      }
      let after: Date | null = null;
      try {
        after = nextFire(job.cronExpression, p.fireTime);
      } catch {
        return [];
      }
      if (after && now - after.getTime() > deps.misfireMs) {
        outcomes[p.i] = 'missed';
        return [];
      }
    }
    return [{ ...p, job }];
  });
  if (due.length === 0) return outcomes;

  const key = (jobId: bigint, fireTime: Date) => `${jobId}@${fireTime.getTime()}`;
  const claimed = new Set(
    (
      await db
        .insert(schedulerFiring)
        .values(due.map((d) => ({ jobId: d.jobId, fireTime: d.fireTime, tenantId: d.job.tenantId })))
        .onConflictDoNothing()
        .returning({ jobId: schedulerFiring.jobId, fireTime: schedulerFiring.fireTime })
    ).map((r) => key(r.jobId, r.fireTime)),
  );
  // one firing twice in a batch (a redelivery) is claimed once: the first runs, the other is a duplicate
  const running = due.filter((d) => {
    const k = key(d.jobId, d.fireTime);
    if (!claimed.delete(k)) {
      outcomes[d.i] = 'duplicate';
      return false;
    }
    return true;
  });
  const ran = await Promise.all(running.map((d) => runFirer(deps, d.job, 1, d.fireTime, null)));
  await recordFirings(db, ran);
  for (const d of running) outcomes[d.i] = 'fired';
  return outcomes;
}
