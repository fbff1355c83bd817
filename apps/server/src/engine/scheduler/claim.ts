/**
 * The tick: claims the cron firings due up to a horizon and queues them on pg-boss, each with `startAfter` = its fire
 * time, so a worker starts it about one polling interval after it is due.
 *
 * Why every firing is queued once, however many instances tick at the same time (automation-domain.md §4.6):
 * - a job's `next_fire_time` is the first firing nobody has claimed. A claim moves it past the horizon with a
 *   compare-and-set (`… WHERE next_fire_time = <read> AND revision = <read>`) on rows locked `FOR UPDATE SKIP
 *   LOCKED`: of two instances that read the same row, one locks and moves it, the other skips it or, once the first
 *   committed, no longer matches. The firings between the value read and the new one belong to the winner alone.
 * - the claim and the pg-boss inserts of its firings commit in one transaction (pg-boss `insert(jobs, { db })` on
 *   the claim's connection): a claimed firing is always queued, a queued one always claimed.
 * - each queued firing has a pg-boss id derived from `<jobId>@<fireTime>@<revision>`: the same firing inserted twice
 *   is ignored by pg-boss's primary key (the second guard the design asks for).
 * The worker then runs each firing at most once (src/engine/scheduler/fire.ts, the firing ledger).
 */
import { createHash } from 'node:crypto';
import { and, asc, eq, isNotNull, lte, notInArray } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import type { Db, RawSql } from '../../db/index';
import { schedulerFiring, schedulerJob } from '../../db/schema';
import { nextFire } from './cron';

/** The pg-boss queue of the firings. */
export const FIRE_QUEUE = 'smart-scheduler-fire';

/** The payload of a queued firing. */
export interface FireJobData {
  jobId: string;
  tenantId: string;
  /** ISO instant. */
  fireTime: string;
  revision: number;
  /** The one firing that replaces missed ones (misfire policy 1 or 2). */
  catchUp: boolean;
}

export interface TickOptions {
  /** Firings due up to now + lookahead are queued (default 120 s: two ticks, so one lost tick misses nothing). */
  lookaheadMs: number;
  /** A firing later than this is missed (Quartz's default misfire threshold, 60 s). */
  misfireMs: number;
  /** At most this many firings of one job per tick (the rest at the next). */
  maxPerJob: number;
  /** Expiry of a running firing in pg-boss. */
  expireInSeconds: number;
}

interface DueJob {
  id: bigint;
  tenantId: string;
  cronExpression: string;
  nextFireTime: Date | null;
  revision: number;
  misfirePolicy: number;
}

interface Plan {
  job: DueJob;
  firings: { fireTime: Date; catchUp: boolean }[];
  next: Date | null;
}

/** Misfire policies that replace the missed firings by one firing now (contract: 1 fire now, 2 fire once). */
export const firesOnMisfire = (policy: number) => policy === 1 || policy === 2;

/**
 * The firings of a job up to `horizon`, and its next unclaimed firing. Missed firings (more than `misfireMs` late)
 * are skipped, or replaced by one firing now: never a burst (automation-domain.md §4.6).
 */
export function planFirings(job: DueJob, now: Date, horizon: Date, opts: TickOptions): Plan {
  const firings: Plan['firings'] = [];
  let t: Date | null = job.nextFireTime;
  try {
    if (t && t.getTime() < now.getTime() - opts.misfireMs) {
      if (firesOnMisfire(job.misfirePolicy))
        firings.push({ fireTime: new Date(Math.floor(now.getTime() / 1000) * 1000), catchUp: true });
      t = nextFire(job.cronExpression, now);
    }
    while (t && t.getTime() <= horizon.getTime() && firings.length < opts.maxPerJob) {
      firings.push({ fireTime: t, catchUp: false });
      t = nextFire(job.cronExpression, t);
    }
  } catch {
    // a stored expression that no longer parses (written around the API): the job stops firing
    return { job, firings: [], next: null };
  }
  return { job, firings, next: t };
}

/** A stable UUID (name-based, SHA-1) of a firing: pg-boss's key of the queued job. */
export function firingUuid(key: string): string {
  const h = createHash('sha1').update(`smart-scheduler:${key}`).digest('hex');
  const variant = ((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

function bossJob(job: DueJob, f: Plan['firings'][number], opts: TickOptions): PgBoss.JobInsert<FireJobData> {
  const iso = f.fireTime.toISOString();
  const key = `${job.id}@${iso}@${job.revision}`;
  return {
    id: firingUuid(key),
    name: FIRE_QUEUE,
    data: {
      jobId: String(job.id),
      tenantId: job.tenantId,
      fireTime: iso,
      revision: job.revision,
      catchUp: f.catchUp,
    },
    startAfter: iso,
    singletonKey: key,
    // a firing runs once or not at all: a failed one is not retried (its job log says why)
    retryLimit: 0,
    expireInSeconds: opts.expireInSeconds,
  };
}

/** Claims the plans' firings and queues them, in one transaction; returns the number of firings queued. */
async function claimAndQueue(raw: RawSql, boss: PgBoss, plans: Plan[], opts: TickOptions): Promise<number> {
  if (plans.length === 0) return 0;
  const values: unknown[] = [];
  const rows = plans.map((p) => {
    const i = values.length;
    values.push(
      String(p.job.id),
      p.job.nextFireTime!.toISOString(),
      p.next?.toISOString() ?? null,
      p.job.revision,
    );
    return `($${i + 1}::bigint, $${i + 2}::timestamp, $${i + 3}::timestamp, $${i + 4}::int)`;
  });
  // timestamps travel as ISO strings: a `timestamp` column holds the UTC wall clock, as Drizzle writes it
  const claim = `
    WITH v(id, claimed, next, rev) AS (VALUES ${rows.join(', ')}),
    locked AS (
      SELECT j.id FROM smart_scheduler_job j JOIN v ON v.id = j.id
      WHERE j.next_fire_time = v.claimed AND j.revision = v.rev AND j.is_deleted = 0 AND j.job_status = 0
      ORDER BY j.id FOR UPDATE OF j SKIP LOCKED
    )
    UPDATE smart_scheduler_job j SET next_fire_time = v.next
    FROM v, locked WHERE j.id = locked.id AND v.id = locked.id
    RETURNING j.id::text AS id`;
  return raw.transaction(async (exec) => {
    const res = await exec(claim, values);
    const won = new Set(res.rows.map((r) => String(r.id)));
    const jobs = plans
      .filter((p) => won.has(String(p.job.id)))
      .flatMap((p) => p.firings.map((f) => bossJob(p.job, f, opts)));
    if (jobs.length > 0) await boss.insert(jobs, { db: { executeSql: (t, v) => exec(t, v) } });
    return jobs.length;
  });
}

const PAGE = 100;
const MAX_PAGES = 100;

/**
 * One tick at `now`: every running job with a firing due by now + lookahead (or only `onlyJob`) is planned,
 * claimed and queued. Returns the number of firings this call queued.
 */
export async function tick(
  db: Db,
  raw: RawSql,
  boss: PgBoss,
  now: Date,
  opts: TickOptions,
  onlyJob?: bigint,
): Promise<number> {
  const horizon = new Date(now.getTime() + opts.lookaheadMs);
  const seen: bigint[] = [];
  let queued = 0;
  for (let page = 0; page < MAX_PAGES; page++) {
    const due = await db
      .select({
        id: schedulerJob.id,
        tenantId: schedulerJob.tenantId,
        cronExpression: schedulerJob.cronExpression,
        nextFireTime: schedulerJob.nextFireTime,
        revision: schedulerJob.revision,
        misfirePolicy: schedulerJob.misfirePolicy,
      })
      .from(schedulerJob)
      .where(
        and(
          eq(schedulerJob.isDeleted, 0),
          eq(schedulerJob.jobStatus, 0),
          isNotNull(schedulerJob.nextFireTime),
          lte(schedulerJob.nextFireTime, horizon),
          onlyJob === undefined ? undefined : eq(schedulerJob.id, onlyJob),
          // a row another instance held (skipped) is not retried in this tick: it has claimed it
          seen.length > 0 ? notInArray(schedulerJob.id, seen) : undefined,
        ),
      )
      .orderBy(asc(schedulerJob.nextFireTime), asc(schedulerJob.id))
      .limit(PAGE);
    if (due.length === 0) break;
    seen.push(...due.map((d) => d.id));
    queued += await claimAndQueue(
      raw,
      boss,
      due.map((j) => planFirings(j, now, horizon, opts)),
      opts,
    );
    if (due.length < PAGE) break;
  }
  return queued;
}

/** Drops ledger rows of firings older than `before` (they can no longer come twice: pg-boss expired them). */
export async function purgeLedger(db: Db, before: Date): Promise<void> {
  await db.delete(schedulerFiring).where(lte(schedulerFiring.fireTime, before));
}
