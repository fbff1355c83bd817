/**
 * The client of Feishu's open platform (docs/automation-domain.md §3.3) for what the server does with it: append
 * rows to a sheet (the comment-log export), read a sheet's values and list a bitable's records (the comment import).
 *
 * Why it is shaped so:
 * - one tenant_access_token per app, cached until 5 minutes before Feishu's expiry (at most half its lifetime), one
 *   creation at a time shared by concurrent calls: Feishu rate-limits the token endpoint like any other;
 * - a token error (99991661/99991663/99991668: revoked, rotated secret, clock skew) asks for a new token once and
 *   repeats the call; a second one is reported, not looped on;
 * - 99991400 (or HTTP 429) backs off briefly and retries a bounded number of times, since an operator waits on the
 *   answer; `x-ogw-ratelimit-reset` / `Retry-After` are honoured up to a cap;
 * - every request has a timeout (AbortSignal.timeout), so a stalled Feishu cannot hold a request of ours forever;
 * - every failure is a FeishuError carrying Feishu's code and message (./errors.ts).
 */
import { columnLetters } from './cells';
import { FEISHU_CODES, FeishuError, TOKEN_ERRORS } from './errors';
import { callJson, NoAnswer, type JsonRequest } from '../http/json-call';

export interface FeishuClientOptions {
  /** e.g. `https://open.feishu.cn/open-apis`, or the simulated Feishu's; a path prefix is kept. */
  baseUrl: string;
  appId: string;
  appSecret: string;
  /** Per request (default 15 s). */
  timeoutMs?: number | undefined;
  /** Attempts of one call while Feishu answers rate limited (default 3: the call and two retries). */
  rateLimitAttempts?: number | undefined;
  /** First back-off pause (default 300 ms), doubled per retry; a reset Feishu names is cut to `backoffMaxMs`. */
  backoffMs?: number | undefined;
  backoffMaxMs?: number | undefined;
  /** Tests: pauses, the clock and the HTTP function. */
  sleep?: ((ms: number) => Promise<void>) | undefined;
  now?: (() => number) | undefined;
  fetch?: typeof fetch | undefined;
}

interface Envelope<T> {
  code: number;
  msg: string;
  data?: T;
  tenant_access_token?: unknown;
  expire?: unknown;
}

type ApiRequest = JsonRequest;

/** `values_append`'s answer (the part the export keeps). */
export interface AppendResult {
  tableRange: string;
  updatedRange: string;
  updatedRows: number;
  revision: number;
}

export interface BitableRecord {
  recordId: string;
  fields: Record<string, unknown>;
}

const TOKEN_PATH = '/auth/v3/tenant_access_token/internal';
const TOKEN_MARGIN_MS = 5 * 60_000;
const PAGE_SIZE = 500;

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const isEnvelope = (v: unknown): v is Envelope<unknown> =>
  typeof v === 'object' && v !== null && typeof (v as { code?: unknown }).code === 'number';

const enc = encodeURIComponent;

/** Seconds Feishu asks to wait (`x-ogw-ratelimit-reset`, else `Retry-After`), as milliseconds. */
function resetMs(headers: Headers): number | undefined {
  const v = headers.get('x-ogw-ratelimit-reset') ?? headers.get('retry-after');
  const n = v === null ? NaN : Number(v);
  return Number.isFinite(n) && n >= 0 ? n * 1000 : undefined;
}

export class FeishuClient {
  private readonly base: string;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly now: () => number;
  private readonly fetchFn: typeof fetch;
  private cached: { token: string; until: number } | undefined;
  private creating: Promise<string> | undefined;

  constructor(private readonly o: FeishuClientOptions) {
    this.base = o.baseUrl.replace(/\/+$/, '');
    this.sleep = o.sleep ?? defaultSleep;
    this.now = o.now ?? Date.now;
    this.fetchFn = o.fetch ?? fetch;
  }

  /** A usable tenant_access_token: the cached one while it lasts, else a new one. */
  tenantAccessToken(): Promise<string> {
    if (this.cached && this.cached.until > this.now()) return Promise.resolve(this.cached.token);
    this.creating ??= this.createToken().finally(() => (this.creating = undefined));
    return this.creating;
  }

  private async createToken(): Promise<string> {
    const env = await this.send({
      method: 'POST',
      path: TOKEN_PATH,
      body: { app_id: this.o.appId, app_secret: this.o.appSecret },
    });
    const token = env.tenant_access_token;
    const expire = env.expire;
    if (typeof token !== 'string' || token === '' || typeof expire !== 'number' || expire <= 0)
      throw new FeishuError({
        code: env.code,
        httpStatus: 200,
        msg: '飞书令牌接口返回格式错误',
        kind: 'protocol',
      });
    const lifetime = expire * 1000;
    this.cached = { token, until: this.now() + lifetime - Math.min(TOKEN_MARGIN_MS, lifetime / 2) };
    return token;
  }

  /** One authenticated call: the token refreshed once on a token error, rate limits backed off; `data` or throws. */
  async call<T>(req: ApiRequest): Promise<T> {
    let refreshed = false;
    for (;;) {
      const token = await this.tenantAccessToken();
      try {
        return (await this.send<T>(req, token)).data as T;
      } catch (e) {
        if (e instanceof FeishuError && TOKEN_ERRORS.has(e.code) && !refreshed) {
          refreshed = true;
          if (this.cached?.token === token) this.cached = undefined;
          continue;
        }
        throw e;
      }
    }
  }

  /**
   * Appends rows under the table of `sheetId` (`values_append`, INSERT_ROWS: rows are inserted, never written over
   * what follows the table). At most 5000 rows and 100 columns per call (§3.3).
   */
  async valuesAppend(spreadsheetToken: string, sheetId: string, rows: unknown[][]): Promise<AppendResult> {
    const last = columnLetters(Math.max(1, ...rows.map((r) => r.length)));
    const data = await this.call<{
      tableRange?: unknown;
      revision?: unknown;
      updates?: { updatedRange?: unknown; updatedRows?: unknown; revision?: unknown };
    }>({
      method: 'POST',
      path: `/sheets/v2/spreadsheets/${enc(spreadsheetToken)}/values_append`,
      query: { insertDataOption: 'INSERT_ROWS' },
      body: { valueRange: { range: `${sheetId}!A1:${last}1`, values: rows } },
    });
    const u = data?.updates ?? {};
    const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : 0);
    return {
      tableRange: typeof data?.tableRange === 'string' ? data.tableRange : '',
      updatedRange: typeof u.updatedRange === 'string' ? u.updatedRange : '',
      updatedRows: num(u.updatedRows),
      revision: num(u.revision ?? data?.revision),
    };
  }

  /** The values of a range, row-major; empty cells are null (`valueRenderOption=ToString`). */
  async readValues(spreadsheetToken: string, range: string): Promise<unknown[][]> {
    const data = await this.call<{ valueRange?: { values?: unknown } }>({
      method: 'GET',
      path: `/sheets/v2/spreadsheets/${enc(spreadsheetToken)}/values/${enc(range)}`,
      query: { valueRenderOption: 'ToString' },
    });
    const values = data?.valueRange?.values;
    return Array.isArray(values) ? values.map((r) => (Array.isArray(r) ? (r as unknown[]) : [r])) : [];
  }

  /** The records of a bitable table, page after page while `has_more`, at most `max` of them. */
  async listRecords(appToken: string, tableId: string, max: number): Promise<BitableRecord[]> {
    const out: BitableRecord[] = [];
    let pageToken: string | undefined;
    do {
      const data = await this.call<{ items?: unknown; has_more?: unknown; page_token?: unknown }>({
        method: 'GET',
        path: `/bitable/v1/apps/${enc(appToken)}/tables/${enc(tableId)}/records`,
        query: { page_size: String(PAGE_SIZE), page_token: pageToken },
      });
      for (const item of Array.isArray(data?.items) ? data.items : []) {
        const r = item as { record_id?: unknown; fields?: unknown };
        if (typeof r.record_id !== 'string') continue;
        const fields = r.fields && typeof r.fields === 'object' ? (r.fields as Record<string, unknown>) : {};
        out.push({ recordId: r.record_id, fields });
      }
      const next = typeof data?.page_token === 'string' && data.page_token ? data.page_token : undefined;
      // a page token that does not move would loop forever
      pageToken = data?.has_more === true && next !== pageToken ? next : undefined;
    } while (pageToken && out.length < max);
    return out.slice(0, max);
  }

  /** One request with rate-limit retries; the envelope of a code 0 answer, else throws. */
  private async send<T>(req: ApiRequest, token?: string): Promise<Envelope<T>> {
    const attempts = Math.max(1, this.o.rateLimitAttempts ?? 3);
    for (let n = 1; ; n++) {
      const { status, env, wait } = await this.fetchOnce<T>(req, token);
      if (env?.code === FEISHU_CODES.rateLimited || status === 429) {
        if (n < attempts) {
          const base = (this.o.backoffMs ?? 300) * 2 ** (n - 1);
          await this.sleep(Math.min(wait ?? base, this.o.backoffMaxMs ?? 5_000));
          continue;
        }
        throw new FeishuError({
          code: FEISHU_CODES.rateLimited,
          httpStatus: status,
          msg: `飞书接口请求过于频繁,请稍后重试${env?.msg ? `: ${env.msg}` : ''}`,
          kind: 'rate-limit',
        });
      }
      if (env && env.code === 0) return env;
      if (env)
        throw new FeishuError({
          code: env.code,
          httpStatus: status,
          msg: `飞书接口错误(${env.code}): ${env.msg || '未知错误'}`,
          kind: req.path === TOKEN_PATH || TOKEN_ERRORS.has(env.code) ? 'auth' : 'api',
        });
      throw new FeishuError({
        code: 0,
        httpStatus: status,
        msg: `飞书接口返回了无法识别的内容(HTTP ${status})`,
        kind: 'protocol',
      });
    }
  }

  private async fetchOnce<T>(req: ApiRequest, token: string | undefined) {
    const timeoutMs = this.o.timeoutMs ?? 15_000;
    try {
      const a = await callJson(req, {
        fetchFn: this.fetchFn,
        base: this.base,
        token,
        timeoutMs,
        contentType: 'application/json; charset=utf-8',
      });
      return {
        status: a.status,
        env: isEnvelope(a.json) ? (a.json as Envelope<T>) : undefined,
        wait: resetMs(a.headers),
      };
    } catch (err) {
      if (!(err instanceof NoAnswer)) throw err;
      throw new FeishuError({
        code: 0,
        httpStatus: 0,
        msg: err.timedOut ? `飞书接口超时(${timeoutMs} ms)` : `无法连接飞书接口: ${err.message}`,
        kind: err.timedOut ? 'timeout' : 'network',
      });
    }
  }
}
