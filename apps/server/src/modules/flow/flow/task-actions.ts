/**
 * Claiming and completing a task (docs/spec.md §4 "claim, then complete"): the first claim of an offered task wins;
 * completing an open task assigned to the caller decides the leave process's instance.
 */
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { roleIdsOf } from '../../../auth/permissions';
import { caller } from '../../../crud/index';
import type { Db } from '../../../db/index';
import { flowInstance, flowTask } from '../../../db/schema';
import { BizError, parseId } from '../../../util';
import { PASS_COMMENT } from './leave-process';

const TASK_NOT_FOUND = '任务不存在或已处理';

export function taskActionHandlers(db: Db) {
  return {
    async workClaimTask(req: FastifyRequest) {
      const a = caller(req);
      const taskId = parseId((req.query as { taskId: string }).taskId);
      const me = BigInt(a.user_id);
      const roles = roleIdsOf(a);
      if (taskId === undefined) throw new BizError(TASK_NOT_FOUND);
      // one conditional update: of two concurrent claims only the first finds the task unassigned
      const claimed = await db
        .update(flowTask)
        .set({ assignee: me, claimTime: new Date() })
        .where(
          and(
            eq(flowTask.id, taskId),
            eq(flowTask.tenantId, a.tenant_id),
            isNull(flowTask.endTime),
            isNull(flowTask.assignee),
            or(
              eq(flowTask.candidateUser, me),
              roles.length > 0 ? inArray(flowTask.candidateRole, roles) : undefined,
            ),
          ),
        )
        .returning({ id: flowTask.id });
      if (claimed.length === 0) throw new BizError(TASK_NOT_FOUND);
      return { code: 200, success: true, msg: '签收事务成功', data: {} };
    },

    async workCompleteTask(req: FastifyRequest) {
      const a = caller(req);
      const b = req.body as {
        taskId: string;
        processInstanceId: string;
        comment?: string;
        flag?: string;
        variables?: Record<string, unknown>;
      };
      const taskId = parseId(b.taskId);
      const instanceId = parseId(b.processInstanceId);
      if (taskId === undefined || instanceId === undefined) throw new BizError(TASK_NOT_FOUND);
      const pass = b.flag === 'ok' || b.comment === PASS_COMMENT;
      const comment = b.comment ? b.comment : PASS_COMMENT;
      await db.transaction(async (tx) => {
        const now = new Date();
        const done = await tx
          .update(flowTask)
          .set({ endTime: now, comment, pass })
          .where(
            and(
              eq(flowTask.id, taskId),
              eq(flowTask.instanceId, instanceId),
              eq(flowTask.tenantId, a.tenant_id),
              eq(flowTask.assignee, BigInt(a.user_id)),
              isNull(flowTask.endTime),
            ),
          )
          .returning({ id: flowTask.id });
        if (done.length === 0) throw new BizError(TASK_NOT_FOUND);
        // the leave process has one user task: its decision ends the instance
        await tx
          .update(flowInstance)
          .set({
            endTime: now,
            outcome: pass ? 'approved' : 'rejected',
            variables: sql`${flowInstance.variables} || ${JSON.stringify({ ...(b.variables ?? {}), pass })}::jsonb`,
          })
          .where(and(eq(flowInstance.id, instanceId), isNull(flowInstance.endTime)));
      });
      return { code: 200, success: true, msg: '操作成功', data: {} };
    },
  };
}
