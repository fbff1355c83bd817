/**
 * The one hand-written HTTP layer of Smart Console (docs/spec.md §7, §8; docs/architecture.md §4).
 *
 * Every generated request function calls `apiFetch` (orval mutator, axios-style call shape, implemented on
 * `fetch`). The console calls `configureHttp()` once at start-up.
 *
 * Response handling, in this order:
 *  1. HTTP 200..500 are "resolved" and judged by the body: `code = body.code ?? httpStatus`,
 *     `message = body.msg || body.error_description || unknownErrorMessage()`.
 *  2. A code on `statusWhiteList` rejects with an `ApiError` and shows no toast (the caller handles it).
 *  3. Code 401 calls `onUnauthorized()` (local logout + /login) and rejects. Parallel 401s within
 *     `unauthorizedDedupeMs` call it once and toast at most once.
 *  4. Any other non-200 code calls `notifyError(message)` and rejects with `ApiError(code, message, status, body)`.
 *  5. Code 200 resolves: an envelope (`{code, data}`) resolves to `data`, a raw body (oauth/token, logout) as is.
 *
 * Better than upstream (docs/console-behaviour.md §3, §19): HTTP statuses above 500, network errors and timeouts also
 * reject with an `ApiError` *and* notify (upstream failed silently); identical toasts within `toastDedupeMs`
 * are collapsed (parallel failures, query retries); query strings are URL-encoded; a caller's abort rejects
 * quietly (no toast).
 */

/* ------------------------------------------------------------------------------------------------------------ */
/* Configuration                                                                                                 */
/* ------------------------------------------------------------------------------------------------------------ */

export interface HttpConfig {
  /** Prefix for relative URLs (generated URLs already start with `/api/`). Default `''`. */
  baseUrl: string;
  /** OAuth client; sent on every request as `Authorization: Basic base64(clientId:clientSecret)`. */
  clientId: string;
  clientSecret: string;
  /** Name of the token header. Default `Smart-Auth`. */
  tokenHeader: string;
  /** Current access token, or empty/undefined when logged out. */
  getToken: () => string | null | undefined;
  /** Tenant sent as `Tenant-Id` when set. */
  getTenantId: () => string | null | undefined;
  /** Department and role sent as `Dept-Id` / `Role-Id` when set (switch mode). */
  getDeptId: () => string | null | undefined;
  getRoleId: () => string | null | undefined;
  /** Code 401: the console logs out locally and goes to /login. Called once per burst of 401s. */
  onUnauthorized: (error: ApiError) => void;
  /** Shows an error toast. */
  notifyError: (message: string, error: ApiError) => void;
  /** Codes passed to the caller as rejections, without toast or logout. */
  statusWhiteList: readonly number[];
  /** Translated "unknown error" text. */
  unknownErrorMessage: () => string;
  /** Translated texts for transport failures (defaults: zh). */
  networkErrorMessage: () => string;
  timeoutMessage: () => string;
  /** Request timeout. Default 100000 ms (docs/spec.md §9). */
  timeoutMs: number;
  /** Window in which parallel 401s count as one. Default 2000 ms. */
  unauthorizedDedupeMs: number;
  /** Window in which identical toasts are collapsed. Default 2000 ms. */
  toastDedupeMs: number;
  /** The fetch implementation (tests, SSR). Default `globalThis.fetch` at call time. */
  fetch?: typeof fetch;
}

const defaults: HttpConfig = {
  baseUrl: '',
  clientId: 'saber',
  clientSecret: 'saber_secret',
  tokenHeader: 'Smart-Auth',
  getToken: () => undefined,
  getTenantId: () => undefined,
  getDeptId: () => undefined,
  getRoleId: () => undefined,
  onUnauthorized: () => undefined,
  notifyError: () => undefined,
  statusWhiteList: [],
  unknownErrorMessage: () => '未知错误',
  networkErrorMessage: () => '网络异常,请稍后重试',
  timeoutMessage: () => '请求超时',
  timeoutMs: 100_000,
  unauthorizedDedupeMs: 2_000,
  toastDedupeMs: 2_000,
};

let config: HttpConfig = { ...defaults };
let lastUnauthorizedAt = Number.NEGATIVE_INFINITY;
const recentToasts = new Map<string, number>();

/** Sets the HTTP layer up (merged over the defaults; call again to change parts). Resets the 401 latch. */
export function configureHttp(partial: Partial<HttpConfig>): void {
  config = { ...config, ...partial };
  resetHttpState();
}

/** Restores the defaults (tests). */
export function resetHttpConfig(): void {
  config = { ...defaults };
  resetHttpState();
}

/** Forgets the 401 latch and the toast de-duplication memory (e.g. after a new login). */
export function resetHttpState(): void {
  lastUnauthorizedAt = Number.NEGATIVE_INFINITY;
  recentToasts.clear();
}

/** The current configuration (read-only view). */
export function getHttpConfig(): Readonly<HttpConfig> {
  return config;
}

/* ------------------------------------------------------------------------------------------------------------ */
/* Errors                                                                                                        */
/* ------------------------------------------------------------------------------------------------------------ */

export type ApiErrorKind = 'business' | 'http' | 'network' | 'timeout';

/** Every rejection of `apiFetch` (except a caller's own abort) is an `ApiError`. */
export class ApiError<TBody = unknown> extends Error {
  override readonly name = 'ApiError';
  /** Business code: `body.code`, else the HTTP status; 0 for network errors and timeouts. */
  readonly code: number;
  /** HTTP status; 0 when no response arrived. */
  readonly status: number;
  /** Parsed response body, when there was one. */
  readonly body: TBody | undefined;
  readonly kind: ApiErrorKind;

  constructor(code: number, message: string, status: number, body?: TBody, kind: ApiErrorKind = 'business') {
    super(message);
    this.code = code;
    this.status = status;
    this.body = body;
    this.kind = kind;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** orval: error type of the generated hooks (`TError = ErrorType<BadRequestResponse | …>`). */
export type ErrorType<TBody> = ApiError<TBody>;
/** orval: request body type. */
export type BodyType<TBody> = TBody;

/* ------------------------------------------------------------------------------------------------------------ */
/* Envelope typing                                                                                               */
/* ------------------------------------------------------------------------------------------------------------ */

/** An envelope `{code, …, data}` unwraps to its `data`; any other (raw) body stays as is. */
export type Unwrap<T> = T extends { code: number; data: infer D }
  ? D
  : T extends { code: number; success: boolean; data?: infer D }
    ? D | undefined
    : T;

/* ------------------------------------------------------------------------------------------------------------ */
/* Request                                                                                                       */
/* ------------------------------------------------------------------------------------------------------------ */

export type QueryValue =
  string | number | boolean | null | undefined | readonly (string | number | boolean)[];

/** First argument of `apiFetch`, as orval writes it. */
export interface RequestConfig {
  url: string;
  method:
    'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH' | 'HEAD' | 'OPTIONS' | Lowercase<string> | Uppercase<string>;
  params?: object;
  data?: unknown;
  headers?: object;
  signal?: AbortSignal;
  responseType?: 'json' | 'text' | 'blob';
}

/** Second argument of `apiFetch` (`request` in the hooks' options): per-call tweaks. */
export interface RequestOptions {
  /** Extra headers; they win over every default header. */
  headers?: Record<string, string | undefined>;
  /** `isToken: false` sends no token header (tokenless calls), as upstream's `meta.isToken`. */
  meta?: { isToken?: boolean };
  /** Override the timeout of this call. */
  timeoutMs?: number;
  /** Override `responseType` (e.g. `blob` for downloads). */
  responseType?: 'json' | 'text' | 'blob';
  /** No error toast for this call (it still rejects, and a 401 still logs out). E.g. the background refresh. */
  silent?: boolean;
}

/** Query string: skips undefined, null and ''; arrays are comma-joined; everything is URL-encoded. */
export function serializeParams(params: object | undefined): string {
  if (!params) return '';
  const search = new URLSearchParams();
  for (const [key, raw] of Object.entries(params) as [string, unknown][]) {
    if (raw === undefined || raw === null || raw === '') continue;
    let value: string;
    if (Array.isArray(raw)) {
      const items = (raw as unknown[]).filter((v) => v !== undefined && v !== null && v !== '');
      if (items.length === 0) continue;
      value = items.map(String).join(',');
    } else if (raw instanceof Date) {
      value = raw.toISOString();
    } else if (typeof raw === 'object') {
      value = JSON.stringify(raw);
    } else {
      value = String(raw);
    }
    search.append(key, value);
  }
  return search.toString();
}

function buildUrl(url: string, params: object | undefined): string {
  const absolute = /^[a-z][a-z\d+\-.]*:\/\//i.test(url);
  const base =
    absolute || !config.baseUrl || url.startsWith(config.baseUrl) ? '' : config.baseUrl.replace(/\/$/, '');
  const query = serializeParams(params);
  if (!query) return base + url;
  return base + url + (url.includes('?') ? '&' : '?') + query;
}

function basicAuth(clientId: string, clientSecret: string): string {
  const raw = `${clientId}:${clientSecret}`;
  const bytes = new TextEncoder().encode(raw);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return `Basic ${btoa(binary)}`;
}

function buildHeaders(
  req: RequestConfig,
  options: RequestOptions | undefined,
  hasJsonBody: boolean,
): Headers {
  const headers = new Headers();
  headers.set('Accept', 'application/json');
  headers.set('Authorization', basicAuth(config.clientId, config.clientSecret));
  const token = config.getToken();
  if (token && options?.meta?.isToken !== false) headers.set(config.tokenHeader, `bearer ${token}`);
  const tenantId = config.getTenantId();
  if (tenantId) headers.set('Tenant-Id', tenantId);
  const deptId = config.getDeptId();
  if (deptId) headers.set('Dept-Id', deptId);
  const roleId = config.getRoleId();
  if (roleId) headers.set('Role-Id', roleId);
  if (hasJsonBody) headers.set('Content-Type', 'application/json');
  // Caller-given headers win: first the generated ones (header parameters), then the per-call options.
  for (const source of [req.headers, options?.headers]) {
    if (!source) continue;
    for (const [name, value] of Object.entries(source) as [string, unknown][]) {
      if (value === undefined || value === null || value === '') continue;
      headers.set(name, String(value));
    }
  }
  // Multipart: the runtime must write the boundary itself (orval declares a bare `multipart/form-data`).
  if (req.data instanceof FormData) headers.delete('Content-Type');
  return headers;
}

function buildBody(data: unknown): { body: BodyInit | undefined; json: boolean } {
  if (data === undefined) return { body: undefined, json: false };
  if (
    typeof data === 'string' ||
    data instanceof FormData ||
    data instanceof URLSearchParams ||
    data instanceof Blob ||
    data instanceof ArrayBuffer
  ) {
    return { body: data, json: false };
  }
  return { body: JSON.stringify(data), json: true };
}

type BodyRecord = Record<string, unknown>;

function asRecord(body: unknown): BodyRecord | undefined {
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as BodyRecord) : undefined;
}

function readCode(body: unknown, httpStatus: number): number {
  const raw = asRecord(body)?.['code'];
  if (typeof raw === 'number' && Number.isFinite(raw)) return raw;
  if (typeof raw === 'string' && /^\d+$/.test(raw)) return Number(raw);
  return httpStatus;
}

function readMessage(body: unknown): string {
  const record = asRecord(body);
  const msg = record?.['msg'];
  if (typeof msg === 'string' && msg) return msg;
  const description = record?.['error_description'];
  if (typeof description === 'string' && description) return description;
  return config.unknownErrorMessage();
}

/** `{code, data}` (or `{code, success}`) is an envelope; anything else is a raw body. */
export function unwrapBody(body: unknown): unknown {
  const record = asRecord(body);
  if (
    record &&
    typeof record['code'] === 'number' &&
    ('data' in record || typeof record['success'] === 'boolean')
  ) {
    return record['data'];
  }
  return body;
}

function notify(error: ApiError): void {
  const now = Date.now();
  const last = recentToasts.get(error.message);
  if (last !== undefined && now - last < config.toastDedupeMs) return;
  recentToasts.set(error.message, now);
  if (recentToasts.size > 50) {
    for (const [message, at] of recentToasts)
      if (now - at >= config.toastDedupeMs) recentToasts.delete(message);
  }
  config.notifyError(error.message, error);
}

function unauthorized(error: ApiError, silent: boolean): void {
  const now = Date.now();
  if (now - lastUnauthorizedAt < config.unauthorizedDedupeMs) return;
  lastUnauthorizedAt = now;
  if (!silent) notify(error);
  config.onUnauthorized(error);
}

async function readBody(res: Response, responseType: 'json' | 'text' | 'blob'): Promise<unknown> {
  if (responseType === 'blob' && res.status === 200) return res.blob();
  const text = await res.text();
  if (responseType === 'text' && res.status === 200) return text;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function isAbortError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}

/**
 * orval mutator. Resolves to the unwrapped `data` of an envelope, or to the raw body; rejects with `ApiError`
 * as described at the top of this file.
 */
export async function apiFetch<T>(req: RequestConfig, options?: RequestOptions): Promise<Unwrap<T>> {
  const { body, json } = buildBody(req.data);
  const headers = buildHeaders(req, options, json);
  const url = buildUrl(req.url, req.params);
  const responseType = options?.responseType ?? req.responseType ?? 'json';
  const timeoutMs = options?.timeoutMs ?? config.timeoutMs;
  const silent = options?.silent === true;
  const fail = (error: ApiError): never => {
    if (!silent) notify(error);
    throw error;
  };

  // Timeout and the caller's signal (TanStack Query cancellation) share one controller.
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const callerSignal = req.signal;
  const onCallerAbort = () => controller.abort();
  if (callerSignal) {
    if (callerSignal.aborted) controller.abort();
    else callerSignal.addEventListener('abort', onCallerAbort, { once: true });
  }

  let res: Response;
  let parsed: unknown;
  try {
    const doFetch = config.fetch ?? globalThis.fetch;
    res = await doFetch(url, { method: req.method.toUpperCase(), headers, body, signal: controller.signal });
    parsed = await readBody(res, responseType);
  } catch (cause) {
    if (timedOut) return fail(new ApiError(0, config.timeoutMessage(), 0, undefined, 'timeout'));
    if (callerSignal?.aborted || isAbortError(cause)) throw cause; // the caller cancelled: quiet
    return fail(new ApiError(0, config.networkErrorMessage(), 0, undefined, 'network'));
  } finally {
    clearTimeout(timer);
    callerSignal?.removeEventListener('abort', onCallerAbort);
  }

  const httpStatus = res.status;
  if (httpStatus < 200 || httpStatus > 500) {
    const message = asRecord(parsed) ? readMessage(parsed) : config.unknownErrorMessage();
    return fail(new ApiError(readCode(parsed, httpStatus), message, httpStatus, parsed, 'http'));
  }

  const code = readCode(parsed, httpStatus);
  if (code === 200) return unwrapBody(parsed) as Unwrap<T>;

  const error = new ApiError(code, readMessage(parsed), httpStatus, parsed, 'business');
  if (config.statusWhiteList.includes(code)) throw error;
  if (code === 401) {
    unauthorized(error, silent);
    throw error;
  }
  return fail(error);
}

export default apiFetch;
