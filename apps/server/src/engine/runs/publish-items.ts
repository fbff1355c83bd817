/**
 * The items of publish plans (docs/automation-domain.md §4.3; contract `dy_publish`/`xhs_publish` triggerJob and
 * robot_run PublishTarget): which item a run takes, the platform's limits checked before it is sent, what the robot
 * is given, and how the item follows the robot's step reports and the end of its run.
 *
 * Item states (`publishStatus`): 0 pending → 1 submitted (job started) → 2 publishing (the robot reported a step)
 * → 3 success | 4 failed; 0 → 5 cancelled. Every move is a conditional update from the states it may leave, so a
 * late report never takes a finished item back.
 */
import { and, asc, eq, gte, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/index';
import { readDateTime } from '../../kernel/datetime';
import { formatDateTime, nextId } from '../../util';
import type { PublishKind } from './task-kinds';

export const ITEM = { PENDING: 0, SUBMITTED: 1, PUBLISHING: 2, SUCCESS: 3, FAILED: 4, CANCELLED: 5 } as const;

/** A scheduled item must leave the platform this much time (social-auto-upload's rule, §4.3). */
export const SCHEDULE_LEAD_MS = 2 * 3600 * 1000;

export type PublishItem = PublishKind['items']['$inferSelect'];
type Plan = Record<string, unknown> & { id: bigint; defaultDesc?: string; defaultTags?: string };

/**
 * The unit's next pending item of the plan: unscheduled ones first, then by schedule, then oldest; only `itemId`
 * when given (the item of a retried run, ./run-control.ts).
 */
export async function nextItem(
  db: Db,
  k: PublishKind,
  tenantId: string,
  planId: bigint,
  arrId: bigint,
  itemId?: bigint,
): Promise<PublishItem | undefined> {
  const t = k.items;
  const [row] = await db
    .select()
    .from(t)
    .where(
      and(
        eq(t.tenantId, tenantId),
        eq(t.publishId, planId),
        eq(t.arrId, arrId),
        eq(t.publishStatus, ITEM.PENDING),
        eq(t.isDeleted, 0),
        itemId === undefined ? undefined : eq(t.id, itemId),
      ),
    )
    .orderBy(sql`${t.scheduleTime} asc nulls first`, asc(t.id))
    .limit(1);
  return row;
}

/**
 * Items of the plan the unit published since the start of today (server local time), or has on their way now: what
 * `videosPerDay` caps. A failed attempt put nothing on the platform and does not count.
 */
export async function sentToday(db: Db, k: PublishKind, planId: bigint, arrId: bigint, now: Date) {
  const t = k.items;
  const start = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(t)
    .where(
      and(
        eq(t.publishId, planId),
        eq(t.arrId, arrId),
        eq(t.isDeleted, 0),
        or(
          inArray(t.publishStatus, [ITEM.SUBMITTED, ITEM.PUBLISHING]),
          and(eq(t.publishStatus, ITEM.SUCCESS), gte(t.publishTime, start)),
        ),
      ),
    );
  return row?.n ?? 0;
}

const tagsOf = (v: string) =>
  v
    .split(/[,，\s#]+/)
    .map((s) => s.trim())
    .filter(Boolean);
const imagesOf = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string' && x !== '') : [];

/** The item's tags and description, the plan's defaults standing in for empty ones. */
function content(item: PublishItem, plan: Plan) {
  return {
    description: item.description || String(plan.defaultDesc ?? ''),
    tags: tagsOf(item.tags || String(plan.defaultTags ?? '')),
  };
}

/** Why the item cannot be sent as it is (§4.3), or undefined. */
export function itemProblem(k: PublishKind, item: PublishItem, plan: Plan, now: Date): string | undefined {
  const title = [...String((item as { title?: string }).title || plan.defaultTitle || '')];
  const contentType = Number(plan.contentType ?? 1);
  const { tags } = content(item, plan);
  const images = imagesOf(item.imageUrls);
  if (title.length === 0) return '标题不能为空';
  if (title.length > k.limits.title) return `标题超过 ${k.limits.title} 个字`;
  if (tags.length > k.limits.tags) return `话题最多 ${k.limits.tags} 个`;
  if (contentType === 1 && !item.videoUrl) return '视频作品缺少视频文件';
  if (contentType === 2 && images.length === 0) return '图文作品缺少图片';
  if (images.length > k.limits.images) return `图片最多 ${k.limits.images} 张`;
  if (item.scheduleTime && item.scheduleTime.getTime() < now.getTime() + SCHEDULE_LEAD_MS)
    return '定时发布时间需至少晚于现在 2 小时';
  return undefined;
}

/** The robot's view of the item (robot_run PublishTarget). */
export function publishTarget(k: PublishKind, item: PublishItem, plan: Plan) {
  const { description, tags } = content(item, plan);
  const dy = item as PublishItem & { productLink?: string; productTitle?: string; declaration?: string };
  return {
    contentType: Number(plan.contentType ?? 1) === 2 ? 2 : 1,
    title: String((item as { title?: string }).title || plan.defaultTitle || ''),
    description,
    tags,
    videoUrl: item.videoUrl,
    coverPortraitUrl: item.coverPortraitUrl,
    coverLandscapeUrl: item.coverLandscapeUrl,
    imageUrls: imagesOf(item.imageUrls),
    scheduleTime: formatDateTime(item.scheduleTime),
    location: item.location || String(plan.location ?? ''),
    collectionName: item.collectionName || String(plan.collectionName ?? ''),
    ...(k.platform === 'dy'
      ? {
          productLink: dy.productLink ?? '',
          productTitle: dy.productTitle ?? '',
          declaration: dy.declaration ?? '',
        }
      : {}),
  };
}

/** Sets the item's state when it is in one of `from`; answers whether it moved. */
export async function moveItem(
  db: Pick<Db, 'update'>,
  k: PublishKind,
  itemId: bigint,
  from: readonly number[],
  set: Partial<PublishItem>,
): Promise<boolean> {
  const t = k.items;
  const rows = await db
    .update(t)
    .set({ ...set, updateTime: new Date() })
    .where(and(eq(t.id, itemId), inArray(t.publishStatus, [...from])))
    .returning({ id: t.id });
  return rows.length > 0;
}

/** The item a run publishes (`publishTaskId` of its log group). */
export async function itemOfRun(db: Db, k: PublishKind, groupId: bigint): Promise<bigint | null> {
  const g = k.groups as unknown as typeof k.groups & { publishTaskId: typeof k.groups.arrId };
  const [row] = await db.select({ item: g.publishTaskId }).from(g).where(eq(g.id, groupId));
  return row?.item ?? null;
}

/**
 * The end of a run decides what the robot left open: an item still submitted or publishing failed with the run's
 * reason (a job that finished without reporting the publish failed too: nothing says the post is up), and a job
 * cancelled before it ran gives its item back to pending.
 */
export async function settleItem(db: Db, k: PublishKind, groupId: bigint, runStatus: string, reason: string) {
  const item = await itemOfRun(db, k, groupId);
  if (!item) return;
  if (runStatus === 'CANCELLED') {
    await moveItem(db, k, item, [ITEM.SUBMITTED], { publishStatus: ITEM.PENDING, jobUuid: '' });
    return;
  }
  const why =
    runStatus === 'SUCCESS'
      ? '机器人未回报发布结果'
      : reason || (runStatus === 'TIMEOUT' ? '超过 25 小时未结束' : `影刀任务${runStatus}`);
  await moveItem(db, k, item, [ITEM.SUBMITTED, ITEM.PUBLISHING], {
    publishStatus: ITEM.FAILED,
    failReason: why.slice(0, 255),
  });
}

export interface PublishStepReport {
  step?: string;
  result: number;
  itemId?: string;
  itemUrl?: string;
  failReason?: string;
  screenshotUrl?: string;
  actionTime?: string;
}

/**
 * A robot's step reports of its run's item (robot_run log): one `*_publish_log` row each, and the item's move —
 * a failed step fails it, a successful `verify` or `submit` naming the post publishes it, any other step marks it
 * publishing. The item is the run's own whatever `targetId` says: a run cannot touch another item. Answers how
 * the item ended in this batch (for the run's counts).
 */
export async function recordSteps(
  tx: Pick<Db, 'insert' | 'update'>,
  k: PublishKind,
  run: {
    tenantId: string;
    planId: bigint;
    item: bigint;
    arrId: bigint | null;
    jobUuid: string;
    robotAccount: string;
    payer: bigint | null;
  },
  steps: PublishStepReport[],
): Promise<{ published: number; failed: number }> {
  const now = new Date();
  const at = (v: string | undefined) => (v ? readDateTime(v) : undefined) ?? now;
  await tx.insert(k.logs).values(
    steps.map((a) => ({
      id: nextId(),
      tenantId: run.tenantId,
      publishTaskId: run.item,
      publishId: run.planId,
      arrId: run.arrId,
      jobUuid: run.jobUuid.slice(0, 64),
      robotAccount: run.robotAccount,
      step: a.step || 'submit',
      result: a.result,
      message: (a.result === 1 ? a.itemUrl || '' : a.failReason || '').slice(0, 500),
      screenshotUrl: (a.screenshotUrl ?? '').slice(0, 512),
      logTime: at(a.actionTime),
      createUser: run.payer,
      updateUser: run.payer,
      createTime: now,
      updateTime: now,
    })),
  );
  let published = 0;
  let failed = 0;
  for (const a of steps) {
    if (a.result === 0) {
      if (
        await moveItem(tx, k, run.item, [ITEM.SUBMITTED, ITEM.PUBLISHING], {
          publishStatus: ITEM.FAILED,
          failReason: `${a.step || 'submit'}: ${a.failReason || '失败'}`.slice(0, 255),
        })
      )
        failed++;
    } else if (a.result === 1 && (a.step === 'verify' || a.step === 'submit') && (a.itemUrl || a.itemId)) {
      if (
        await moveItem(tx, k, run.item, [ITEM.SUBMITTED, ITEM.PUBLISHING], {
          publishStatus: ITEM.SUCCESS,
          publishedUrl: (a.itemUrl ?? '').slice(0, 512),
          publishedItemId: (a.itemId ?? '').slice(0, 64),
          failReason: '',
          publishTime: at(a.actionTime),
        })
      )
        published++;
    } else if (a.result === 1) {
      await moveItem(tx, k, run.item, [ITEM.SUBMITTED], { publishStatus: ITEM.PUBLISHING });
    }
  }
  return { published, failed };
}

/** Pending items of removed plans are cancelled (contract `dy_publish` remove). */
export async function cancelPending(db: Db, k: PublishKind, tenantId: string, planIds: bigint[]) {
  if (planIds.length === 0) return;
  const t = k.items;
  await db
    .update(t)
    .set({ publishStatus: ITEM.CANCELLED, updateTime: new Date() })
    .where(and(eq(t.tenantId, tenantId), inArray(t.publishId, planIds), eq(t.publishStatus, ITEM.PENDING)));
}
