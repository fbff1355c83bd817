/**
 * A task definition's module (browse and comment tasks of every platform, src/engine/runs/task-kinds.ts): the
 * generic module of its contract declaration, plus `updateCron` and `triggerJob` (openapi/paths/smart-…/<tag>.yaml;
 * docs/automation-domain.md §4.2), with the task's scheduler job kept in step: a saved task (re)schedules its cron
 * and pauses or resumes with its status, a removed one loses its job.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { defineCrudModule } from '../../crud/define-module';
import type { EntityRegistry } from '../../crud/entities';
import { caller } from '../../crud/index';
import type { Db } from '../../db/index';
import { BizError, formatDateTime, ok, parseId, parseIds } from '../../util';
import { TASK_KINDS, type TaskType } from '../runs/task-kinds';
import { cancelPending } from '../runs/publish-items';
import { triggerTask, type TriggerDeps, type TriggeredRun } from '../runs/trigger';
import { cronAt, defaultThreshold, intervalStatus } from '../scheduler/cron';
import type { Scheduler } from '../scheduler/scheduler';
import { manualTrigger, runsOfGroups } from './firers';

/** The contract's operationId prefix of each tag (`dy_comm` → `dyComm`). */
export const opPrefix = (tag: string) => tag.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

export function taskModule(
  db: Db,
  entities: EntityRegistry,
  taskType: TaskType,
  deps: { trigger: TriggerDeps; scheduler: Scheduler },
) {
  const k = TASK_KINDS[taskType];
  const t = k.tasks;
  const { scheduler } = deps;
  const prefix = opPrefix(taskType);

  /**
   * The task's scheduler job follows its cron and status; the next fire time is shown on the task. A live task
   * without a cron starts once at its `startTime` (dy_live.yaml) while that is ahead.
   */
  async function syncSchedule(
    row: {
      id: bigint;
      tenantId: string;
      cron: string;
      status: number;
      taskName: string;
      startTime?: unknown;
    },
    userId: bigint | null,
  ) {
    const start = row.startTime instanceof Date && row.startTime > new Date() ? row.startTime : undefined;
    const cron = row.cron || (k.kind === 'live' && start ? cronAt(start) : '');
    if (!cron) {
      await scheduler.removeTaskJob(row.tenantId, taskType, row.id);
      await db.update(t).set({ jobId: null, nextRunTime: null }).where(eq(t.id, row.id));
      return null;
    }
    const job = await scheduler.upsertTaskJob({
      tenantId: row.tenantId,
      jobGroup: k.jobGroup,
      bizType: taskType,
      bizId: row.id,
      jobName: `${taskType}#${row.id}`,
      invokeTarget: `rpaTaskRunner.run('${taskType}',${row.id})`,
      cron,
      enabled: row.status === 1,
      userId,
    });
    const next = row.status === 1 ? job.nextFireTime : null;
    await db.update(t).set({ jobId: job.id, nextRunTime: next }).where(eq(t.id, row.id));
    await scheduler.reschedule(job.id);
    return next;
  }

  const m = defineCrudModule(db, entities.get(taskType), t, {
    async beforeRemove(ids, a) {
      for (const id of ids) await scheduler.removeTaskJob(a.tenant_id, taskType, id);
      if (k.kind === 'publish') await cancelPending(db, k, a.tenant_id, ids);
    },
  });

  const entity = entities.get(taskType);
  /** submit (or save / update, as the module's contract names them) checks the cron and keeps the job in step. */
  const write = (mode: 'submit' | 'save' | 'update') => async (req: FastifyRequest) => {
    const a = caller(req);
    const body = req.body as Record<string, unknown>;
    if (typeof body.cron === 'string' && body.cron) {
      const verdict = intervalStatus(body.cron, defaultThreshold(k.jobGroup));
      if (verdict.status === 'INVALID' || verdict.status === 'NEVER_FIRES')
        throw new BizError(cronMessage(verdict.status));
    }
    const row = await m.submit(a, body as never, mode);
    await syncSchedule(row, parseId(a.user_id) ?? null);
    return ok(entity.submitAnswersRow ? m.toVO(row) : {});
  };
  const writes = Object.fromEntries(
    (['submit', 'save', 'update'] as const).flatMap((mode) => {
      const op = entity.operations[mode];
      return op ? [[op, write(mode)]] : [];
    }),
  );
  return {
    ...m.handlers,
    ...writes,

    async [`${prefix}UpdateCron`](req: FastifyRequest) {
      const a = caller(req);
      const b = req.body as { id: string; cron: string; force?: boolean };
      const task = await m.findOwn(a, parseId(b.id));
      const cron = b.cron.trim();
      let verdict = { status: '', minIntervalSeconds: 0, nextTimes: [] as string[] };
      if (cron) {
        const v = intervalStatus(cron, defaultThreshold(k.jobGroup));
        if (v.status === 'INVALID' || v.status === 'NEVER_FIRES') throw new BizError(cronMessage(v.status));
        if (v.status === 'TOO_FREQUENT' && !b.force) {
          throw new BizError(
            `执行过于频繁：最小间隔 ${v.minIntervalSeconds} 秒，低于 ${v.thresholdSeconds} 秒`,
          );
        }
        verdict = {
          status: v.status,
          minIntervalSeconds: Math.max(0, v.minIntervalSeconds),
          nextTimes: v.nextTimes.slice(0, 5),
        };
      }
      await db
        .update(t)
        .set({ cron, updateUser: parseId(a.user_id) ?? null, updateTime: new Date() })
        .where(and(eq(t.id, task.id), eq(t.tenantId, a.tenant_id)));
      const next = await syncSchedule({ ...task, cron }, parseId(a.user_id) ?? null);
      return ok({
        id: String(task.id),
        cron,
        intervalStatus: verdict.status,
        minIntervalSeconds: verdict.minIntervalSeconds,
        nextRunTime: formatDateTime(next),
        nextTimes: verdict.nextTimes,
      });
    },

    async [`${prefix}TriggerJob`](req: FastifyRequest) {
      const a = caller(req);
      const b = req.body as { id?: string; arrIds?: string; force?: boolean };
      const task = await m.findOwn(a, parseId(b.id));
      const userId = parseId(a.user_id) ?? null;
      const options = { arrIds: parseIds(b.arrIds ?? ''), force: b.force === true };
      const job = await scheduler.findTaskJob(a.tenant_id, taskType, task.id);
      if (!job) {
        // a task without a schedule has no job to log against: it runs directly
        const result = await triggerTask(deps.trigger, {
          tenantId: a.tenant_id,
          taskType,
          taskId: task.id,
          triggerType: 2,
          ...options,
          userId,
        });
        return ok({
          taskId: result.taskId,
          triggerTime: result.triggerTime,
          runs: result.runs.map(publicRun),
        });
      }
      // through the scheduler, so that the firing is in the job log like a cron one (the firer reads the options)
      const fired = await manualTrigger.run(options, () => scheduler.fireJob(job, userId));
      if (fired.runStatus === 1 && fired.groupIds.length === 0)
        throw new BizError(fired.exceptionInfo || fired.message);
      const result = {
        taskId: String(task.id),
        triggerTime: formatDateTime(new Date()),
        runs: (await runsOfGroups(db, k, fired.groupIds)).map(publicRun),
      };
      return ok(result);
    },
  };
}

/** A run as `triggerJob` answers it (patterns.yaml TriggerRun): the log group id stays inside. */
export const publicRun = ({ groupId: _, ...run }: TriggeredRun) => run;

const cronMessage = (status: string) => (status === 'INVALID' ? 'Cron 表达式无效' : 'Cron 表达式不会再触发');
