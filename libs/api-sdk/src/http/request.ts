// What a call sends: the request types orval writes, the query string, the URL, the default headers and the body.
import { getHttpConfig } from './config';

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

export function buildUrl(url: string, params: object | undefined): string {
  const config = getHttpConfig();
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

export function buildHeaders(
  req: RequestConfig,
  options: RequestOptions | undefined,
  hasJsonBody: boolean,
): Headers {
  const config = getHttpConfig();
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

export function buildBody(data: unknown): { body: BodyInit | undefined; json: boolean } {
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
