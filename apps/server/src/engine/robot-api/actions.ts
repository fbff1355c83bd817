/**
 * Storing a batch of a robot's action rows (`robot_run` `log`): the log rows of the run's module, the run's
 * counts, the used comment links (§4.2: DONE on success, FAILED on failure) and the unit's count of the day, in one
 * transaction and with one multi-row insert per batch (ingestion speed: src/engine/README.md).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/index';
import { readDateTime } from '../../kernel/datetime';
import { BizError, nextId } from '../../util';
import { recordSteps } from '../runs/publish-items';
import { addToToday } from '../runs/unit-day';
import { isLiveAction, LIVE_ACTIONS } from './live-run';
import type { RunContext } from './run-context';

/**
 * When a robot says an action happened: `actionTime` is the contract's DateTime (server local time, read by the
 * server's one date reader); absent or malformed, the server's clock. It was read as China time before, which
 * moved every action 8 hours back on a server in another zone (comment logs of the morning fell on the day before).
 */
const actionTime = (v: string | undefined, now: Date): Date => (v ? readDateTime(v) : undefined) ?? now;

export interface RunAction {
  targetId?: string;
  itemId?: string;
  itemUrl?: string;
  itemTitle?: string;
  authorName?: string;
  keyword?: string;
  content?: string;
  commentSource?: number;
  pictureUrl?: string;
  staySec?: number;
  isLiked?: number;
  isCollected?: number;
  isFollowed?: number;
  result: number;
  failReason?: string;
  step?: string;
  screenshotUrl?: string;
  /** What a live run's robot did in the room (./live-run.ts). */
  liveAction?: string;
  actionTime?: string;
}

const s = (v: string | undefined, n: number) => (v ?? '').slice(0, n);

export async function storeActions(db: Db, ctx: RunContext, actions: RunAction[]): Promise<number> {
  const now = new Date();
  const { k, group } = ctx;
  if (k.kind === 'publish') {
    // a publish run's rows are the steps of its one item; the run counts the item, not the steps
    const item = group.publishTaskId as bigint | null | undefined;
    if (!item) return 0;
    await db.transaction(async (tx) => {
      const { published, failed } = await recordSteps(
        tx,
        k,
        {
          tenantId: ctx.tenantId,
          planId: ctx.task.id,
          item,
          arrId: group.arrId,
          jobUuid: group.jobUuid,
          robotAccount: group.robotAccount,
          payer: ctx.payer,
        },
        actions,
      );
      await count(tx, ctx, { success: published, fail: failed, skip: 0 }, now);
    });
    return actions.length;
  }
  const success = actions.filter((a) => a.result === 1).length;
  const fail = actions.filter((a) => a.result === 0).length;
  const skip = actions.length - success - fail;
  if (k.kind === 'live') {
    // a live row says what it was (run.yaml RunAction.liveAction); a batch with a row that does not is refused whole
    const rows = actions.flatMap((a) =>
      isLiveAction(a.liveAction) ? [{ ...a, liveAction: a.liveAction }] : [],
    );
    if (rows.length < actions.length) throw new BizError('直播动作缺少 liveAction');
    await db.transaction(async (tx) => {
      await tx.insert(k.logs).values(
        rows.map((a) => ({
          id: nextId(),
          tenantId: ctx.tenantId,
          groupId: ctx.groupId,
          liveId: ctx.task.id,
          arrId: group.arrId,
          robotAccount: group.robotAccount,
          actionType: LIVE_ACTIONS[a.liveAction],
          content: s(a.content, 255),
          result: a.result,
          failReason: s(a.failReason, 255),
          actionTime: actionTime(a.actionTime, now),
          createUser: ctx.payer,
          updateUser: ctx.payer,
          createTime: now,
          updateTime: now,
        })),
      );
      await count(tx, ctx, { success, fail, skip }, now);
    });
    return actions.length;
  }
  const common = (a: RunAction) => ({
    id: nextId(),
    tenantId: ctx.tenantId,
    groupId: ctx.groupId,
    arrId: group.arrId,
    robotAccount: group.robotAccount,
    keyword: s(a.keyword, 64),
    itemId: s(a.itemId, 64),
    itemUrl: s(a.itemUrl, 512),
    itemTitle: s(a.itemTitle, 255),
    authorName: s(a.authorName, 64),
    isLiked: a.isLiked === 1 ? 1 : 0,
    result: a.result,
    failReason: s(a.failReason, 255),
    createUser: ctx.payer,
    updateUser: ctx.payer,
    createTime: now,
    updateTime: now,
  });

  await db.transaction(async (tx) => {
    if (k.kind === 'comment') {
      await tx.insert(k.logs).values(
        actions.map((a) => ({
          ...common(a),
          commId: ctx.task.id,
          commentContent: s(a.content, 255),
          commentSource: a.commentSource ?? 1,
          pictureUrl: s(a.pictureUrl, 512),
          aiConfigId: (ctx.task as { aiConfigId?: bigint | null }).aiConfigId ?? null,
          commentTime: actionTime(a.actionTime, now),
        })),
      );
      const done = ids(actions.filter((a) => a.result === 1));
      const failed = ids(actions.filter((a) => a.result === 0));
      const u = k.urls;
      const own = and(eq(u.tenantId, ctx.tenantId), eq(u.commId, ctx.task.id));
      if (done.length) {
        await tx
          .update(u)
          .set({ useStatus: 1, commentCount: sql`${u.commentCount} + 1`, lastCommentTime: now })
          .where(and(own, inArray(u.id, done)));
      }
      if (failed.length) {
        await tx
          .update(u)
          .set({ useStatus: 2 })
          .where(and(own, inArray(u.id, failed), eq(u.useStatus, 0)));
      }
    } else {
      await tx.insert(k.logs).values(
        actions.map((a) => ({
          ...common(a),
          browseId: ctx.task.id,
          platformAccountName: '',
          staySec: a.staySec ?? 0,
          isCollected: a.isCollected === 1 ? 1 : 0,
          isFollowed: a.isFollowed === 1 ? 1 : 0,
          actionTime: actionTime(a.actionTime, now),
        })),
      );
    }
    await count(tx, ctx, { success, fail, skip }, now);
  });
  return actions.length;
}

/**
 * Adds a batch's outcomes to the run's counts, and its successes to the unit's count of the day (China time,
 * ../runs/unit-day.ts).
 */
async function count(
  tx: Pick<Db, 'update'>,
  ctx: RunContext,
  n: { success: number; fail: number; skip: number },
  now: Date,
) {
  const { k, group } = ctx;
  const g = k.groups;
  await tx
    .update(g)
    .set({
      successCount: sql`${g.successCount} + ${n.success}`,
      failCount: sql`${g.failCount} + ${n.fail}`,
      skipCount: sql`${g.skipCount} + ${n.skip}`,
      updateTime: now,
    })
    .where(eq(g.id, ctx.groupId));
  if (n.success > 0 && group.arrId) await addToToday(tx, k.units, group.arrId, n.success, now);
}

const ids = (actions: RunAction[]) =>
  [...new Set(actions.map((a) => a.targetId).filter((v): v is string => !!v && /^[0-9]{1,19}$/.test(v)))].map(
    (v) => BigInt(v),
  );
