/**
 * A live run (`dy_live`, docs/automation-domain.md §2.2; contract openapi/schemas/robot/run.yaml LiveTarget): what
 * the robot is given for its visit of the room, and what its action rows say (`liveAction`, stored by ./actions.ts
 * as `dy_live_log` rows).
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/index';
import { dyLiveArr, type dyLive } from '../../db/schema';
import { parseIds } from '../../util';
import type { RunContext } from './run-context';
import type { RunSettings, RunTarget } from './run-targets';

/** `dy_live_log.action_type` of each `liveAction` (RunAction.liveAction). */
export const LIVE_ACTIONS = { enter: 1, danmaku: 2, like: 3, follow: 4, leave: 5 } as const;
export type LiveAction = keyof typeof LIVE_ACTIONS;

export const isLiveAction = (v: unknown): v is LiveAction =>
  typeof v === 'string' && Object.prototype.hasOwnProperty.call(LIVE_ACTIONS, v);

/**
 * The room to visit and how: one `live` target and the danmaku as the run's actions. The units of a task come in
 * one after another: a unit waits its own `enterDelaySec` plus the task's `enterIntervalSec` for each unit listed
 * before it (the order of `arrIds`, else of the units bound to the task by sort and id).
 */
export async function liveRun(
  db: Db,
  ctx: RunContext,
): Promise<{ targets: RunTarget[]; settings: RunSettings }> {
  const t = ctx.task as unknown as typeof dyLive.$inferSelect;
  // the live roster is the only one with an entry delay (`enter_delay_sec`)
  const u = dyLiveArr;
  const listed = parseIds(t.arrIds);
  const units = await db
    .select({ id: u.id, enterDelaySec: u.enterDelaySec })
    .from(u)
    .where(
      and(
        eq(u.tenantId, ctx.tenantId),
        eq(u.isDeleted, 0),
        listed.length ? inArray(u.id, listed) : eq(u.liveId, t.id),
      ),
    )
    .orderBy(u.sort, u.id);
  const order = listed.length ? listed.map(String) : units.map((r) => String(r.id));
  const arrId = ctx.group.arrId ? String(ctx.group.arrId) : '';
  const place = Math.max(0, order.indexOf(arrId));
  const own = units.find((r) => String(r.id) === arrId)?.enterDelaySec ?? 0;
  const danmaku = t.danmakuMode === 0 ? 0 : t.danmakuCount;
  const min = Math.max(0, t.minDanmakuIntervalSec);
  return {
    targets: [
      {
        id: '',
        kind: 'live',
        value: t.expandUrl || t.liveUrl,
        itemId: t.webRid,
        title: t.anchorName,
        live: {
          roomId: t.roomId,
          stayMinutes: Math.max(1, t.stayMinutes),
          enterDelaySec: Math.max(0, own) + place * Math.max(0, t.enterIntervalSec),
          likeTaps: Math.max(0, t.likeTaps),
          followAnchor: t.followAnchor === 1 ? 1 : 0,
          danmakuMode: t.danmakuMode === 1 || t.danmakuMode === 2 ? t.danmakuMode : 0,
        },
      },
    ],
    settings: {
      count: danmaku,
      minIntervalSec: min,
      maxIntervalSec: Math.max(min, t.maxDanmakuIntervalSec),
      likeBeforeComment: 0,
      needComment: danmaku > 0,
    },
  };
}
