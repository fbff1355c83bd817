// The range a comment log count or export covers: whole days picked in the console, sent as the contract's
// `[startTime, endTime)` (xsh_comm.yaml XshCommLogCountRequest; at most 31 days).

/** Today as `YYYY-MM-DD` in the browser's zone. */
export function today(now = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${p(now.getMonth() + 1)}-${p(now.getDate())}`;
}

/** The day after `YYYY-MM-DD`. */
export function nextDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const next = new Date(Date.UTC(y, m - 1, d + 1));
  return next.toISOString().slice(0, 10);
}

export interface LogFilter {
  days: [string, string];
  commId: string;
}

/** The body's range and task of `filter`: from the first day's midnight to the midnight after the last day. */
export const rangeBody = ({ days: [from, until], commId }: LogFilter) => ({
  startTime: `${from} 00:00:00`,
  endTime: `${nextDay(until)} 00:00:00`,
  commId,
});

/** Days the range spans, both ends counted. */
export function spanDays([from, until]: [string, string]): number {
  return Math.round((Date.parse(`${until}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

export const MAX_RANGE_DAYS = 31;
