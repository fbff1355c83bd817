/**
 * Workflow (docs/platform-contract.md §3.21) and the leave process (§3.22) on a small engine in the database
 * (db/schema-flow.ts) instead of Flowable. Every row is tenant-owned: another tenant's ids are "not found".
 *
 * The leave process `Leave` (seeded as `Leave:1:4`, a common process):
 *
 *   start ──▶ approve (审批) ──pass──▶ end `approved` (审批通过)
 *                          └─reject─▶ end `rejected` (已驳回)
 *
 * - start-process saves the leave row and an instance whose first task `approve` is offered to the named approver
 *   (`taskUser`) as a candidate: it is on the approver's claim list until claimed, then on the approver's to-do
 *   list (docs/spec.md §4 "claim, then complete"). A task may also be offered to a role (`candidate_role`); the claim
 *   list shows it to every member of that role, and the first claim wins.
 * - complete-task only accepts an open task assigned to the caller. `pass` is true when `flag` is `ok` or the
 *   comment is `同意` (as upstream, computed on the comment as sent); the stored comment defaults to `同意`.
 *   Approving ends the instance `approved`, rejecting ends it `rejected`: a rejected request is not reworked,
 *   the applicant starts a new one.
 * - history-flow-list: the start event, every task (an open one without end time) and the end event reached.
 */
import {
  and,
  asc,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { TokenClaims } from '../auth/tokens';
import { roleIdsOf } from '../auth/permissions';
import { NOT_FOUND_MSG, caller } from '../crud/index';
import type { Db } from '../db/index';
import { dict, flowInstance, flowProcess, flowTask, processLeave, user } from '../db/schema';
import { auditVO, BizError, escapeLike, formatDateTime, nextId, ok, parseDateTime, parseId } from '../util';

export const LEAVE_PROCESS_ID = 'Leave:1:4';
export const LEAVE_TABLE = 'blade_process_leave';
const LEAVE_KEY = 'Leave';

/** The steps of the leave process: activity id → name. */
const START = { id: 'start', name: '开始' };
const APPROVE = { key: 'approve', name: '审批' };
const END: Record<string, string> = { approved: '审批通过', rejected: '已驳回' };

const PASS_COMMENT = '同意';
const START_FAILED = '开启流程失败';
const TASK_NOT_FOUND = '任务不存在或已处理';

type ProcessRow = typeof flowProcess.$inferSelect;
type InstanceRow = typeof flowInstance.$inferSelect;
type TaskRow = typeof flowTask.$inferSelect;
type LeaveRow = typeof processLeave.$inferSelect;

interface ListQuery {
  current?: number;
  size?: number;
  category?: string;
  processDefinitionName?: string;
  beginDate?: string;
  endDate?: string;
}

/** One BladeFlow row: fields a list does not fill are empty strings (the console tests `!== ''`). */
function bladeFlow(fields: Record<string, unknown>): Record<string, unknown> {
  return {
    taskId: '',
    taskName: '',
    taskDefinitionKey: '',
    assignee: '',
    assigneeName: '',
    category: '',
    categoryName: '',
    createTime: '',
    endTime: '',
    claimTime: '',
    historyTaskEndTime: '',
    executionId: '',
    processInstanceId: '',
    processDefinitionId: '',
    processDefinitionKey: '',
    processDefinitionName: '',
    processDefinitionVersion: 0,
    processDefinitionDesc: '',
    processDefinitionDiagramResName: '',
    processDefinitionResName: '',
    historyProcessInstanceId: '',
    processIsFinished: '',
    historyActivityId: '',
    historyActivityName: '',
    historyActivityDurationTime: '',
    businessTable: '',
    businessId: '',
    status: '',
    comment: '',
    flag: '',
    ...fields,
  };
}

const assigneeOf = (userId: bigint | null) => (userId === null ? '' : `taskUser_${userId}`);

/** `1天2小时3分钟4秒`, the largest units only as far as they are non-zero. */
export function formatDuration(ms: number): string {
  let s = Math.max(0, Math.floor(ms / 1000));
  const parts: string[] = [];
  for (const [unit, label] of [
    [86400, '天'],
    [3600, '小时'],
    [60, '分钟'],
  ] as const) {
    const n = Math.floor(s / unit);
    s -= n * unit;
    if (n > 0) parts.push(`${n}${label}`);
  }
  if (s > 0 || parts.length === 0) parts.push(`${s}秒`);
  return parts.join('');
}

export function flowHandlers(db: Db) {
  async function userNames(tenantId: string, ids: (bigint | null)[]): Promise<Map<bigint, string>> {
    const wanted = [...new Set(ids.filter((i): i is bigint => i !== null))];
    if (wanted.length === 0) return new Map();
    const rows = await db
      .select({ id: user.id, realName: user.realName, name: user.name, account: user.account })
      .from(user)
      .where(and(eq(user.tenantId, tenantId), inArray(user.id, wanted)));
    return new Map(rows.map((r) => [r.id, r.realName || r.name || r.account]));
  }

  /** Labels of the `flow` dictionary by category (`flow_<dictKey>`). */
  async function categoryNames(): Promise<Map<string, string>> {
    const rows = await db
      .select({ key: dict.dictKey, value: dict.dictValue })
      .from(dict)
      .where(and(eq(dict.code, 'flow'), eq(dict.isDeleted, 0), sql`${dict.parentId} <> 0`));
    return new Map(rows.map((r) => [`flow_${r.key}`, r.value]));
  }

  const processFields = (p: ProcessRow, cats: Map<string, string>) => ({
    category: p.category,
    categoryName: cats.get(p.category) ?? '',
    processDefinitionId: p.id,
    processDefinitionKey: p.key,
    processDefinitionName: p.name,
    processDefinitionVersion: p.version,
    processDefinitionDiagramResName: p.diagramResourceName,
    processDefinitionResName: p.resourceName,
  });

  const instanceFields = (i: InstanceRow) => ({
    processInstanceId: i.id.toString(),
    historyProcessInstanceId: i.id.toString(),
    executionId: i.id.toString(),
    businessTable: i.businessTable,
    businessId: i.businessId.toString(),
    processIsFinished: i.endTime ? 'finished' : 'unfinished',
    variables: i.variables,
  });

  /** Filters shared by the four work lists; `created` is the column the date range applies to. */
  function listConds(
    q: ListQuery,
    created: typeof flowTask.createTime | typeof flowInstance.startTime,
  ): SQL[] {
    const out: SQL[] = [];
    if (q.category) out.push(eq(flowProcess.category, q.category));
    if (q.processDefinitionName)
      out.push(ilike(flowProcess.name, `%${escapeLike(q.processDefinitionName)}%`));
    if (q.beginDate) out.push(gte(created, parseDateTime(q.beginDate)));
    if (q.endDate) out.push(lt(created, parseDateTime(q.endDate)));
    return out;
  }

  function page<T>(records: T[], total: number, current: number, size: number) {
    return { total, size, current, pages: Math.ceil(total / size), records };
  }

  /** Work-list rows of tasks with their instance and process; `extra` adds the fields one list shows beyond. */
  async function taskRecords(
    tenantId: string,
    rows: { t: TaskRow; i: InstanceRow; p: ProcessRow }[],
    extra: (t: TaskRow) => Record<string, unknown>,
  ) {
    const cats = await categoryNames();
    const names = await userNames(
      tenantId,
      rows.map((r) => r.t.assignee),
    );
    return rows.map(({ t, i, p }) =>
      bladeFlow({
        ...processFields(p, cats),
        ...instanceFields(i),
        taskId: t.id.toString(),
        taskName: t.taskName,
        taskDefinitionKey: t.taskKey,
        assignee: assigneeOf(t.assignee),
        assigneeName: t.assignee === null ? '' : (names.get(t.assignee) ?? ''),
        createTime: formatDateTime(t.createTime),
        ...extra(t),
      }),
    );
  }

  /** Claim and to-do lists: upstream answers every row with `size` = `total` (one page). */
  async function taskList(a: TokenClaims, q: ListQuery, kind: 'claim' | 'todo') {
    const me = BigInt(a.user_id);
    const roles = roleIdsOf(a);
    const who =
      kind === 'todo'
        ? eq(flowTask.assignee, me)
        : and(
            isNull(flowTask.assignee),
            or(
              eq(flowTask.candidateUser, me),
              roles.length > 0 ? inArray(flowTask.candidateRole, roles) : undefined,
            ),
          );
    const rows = await db
      .select({ t: flowTask, i: flowInstance, p: flowProcess })
      .from(flowTask)
      .innerJoin(flowInstance, eq(flowInstance.id, flowTask.instanceId))
      .innerJoin(flowProcess, eq(flowProcess.id, flowInstance.processDefinitionId))
      .where(
        and(
          eq(flowTask.tenantId, a.tenant_id),
          isNull(flowTask.endTime),
          who,
          ...listConds(q, flowTask.createTime),
        ),
      )
      .orderBy(desc(flowTask.createTime), desc(flowTask.id));
    const records = await taskRecords(a.tenant_id, rows, (t) => ({
      claimTime: formatDateTime(t.claimTime),
      status: kind,
    }));
    return page(records, records.length, 1, Math.max(1, records.length));
  }

  async function findInstance(a: TokenClaims, id: string | undefined): Promise<InstanceRow> {
    const instanceId = parseId(id);
    if (instanceId === undefined) throw new BizError(NOT_FOUND_MSG);
    const [row] = await db
      .select()
      .from(flowInstance)
      .where(and(eq(flowInstance.id, instanceId), eq(flowInstance.tenantId, a.tenant_id)))
      .limit(1);
    if (!row) throw new BizError(NOT_FOUND_MSG);
    return row;
  }

  return {
    async workStartList(req: FastifyRequest) {
      const a = caller(req);
      const q = req.query as { current?: number; size?: number; category?: string; mode?: 1 | 2 };
      const current = q.current ?? 1;
      const size = q.size ?? 10;
      const where = and(
        eq(flowProcess.suspensionState, 1),
        eq(flowProcess.tenantId, q.mode === 2 ? a.tenant_id : ''),
        q.category ? eq(flowProcess.category, q.category) : undefined,
      );
      const [count] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(flowProcess)
        .where(where);
      const rows = await db
        .select()
        .from(flowProcess)
        .where(where)
        .orderBy(asc(flowProcess.key), desc(flowProcess.version))
        .limit(size)
        .offset((current - 1) * size);
      const cats = await categoryNames();
      const records = rows.map((p) => ({
        id: p.id,
        tenantId: p.tenantId,
        name: p.name,
        key: p.key,
        category: p.category,
        categoryName: cats.get(p.category) ?? '',
        version: p.version,
        deploymentId: p.deploymentId,
        resourceName: p.resourceName,
        diagramResourceName: p.diagramResourceName,
        suspensionState: p.suspensionState,
        deploymentTime: formatDateTime(p.deploymentTime),
      }));
      return ok(page(records, count?.n ?? 0, current, size));
    },

    async workClaimList(req: FastifyRequest) {
      return ok(await taskList(caller(req), req.query as ListQuery, 'claim'));
    },

    async workTodoList(req: FastifyRequest) {
      return ok(await taskList(caller(req), req.query as ListQuery, 'todo'));
    },

    async workSendList(req: FastifyRequest) {
      const a = caller(req);
      const q = req.query as ListQuery;
      const current = q.current ?? 1;
      const size = q.size ?? 10;
      const where = and(
        eq(flowInstance.tenantId, a.tenant_id),
        eq(flowInstance.startUser, BigInt(a.user_id)),
        ...listConds(q, flowInstance.startTime),
      );
      const [count] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(flowInstance)
        .innerJoin(flowProcess, eq(flowProcess.id, flowInstance.processDefinitionId))
        .where(where);
      const rows = await db
        .select({ i: flowInstance, p: flowProcess })
        .from(flowInstance)
        .innerJoin(flowProcess, eq(flowProcess.id, flowInstance.processDefinitionId))
        .where(where)
        .orderBy(desc(flowInstance.startTime), desc(flowInstance.id))
        .limit(size)
        .offset((current - 1) * size);
      const ids = rows.map((r) => r.i.id);
      const tasks = ids.length
        ? await db
            .select()
            .from(flowTask)
            .where(inArray(flowTask.instanceId, ids))
            .orderBy(asc(flowTask.createTime), asc(flowTask.id))
        : [];
      const latest = new Map<bigint, TaskRow>();
      for (const t of tasks) latest.set(t.instanceId, t);
      const cats = await categoryNames();
      const records = rows.map(({ i, p }) => {
        const t = latest.get(i.id);
        return bladeFlow({
          ...processFields(p, cats),
          ...instanceFields(i),
          taskId: t?.id.toString() ?? '',
          taskName: t?.taskName ?? '',
          taskDefinitionKey: t?.taskKey ?? '',
          createTime: formatDateTime(i.startTime),
          endTime: formatDateTime(i.endTime),
          historyActivityName: i.outcome ? (END[i.outcome] ?? '') : (t?.taskName ?? ''),
          status: 'finish',
        });
      });
      return ok(page(records, count?.n ?? 0, current, size));
    },

    async workDoneList(req: FastifyRequest) {
      const a = caller(req);
      const q = req.query as ListQuery;
      const current = q.current ?? 1;
      const size = q.size ?? 10;
      const where = and(
        eq(flowTask.tenantId, a.tenant_id),
        eq(flowTask.assignee, BigInt(a.user_id)),
        isNotNull(flowTask.endTime),
        ...listConds(q, flowTask.createTime),
      );
      const from = () =>
        db
          .select({ t: flowTask, i: flowInstance, p: flowProcess })
          .from(flowTask)
          .innerJoin(flowInstance, eq(flowInstance.id, flowTask.instanceId))
          .innerJoin(flowProcess, eq(flowProcess.id, flowInstance.processDefinitionId));
      const [count] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(flowTask)
        .innerJoin(flowInstance, eq(flowInstance.id, flowTask.instanceId))
        .innerJoin(flowProcess, eq(flowProcess.id, flowInstance.processDefinitionId))
        .where(where);
      const rows = await from()
        .where(where)
        .orderBy(desc(flowTask.endTime), desc(flowTask.id))
        .limit(size)
        .offset((current - 1) * size);
      const records = await taskRecords(a.tenant_id, rows, (t) => ({
        historyTaskEndTime: formatDateTime(t.endTime),
        comment: t.comment,
        status: 'finish',
      }));
      return ok(page(records, count?.n ?? 0, current, size));
    },

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

    async processHistoryFlowList(req: FastifyRequest) {
      const a = caller(req);
      const q = req.query as { processInstanceId: string; startActivityId?: string; endActivityId?: string };
      const inst = await findInstance(a, q.processInstanceId);
      const tasks = await db
        .select()
        .from(flowTask)
        .where(eq(flowTask.instanceId, inst.id))
        .orderBy(asc(flowTask.createTime), asc(flowTask.id));
      const names = await userNames(a.tenant_id, [inst.startUser, ...tasks.map((t) => t.assignee)]);
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
      const names = await userNames(a.tenant_id, [row.createUser]);
      return ok(toLeaveVO(row, row.createUser === null ? '' : (names.get(row.createUser) ?? '')));
    },
  };
}

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
