import { randomInt } from 'node:crypto';
import { DATE_MSG, readDateTime, type DateTimeOptions } from './kernel/datetime';

/* ------------------------------------------------------------------ ids */

const EPOCH = 1_600_000_000_000n; // 2020-09-13
const WORKER_BITS = 10n;
const SEQ_BITS = 12n;
const workerId = BigInt(randomInt(0, 1 << Number(WORKER_BITS)));
let lastMs = 0n;
let seq = 0n;

/**
 * Snowflake-like 63-bit id: 41 bits of milliseconds since 2020, 10 bits of a random per-process worker id
 * (several instances on one PostgreSQL rarely collide; primary keys catch it if they do), 12 bits of sequence.
 */
export function nextId(): bigint {
  let now = BigInt(Date.now());
  if (now < lastMs) now = lastMs; // clock went backwards: keep monotonic
  if (now === lastMs) {
    seq = (seq + 1n) & ((1n << SEQ_BITS) - 1n);
    if (seq === 0n) now = lastMs + 1n; // sequence exhausted in this ms: borrow the next one
  } else {
    seq = 0n;
  }
  lastMs = now;
  return ((now - EPOCH) << (WORKER_BITS + SEQ_BITS)) | (workerId << SEQ_BITS) | seq;
}

const INT8_MAX = 9223372036854775807n;

/** Parses a decimal id; undefined when it is not a valid positive int8 (so it can never match a row). */
export function parseId(value: string | undefined | null): bigint | undefined {
  if (!value || !/^[0-9]{1,20}$/.test(value)) return undefined;
  const n = BigInt(value);
  return n > 0n && n <= INT8_MAX ? n : undefined;
}

/** Comma-joined ids → distinct valid ids (invalid or out-of-range ones are dropped). */
export function parseIds(value: string | undefined | null): bigint[] {
  if (!value) return [];
  const out = new Set<bigint>();
  for (const part of value.split(',')) {
    const id = parseId(part.trim());
    if (id !== undefined) out.add(id);
  }
  return [...out];
}

export const idStr = (v: bigint | null | undefined): string =>
  v === null || v === undefined ? '' : v.toString();

/* ------------------------------------------------------------ datetimes */

const pad = (n: number) => String(n).padStart(2, '0');

/** `yyyy-MM-dd HH:mm:ss` in server local time (docs/platform-contract.md §1.3); empty string for null. */
export function formatDateTime(d: Date | null | undefined): string {
  if (!d) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/**
 * `yyyy-MM-dd HH:mm:ss` (server local time) → Date, read by the server's one date reader (src/kernel/datetime.ts:
 * real calendar dates of years 1900–9999; 2026-02-31 is refused, not rolled over). `dateOnly` takes `yyyy-MM-dd` too.
 */
export function parseDateTime(v: string, opts?: DateTimeOptions): Date {
  const d = readDateTime(v, opts);
  if (!d) throw new BizError(`${DATE_MSG}: ${v}`);
  return d;
}

/** The audit columns every tenant-owned row carries (blade's BaseEntity). */
export interface AuditColumns {
  createUser: bigint | null;
  createDept: bigint | null;
  createTime: Date | null;
  updateUser: bigint | null;
  updateTime: Date | null;
  status: number;
  isDeleted: number;
}

/** The audit fields of a view object, as every module answers them: ids as strings, `yyyy-MM-dd HH:mm:ss`. */
export const auditVO = (r: AuditColumns) => ({
  createUser: idStr(r.createUser),
  createDept: idStr(r.createDept),
  createTime: formatDateTime(r.createTime),
  updateUser: idStr(r.updateUser),
  updateTime: formatDateTime(r.updateTime),
  status: r.status,
  isDeleted: r.isDeleted,
});

/* ------------------------------------------------------------ envelope */

export const OK_MSG = '操作成功';

export function ok<T>(data: T) {
  return { code: 200, success: true as const, msg: OK_MSG, data };
}

export function fail(code: number, msg: string, data: unknown = null) {
  return { code, success: false as const, msg, data };
}

/* -------------------------------------------------------------- errors */

/** Business rule refused the call: HTTP 400 with the envelope (upstream ServiceException). */
export class BizError extends Error {
  readonly statusCode: number;
  constructor(msg: string, statusCode = 400) {
    super(msg);
    this.name = 'BizError';
    this.statusCode = statusCode;
  }
}

/** OAuth2 error of the token endpoint: raw `{error, error_description}`. */
export class OAuthError extends Error {
  readonly statusCode: number;
  readonly error: string;
  constructor(statusCode: number, error: string, description: string) {
    super(description);
    this.name = 'OAuthError';
    this.statusCode = statusCode;
    this.error = error;
  }
}

/** Missing, invalid, expired or revoked token (or bad client header): HTTP 401 envelope. */
export class AuthError extends Error {
  readonly statusCode = 401;
  constructor(msg = '请求未授权') {
    super(msg);
    this.name = 'AuthError';
  }
}

/** Text as HTML text or an attribute value: the five characters that could end either escaped. */
export const escapeHtml = (s: string): string =>
  s.replace(
    /[&<>"']/gu,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** Escapes LIKE wildcards so user input matches literally (default escape character is the backslash). */
export function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (m) => `\\${m}`);
}

/** A body field when it is a string (fields of unvalidated shapes, e.g. partial updates), else undefined. */
export const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
/** A body field when it is a number, else undefined. */
export const num = (v: unknown): number | undefined => (typeof v === 'number' ? v : undefined);
