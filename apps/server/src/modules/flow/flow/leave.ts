/**
 * The leave requests (docs/platform-contract.md §3.22): starting one saves the leave row and an instance of the
 * leave process whose task `approve` is offered to the named approver; the detail answers the row with its
 * applicant's name.
 */
import { and, eq, or } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { NOT_FOUND_MSG, caller } from '../../../crud/index';
import type { Db } from '../../../db/index';
import { flowInstance, flowProcess, flowTask, processLeave, user } from '../../../db/schema';
import { auditVO, BizError, formatDateTime, nextId, ok, parseDateTime, parseId } from '../../../util';
import { userNames } from './flow-queries';
import { assigneeOf, type LeaveRow } from './flow-view';
import { APPROVE, LEAVE_KEY, LEAVE_TABLE } from './leave-process';

const START_FAILED = '开启流程失败';

function toLeaveVO(l: LeaveRow, applicantName: string) {
  return {
    id: l.id.toString(),
    processInstanceId: l.processInstanceId,
    applyTime: formatDateTime(l.applyTime),
    flow: { assigneeName: applicantName },
    processDefinitionId: l.processDefinitionId,
    taskUser: l.taskUser.toString(),
    startTime: formatDateTime(l.startTime),
    endTime: formatDateTime(l.endTime),
    reason: l.reason,
    ...auditVO(l),
  };
}

export function leaveHandlers(db: Db) {
  return {
    async leaveStartProcess(req: FastifyRequest) {
      const a = caller(req);
      const b = req.body as {
        processDefinitionId: string;
        taskUser: string;
        startTime: string;
        endTime: string;
        reason: string;
      };
      const [proc] = await db
        .select()
        .from(flowProcess)
        .where(
          and(
            eq(flowProcess.id, b.processDefinitionId),
            eq(flowProcess.key, LEAVE_KEY),
            eq(flowProcess.suspensionState, 1),
            or(eq(flowProcess.tenantId, ''), eq(flowProcess.tenantId, a.tenant_id)),
          ),
        )
        .limit(1);
      if (!proc) throw new BizError(START_FAILED);
      const approver = parseId(b.taskUser);
      const [approverRow] =
        approver === undefined
          ? []
          : await db
              .select({ id: user.id })
              .from(user)
              .where(and(eq(user.id, approver), eq(user.tenantId, a.tenant_id), eq(user.isDeleted, 0)))
              .limit(1);
      if (!approverRow) throw new BizError('审批人不存在');
      const startTime = parseDateTime(b.startTime);
      const endTime = parseDateTime(b.endTime);
      if (endTime.getTime() <= startTime.getTime()) throw new BizError('结束时间必须晚于开始时间');
      const me = BigInt(a.user_id);
      const dept = parseId(a.dept_id.split(',')[0]) ?? null;
      const leaveId = nextId();
      const instanceId = nextId();
      const now = new Date();
      const days = Math.floor((endTime.getTime() - startTime.getTime()) / 86_400_000);
      await db.transaction(async (tx) => {
        await tx.insert(processLeave).values({
          id: leaveId,
          tenantId: a.tenant_id,
          processDefinitionId: proc.id,
          processInstanceId: instanceId.toString(),
          taskUser: approverRow.id,
          startTime,
          endTime,
          reason: b.reason,
          applyTime: now,
          createUser: me,
          createDept: dept,
          createTime: now,
          updateUser: me,
          updateTime: now,
        });
        await tx.insert(flowInstance).values({
          id: instanceId,
          tenantId: a.tenant_id,
          processDefinitionId: proc.id,
          businessTable: LEAVE_TABLE,
          businessId: leaveId,
          startUser: me,
          startTime: now,
          variables: { createUser: a.account, taskUser: assigneeOf(approverRow.id), days },
        });
        await tx.insert(flowTask).values({
          id: nextId(),
          tenantId: a.tenant_id,
          instanceId,
          taskKey: APPROVE.key,
          taskName: APPROVE.name,
          candidateUser: approverRow.id,
          createTime: now,
        });
      });
      return ok({});
    },

    async leaveDetail(req: FastifyRequest) {
      const a = caller(req);
      const leaveId = parseId((req.query as { businessId: string }).businessId);
      if (leaveId === undefined) throw new BizError(NOT_FOUND_MSG);
      const [row] = await db
        .select()
        .from(processLeave)
        .where(
          and(
            eq(processLeave.id, leaveId),
            eq(processLeave.tenantId, a.tenant_id),
            eq(processLeave.isDeleted, 0),
          ),
        )
        .limit(1);
      if (!row) throw new BizError(NOT_FOUND_MSG);
      const names = await userNames(db, a.tenant_id, [row.createUser]);
      return ok(toLeaveVO(row, row.createUser === null ? '' : (names.get(row.createUser) ?? '')));
    },
  };
}
