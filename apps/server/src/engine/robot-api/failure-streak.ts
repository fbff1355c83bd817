/**
 * The comment tasks' stop-after-failures risk limit (openapi/schemas/business/patterns.yaml CommFields
 * `maxConsecutiveFail`; docs/automation-domain.md §1.3 "stop after N consecutive failures"). The robot is given the
 * limit with its settings and ends the run itself; this is the engine's own check for a robot that keeps asking:
 * once the run's latest reported actions are that many failures in a row, `run/comment` hands out no more texts.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/index';
import type { CommentKind } from '../runs/task-kinds';
import type { RunContext } from './run-context';

/** The task's limit: failed comments in a row that end a run (0: none). */
export const failureLimit = (task: unknown): number =>
  Math.max(0, Number((task as { maxConsecutiveFail?: unknown }).maxConsecutiveFail ?? 0) || 0);

/** Why the run must stop (its last `limit` reported actions all failed), or undefined. */
export async function failureStreak(db: Db, ctx: RunContext, k: CommentKind): Promise<string | undefined> {
  const limit = failureLimit(ctx.task);
  if (limit === 0) return undefined;
  const l = k.logs;
  // the run's rows in the order reported: (tenant_id, group_id, create_time) is indexed, ids rise within a batch
  const last = await db
    .select({ result: l.result })
    .from(l)
    .where(and(eq(l.tenantId, ctx.tenantId), eq(l.groupId, ctx.groupId), eq(l.isDeleted, 0)))
    .orderBy(desc(l.createTime), desc(l.id))
    .limit(limit);
  if (last.length < limit || last.some((r) => r.result !== 0)) return undefined;
  return streakReason(limit);
}

/** The words of the limit, as the run's `errorMsg` keeps them after the risk-limit prefix. */
export const streakReason = (limit: number) => `连续失败 ${limit} 次，本次运行停止`;
