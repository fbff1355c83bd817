/**
 * The one reader of the dates a request carries (docs/platform-contract.md §1.3: `yyyy-MM-dd HH:mm:ss`, server local
 * time; the contract's common.yaml DateTime). The contract's pattern only says "four digits, two, two …", so
 * `2026-13-45 10:00:00` or `0999-01-01 00:00:00` pass it: JavaScript's Date rolls the first over into another day,
 * and the second is stored but cannot be answered again (years before 1000 are not four digits, before 1900 local
 * time has odd offsets). Here a date is read only when it names a real calendar day and time within years
 * 1900–9999; anything else is refused, never rolled over.
 */

export const MIN_YEAR = 1900;
export const MAX_YEAR = 9999;

/** The message of a refused date (as util.ts `parseDateTime` answers it, with the value). */
export const DATE_MSG = '日期格式错误';

/** China time (Asia/Shanghai) is UTC+8 with no daylight saving since 1991: the payment channels' and platforms' clock. */
export const CHINA_OFFSET_MS = 8 * 3600_000;

/**
 * The China day of an instant, `yyyy-MM-dd`: the day a roster unit's count of actions belongs to
 * (src/engine/runs/unit-day.ts), whatever the server's own zone.
 */
export const chinaDate = (d: Date): string =>
  new Date(d.getTime() + CHINA_OFFSET_MS).toISOString().slice(0, 10);

const DATETIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;
const DATE_OPTIONAL_TIME = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2}):(\d{2}))?$/;

const daysIn = (year: number, month: number) => new Date(year, month, 0).getDate();

export interface DateTimeOptions {
  /** Accept `yyyy-MM-dd` alone too (midnight): list filters and birthdays take either. */
  dateOnly?: boolean;
}

/**
 * `yyyy-MM-dd HH:mm:ss` (or `yyyy-MM-dd` with `dateOnly`) → the local Date; undefined when the text is not exactly
 * that shape or does not name a real moment (month 13, February 30, hour 24, a year outside 1900–9999, a local time
 * skipped by a daylight-saving change).
 */
export function readDateTime(v: string, opts: DateTimeOptions = {}): Date | undefined {
  const m = (opts.dateOnly ? DATE_OPTIONAL_TIME : DATETIME).exec(v);
  if (!m) return undefined;
  const [y, mo, d, h, mi, s] = m.slice(1).map((x) => (x === undefined ? 0 : Number(x))) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (y < MIN_YEAR || y > MAX_YEAR || mo < 1 || mo > 12 || d < 1 || d > daysIn(y, mo)) return undefined;
  if (h > 23 || mi > 59 || s > 59) return undefined;
  const date = new Date(y, mo - 1, d, h, mi, s);
  // a local time the zone skips (spring forward) comes back as another hour: not a moment of this server's clock
  if (
    Number.isNaN(date.getTime()) ||
    date.getFullYear() !== y ||
    date.getMonth() !== mo - 1 ||
    date.getDate() !== d ||
    date.getHours() !== h ||
    date.getMinutes() !== mi
  )
    return undefined;
  return date;
}
