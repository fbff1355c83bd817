/** The scheduler's public types (src/engine/scheduler/scheduler.ts `createScheduler`). */
import type { schedulerJob } from '../../db/schema';

export type SchedulerJobRow = typeof schedulerJob.$inferSelect;

/** 1 cron, 2 manual (contract scheduler-job-log.yaml `triggerType`). */
export type TriggerType = 1 | 2;

/** What a firer is told about the firing it runs. */
export interface FireContext {
  tenantId: string;
  jobId: bigint;
  jobGroup: string;
  bizType: string;
  /** The task definition's id (0 for a job without one). */
  bizId: bigint;
  triggerType: TriggerType;
  /** The planned fire time (cron), or the moment of the manual trigger. */
  fireTime: Date;
  /** The caller of a manual firing, else the job's creator (null when unknown). */
  userId: bigint | null;
}

/** What a firing started: the task log groups it created and a summary (the job log's `groupIds`, `jobMessage`). */
export interface FireOutcome {
  groupIds: bigint[];
  message: string;
  /** Set when the firing did not start its work although it did not throw: the log's `exceptionInfo`, runStatus 1. */
  error?: string;
}

/** Runs one firing of the jobs of a job group (the task modules register one per group); throw to fail it. */
export type Firer = (ctx: FireContext) => Promise<FireOutcome>;

/** The job log row a firing wrote. */
export interface FireResult {
  logId: bigint;
  /** 0 success (its work started), 1 fail (contract scheduler-job-log.yaml `runStatus`). */
  runStatus: 0 | 1;
  groupIds: bigint[];
  message: string;
  exceptionInfo: string;
}

/** The job of one task definition, as the task modules declare it (`upsertTaskJob`). */
export interface TaskJobInput {
  tenantId: string;
  jobGroup: string;
  /** Module code of the task definition (`dy_comm` …). */
  bizType: string;
  bizId: bigint;
  jobName: string;
  invokeTarget: string;
  /** Quartz cron (src/engine/scheduler/cron.ts); an invalid one is refused with a 400 BizError. */
  cron: string;
  /** The task's enable flag: job_status 0 when true, 1 (paused) when false. */
  enabled: boolean;
  /** Author of the change (audit columns). */
  userId?: bigint | null;
  deptId?: bigint | null;
  /** Defaults: 3 (do nothing), 1 (forbid overlaps), 0 (the group's threshold), ''. */
  misfirePolicy?: number;
  concurrent?: number;
  minIntervalSec?: number;
  remark?: string;
}
