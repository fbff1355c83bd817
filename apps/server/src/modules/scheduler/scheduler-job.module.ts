/**
 * Scheduled jobs (contract tag `scheduler_job`, paths/smart-scheduler/scheduler_job.yaml; automation-domain.md
 * §4.6): the generic module's list, detail, save, update and remove (src/crud/index.ts; the contract declares no
 * `x-entity` for this tag, so its filters, sorts and view are spelled out here), plus the cron editor's two
 * previews. A save or update validates the cron (400 `Cron 表达式无效: …`), recomputes `nextFireTime` and has the
 * scheduler claim the coming firings at once (src/engine/scheduler).
 */
import { desc } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import { crud, type FilterSpec } from '../../crud/index';
import type { Db } from '../../db/index';
import { schedulerJob } from '../../db/schema';
import { CronError, defaultThreshold, intervalStatus, nextTimes } from '../../engine/scheduler/cron';
import { scheduleValues } from '../../engine/scheduler/jobs';
import type { Scheduler, SchedulerJobRow } from '../../engine/scheduler/scheduler';
import { BizError, auditVO, formatDateTime, idStr, ok, parseId } from '../../util';

type Body = Record<string, unknown>;

/** The page (menu code, src/db/seed-menus.ts) whose data-scope rules apply. */
const PAGE_CODE = 'scheduler_job';

export const BIZ_TAKEN_MSG = '该业务已有定时任务';

/** The contract's view object (scheduler-job.yaml SchedulerJob), in its order. */
export function schedulerJobVO(r: SchedulerJobRow) {
  return {
    id: String(r.id),
    tenantId: r.tenantId,
    jobName: r.jobName,
    jobGroup: r.jobGroup,
    bizType: r.bizType,
    bizId: idStr(r.bizId),
    invokeTarget: r.invokeTarget,
    cronExpression: r.cronExpression,
    misfirePolicy: r.misfirePolicy,
    concurrent: r.concurrent,
    jobStatus: r.jobStatus,
    minIntervalSec: r.minIntervalSec,
    remark: r.remark,
    nextFireTime: formatDateTime(r.nextFireTime),
    lastFireTime: formatDateTime(r.lastFireTime),
    ...auditVO(r),
  };
}

const like = (column: PgColumn): FilterSpec => ({ column, plain: 'like', kinds: ['like'] });
const equal = (column: PgColumn): FilterSpec => ({ column, plain: null, kinds: ['equal'] });

/** The list's filters (scheduler_job.yaml `list`): contains-matches, exact matches, the creation time bounds. */
const FILTERS: Record<string, FilterSpec> = {
  jobName: like(schedulerJob.jobName),
  invokeTarget: like(schedulerJob.invokeTarget),
  jobGroup: equal(schedulerJob.jobGroup),
  bizType: equal(schedulerJob.bizType),
  bizId: equal(schedulerJob.bizId),
  jobStatus: equal(schedulerJob.jobStatus),
  createTime: { column: schedulerJob.createTime, plain: null, kinds: ['dategt', 'datelt'] },
};

const SORTABLE: Record<string, PgColumn> = {
  id: schedulerJob.id,
  job_name: schedulerJob.jobName,
  job_group: schedulerJob.jobGroup,
  job_status: schedulerJob.jobStatus,
  next_fire_time: schedulerJob.nextFireTime,
  last_fire_time: schedulerJob.lastFireTime,
  create_time: schedulerJob.createTime,
  update_time: schedulerJob.updateTime,
};

/** The stored values of a validated save/update body (SchedulerJobFields); optional fields only when sent. */
function formValues(b: Body, existing: SchedulerJobRow | undefined) {
  const cron = String(b.cronExpression).trim();
  const jobStatus = Number(b.jobStatus);
  const values: Partial<SchedulerJobRow> = {
    jobName: String(b.jobName),
    jobGroup: String(b.jobGroup),
    invokeTarget: String(b.invokeTarget),
    cronExpression: cron,
    misfirePolicy: Number(b.misfirePolicy),
    concurrent: Number(b.concurrent),
    jobStatus,
  };
  if (typeof b.bizType === 'string') values.bizType = b.bizType;
  if (typeof b.bizId === 'string') {
    const id = b.bizId === '' ? null : parseId(b.bizId);
    if (id === undefined) throw new BizError(`无效的编号: ${b.bizId}`);
    values.bizId = id;
  }
  if (typeof b.minIntervalSec === 'number') values.minIntervalSec = b.minIntervalSec;
  if (typeof b.remark === 'string') values.remark = b.remark;
  // a new or changed schedule: a new revision and the next firing from now (a bad cron answers 400 here)
  return { ...values, ...scheduleValues(cron, jobStatus, new Date(), existing) };
}

/** A cron expression of a query, refused with the 400 of an unparsable one. */
function withCron<T>(expr: string, fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    if (e instanceof CronError) throw new BizError(e.message);
    throw e;
  }
}

export function schedulerJobModule(db: Db, scheduler: Pick<Scheduler, 'reschedule'>) {
  const m = crud<SchedulerJobRow>(db, {
    table: schedulerJob,
    id: schedulerJob.id,
    isDeleted: schedulerJob.isDeleted,
    tenantId: schedulerJob.tenantId,
    audited: true,
    toVO: schedulerJobVO,
    filters: FILTERS,
    sortable: SORTABLE,
    defaultOrder: [desc(schedulerJob.createTime)],
    // one live job per task definition (smart_scheduler_job_biz_uq); a job without a business id is free
    unique: [
      { columns: { bizType: schedulerJob.bizType, bizId: schedulerJob.bizId }, message: BIZ_TAKEN_MSG },
    ],
    fields: (b, existing) => formValues(b, existing),
    afterWrite: (row) => scheduler.reschedule(row.id),
    submitResult: (row) => schedulerJobVO(row),
    dataScope: {
      code: PAGE_CODE,
      columns: {
        create_user: schedulerJob.createUser,
        create_dept: schedulerJob.createDept,
        id: schedulerJob.id,
      },
    },
    ops: {
      list: 'schedulerJobList',
      detail: 'schedulerJobDetail',
      save: 'schedulerJobSave',
      update: 'schedulerJobUpdate',
      remove: 'schedulerJobRemove',
    },
  });

  return {
    ...m.handlers,

    /** The next fire times under the cron editor (server time, Asia/Shanghai); 400 for a bad expression. */
    async schedulerJobGetCronSchduleList(req: FastifyRequest) {
      const q = req.query as { cronExpression: string; count?: number };
      const expr = q.cronExpression.trim();
      return ok(withCron(expr, () => nextTimes(expr, q.count ?? 5)));
    },

    /** OK / TOO_FREQUENT / INVALID / NEVER_FIRES; an unparsable expression is INVALID with HTTP 200. */
    async schedulerJobGetCronIntervalStatus(req: FastifyRequest) {
      const q = req.query as { cronExpression: string; minIntervalSec?: number; jobGroup?: string };
      const threshold = q.minIntervalSec ?? defaultThreshold(q.jobGroup);
      return ok(intervalStatus(q.cronExpression.trim(), threshold));
    },
  };
}
