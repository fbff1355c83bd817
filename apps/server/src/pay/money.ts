/**
 * Amounts and times as the channels want them. Amounts are compared in integer fen: yuan travel as JS numbers
 * (`numeric` columns, JSON) where 19.99 * 100 is 1998.9999999999998, so every comparison rounds to fen first.
 */
import { CHINA_OFFSET_MS } from '../kernel/datetime';

/** Yuan (number or decimal string) → integer fen; NaN for anything that is not a plain amount. */
export function toFen(yuan: number | string): number {
  const n = typeof yuan === 'number' ? yuan : /^-?[0-9]+(\.[0-9]{1,2})?$/.test(yuan) ? Number(yuan) : NaN;
  return Number.isFinite(n) ? Math.round(n * 100) : NaN;
}

/** Integer fen → yuan number with two decimals at most (e.g. for JSON answers). */
export const fenToYuan = (fen: number): number => Math.round(fen) / 100;

/** Integer fen → Alipay's `total_amount` string (`"99.00"`). */
export const fenToYuanString = (fen: number): string => (Math.round(fen) / 100).toFixed(2);

const pad = (n: number) => String(n).padStart(2, '0');

/** `yyyy-MM-dd HH:mm:ss` in China time (UTC+8), as Alipay's `timestamp` and `time_expire` want it. */
export function chinaDateTime(d: Date): string {
  const c = new Date(d.getTime() + CHINA_OFFSET_MS);
  return `${c.getUTCFullYear()}-${pad(c.getUTCMonth() + 1)}-${pad(c.getUTCDate())} ${pad(c.getUTCHours())}:${pad(
    c.getUTCMinutes(),
  )}:${pad(c.getUTCSeconds())}`;
}

/** Parses Alipay's China-time `yyyy-MM-dd HH:mm:ss`; undefined when absent or malformed. */
export function parseChinaDateTime(s: string | undefined): Date | undefined {
  const m = s ? /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(s) : null;
  if (!m) return undefined;
  const utc = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!) - CHINA_OFFSET_MS;
  return Number.isNaN(utc) ? undefined : new Date(utc);
}

/** RFC 3339 with the China offset (`2026-11-22T10:45:00+08:00`), as WeChat Pay's `time_expire` wants it. */
export const rfc3339China = (d: Date): string => `${chinaDateTime(d).replace(' ', 'T')}+08:00`;

/** Parses an RFC 3339 time (WeChat `success_time`); undefined when absent or malformed. */
export function parseRfc3339(s: string | undefined): Date | undefined {
  if (!s) return undefined;
  const d = new Date(s);
  return Number.isNaN(d.getTime()) ? undefined : d;
}
