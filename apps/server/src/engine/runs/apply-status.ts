/**
 * Applying Yingdao's view of a job to its run (docs/automation-domain.md §4.1). The callback and the poller both
 * end here; a terminal state is written by one conditional update (`WHERE run_status NOT IN <terminal>`), so
 * whichever arrives first applies it and the other changes nothing. Power a run reserved is refunded exactly once
 * when the run did not happen (START_FAILED, CANCELLED): the reservation is cleared by a conditional update first.
 */
import { and, eq, gt, inArray, notInArray, sql } from 'drizzle-orm';
import { LIMIT_NOTE } from '../robot-api/control-strategy';
import type { Db } from '../../db/index';
import { parseChinaDateTime } from '../../pay/money';
import { changePower, PowerChange } from '../power/ledger';
import { settleItem } from './publish-items';
import type { TaskKind } from './task-kinds';
import type { YdJob } from './yingdao-port';

/** Yingdao's advice: stop asking about a job 25 hours after it was triggered. */
export const DEADLINE_MS = 25 * 3600 * 1000;

export const TERMINAL = [
  'SUCCESS',
  'FAILED',
  'STOPPED',
  'CANCELLED',
  'SKIPPED',
  'START_FAILED',
  'TIMEOUT',
] as const;
export const ACTIVE = ['WAITING', 'RUNNING', 'STOPPING'] as const;

/** Yingdao job status → run status (§4.1); undefined for an unknown status. */
export function runStatusOf(yd: string): string | undefined {
  switch (yd) {
    case 'created':
    case 'waiting':
      return 'WAITING';
    case 'running':
      return 'RUNNING';
    case 'stopping':
      return 'STOPPING';
    case 'finish':
      return 'SUCCESS';
    case 'error':
      return 'FAILED';
    case 'stopped':
      return 'STOPPED';
    case 'skipped':
    case 'cancel':
      return 'CANCELLED';
    default:
      return undefined;
  }
}

const isTerminal = (s: string) => (TERMINAL as readonly string[]).includes(s);

/**
 * Applies one observation of the job; answers the run status it wrote, or undefined when nothing changed (an
 * unknown status, a run already ended, a non-terminal state behind the one stored).
 */
export async function applyJob(
  db: Db,
  k: TaskKind,
  groupId: bigint,
  job: YdJob,
  opts: { fromCallback?: boolean; now?: Date } = {},
): Promise<string | undefined> {
  const now = opts.now ?? new Date();
  const next = runStatusOf(job.status);
  const g = k.groups;
  if (!next) return undefined;
  const started = parseChinaDateTime(job.startTime);
  if (!isTerminal(next)) {
    // forward only: WAITING → RUNNING → STOPPING
    const behind =
      next === 'WAITING'
        ? ['PENDING', 'WAITING']
        : next === 'RUNNING'
          ? ['PENDING', 'WAITING', 'RUNNING']
          : [...ACTIVE, 'PENDING'];
    const rows = await db
      .update(g)
      .set({
        runStatus: next,
        ydStatus: job.status,
        ...(started ? { startTime: started } : {}),
        lastPollTime: now,
        updateTime: now,
      })
      .where(and(eq(g.id, groupId), inArray(g.runStatus, behind)))
      .returning({ id: g.id });
    return rows.length ? next : undefined;
  }
  const ended = parseChinaDateTime(job.endTime) ?? now;
  const [row] = await db
    .update(g)
    .set({
      runStatus: next,
      ydStatus: job.status,
      ...(started ? { startTime: started } : {}),
      endTime: ended,
      // a successful run keeps only the control strategy's note on why it did less (robot-api/control-strategy.ts)
      errorMsg:
        next === 'SUCCESS'
          ? sql`case when ${g.errorMsg} like ${LIMIT_NOTE + '%'} then ${g.errorMsg} else '' end`
          : (job.remark ?? '').slice(0, 500),
      screenshotUrl: (job.screenshotUrl ?? '').slice(0, 512),
      outputs: job.outputs ?? [],
      ...(opts.fromCallback ? { callbackReceived: 1 } : {}),
      lastPollTime: now,
      updateTime: now,
    })
    .where(and(eq(g.id, groupId), notInArray(g.runStatus, [...TERMINAL])))
    .returning({ id: g.id, startTime: g.startTime, triggerTime: g.triggerTime });
  if (!row) return undefined;
  const from = row.startTime ?? row.triggerTime ?? ended;
  await db
    .update(g)
    .set({ durationSec: Math.max(0, Math.round((ended.getTime() - from.getTime()) / 1000)) })
    .where(eq(g.id, groupId));
  if (next === 'CANCELLED') await refundRun(db, k, groupId, next);
  if (k.kind === 'publish') await settleItem(db, k, groupId, next, (job.remark ?? '').trim());
  await markTask(db, k, groupId, next);
  return next;
}

/** The task's `lastRunStatus` follows its latest run (also a run the sweep of ./poller.ts timed out). */
export async function markTask(db: Db, k: TaskKind, groupId: bigint, status: string) {
  const g = k.groups as unknown as Record<string, unknown>;
  const [row] = await db
    .select({ taskId: g[k.groupTaskKey] as typeof k.groups.id })
    .from(k.groups)
    .where(eq(k.groups.id, groupId));
  if (row?.taskId) await db.update(k.tasks).set({ lastRunStatus: status }).where(eq(k.tasks.id, row.taskId));
}

/** Gives back what a run reserved (once); nothing when it reserved nothing or was refunded already. */
export async function refundRun(db: Db, k: TaskKind, groupId: bigint, why: string): Promise<number> {
  // only a browse run reserves (./trigger.ts). A comment run's powerCost adds up the AI comments it was charged
  // for as they were written (../robot-api/robot-api.ts): they happened, and docs/automation-domain.md §4.1 gives back
  // only the reservation. A publish run costs nothing (contract dy_publish triggerJob).
  if (k.kind !== 'browse') return 0;
  return db.transaction(async (tx) => {
    const g = k.groups;
    const [before] = await tx
      .select({
        cost: g.powerCost,
        tenantId: g.tenantId,
        taskId: (g as unknown as Record<string, typeof g.id>)[k.groupTaskKey]!,
      })
      .from(g)
      .where(and(eq(g.id, groupId), gt(g.powerCost, 0)))
      .for('update');
    if (!before || !before.taskId) return 0;
    await tx.update(g).set({ powerCost: 0 }).where(eq(g.id, groupId));
    const [task] = await tx
      .select({ ydUserId: k.tasks.ydUserId, createUser: k.tasks.createUser, taskName: k.tasks.taskName })
      .from(k.tasks)
      .where(eq(k.tasks.id, before.taskId));
    const payer = task?.ydUserId ?? task?.createUser;
    if (!payer) return 0;
    await changePower(tx, {
      tenantId: before.tenantId,
      userId: payer,
      delta: before.cost,
      changeType: PowerChange.REFUND,
      bizType: k.powerBiz,
      bizId: String(groupId),
      platform: k.platform,
      remark: `${task?.taskName ?? ''} · ${why}`,
    });
    return before.cost;
  });
}
