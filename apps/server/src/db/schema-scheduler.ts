/**
 * The scheduler of the automation engine (docs/automation-domain.md §4.2, §4.6; src/engine/scheduler): the scheduled
 * jobs (contract tag `scheduler_job`) and the ledger of cron firings that makes each of them run once. The job logs
 * (`smart_scheduler_job_log`) live in schema-rpa.ts. Tenant-owned.
 */
import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, primaryKey, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { audit, id, ts } from './columns';

/** Scheduled jobs (contract tag `scheduler_job`, src/modules/scheduler). */
export const schedulerJob = pgTable(
  'smart_scheduler_job',
  {
    id: id(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    jobName: varchar('job_name', { length: 64 }).notNull(),
    jobGroup: varchar('job_group', { length: 16 }).notNull(),
    /** Module code of the owning task definition (`dy_comm` …); '' for system jobs. */
    bizType: varchar('biz_type', { length: 32 }).notNull().default(''),
    bizId: bigint('biz_id', { mode: 'bigint' }),
    invokeTarget: varchar('invoke_target', { length: 500 }).notNull(),
    cronExpression: varchar('cron_expression', { length: 64 }).notNull(),
    /** 0 default, 1 fire now, 2 fire once, 3 do nothing (scheduler-job.yaml `misfirePolicy`). */
    misfirePolicy: integer('misfire_policy').notNull().default(3),
    /** 0 allow overlapping firings, 1 forbid. */
    concurrent: integer('concurrent').notNull().default(1),
    /** 0 normal (firing), 1 paused. */
    jobStatus: integer('job_status').notNull().default(0),
    minIntervalSec: integer('min_interval_sec').notNull().default(0),
    remark: varchar('remark', { length: 500 }).notNull().default(''),
    /**
     * The next firing no tick has claimed yet (null when paused or never firing again). A tick claims the firings
     * up to its horizon by moving this forward with a compare-and-set (src/engine/scheduler/claim.ts).
     */
    nextFireTime: ts('next_fire_time'),
    lastFireTime: ts('last_fire_time'),
    /**
     * Bumped by every change of the schedule (cron, pause, resume, remove): firings queued under an older revision
     * are dropped when they come due.
     */
    revision: integer('revision').notNull().default(0),
    /** Start of the firing in progress of a job that forbids overlaps (`concurrent` = 1); null when none. */
    runningSince: ts('running_since'),
    ...audit(),
  },
  (t) => [
    index('smart_scheduler_job_tenant_idx').on(t.tenantId, t.createTime),
    // the tick's scan: live, running jobs by their next firing
    index('smart_scheduler_job_due_idx')
      .on(t.nextFireTime)
      .where(sql`is_deleted = 0 and job_status = 0`),
    // one live job per task definition (the task modules' upsertTaskJob)
    uniqueIndex('smart_scheduler_job_biz_uq')
      .on(t.tenantId, t.bizType, t.bizId)
      .where(sql`is_deleted = 0 and biz_id is not null`),
  ],
);

/**
 * One row per cron firing that started (job, fire time): the worker inserts it before running the firer, so a firing
 * delivered twice runs once. Old rows are purged by the tick.
 */
export const schedulerFiring = pgTable(
  'smart_scheduler_firing',
  {
    jobId: bigint('job_id', { mode: 'bigint' }).notNull(),
    fireTime: ts('fire_time').notNull(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    startedAt: ts('started_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'smart_scheduler_firing_pk', columns: [t.jobId, t.fireTime] }),
    index('smart_scheduler_firing_time_idx').on(t.fireTime),
  ],
);

/**
 * Comments counted against a control strategy's caps (src/engine/robot-api/control-strategy.ts): one row per unit
 * and period (`2026-11-26` a day, `2026-11-26T14` an hour, China time), raised by a conditional upsert so concurrent
 * runs of one unit never pass the cap together.
 */
export const engineQuota = pgTable(
  'smart_engine_quota',
  {
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    /** What is counted: `xsh_comm_arr:<unit id>`. */
    scope: varchar('scope', { length: 64 }).notNull(),
    period: varchar('period', { length: 16 }).notNull(),
    used: integer('used').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'smart_engine_quota_pk', columns: [t.tenantId, t.scope, t.period] })],
);
