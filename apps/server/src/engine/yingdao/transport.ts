/**
 * The HTTP side of the Yingdao client (docs/automation-domain.md §3.1): the `{code, success, msg, data}` envelope,
 * the bearer token (cached in a TokenStore, created on demand, refreshed once on a 401 — HTTP or `code`), back-off on
 * 429 (HTTP or `code`; exponential with jitter, honouring Retry-After, a bounded number of attempts) and a timeout on
 * every request.
 */
import { memoryTokenStore, type TokenStore } from './token-store';
import { YingdaoError } from './types';
import { callJson, NoAnswer } from '../http/json-call';

export interface YingdaoClientOptions {
  /** e.g. `https://api.yingdao.com`, or `<server>/sandbox-yingdao`; a path prefix is kept. */
  baseUrl: string;
  accessKeyId: string;
  accessKeySecret: string;
  /** Default: in memory, per client. */
  tokenStore?: TokenStore | undefined;
  /** Per request, headers and body included (default 15 s). */
  timeoutMs?: number | undefined;
  /** Attempts of one call while Yingdao answers 429 (default 4: the call and three retries). */
  rateLimitAttempts?: number | undefined;
  /** First back-off pause (default 500 ms), doubled per attempt, at most `backoffMaxMs` (default 8 s). */
  backoffBaseMs?: number | undefined;
  backoffMaxMs?: number | undefined;
  /** The longest Retry-After honoured (default 60 s); a longer one is cut to it. */
  retryAfterMaxMs?: number | undefined;
  /** Seconds before Yingdao's expiry a token is no longer used (default 60, at most a tenth of its lifetime). */
  tokenMarginSec?: number | undefined;
  /** Tests: pauses, randomness, the clock and the HTTP function. */
  sleep?: ((ms: number) => Promise<void>) | undefined;
  random?: (() => number) | undefined;
  now?: (() => number) | undefined;
  fetch?: typeof fetch | undefined;
}

export interface Envelope<T = unknown> {
  code: number;
  success: boolean;
  msg: string;
  data: T;
  /** client/list answers its paging next to `data`. */
  page?: unknown;
  requestId?: string;
}

interface ApiRequest {
  method: 'GET' | 'POST';
  path: string;
  query?: Record<string, string | undefined>;
  body?: unknown;
  /** False only for token creation. */
  auth: boolean;
}

interface Answer {
  status: number;
  env: Envelope | undefined;
  retryAfterMs: number | undefined;
}

const TOKEN_PATH = '/oapi/token/v2/token/create';

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Retry-After as seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, now: number): number | undefined {
  if (!value) return undefined;
  const s = value.trim();
  if (/^\d+(\.\d+)?$/.test(s)) return Math.round(Number(s) * 1000);
  const at = Date.parse(s);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

function isEnvelope(v: unknown): v is Envelope {
  return typeof v === 'object' && v !== null && typeof (v as { code?: unknown }).code === 'number';
}

export class YingdaoTransport {
  private readonly base: string;
  private readonly store: TokenStore;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly random: () => number;
  private readonly now: () => number;
  private readonly fetchFn: typeof fetch;
  /** A token Yingdao refused: never handed out again, even while the store still holds it. */
  private rejected: string | undefined;
  /** One token creation at a time, shared by concurrent calls. */
  private creating: Promise<string> | undefined;

  constructor(private readonly o: YingdaoClientOptions) {
    this.base = o.baseUrl.replace(/\/+$/, '');
    this.store = o.tokenStore ?? memoryTokenStore();
    this.sleep = o.sleep ?? defaultSleep;
    this.random = o.random ?? Math.random;
    this.now = o.now ?? Date.now;
    this.fetchFn = o.fetch ?? fetch;
  }

  /** A usable access token: the cached one while it lasts, else a new one (§3.1 "Token"). */
  async accessToken(): Promise<string> {
    const cached = await this.store.get();
    if (cached && cached.token !== this.rejected && cached.expiresAt.getTime() > this.now())
      return cached.token;
    this.creating ??= this.createToken().finally(() => (this.creating = undefined));
    return this.creating;
  }

  private async createToken(): Promise<string> {
    const env = await this.request<{ accessToken?: unknown; expiresIn?: unknown }>({
      method: 'GET',
      path: TOKEN_PATH,
      query: { accessKeyId: this.o.accessKeyId, accessKeySecret: this.o.accessKeySecret },
      auth: false,
    });
    const token = env.data?.accessToken;
    const expiresIn = env.data?.expiresIn;
    if (typeof token !== 'string' || token === '' || typeof expiresIn !== 'number' || expiresIn <= 0) {
      throw new YingdaoError({
        code: env.code,
        httpStatus: 200,
        msg: '影刀令牌接口返回格式错误',
        retriable: false,
        kind: 'protocol',
      });
    }
    const lifetimeMs = expiresIn * 1000;
    const marginMs = Math.min((this.o.tokenMarginSec ?? 60) * 1000, lifetimeMs / 10);
    await this.store.set(token, new Date(this.now() + lifetimeMs - marginMs));
    if (this.rejected === token) this.rejected = undefined;
    return token;
  }

  /** One API call: token, 401 refresh (once), 429 back-off; the envelope of a `code` 200 answer, else throws. */
  async request<T>(req: ApiRequest): Promise<Envelope<T>> {
    let refreshed = false;
    let limited = 0;
    const attempts = Math.max(1, this.o.rateLimitAttempts ?? 4);
    for (;;) {
      const token = req.auth ? await this.accessToken() : undefined;
      const a = await this.send(req, token);
      const code = a.env?.code;
      if (req.auth && (a.status === 401 || code === 401) && !refreshed) {
        refreshed = true;
        this.rejected = token;
        continue;
      }
      if (a.status === 429 || code === 429) {
        limited += 1;
        if (limited < attempts) {
          await this.sleep(this.backoff(limited, a.retryAfterMs));
          continue;
        }
        throw new YingdaoError({
          code: 429,
          httpStatus: a.status,
          msg: a.env?.msg || '影刀接口请求过于频繁,请稍后重试',
          retriable: true,
          kind: 'rate-limit',
        });
      }
      return this.envelopeOf<T>(a);
    }
  }

  /** The pause before the `n`-th retry: Retry-After when given, else exponential with "equal jitter". */
  backoff(n: number, retryAfterMs: number | undefined): number {
    if (retryAfterMs !== undefined) return Math.min(retryAfterMs, this.o.retryAfterMaxMs ?? 60_000);
    const exp = Math.min(this.o.backoffMaxMs ?? 8_000, (this.o.backoffBaseMs ?? 500) * 2 ** (n - 1));
    return Math.round(exp / 2 + (this.random() * exp) / 2);
  }

  private envelopeOf<T>(a: Answer): Envelope<T> {
    const env = a.env;
    if (env && env.code === 200 && env.success !== false && a.status >= 200 && a.status < 300) {
      return env as Envelope<T>;
    }
    if (env && env.code !== 200) {
      const code = env.code;
      throw new YingdaoError({
        code,
        httpStatus: a.status,
        msg: env.msg || `影刀接口返回错误(${code})`,
        retriable: code >= 500 || a.status >= 500,
        kind: 'api',
      });
    }
    throw new YingdaoError({
      code: env?.code ?? a.status,
      httpStatus: a.status,
      msg: env
        ? env.msg || `影刀接口调用失败(HTTP ${a.status})`
        : `影刀接口返回了无法识别的内容(HTTP ${a.status})`,
      retriable: a.status >= 500,
      kind: env ? 'http' : 'protocol',
    });
  }

  private async send(req: ApiRequest, token: string | undefined): Promise<Answer> {
    const timeoutMs = this.o.timeoutMs ?? 15_000;
    try {
      const a = await callJson(req, { fetchFn: this.fetchFn, base: this.base, token, timeoutMs });
      return {
        status: a.status,
        env: isEnvelope(a.json) ? a.json : undefined,
        retryAfterMs: parseRetryAfter(a.headers.get('retry-after'), this.now()),
      };
    } catch (err) {
      if (!(err instanceof NoAnswer)) throw err;
      throw new YingdaoError({
        code: 0,
        httpStatus: 0,
        msg: err.timedOut ? `影刀接口超时(${timeoutMs} ms): ${req.path}` : `无法连接影刀接口: ${err.message}`,
        retriable: true,
        kind: err.timedOut ? 'timeout' : 'network',
      });
    }
  }
}
