/**
 * Quartz cron expressions (the contract's `cronExpression`: 6 or 7 fields, seconds minutes hours day-of-month month
 * day-of-week [year]) on croner, evaluated in the server's time zone Asia/Shanghai (automation-domain.md §4.6),
 * whatever the process's own zone.
 *
 * Quartz's dialect differs from croner's default in a few places, mapped here:
 * - day-of-week 1–7 is Sunday–Saturday (croner's `alternativeWeekdays`), a lone `L` there is Saturday;
 * - `?` means "no value" and is allowed in day-of-month or day-of-week only; Quartz wants one of the two to be `?`,
 *   accepted here is `*` too, but never two restricted fields (Quartz refuses them: which one would win?);
 * - `a/b` steps from a (croner's `sloppyRanges`); names (MON, JAN), `L`, `W`, `LW`, `#` as Quartz has them;
 * - the optional year (croner's 7-field mode; a year in the past leaves the expression without fire times).
 * Quartz's `L-n` (n days before the last) has no croner equivalent and is refused as invalid.
 */
import { Cron } from 'croner';

/** The server time of every cron (contract cron.yaml: "server time, Asia/Shanghai"). */
export const SCHEDULER_TZ = 'Asia/Shanghai';

/**
 * Asia/Shanghai as a fixed offset: UTC+8 without daylight saving since 1991, so exact for every fire time to come.
 * croner computes a run ~100 times faster with an offset than with a zone name (0.01–0.1 ms instead of 1.5 ms, which
 * every tick pays for every firing it plans).
 */
const OFFSET_MIN = 480;

/** How many fire times `intervalStatus` compares (contract cron.yaml CronIntervalStatus). */
export const INTERVAL_SAMPLE = 20;

export const CRON_INVALID_MSG = 'Cron 表达式无效';

/** An expression that does not parse; `message` is the Chinese reason the API answers. */
export class CronError extends Error {
  constructor(reason?: string) {
    super(reason ? `${CRON_INVALID_MSG}: ${reason}` : CRON_INVALID_MSG);
    this.name = 'CronError';
  }
}

const FIELD_CHARS = /^[0-9A-Za-z*?,\-/#]+$/;
const FIELD_NAMES = ['秒', '分', '时', '日', '月', '周', '年'];
/** Day-of-week numbers (outside `#n`, which counts weeks): Quartz allows 1–7 only. */
const DOW_NUMBER = /(?<![#\d])\d+/g;

/** Validates the Quartz dialect and rewrites it into croner's; throws CronError. */
function toCroner(expr: string): string {
  const fields = expr.trim().split(/\s+/);
  if (fields.length !== 6 && fields.length !== 7)
    throw new CronError('需要 6 或 7 个字段（秒 分 时 日 月 周 [年]）');
  fields.forEach((f, i) => {
    if (!FIELD_CHARS.test(f)) throw new CronError(`${FIELD_NAMES[i]}字段含有非法字符`);
    if (f.includes('?') && f !== '?') throw new CronError(`${FIELD_NAMES[i]}字段的 ? 只能单独使用`);
    if (f === '?' && i !== 3 && i !== 5) throw new CronError('? 只能用于日或周字段');
  });
  const [, , , dom, , dow] = fields as [string, string, string, string, string, string];
  const open = (f: string) => f === '*' || f === '?';
  if (dom === '?' && dow === '?') throw new CronError('日和周不能同时为 ?');
  if (!open(dom) && !open(dow)) throw new CronError('日和周不能同时指定，其中一个请用 ?');
  if (/L-\d/.test(dom)) throw new CronError('不支持 L-n 写法');
  for (const n of dow.match(DOW_NUMBER) ?? [])
    if (+n < 1 || +n > 7) throw new CronError('周字段取值为 1-7（1 为周日）或 SUN-SAT');
  const out = fields.map((f) => (f === '?' ? '*' : f));
  // Quartz: a lone L in day-of-week is its last day, Saturday (7)
  if (out[5] === 'L') out[5] = '7';
  return out.join(' ');
}

const cache = new Map<string, Cron>();
const CACHE_MAX = 2000;

/** The croner schedule of a Quartz expression (cached); throws CronError when it does not parse. */
export function parseCron(expr: string): Cron {
  const hit = cache.get(expr);
  if (hit) return hit;
  let cron: Cron;
  try {
    cron = new Cron(toCroner(expr), {
      utcOffset: OFFSET_MIN,
      mode: '6-or-7-parts',
      alternativeWeekdays: true,
      sloppyRanges: true,
      // one of day-of-month and day-of-week is a wildcard (toCroner): AND keeps the other one's meaning
      domAndDow: true,
    });
  } catch (e) {
    if (e instanceof CronError) throw e;
    throw new CronError();
  }
  if (cache.size >= CACHE_MAX) cache.clear();
  cache.set(expr, cron);
  return cron;
}

/** The Chinese reason an expression does not parse, or undefined when it does. */
export function cronProblem(expr: string): string | undefined {
  try {
    parseCron(expr);
    return undefined;
  } catch (e) {
    return e instanceof CronError ? e.message : CRON_INVALID_MSG;
  }
}

/** The first fire time strictly after `after`, or null when the expression never fires again. */
export function nextFire(expr: string, after: Date): Date | null {
  return parseCron(expr).nextRun(after);
}

/** The next `count` fire times strictly after `from`, ascending (fewer when the expression stops firing). */
export function nextDates(expr: string, count: number, from: Date = new Date()): Date[] {
  return parseCron(expr).nextRuns(count, from);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `yyyy-MM-dd HH:mm:ss` in the scheduler's time zone (contract cron.yaml: server time, Asia/Shanghai). */
export function formatSchedulerTime(d: Date): string {
  const z = new Date(d.getTime() + OFFSET_MIN * 60_000);
  return (
    `${z.getUTCFullYear()}-${pad(z.getUTCMonth() + 1)}-${pad(z.getUTCDate())} ` +
    `${pad(z.getUTCHours())}:${pad(z.getUTCMinutes())}:${pad(z.getUTCSeconds())}`
  );
}

/** A Quartz expression firing once, at `d` (to the second, with its year), in the scheduler's time zone. */
export function cronAt(d: Date): string {
  const z = new Date(d.getTime() + OFFSET_MIN * 60_000);
  return `${z.getUTCSeconds()} ${z.getUTCMinutes()} ${z.getUTCHours()} ${z.getUTCDate()} ${z.getUTCMonth() + 1} ? ${z.getUTCFullYear()}`;
}

/** `getCronSchduleList`: the next `count` fire times as the contract writes them; throws CronError. */
export function nextTimes(expr: string, count: number, from: Date = new Date()): string[] {
  return nextDates(expr, count, from).map(formatSchedulerTime);
}

export type IntervalStatusCode = 'OK' | 'TOO_FREQUENT' | 'INVALID' | 'NEVER_FIRES';

/** Contract cron.yaml CronIntervalStatus. */
export interface CronIntervalStatus {
  status: IntervalStatusCode;
  cronExpression: string;
  minIntervalSeconds: number;
  thresholdSeconds: number;
  nextTimes: string[];
}

/** The job groups of the contract (scheduler-job.yaml `jobGroup`). */
export const JOB_GROUPS = [
  'DY_BROWSE',
  'DY_COMM',
  'DY_PUBLISH',
  'XSH_BROWSE',
  'XSH_COMM',
  'XHS_PUBLISH',
  'SPH_BROWSE',
  'DY_LIVE',
  'SYSTEM',
] as const;
export type JobGroup = (typeof JOB_GROUPS)[number];

/**
 * The default smallest gap of a job group (contract cron.yaml `thresholdSeconds`: DY_COMM/XSH_COMM 1800, browse
 * groups and DY_LIVE 600, others 60): comment runs are the ones platforms' risk control watches most; a live visit
 * lasts its stay, so a schedule firing more often than browse runs would only pile up visits of the same room.
 */
export function defaultThreshold(jobGroup?: string): number {
  if (jobGroup === 'DY_COMM' || jobGroup === 'XSH_COMM') return 1800;
  if (
    jobGroup === 'DY_BROWSE' ||
    jobGroup === 'XSH_BROWSE' ||
    jobGroup === 'SPH_BROWSE' ||
    jobGroup === 'DY_LIVE'
  )
    return 600;
  return 60;
}

/**
 * Whether an expression fires too often: the smallest gap between its next 20 fire times against `thresholdSec`.
 * Never throws: an unparsable expression is status INVALID.
 */
export function intervalStatus(
  expr: string,
  thresholdSec: number,
  from: Date = new Date(),
): CronIntervalStatus {
  const base = { cronExpression: expr, thresholdSeconds: thresholdSec };
  let dates: Date[];
  try {
    dates = nextDates(expr, INTERVAL_SAMPLE, from);
  } catch {
    return { status: 'INVALID', ...base, minIntervalSeconds: -1, nextTimes: [] };
  }
  if (dates.length === 0) return { status: 'NEVER_FIRES', ...base, minIntervalSeconds: -1, nextTimes: [] };
  let min = -1;
  for (let i = 1; i < dates.length; i++) {
    const gap = Math.floor((dates[i]!.getTime() - dates[i - 1]!.getTime()) / 1000);
    if (min < 0 || gap < min) min = gap;
  }
  return {
    status: min >= 0 && min < thresholdSec ? 'TOO_FREQUENT' : 'OK',
    ...base,
    minIntervalSeconds: min,
    nextTimes: dates.map(formatSchedulerTime),
  };
}
