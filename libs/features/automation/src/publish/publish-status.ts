// The states of a publish item (contract patterns.yaml PublishStatus; apps/server/src/engine/runs/publish-items.ts):
// the ones still moving, and how each reads at a glance, in the run monitor's tones.
import { MONITOR_INTERVAL_MS, type RunTone } from '../monitor/run-status';

/** 0 pending, 1 submitted, 2 publishing, 3 success, 4 failed, 5 cancelled. */
const TONES: readonly RunTone[] = ['idle', 'queued', 'running', 'success', 'failed', 'idle'];

export function publishTone(status: unknown): RunTone {
  return TONES[Number(status)] ?? 'idle';
}

/** Items on their way to the platform: submitted to a robot, or being published. */
export const isPublishing = (status: unknown) => status === 1 || status === 2;

/** Items a retry puts back to pending: failed or cancelled (contract `dy_publish_task` retry). */
export const canRetry = (status: unknown) => status === 4 || status === 5;

/** The items page asks again every 2 s while an item on screen is on its way (CrudPage `refetchInterval`). */
export function publishRefetch(rows: readonly Record<string, unknown>[]): number | false {
  return rows.some((row) => isPublishing(row['publishStatus'])) ? MONITOR_INTERVAL_MS : false;
}

/** A link the robot reported is shown as a link only when it is http(s): it is content from outside. */
export function safeLink(value: unknown): string | undefined {
  if (typeof value !== 'string' || value === '') return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}
