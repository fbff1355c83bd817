/**
 * The job rows of the scheduler (`smart_scheduler_job`): their schedule columns, and the jobs of task definitions as
 * the task modules keep them (automation-domain.md §4.2: one job per task definition, paused while the task is
 * disabled).
 */
import { and, eq, sql } from 'drizzle-orm';
import { isUniqueViolation } from '../../crud/index';
import type { Db } from '../../db/index';
import { schedulerJob } from '../../db/schema';
import { BizError, nextId } from '../../util';
import { cronProblem, nextFire } from './cron';
import type { SchedulerJobRow, TaskJobInput } from './types';

export const JOB_NOT_FOUND_MSG = '定时任务不存在';

/** Throws the 400 of an expression that does not parse (`Cron 表达式无效: <reason>`). */
export function assertCron(expr: string): void {
  const problem = cronProblem(expr);
  if (problem) throw new BizError(problem);
}

/** The next firing of a running job after `now`; null when paused or the expression never fires again. */
export function firstFire(cron: string, jobStatus: number, now: Date): Date | null {
  return jobStatus === 0 ? nextFire(cron, now) : null;
}

/**
 * The schedule columns of a write: a new job, or a changed cron or status, gets a new revision (firings queued for
 * the old schedule are dropped when due) and its next firing from `now`; any other change keeps both, so the
 * firings already claimed stand.
 */
export function scheduleValues(
  cron: string,
  jobStatus: number,
  now: Date,
  existing?: Pick<SchedulerJobRow, 'cronExpression' | 'jobStatus' | 'revision' | 'nextFireTime'>,
): { nextFireTime: Date | null; revision: number } {
  assertCron(cron);
  if (existing && existing.cronExpression === cron && existing.jobStatus === jobStatus)
    return { nextFireTime: existing.nextFireTime, revision: existing.revision };
  return { nextFireTime: firstFire(cron, jobStatus, now), revision: (existing?.revision ?? 0) + 1 };
}

/** The live job of a task definition. */
export async function findTaskJob(
  db: Db,
  tenantId: string,
  bizType: string,
  bizId: bigint,
): Promise<SchedulerJobRow | undefined> {
  const [row] = await db
    .select()
    .from(schedulerJob)
    .where(
      and(
        eq(schedulerJob.tenantId, tenantId),
        eq(schedulerJob.bizType, bizType),
        eq(schedulerJob.bizId, bizId),
        eq(schedulerJob.isDeleted, 0),
      ),
    )
    .limit(1);
  return row;
}

/** Creates or updates the job of a task definition; the cron is validated (400) and the job rescheduled. */
export async function upsertTaskJob(db: Db, input: TaskJobInput, now: Date): Promise<SchedulerJobRow> {
  assertCron(input.cron);
  const jobStatus = input.enabled ? 0 : 1;
  const fields = {
    jobName: input.jobName.slice(0, 64),
    jobGroup: input.jobGroup,
    invokeTarget: input.invokeTarget.slice(0, 500),
    cronExpression: input.cron,
    jobStatus,
    ...(input.misfirePolicy === undefined ? {} : { misfirePolicy: input.misfirePolicy }),
    ...(input.concurrent === undefined ? {} : { concurrent: input.concurrent }),
    ...(input.minIntervalSec === undefined ? {} : { minIntervalSec: input.minIntervalSec }),
    ...(input.remark === undefined ? {} : { remark: input.remark.slice(0, 500) }),
  };
  const update = async (existing: SchedulerJobRow) => {
    const [row] = await db
      .update(schedulerJob)
      .set({
        ...fields,
        ...scheduleValues(input.cron, jobStatus, now, existing),
        updateUser: input.userId ?? null,
        updateTime: now,
      })
      .where(and(eq(schedulerJob.id, existing.id), eq(schedulerJob.isDeleted, 0)))
      .returning();
    if (!row) throw new BizError(JOB_NOT_FOUND_MSG);
    return row;
  };
  const existing = await findTaskJob(db, input.tenantId, input.bizType, input.bizId);
  if (existing) return update(existing);
  try {
    const [row] = await db
      .insert(schedulerJob)
      .values({
        id: nextId(),
        tenantId: input.tenantId,
        bizType: input.bizType,
        bizId: input.bizId,
        ...fields,
        ...scheduleValues(input.cron, jobStatus, now),
        createUser: input.userId ?? null,
        createDept: input.deptId ?? null,
        createTime: now,
        updateUser: input.userId ?? null,
        updateTime: now,
      })
      .returning();
    return row!;
  } catch (e) {
    // a concurrent upsert of the same task inserted first (smart_scheduler_job_biz_uq): update that row
    if (!isUniqueViolation(e)) throw e;
    const winner = await findTaskJob(db, input.tenantId, input.bizType, input.bizId);
    if (!winner) throw e;
    return update(winner);
  }
}

/** Pauses (false) or resumes (true) the job of a task definition; undefined when the task has no job. */
export async function setTaskEnabled(
  db: Db,
  tenantId: string,
  bizType: string,
  bizId: bigint,
  enabled: boolean,
  now: Date,
): Promise<SchedulerJobRow | undefined> {
  const existing = await findTaskJob(db, tenantId, bizType, bizId);
  if (!existing) return undefined;
  const jobStatus = enabled ? 0 : 1;
  if (existing.jobStatus === jobStatus) return existing;
  const [row] = await db
    .update(schedulerJob)
    .set({ jobStatus, ...scheduleValues(existing.cronExpression, jobStatus, now, existing), updateTime: now })
    .where(and(eq(schedulerJob.id, existing.id), eq(schedulerJob.isDeleted, 0)))
    .returning();
  return row;
}

/** Removes (logically) the job of a task definition; its queued firings are dropped. True when there was one. */
export async function removeTaskJob(
  db: Db,
  tenantId: string,
  bizType: string,
  bizId: bigint,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(schedulerJob)
    .set({
      isDeleted: 1,
      nextFireTime: null,
      revision: sql`${schedulerJob.revision} + 1`,
      updateTime: now,
    })
    .where(
      and(
        eq(schedulerJob.tenantId, tenantId),
        eq(schedulerJob.bizType, bizType),
        eq(schedulerJob.bizId, bizId),
        eq(schedulerJob.isDeleted, 0),
      ),
    )
    .returning({ id: schedulerJob.id });
  return rows.length > 0;
}
