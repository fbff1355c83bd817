/**
 * The run a robot-facing call is about (src/engine/README.md "The robot-facing protocol"): the token's claims
 * checked against the run's row, its task and its payer.
 */
import { and, eq, isNull, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/index';
import { AuthError } from '../../util';
import { ACTIVE } from '../runs/apply-status';
import { TASK_KINDS, type TaskKind } from '../runs/task-kinds';
import { loadTask, payerOf } from '../runs/trigger';

/** Logs and the closing counts may trail the run's end by this long (a callback can overtake the last batch). */
const LATE_MS = 10 * 60 * 1000;

export interface RunContext {
  k: TaskKind;
  tenantId: string;
  groupId: bigint;
  group: typeof TASK_KINDS.dy_comm.groups.$inferSelect & Record<string, unknown>;
  task: Awaited<ReturnType<typeof loadTask>>;
  payer: bigint | null;
}

export async function runContext(
  db: Db,
  req: FastifyRequest,
  opts: { late?: boolean } = {},
): Promise<RunContext> {
  const claims = req.run;
  if (!claims) throw new AuthError();
  const k = TASK_KINDS[claims.taskType];
  const [group] = await db
    .select()
    .from(k.groups)
    .where(and(eq(k.groups.id, claims.groupId), eq(k.groups.tenantId, claims.tenantId)));
  if (!group) throw new AuthError();
  // PENDING: the job/start answer is still on its way while the robot already works
  const active = group.runStatus === 'PENDING' || (ACTIVE as readonly string[]).includes(group.runStatus);
  const recent = opts.late && group.endTime && Date.now() - group.endTime.getTime() < LATE_MS;
  if (!active && !recent) throw new AuthError();
  const taskId = (group as Record<string, unknown>)[k.groupTaskKey] as bigint | null;
  if (!taskId) throw new AuthError();
  const task = await loadTask(db, k, claims.tenantId, taskId);
  return { k, tenantId: claims.tenantId, groupId: claims.groupId, group, task, payer: payerOf(task) };
}

/** Rows a run may use from a pool: the payer's own and the tenant's shared ones (no owner). */
export const usableBy = (owner: PgColumn, payer: bigint | null): SQL | undefined =>
  payer ? or(isNull(owner), eq(owner, payer)) : isNull(owner);
