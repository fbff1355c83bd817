/**
 * A customer's control strategy for Xiaohongshu comments (contract tag `xsh_comm_control_strategy`,
 * openapi/schemas/business/xsh_comm.yaml XshCommControlStrategyFields; docs/automation-domain.md §1.3) as the engine
 * enforces it on the runs of that customer's comment tasks:
 * - planning a run (`robot_run` targets): nothing to do outside the active window or while the unit cools down after
 *   failures in a row; at most what the day's and the hour's caps leave; links whose note has its comments, or was
 *   commented within the dedupe days, are not handed out; the pauses and the like-first flag are at least the
 *   strategy's;
 * - each comment (`robot_run` comment): one unit of the day's and of the hour's cap taken by a conditional upsert
 *   (`smart_engine_quota`), so concurrent runs of a unit never pass them together; texts with a sensitive word are
 *   not handed out; AI is used only when the strategy enables it.
 */
import { and, desc, eq, gte, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/index';
import { engineQuota, xshCommControlStrategy } from '../../db/schema';
import { chinaDateTime } from '../../pay/money';
import type { RunContext } from './run-context';

export type Strategy = typeof xshCommControlStrategy.$inferSelect;

/**
 * How a run's `errorMsg` starts when the strategy shortened it; kept when the run ends in SUCCESS
 * (runs/apply-status.ts), so the operator reads why it did less than planned.
 */
export const LIMIT_NOTE = '风控限制：';

/** Notes on the run why the strategy shortened it (the first reason stays). */
export async function noteLimit(db: Db, ctx: RunContext, reason: string): Promise<void> {
  const g = ctx.k.groups;
  await db
    .update(g)
    .set({ errorMsg: `${LIMIT_NOTE}${reason}`.slice(0, 500) })
    .where(and(eq(g.id, ctx.groupId), sql`${g.errorMsg} not like ${LIMIT_NOTE + '%'}`));
}

/**
 * The payer's live strategy for a Xiaohongshu comment run of a task that uses it (`useStrategy` 1, xsh_comm.yaml);
 * undefined for other runs, other tasks or without one.
 */
export async function strategyOf(db: Db, ctx: RunContext): Promise<Strategy | undefined> {
  const uses = (ctx.task as { useStrategy?: number }).useStrategy === 1;
  if (ctx.k.taskType !== 'xsh_comm' || !ctx.payer || !uses) return undefined;
  const s = xshCommControlStrategy;
  const [row] = await db
    .select()
    .from(s)
    .where(and(eq(s.tenantId, ctx.tenantId), eq(s.ydUserId, ctx.payer), eq(s.isDeleted, 0), eq(s.status, 1)))
    .limit(1);
  return row;
}

/** `HH:mm` in China time. */
const clock = (now: Date) => chinaDateTime(now).slice(11, 16);

/** Inside the daily window (empty ends: all day; an end before the start crosses midnight). */
export function inWindow(s: Pick<Strategy, 'activeStartTime' | 'activeEndTime'>, now: Date): boolean {
  const from = s.activeStartTime || '00:00';
  const until = s.activeEndTime || '24:00';
  const t = clock(now);
  return from <= until ? t >= from && t < until : t >= from || t < until;
}

const periods = (now: Date) => {
  const c = chinaDateTime(now);
  return { day: c.slice(0, 10), hour: `${c.slice(0, 10)}T${c.slice(11, 13)}` };
};

const unitScope = (ctx: RunContext) => `xsh_comm_arr:${String(ctx.group.arrId ?? ctx.groupId)}`;

/** Comments of the unit counted in the day and in the hour of `now`. */
async function usedOf(db: Db, ctx: RunContext, now: Date): Promise<{ day: number; hour: number }> {
  const p = periods(now);
  const q = engineQuota;
  const rows = await db
    .select({ period: q.period, used: q.used })
    .from(q)
    .where(and(eq(q.tenantId, ctx.tenantId), eq(q.scope, unitScope(ctx))));
  const of = (period: string) => rows.find((r) => r.period === period)?.used ?? 0;
  return { day: of(p.day), hour: of(p.hour) };
}

/**
 * The comments the unit has left now, and what bounds them (the window, a cool-down, the tighter cap): the reason a
 * run is shortened to `left`.
 */
export async function planLimit(
  db: Db,
  ctx: RunContext,
  s: Strategy,
  now = new Date(),
): Promise<{ left: number; reason?: string }> {
  const paused = await pauseReason(db, ctx, s, now);
  if (paused) return { left: 0, reason: paused };
  const used = await usedOf(db, ctx, now);
  const day = s.dailyMaxPerAccount - used.day;
  const hour = s.hourlyMaxPerAccount - used.hour;
  if (day <= 0) return { left: 0, reason: `每日评论上限 ${s.dailyMaxPerAccount} 已用完` };
  if (hour <= 0) return { left: 0, reason: `每小时评论上限 ${s.hourlyMaxPerAccount} 已用完` };
  const left = Math.min(day, hour);
  return {
    left,
    reason:
      hour <= day
        ? `每小时评论上限 ${s.hourlyMaxPerAccount}，本次最多 ${left} 条`
        : `每日评论上限 ${s.dailyMaxPerAccount}，本次最多 ${left} 条`,
  };
}

/** Outside the active window, or cooling down after failures in a row: why; else undefined. */
async function pauseReason(db: Db, ctx: RunContext, s: Strategy, now: Date): Promise<string | undefined> {
  if (!inWindow(s, now)) return `不在活跃时段 ${s.activeStartTime || '00:00'}–${s.activeEndTime || '24:00'}`;
  const until = await cooldownUntil(db, ctx, s);
  if (until && until > now) return `连续失败 ${s.maxConsecutiveFail} 次，冷却至 ${clock(until)}`;
  return undefined;
}

/** When the unit's cool-down ends: its last `maxConsecutiveFail` comments all failed, the latest at + cooldown. */
async function cooldownUntil(db: Db, ctx: RunContext, s: Strategy): Promise<Date | undefined> {
  const arrId = ctx.group.arrId;
  if (!arrId || s.cooldownMinutes <= 0 || s.maxConsecutiveFail <= 0) return undefined;
  const l = ctx.k.kind === 'comment' ? ctx.k.logs : undefined;
  if (!l) return undefined;
  const last = await db
    .select({ result: l.result, at: l.createTime })
    .from(l)
    .where(and(eq(l.tenantId, ctx.tenantId), eq(l.arrId, arrId), eq(l.isDeleted, 0)))
    .orderBy(desc(l.createTime), desc(l.id))
    .limit(s.maxConsecutiveFail);
  if (last.length < s.maxConsecutiveFail || last.some((r) => r.result !== 0)) return undefined;
  return new Date(last[0]!.at.getTime() + s.cooldownMinutes * 60_000);
}

/**
 * Takes one comment of the unit's day and hour; false when either cap is reached. One statement per period, each
 * an upsert that only raises a count below its cap: concurrent takers are serialised on the row.
 */
export async function takeComment(db: Db, ctx: RunContext, s: Strategy, now = new Date()): Promise<boolean> {
  const p = periods(now);
  const q = engineQuota;
  const take = async (period: string, cap: number) => {
    const rows = await db
      .insert(q)
      .values({ tenantId: ctx.tenantId, scope: unitScope(ctx), period, used: 1 })
      .onConflictDoUpdate({
        target: [q.tenantId, q.scope, q.period],
        set: { used: sql`${q.used} + 1` },
        setWhere: sql`${q.used} < ${cap}`,
      })
      .returning({ used: q.used });
    return rows.length > 0 && rows[0]!.used <= cap;
  };
  if (!(await take(p.day, s.dailyMaxPerAccount))) return false;
  if (await take(p.hour, s.hourlyMaxPerAccount)) return true;
  await give(db, ctx, p.day); // the hour refused: the day's unit goes back
  return false;
}

const give = (db: Db, ctx: RunContext, period: string) =>
  db
    .update(engineQuota)
    .set({ used: sql`greatest(${engineQuota.used} - 1, 0)` })
    .where(
      and(
        eq(engineQuota.tenantId, ctx.tenantId),
        eq(engineQuota.scope, unitScope(ctx)),
        eq(engineQuota.period, period),
      ),
    );

/** Gives back a comment taken at `now` whose text could not be written (no text, no power, a refused AI text). */
export async function releaseComment(db: Db, ctx: RunContext, now = new Date()): Promise<void> {
  const p = periods(now);
  await give(db, ctx, p.day);
  await give(db, ctx, p.hour);
}

/**
 * Why the unit may not comment now (outside the window, cooling down, a cap reached), else undefined with one
 * comment of the day and the hour taken.
 */
export async function commentRefusal(
  db: Db,
  ctx: RunContext,
  s: Strategy,
  now = new Date(),
): Promise<string | undefined> {
  const paused = await pauseReason(db, ctx, s, now);
  if (paused) return paused;
  if (!(await takeComment(db, ctx, s, now)))
    return `已达到评论上限（每日 ${s.dailyMaxPerAccount}，每小时 ${s.hourlyMaxPerAccount}）`;
  return undefined;
}

/** The strategy's words a text may not contain (comma-separated, Chinese or ASCII commas). */
export const sensitiveWords = (s: Strategy | undefined): string[] =>
  (s?.sensitiveWords ?? '')
    .split(/[,，]/)
    .map((w) => w.trim())
    .filter(Boolean);

export const hasSensitive = (text: string, words: readonly string[]): boolean =>
  words.some((w) => text.includes(w));

/**
 * The notes of `candidates` the tenant commented within the strategy's `dedupeDays` (by item id or link, in its
 * comment log), as `i:<item id>` and `u:<link>` keys.
 */
export async function recentlyCommented(
  db: Db,
  ctx: RunContext,
  s: Strategy,
  candidates: { itemId: string; url: string }[],
  now = new Date(),
): Promise<Set<string>> {
  const out = new Set<string>();
  if (s.dedupeDays <= 0 || candidates.length === 0 || ctx.k.kind !== 'comment') return out;
  const l = ctx.k.logs;
  const since = new Date(now.getTime() - s.dedupeDays * 86_400_000);
  const itemIds = [...new Set(candidates.map((c) => c.itemId).filter(Boolean))];
  const urls = [...new Set(candidates.map((c) => c.url))];
  const rows = await db
    .selectDistinct({ itemId: l.itemId, url: l.itemUrl })
    .from(l)
    .where(
      and(
        eq(l.tenantId, ctx.tenantId),
        eq(l.result, 1),
        eq(l.isDeleted, 0),
        gte(l.createTime, since),
        or(inArray(l.itemUrl, urls), itemIds.length ? inArray(l.itemId, itemIds) : undefined),
      ),
    );
  for (const r of rows) {
    if (r.itemId) out.add(`i:${r.itemId}`);
    if (r.url) out.add(`u:${r.url}`);
  }
  return out;
}
