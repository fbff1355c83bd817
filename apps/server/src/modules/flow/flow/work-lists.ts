/**
 * The work lists of the workflow (docs/platform-contract.md §3.21): the processes one may start, the claim list
 * (tasks offered to the caller or the caller's roles), the to-do list (tasks claimed by the caller), the sent list
 * (instances the caller started) and the done list (tasks the caller completed).
 */
import { and, asc, desc, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { roleIdsOf } from '../../../auth/permissions';
import type { TokenClaims } from '../../../auth/tokens';
import { caller } from '../../../crud/index';
import type { Db } from '../../../db/index';
import { flowInstance, flowProcess, flowTask } from '../../../db/schema';
import { formatDateTime, ok } from '../../../util';
import { categoryNames, listConds, userNames, type ListQuery } from './flow-queries';
import {
  assigneeOf,
  bladeFlow,
  instanceFields,
  page,
  processFields,
  type InstanceRow,
  type ProcessRow,
  type TaskRow,
} from './flow-view';
import { END } from './leave-process';

export function workListHandlers(db: Db) {
  /** Work-list rows of tasks with their instance and process; `extra` adds the fields one list shows beyond. */
  async function taskRecords(
    tenantId: string,
    rows: { t: TaskRow; i: InstanceRow; p: ProcessRow }[],
    extra: (t: TaskRow) => Record<string, unknown>,
  ) {
    const cats = await categoryNames(db);
    const names = await userNames(
      db,
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

  /**
   * Claim and to-do lists, paged like the other lists: `current` and `size` echo the request. Upstream answers
   * `size` = `total` (docs/platform-contract.md §1.4), which became `size: 1` for an empty list and left the
   * console's pager with a size nobody asked for.
   */
  async function taskList(a: TokenClaims, q: ListQuery, kind: 'claim' | 'todo') {
    const me = BigInt(a.user_id);
    const roles = roleIdsOf(a);
    const current = q.current ?? 1;
    const size = q.size ?? 10;
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
    const where = and(
      eq(flowTask.tenantId, a.tenant_id),
      isNull(flowTask.endTime),
      who,
      ...listConds(q, flowTask.createTime),
    );
    const [count] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(flowTask)
      .innerJoin(flowInstance, eq(flowInstance.id, flowTask.instanceId))
      .innerJoin(flowProcess, eq(flowProcess.id, flowInstance.processDefinitionId))
      .where(where);
    const rows = await db
      .select({ t: flowTask, i: flowInstance, p: flowProcess })
      .from(flowTask)
      .innerJoin(flowInstance, eq(flowInstance.id, flowTask.instanceId))
      .innerJoin(flowProcess, eq(flowProcess.id, flowInstance.processDefinitionId))
      .where(where)
      .orderBy(desc(flowTask.createTime), desc(flowTask.id))
      .limit(size)
      .offset((current - 1) * size);
    const records = await taskRecords(a.tenant_id, rows, (t) => ({
      claimTime: formatDateTime(t.claimTime),
      status: kind,
    }));
    return page(records, count?.n ?? 0, current, size);
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
      const cats = await categoryNames(db);
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
      const cats = await categoryNames(db);
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
  };
}
