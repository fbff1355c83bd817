/**
 * The history of an instance (`process/history-flow-list`): the start event, every task (an open one without end
 * time) and the end event reached, optionally cut to the activities from `startActivityId` to `endActivityId`.
 */
import { asc, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { caller } from '../../../crud/index';
import type { Db } from '../../../db/index';
import { flowTask } from '../../../db/schema';
import { formatDateTime, ok } from '../../../util';
import { findInstance, userNames } from './flow-queries';
import { assigneeOf, bladeFlow, formatDuration } from './flow-view';
import { END, START } from './leave-process';

export function processHistoryHandlers(db: Db) {
  return {
    async processHistoryFlowList(req: FastifyRequest) {
      const a = caller(req);
      const q = req.query as { processInstanceId: string; startActivityId?: string; endActivityId?: string };
      const inst = await findInstance(db, a, q.processInstanceId);
      const tasks = await db
        .select()
        .from(flowTask)
        .where(eq(flowTask.instanceId, inst.id))
        .orderBy(asc(flowTask.createTime), asc(flowTask.id));
      const names = await userNames(db, a.tenant_id, [inst.startUser, ...tasks.map((t) => t.assignee)]);
      const nameOf = (u: bigint | null) => (u === null ? '' : (names.get(u) ?? ''));
      const rows: Record<string, unknown>[] = [
        bladeFlow({
          historyActivityId: START.id,
          historyActivityName: START.name,
          createTime: formatDateTime(inst.startTime),
          endTime: formatDateTime(inst.startTime),
          historyActivityDurationTime: formatDuration(0),
          assignee: assigneeOf(inst.startUser),
          assigneeName: nameOf(inst.startUser),
          processInstanceId: inst.id.toString(),
        }),
        ...tasks.map((t) =>
          bladeFlow({
            taskId: t.id.toString(),
            taskName: t.taskName,
            taskDefinitionKey: t.taskKey,
            historyActivityId: t.taskKey,
            historyActivityName: t.taskName,
            createTime: formatDateTime(t.createTime),
            endTime: formatDateTime(t.endTime),
            claimTime: formatDateTime(t.claimTime),
            historyActivityDurationTime: t.endTime
              ? formatDuration(t.endTime.getTime() - t.createTime.getTime())
              : '',
            assignee: assigneeOf(t.assignee),
            assigneeName: nameOf(t.assignee),
            comment: t.comment,
            ...(t.pass === null ? {} : { pass: t.pass }),
            processInstanceId: inst.id.toString(),
          }),
        ),
      ];
      if (inst.endTime && inst.outcome) {
        rows.push(
          bladeFlow({
            historyActivityId: inst.outcome,
            historyActivityName: END[inst.outcome] ?? '',
            createTime: formatDateTime(inst.endTime),
            endTime: formatDateTime(inst.endTime),
            historyActivityDurationTime: formatDuration(0),
            processInstanceId: inst.id.toString(),
          }),
        );
      }
      const from = q.startActivityId ? rows.findIndex((r) => r.historyActivityId === q.startActivityId) : 0;
      const toIdx = q.endActivityId ? rows.findIndex((r) => r.historyActivityId === q.endActivityId) : -1;
      const sliced = from < 0 ? [] : rows.slice(from, toIdx < 0 ? undefined : toIdx + 1);
      return ok(sliced);
    },
  };
}
