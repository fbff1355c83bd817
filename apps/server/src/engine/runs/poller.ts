/**
 * Following the runs in flight (docs/automation-domain.md §3.1: callbacks and polling combined; §4.1 TIMEOUT).
 * Yingdao's callback (`yingdaoCallback`) asks for one job at once; this sweep asks for every active run whose last
 * look is older than `everyMs`, and ends as TIMEOUT the runs past their deadline. Each run is claimed first with a
 * conditional update of `last_poll_time`, so several instances on one database do not ask twice.
 */
import { and, eq, inArray, isNull, lt, ne, notInArray, or } from 'drizzle-orm';
import type { Db } from '../../db/index';
import type { RunAlerts } from '../feishu/run-alerts';
import { ACTIVE, applyJob, markTask, refundRun, TERMINAL } from './apply-status';
import { settleItem } from './publish-items';
import { TASK_KINDS, TASK_TYPES, type TaskKind } from './task-kinds';
import type { YingdaoResolver } from './yingdao-port';

export interface PollerDeps {
  db: Db;
  yingdao: YingdaoResolver;
  /** How stale a run's last look may get (Yingdao advises 30 s – 2 min). */
  everyMs?: number;
  /** Runs asked per module and sweep (Yingdao allows 30 job queries per second). */
  batch?: number;
  /** Told of a run that ended FAILED or TIMEOUT (../feishu/run-alerts.ts). */
  alert?: RunAlerts;
}

/** Asks Yingdao about one run and applies the answer; the run's status after, or undefined. */
export async function pollRun(deps: PollerDeps, k: TaskKind, groupId: bigint, fromCallback = false) {
  const { db } = deps;
  const [g] = await db
    .select({
      tenantId: k.groups.tenantId,
      jobUuid: k.groups.jobUuid,
      runStatus: k.groups.runStatus,
      taskId: (k.groups as unknown as Record<string, typeof k.groups.id>)[k.groupTaskKey]!,
    })
    .from(k.groups)
    .where(eq(k.groups.id, groupId));
  if (!g || !g.jobUuid || (TERMINAL as readonly string[]).includes(g.runStatus) || !g.taskId)
    return undefined;
  const [task] = await db
    .select({ ydUserId: k.tasks.ydUserId })
    .from(k.tasks)
    .where(eq(k.tasks.id, g.taskId));
  const binding = await deps.yingdao(g.tenantId, task?.ydUserId ?? null);
  if (!binding) return undefined;
  const job = await binding.client.queryJob(g.jobUuid);
  const next = await applyJob(db, k, groupId, job, { fromCallback });
  if (next === 'FAILED') deps.alert?.({ tenantId: g.tenantId, k, groupId, kind: 'ended' });
  return next;
}

/** One sweep over every module: deadlines first, then the stale active runs. Answers how many runs it looked at. */
export async function sweep(deps: PollerDeps, now = new Date()): Promise<number> {
  const { db } = deps;
  const everyMs = deps.everyMs ?? 30_000;
  let looked = 0;
  for (const type of TASK_TYPES) {
    const k = TASK_KINDS[type];
    const g = k.groups;
    const expired = await db
      .update(g)
      .set({ runStatus: 'TIMEOUT', errorMsg: '超过 25 小时未结束', endTime: now, updateTime: now })
      .where(and(inArray(g.runStatus, [...ACTIVE, 'PENDING']), lt(g.pollDeadline, now)))
      .returning({ id: g.id, tenantId: g.tenantId });
    for (const r of expired) {
      await refundRun(db, k, r.id, 'TIMEOUT');
      if (k.kind === 'publish') await settleItem(db, k, r.id, 'TIMEOUT', '');
      await markTask(db, k, r.id, 'TIMEOUT');
      deps.alert?.({ tenantId: r.tenantId, k, groupId: r.id, kind: 'ended' });
    }
    const stale = new Date(now.getTime() - everyMs);
    const due = await db
      .select({ id: g.id, last: g.lastPollTime })
      .from(g)
      .where(
        and(
          inArray(g.runStatus, [...ACTIVE]),
          ne(g.jobUuid, ''),
          or(isNull(g.lastPollTime), lt(g.lastPollTime, stale)),
        ),
      )
      .limit(deps.batch ?? 25);
    for (const r of due) {
      const claimed = await db
        .update(g)
        .set({ lastPollTime: now })
        .where(
          and(
            eq(g.id, r.id),
            r.last ? eq(g.lastPollTime, r.last) : isNull(g.lastPollTime),
            notInArray(g.runStatus, [...TERMINAL]),
          ),
        )
        .returning({ id: g.id });
      if (!claimed.length) continue;
      looked++;
      // one unreachable Yingdao account must not stop the sweep of the others
      await pollRun(deps, k, r.id).catch(() => undefined);
    }
  }
  return looked;
}

/**
 * Finds the run of a Yingdao job. A callback can overtake the answer of job/start (a fast robot), so a run not yet
 * holding its job is found by the idempotent uuid the start sent (random, so not guessable) and given the job. Only
 * a PENDING run can be waiting for that answer: a run that ended without a job (SKIPPED, START_FAILED) shows its
 * idempotent uuid in the console, and an unauthenticated callback naming it must not attach a job to it.
 */
export async function findRunByJob(
  db: Db,
  jobUuid: string,
  idempotentUuid = '',
): Promise<{ k: TaskKind; groupId: bigint } | undefined> {
  for (const type of TASK_TYPES) {
    const k = TASK_KINDS[type];
    const [row] = await db
      .select({ id: k.groups.id })
      .from(k.groups)
      .where(eq(k.groups.jobUuid, jobUuid))
      .limit(1);
    if (row) return { k, groupId: row.id };
  }
  if (!idempotentUuid) return undefined;
  for (const type of TASK_TYPES) {
    const k = TASK_KINDS[type];
    const [row] = await db
      .update(k.groups)
      .set({ jobUuid })
      .where(
        and(
          eq(k.groups.idempotentUuid, idempotentUuid),
          eq(k.groups.jobUuid, ''),
          eq(k.groups.runStatus, 'PENDING'),
        ),
      )
      .returning({ id: k.groups.id });
    if (row) return { k, groupId: row.id };
  }
  return undefined;
}

/** Runs the sweep every `everyMs / 3` until stopped; a failed sweep is retried on the next tick. */
export function startPoller(deps: PollerDeps): { stop(): Promise<void> } {
  const period = Math.max(1000, Math.floor((deps.everyMs ?? 30_000) / 3));
  let running: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    if (running) return;
    running = sweep(deps)
      .catch(() => undefined)
      .finally(() => (running = undefined));
  }, period);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
