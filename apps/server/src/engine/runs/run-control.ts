/**
 * An operator's hand on one run (docs/automation-domain.md §4.1; contract `<run tag>Stop` / `<run tag>Retry` of
 * the log groups): stopping a run in progress, and running an ended one again as a new run.
 *
 * Stop: a run with a Yingdao job is claimed `STOPPING` by one conditional update (of two stops at once, one wins and
 * asks Yingdao's job/stop), and its terminal state comes the way every terminal state comes, from the callback or
 * the poller through ./apply-status.ts (`STOPPED`, or `CANCELLED` for a job no robot took), applied once. A PENDING
 * run without a job is cancelled at once, its reservation refunded as ./apply-status.ts refundRun does; ./trigger.ts
 * sees the cancellation and starts no job for it (or stops the one whose start was on its way).
 *
 * Retry: a new run of the same task on the same unit (trigger type 3) through ./trigger.ts, so the task's state, the
 * windows, the unit's cap and the compute power apply as to any run. The old run is left as it is (§4.1: "new group
 * row, old row unchanged"); that it was retried is kept as a one-time claim in `smart_engine_quota`
 * (src/db/schema-scheduler.ts), inserted with ON CONFLICT DO NOTHING, so two retries at once start one run. The claim
 * is given back when the retry started no job (the task refused it, the run was skipped or could not start), so the
 * run may be retried again once the reason is gone.
 */
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../db/index';
import { engineQuota } from '../../db/schema';
import { BizError } from '../../util';
import { markTask, refundRun } from './apply-status';
import { ITEM, itemOfRun, moveItem, settleItem } from './publish-items';
import type { TaskKind } from './task-kinds';
import { triggerTask, type TriggerDeps } from './trigger';
import type { YingdaoResolver } from './yingdao-port';

/** The states a stop takes a run out of (STOPPING is on its way already). */
export const STOPPABLE = ['PENDING', 'WAITING', 'RUNNING'] as const;
/** The ended runs a retry runs again: the ones that did not do their work (§4.1; contract TriggerType 3). */
export const RETRYABLE = ['FAILED', 'STOPPED', 'CANCELLED', 'TIMEOUT', 'START_FAILED'] as const;

const ENDED_MSG = '运行已结束，无法停止';
const STOPPING_MSG = '运行正在停止';
const NOT_RETRYABLE_MSG = '仅失败、已停止、已取消、超时或启动失败的运行可以重试';
const RETRIED_MSG = '该运行已重试';

type Group = TaskKind['groups']['$inferSelect'];

const taskIdOf = (k: TaskKind, row: Group) =>
  (row as unknown as Record<string, bigint | null>)[k.groupTaskKey] ?? null;

async function readRun(db: Db, k: TaskKind, groupId: bigint): Promise<Group | undefined> {
  const [row] = await db.select().from(k.groups).where(eq(k.groups.id, groupId));
  return row;
}

/** Why a run in `status` cannot be stopped, or undefined. */
function stopRefusal(status: string): string | undefined {
  if (status === 'STOPPING') return STOPPING_MSG;
  if ((STOPPABLE as readonly string[]).includes(status)) return undefined;
  return ENDED_MSG;
}

export interface StopDeps {
  db: Db;
  yingdao: YingdaoResolver;
}

/**
 * Stops the run `groupId` (a row of the caller's tenant, read by the caller). Answers `STOPPING` when Yingdao was
 * told to stop the job, `CANCELLED` when the run had no job yet; refuses (BizError, nothing written) a run that
 * ended, one already stopping, and a job Yingdao would not stop.
 */
export async function stopRun(
  deps: StopDeps,
  k: TaskKind,
  groupId: bigint,
  userId: bigint | null,
): Promise<{ runId: string; runStatus: 'STOPPING' | 'CANCELLED' }> {
  const { db } = deps;
  const g = k.groups;
  // two looks at most: a run may get its job (or end) between the read and the conditional update
  for (let attempt = 0; attempt < 2; attempt++) {
    const run = await readRun(db, k, groupId);
    if (!run) throw new BizError('数据不存在');
    const refusal = stopRefusal(run.runStatus);
    if (refusal) throw new BizError(refusal);
    const now = new Date();

    if (run.runStatus === 'PENDING' && run.jobUuid === '') {
      // no job to stop: the run ends here, as a job Yingdao cancelled before a robot took it would
      const [cancelled] = await db
        .update(g)
        .set({
          runStatus: 'CANCELLED',
          errorMsg: '已手动取消',
          endTime: now,
          updateUser: userId,
          updateTime: now,
        })
        .where(and(eq(g.id, groupId), eq(g.runStatus, 'PENDING'), eq(g.jobUuid, '')))
        .returning({ id: g.id });
      if (!cancelled) continue;
      await refundRun(db, k, groupId, 'CANCELLED');
      if (k.kind === 'publish') await settleItem(db, k, groupId, 'CANCELLED', '');
      await markTask(db, k, groupId, 'CANCELLED');
      return { runId: String(groupId), runStatus: 'CANCELLED' };
    }

    const [claimed] = await db
      .update(g)
      .set({ runStatus: 'STOPPING', updateUser: userId, updateTime: now })
      .where(and(eq(g.id, groupId), inArray(g.runStatus, [...STOPPABLE]), ne(g.jobUuid, '')))
      .returning({ id: g.id });
    if (!claimed) continue;
    // the claim is taken back when Yingdao was not told: the run goes on as it was (a state Yingdao reported
    // meanwhile stays, since only a run still STOPPING is put back)
    const undo = () =>
      db
        .update(g)
        .set({ runStatus: run.runStatus, updateUser: run.updateUser, updateTime: run.updateTime })
        .where(and(eq(g.id, groupId), eq(g.runStatus, 'STOPPING')));
    try {
      const taskId = taskIdOf(k, run);
      const [task] = taskId
        ? await db.select({ ydUserId: k.tasks.ydUserId }).from(k.tasks).where(eq(k.tasks.id, taskId))
        : [];
      const binding = await deps.yingdao(run.tenantId, task?.ydUserId ?? null);
      if (!binding) throw new BizError('未配置影刀授权');
      await binding.client.stopJob(run.jobUuid);
    } catch (e) {
      await undo();
      if (e instanceof BizError && e.message === '未配置影刀授权') throw e;
      throw new BizError(`影刀任务停止失败: ${e instanceof Error ? e.message : String(e)}`);
    }
    return { runId: String(groupId), runStatus: 'STOPPING' };
  }
  // still moving after two looks: what it is now decides the answer
  const run = await readRun(db, k, groupId);
  throw new BizError(stopRefusal(run?.runStatus ?? 'SUCCESS') ?? STOPPING_MSG);
}

/**
 * Runs the ended run `groupId` (a row of the caller's tenant, read by the caller) again: a new run of its task on
 * its unit, trigger type 3, answered as `triggerJob` answers. Refuses (BizError, nothing written) a run in another
 * state, one retried already or being retried, and whatever ./trigger.ts refuses before it writes (a disabled task,
 * a unit no longer on it). A publish run's item goes back to pending and is the item the new run publishes.
 */
export async function retryRun(deps: TriggerDeps, k: TaskKind, groupId: bigint, userId: bigint | null) {
  const { db } = deps;
  const run = await readRun(db, k, groupId);
  if (!run) throw new BizError('数据不存在');
  if (!(RETRYABLE as readonly string[]).includes(run.runStatus)) throw new BizError(NOT_RETRYABLE_MSG);
  const taskId = taskIdOf(k, run);
  if (!taskId) throw new BizError('任务不存在');
  if (!run.arrId) throw new BizError('运行没有执行账号');
  const item = k.kind === 'publish' ? await retriedItem(db, k, groupId) : undefined;

  const claim = { tenantId: run.tenantId, scope: `retry:${k.taskType}:${groupId}`, period: 'retry' };
  const [claimed] = await db
    .insert(engineQuota)
    .values({ ...claim, used: 1 })
    .onConflictDoNothing()
    .returning({ scope: engineQuota.scope });
  if (!claimed) throw new BizError(RETRIED_MSG);
  const release = () =>
    db
      .delete(engineQuota)
      .where(
        and(
          eq(engineQuota.tenantId, claim.tenantId),
          eq(engineQuota.scope, claim.scope),
          eq(engineQuota.period, claim.period),
        ),
      );

  let reopened = false;
  try {
    if (item && k.kind === 'publish' && item.status !== ITEM.PENDING) {
      // as the items' own retry does (../tasks/publish-item-module.ts): back to pending, its last attempt cleared
      reopened = await moveItem(db, k, item.id, [item.status], {
        publishStatus: ITEM.PENDING,
        failReason: '',
        jobUuid: '',
        publishedItemId: '',
        publishedUrl: '',
        publishTime: null,
      });
      if (!reopened) throw new BizError('内容正在发布');
    }
    const result = await triggerTask(deps, {
      tenantId: run.tenantId,
      taskType: k.taskType,
      taskId,
      triggerType: 3,
      arrIds: [run.arrId],
      ...(item ? { itemId: item.id } : {}),
      userId,
    });
    if (!result.runs.some((r) => r.runStatus === 'WAITING')) await release();
    return result;
  } catch (e) {
    if (reopened && item && k.kind === 'publish')
      await moveItem(db, k, item.id, [ITEM.PENDING], {
        publishStatus: item.status,
        failReason: item.failReason,
        jobUuid: item.jobUuid,
      });
    await release();
    throw e;
  }
}

/** The item a publish run published, if it may be published again: failed, cancelled, or pending already. */
async function retriedItem(db: Db, k: TaskKind, groupId: bigint) {
  if (k.kind !== 'publish') return undefined;
  const id = await itemOfRun(db, k, groupId);
  const [item] = id
    ? await db
        .select({
          id: k.items.id,
          status: k.items.publishStatus,
          failReason: k.items.failReason,
          jobUuid: k.items.jobUuid,
        })
        .from(k.items)
        .where(and(eq(k.items.id, id), eq(k.items.isDeleted, 0)))
    : [];
  if (!item) throw new BizError('发布内容不存在');
  if (item.status === ITEM.SUCCESS) throw new BizError('内容已发布，无需重试');
  if (item.status === ITEM.SUBMITTED || item.status === ITEM.PUBLISHING) throw new BizError('内容正在发布');
  return item;
}
