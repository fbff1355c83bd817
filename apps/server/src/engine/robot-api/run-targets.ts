/**
 * What a comment run is given to work on (`robot_run` targets, openapi/schemas/robot/run.yaml RunTargets): the
 * task's enabled, unused links (source mode 1) or its keywords (mode 2: the task's own and, for Xiaohongshu, the
 * enabled rows of the keyword pool), shaped by the payer's control strategy where there is one.
 */
import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/index';
import { ITEM, publishTarget } from '../runs/publish-items';
import type { CommentKind, PublishKind } from '../runs/task-kinds';
import { noteLimit, planLimit, recentlyCommented, type Strategy } from './control-strategy';
import { failureLimit } from './failure-streak';
import { usableBy, type RunContext } from './run-context';

export const MAX_TARGETS = 1000;

export interface RunTarget {
  id: string;
  kind: 'url' | 'keyword' | 'feed' | 'publish' | 'live';
  value: string;
  itemId: string;
  title: string;
  publish?: ReturnType<typeof publishTarget>;
  /** The visit of a live room (run.yaml LiveTarget, ./live-run.ts). */
  live?: {
    roomId: string;
    stayMinutes: number;
    enterDelaySec: number;
    likeTaps: number;
    followAnchor: 0 | 1;
    danmakuMode: 0 | 1 | 2;
  };
}

export interface RunSettings {
  count: number;
  minIntervalSec: number;
  maxIntervalSec: number;
  likeBeforeComment: 0 | 1;
  needComment: boolean;
  /** Failed actions in a row that end the run (./failure-streak.ts); comment tasks only. */
  maxConsecutiveFail?: number;
  limitReason?: string;
}

/** The task's own keywords (`keywords`: comma or line separated) as inline targets. */
export const inlineKeywords = (text: unknown): RunTarget[] =>
  String(text ?? '')
    .split(/[,，\n]/)
    .map((s) => s.trim())
    .filter(Boolean)
    .map((value) => ({ id: '', kind: 'keyword', value, itemId: '', title: '' }));

/** The enabled links of the task a robot has not used, in the pool's order; a strategy's spent notes left out. */
async function linkTargets(db: Db, ctx: RunContext, k: CommentKind, s: Strategy | undefined) {
  const u = k.urls;
  const rows = await db
    .select({ id: u.id, url: u.url, itemId: u.itemId, title: u.title })
    .from(u)
    .where(
      and(
        eq(u.tenantId, ctx.tenantId),
        eq(u.commId, ctx.task.id),
        eq(u.isDeleted, 0),
        eq(u.status, 1),
        eq(u.useStatus, 0),
        s ? lt(u.commentCount, s.perNoteMax) : undefined,
      ),
    )
    .orderBy(asc(u.sort), asc(u.id))
    .limit(MAX_TARGETS);
  const spent = s ? await recentlyCommented(db, ctx, s, rows) : new Set<string>();
  return rows
    .filter((r) => !spent.has(`u:${r.url}`) && !(r.itemId && spent.has(`i:${r.itemId}`)))
    .map((r): RunTarget => ({
      id: String(r.id),
      kind: 'url',
      value: r.url,
      itemId: r.itemId,
      title: r.title,
    }));
}

/** The keyword pool's enabled rows of the task (or of every task) of the payer; each use counted. */
async function poolKeywords(db: Db, ctx: RunContext, k: CommentKind): Promise<RunTarget[]> {
  const w = k.keywords;
  if (!w) return [];
  const rows = await db
    .select({ id: w.id, keyword: w.keyword })
    .from(w)
    .where(
      and(
        eq(w.tenantId, ctx.tenantId),
        eq(w.isDeleted, 0),
        eq(w.status, 1),
        or(isNull(w.commId), eq(w.commId, ctx.task.id)),
        usableBy(w.ydUserId, ctx.payer),
      ),
    )
    .orderBy(asc(w.sort), asc(w.usedCount), asc(w.id))
    .limit(MAX_TARGETS);
  if (rows.length)
    await db
      .update(w)
      .set({ usedCount: sql`${w.usedCount} + 1`, lastUsedTime: new Date() })
      .where(
        inArray(
          w.id,
          rows.map((r) => r.id),
        ),
      );
  return rows.map((r) => ({ id: String(r.id), kind: 'keyword', value: r.keyword, itemId: '', title: '' }));
}

/** A comment run's targets and settings. */
export async function commentRun(
  db: Db,
  ctx: RunContext,
  k: CommentKind,
  s: Strategy | undefined,
): Promise<{ targets: RunTarget[]; settings: RunSettings }> {
  const t = ctx.task as Record<string, unknown>;
  const mode = Number(t.sourceMode);
  let targets: RunTarget[] = [];
  if (mode === 1) targets = await linkTargets(db, ctx, k, s);
  if (mode === 2) {
    const seen = new Set<string>();
    targets = [...inlineKeywords(t.keywords), ...(await poolKeywords(db, ctx, k))].filter(
      (x) => !seen.has(x.value.toLowerCase()) && !!seen.add(x.value.toLowerCase()),
    );
  }
  const settings: RunSettings = {
    count: Number(t.commentsPerRun ?? 1),
    minIntervalSec: Number(t.minIntervalSec ?? 0),
    maxIntervalSec: Number(t.maxIntervalSec ?? 0),
    likeBeforeComment: Number(t.likeBeforeComment ?? 0) === 1 ? 1 : 0,
    needComment: true,
    maxConsecutiveFail: failureLimit(t),
  };
  if (s) {
    const { left, reason } = await planLimit(db, ctx, s);
    if (left < settings.count) {
      settings.count = left;
      settings.limitReason = reason ?? `本次最多 ${left} 条`;
      await noteLimit(db, ctx, settings.limitReason);
    }
    settings.minIntervalSec = Math.max(settings.minIntervalSec, s.minIntervalSec);
    settings.maxIntervalSec = Math.max(settings.maxIntervalSec, s.maxIntervalSec, settings.minIntervalSec);
    if (s.likeBeforeComment === 1) settings.likeBeforeComment = 1;
  }
  return { targets, settings };
}

/**
 * A publish run's one target: its item while it is still the run's to publish (submitted or publishing), with the
 * plan's defaults filled in; nothing once it ended (the robot then finishes at once).
 */
export async function publishRun(db: Db, ctx: RunContext, k: PublishKind) {
  const settings: RunSettings = {
    count: 1,
    minIntervalSec: 0,
    maxIntervalSec: 0,
    likeBeforeComment: 0,
    needComment: false,
  };
  const itemId = ctx.group.publishTaskId as bigint | null | undefined;
  if (!itemId) return { settings: { ...settings, count: 0 }, targets: [] as RunTarget[] };
  const t = k.items;
  const [item] = await db
    .select()
    .from(t)
    .where(
      and(
        eq(t.id, itemId),
        eq(t.tenantId, ctx.tenantId),
        inArray(t.publishStatus, [ITEM.SUBMITTED, ITEM.PUBLISHING]),
      ),
    );
  if (!item) return { settings: { ...settings, count: 0 }, targets: [] as RunTarget[] };
  const publish = publishTarget(k, item, ctx.task as Record<string, unknown> & { id: bigint });
  const target: RunTarget = {
    id: String(item.id),
    kind: 'publish',
    value: publish.videoUrl || publish.imageUrls[0] || '',
    itemId: '',
    title: publish.title.slice(0, 255),
    publish,
  };
  return { settings, targets: [target] };
}
