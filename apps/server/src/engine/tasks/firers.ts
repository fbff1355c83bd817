/**
 * The scheduler's firers of the task modules (src/engine/scheduler `registerFirer`): a firing of a task's job —
 * its cron, or `triggerJob` by hand — fires the task (../runs/trigger.ts) and tells the job log which runs it
 * created. A manual trigger's options (units, force) reach the firer through `manualTrigger`, since the scheduler
 * runs a manual firing inline, in the caller's async context.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { inArray } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/index';
import { TASK_KINDS, TASK_TYPES, isTaskType, type TaskKind } from '../runs/task-kinds';
import { triggerTask, type TriggerDeps, type TriggeredRun } from '../runs/trigger';
import type { Scheduler } from '../scheduler/scheduler';

export const manualTrigger = new AsyncLocalStorage<{ arrIds: bigint[]; force: boolean }>();

export function registerTaskFirers(scheduler: Scheduler, deps: TriggerDeps) {
  for (const type of TASK_TYPES) {
    scheduler.registerFirer(TASK_KINDS[type].jobGroup, async (ctx) => {
      if (!isTaskType(ctx.bizType)) throw new Error(`unknown task module ${ctx.bizType}`);
      const manual = ctx.triggerType === 2 ? manualTrigger.getStore() : undefined;
      const result = await triggerTask(deps, {
        tenantId: ctx.tenantId,
        taskType: ctx.bizType,
        taskId: ctx.bizId,
        triggerType: ctx.triggerType,
        arrIds: manual?.arrIds ?? [],
        force: manual?.force ?? false,
        userId: ctx.userId,
      });
      const started = result.runs.filter((r) => r.runStatus === 'WAITING').length;
      const message =
        `启动${started}个影刀任务` +
        (started < result.runs.length ? `，${result.runs.length - started}个未启动` : '');
      return {
        groupIds: result.runs.map((r) => BigInt(r.groupId)),
        message,
        ...(started === 0
          ? {
              error:
                result.runs
                  .map((r) => r.errorMsg)
                  .filter(Boolean)
                  .join('; ') || message,
            }
          : {}),
      };
    });
  }
}

/** The runs a firing created, as `triggerJob` answers them. */
export async function runsOfGroups(db: Db, k: TaskKind, ids: bigint[]): Promise<TriggeredRun[]> {
  if (ids.length === 0) return [];
  // a Douyin publish run is named by its item (patterns.yaml TriggerRun.runId)
  const item =
    k.kind === 'publish' && k.runIsItem
      ? (k.groups as unknown as Record<string, PgColumn>).publishTaskId
      : undefined;
  const rows = await db
    .select({
      id: k.groups.id,
      item: item ?? k.groups.id,
      arrId: k.groups.arrId,
      runStatus: k.groups.runStatus,
      errorMsg: k.groups.errorMsg,
    })
    .from(k.groups)
    .where(inArray(k.groups.id, ids));
  const byId = new Map(rows.map((r) => [String(r.id), r]));
  return ids.flatMap((id) => {
    const r = byId.get(String(id));
    return r
      ? [
          {
            runId: String(r.item ?? r.id),
            groupId: String(r.id),
            arrId: r.arrId ? String(r.arrId) : '',
            runStatus: r.runStatus,
            errorMsg: r.errorMsg,
          },
        ]
      : [];
  });
}
