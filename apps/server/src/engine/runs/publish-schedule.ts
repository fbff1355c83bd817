/**
 * The schedule of a timed publish plan (`enableTimer` 1; contract PublishPlanFields, docs/automation-domain.md §2
 * "batch helper"): an item without its own `scheduleTime` gets the unit's next free slot when its run is sent, so
 * the platform publishes it then. Slots are the first `videosPerDay` of `dailyTimes` (06:00, 11:00, 14:00, 16:00 and
 * 22:00 when empty) on each day from `startDays` days after today, China time (the platforms' clock, as the
 * scheduler's crons), and at least the 2 hours ahead that a scheduled post needs. A unit never gets more than
 * `videosPerDay` items of the plan on one day, nor two on one slot; items scheduled by hand count too.
 */
import { and, eq, gte, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/index';
import { CHINA_OFFSET_MS } from '../../kernel/datetime';
import { ITEM, SCHEDULE_LEAD_MS, type PublishItem } from './publish-items';
import type { PublishKind } from './task-kinds';

const DAY_MS = 24 * 3600_000;
/** social-auto-upload's default times of day. */
export const DEFAULT_DAILY_TIMES = ['06:00', '11:00', '14:00', '16:00', '22:00'];
/** How far ahead a slot is looked for: a plan's backlog never needs more than a year of days. */
const HORIZON_DAYS = 400;

/** Minutes after midnight of `HH:mm` times (the contract's pattern), sorted, without repeats. */
export function dailyMinutes(dailyTimes: string): number[] {
  const listed = dailyTimes
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  const minutes = (listed.length ? listed : DEFAULT_DAILY_TIMES).map((t) => {
    const [h, m] = t.split(':').map(Number);
    return (h ?? 0) * 60 + (m ?? 0);
  });
  return [...new Set(minutes)].sort((a, b) => a - b);
}

/** The China-time day (ms at its midnight, as a UTC instant) of an instant. */
const chinaDay = (t: number) => Math.floor((t + CHINA_OFFSET_MS) / DAY_MS) * DAY_MS - CHINA_OFFSET_MS;

export interface SchedulePlan {
  videosPerDay: number;
  dailyTimes: string;
  startDays: number;
}

/** The first free slot of a unit, given the times its items of the plan already hold; undefined past the horizon. */
export function nextSlot(plan: SchedulePlan, taken: readonly Date[], now: Date): Date | undefined {
  const perDay = Math.max(1, plan.videosPerDay);
  const slots = dailyMinutes(plan.dailyTimes).slice(0, perDay);
  const held = new Set(taken.map((d) => d.getTime()));
  const perDayHeld = new Map<number, number>();
  for (const t of held) perDayHeld.set(chinaDay(t), (perDayHeld.get(chinaDay(t)) ?? 0) + 1);
  const earliest = now.getTime() + SCHEDULE_LEAD_MS;
  const first = chinaDay(now.getTime()) + Math.max(0, plan.startDays) * DAY_MS;
  for (let d = 0; d < HORIZON_DAYS; d++) {
    const day = first + d * DAY_MS;
    if ((perDayHeld.get(day) ?? 0) >= perDay) continue;
    for (const minute of slots) {
      const at = day + minute * 60_000;
      if (at >= earliest && !held.has(at)) return new Date(at);
    }
  }
  return undefined;
}

/**
 * Gives the item the unit's next slot when the plan is timed and the item has no time of its own; answers the
 * item as it is to be sent. The update is conditional (still pending, still unscheduled), so two triggers of one
 * plan never schedule one item twice.
 */
export async function scheduleItem(
  db: Db,
  k: PublishKind,
  plan: Record<string, unknown> & { id: bigint },
  arrId: bigint,
  item: PublishItem,
  now: Date,
): Promise<PublishItem> {
  if (Number(plan.enableTimer ?? 0) !== 1 || item.scheduleTime) return item;
  const t = k.items;
  const from = new Date(chinaDay(now.getTime()));
  const rows = await db
    .select({ at: t.scheduleTime })
    .from(t)
    .where(
      and(
        eq(t.publishId, plan.id),
        eq(t.arrId, arrId),
        eq(t.isDeleted, 0),
        inArray(t.publishStatus, [ITEM.PENDING, ITEM.SUBMITTED, ITEM.PUBLISHING, ITEM.SUCCESS]),
        gte(t.scheduleTime, from),
      ),
    );
  const slot = nextSlot(
    {
      videosPerDay: Number(plan.videosPerDay ?? 1),
      dailyTimes: String(plan.dailyTimes ?? ''),
      startDays: Number(plan.startDays ?? 0),
    },
    rows.flatMap((r) => (r.at ? [r.at] : [])),
    now,
  );
  if (!slot) return item;
  const [scheduled] = await db
    .update(t)
    .set({ scheduleTime: slot, updateTime: now })
    .where(and(eq(t.id, item.id), eq(t.publishStatus, ITEM.PENDING), isNull(t.scheduleTime)))
    .returning();
  return (scheduled as PublishItem | undefined) ?? item;
}
