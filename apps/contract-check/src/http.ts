import { createHash } from 'node:crypto';

export interface Reply {
  /** HTTP status; 0 when no answer came (network error or timeout) */
  status: number;
  text: string;
  /** parsed JSON body; undefined when the body is not JSON */
  json: unknown;
  /** the answer's Content-Type header ('' when none) */
  contentType?: string;
  error?: string | undefined;
}

export interface RequestSpec {
  method: string;
  /** contract path, `{name}` placeholders filled from `pathParams` */
  path: string;
  query?: Record<string, unknown> | undefined;
  pathParams?: Record<string, unknown> | undefined;
  headers?: Record<string, string> | undefined;
  /** JSON body (undefined: none) */
  body?: unknown;
  /** false: send no Smart-Auth header; a string: that token instead of the session's */
  token?: string | false | undefined;
}

export const md5 = (s: string): string => createHash('md5').update(s).digest('hex');

/** Talks to the backend under test over HTTP only: client Basic header on every call, the token once logged in. */
export class HttpClient {
  token: string | undefined;
  requests = 0;

  constructor(
    readonly baseUrl: string,
    readonly basic: string,
    readonly tenant: string,
    readonly timeoutMs = 10_000,
  ) {}

  url(spec: Pick<RequestSpec, 'path' | 'query' | 'pathParams'>): string {
    const path = spec.path.replace(/\{([^}]+)\}/g, (_m, name: string) =>
      encodeURIComponent(String(spec.pathParams?.[name] ?? '')),
    );
    const qs = new URLSearchParams();
    for (const [k, v] of Object.entries(spec.query ?? {})) {
      if (v === undefined) continue;
      for (const item of Array.isArray(v) ? v : [v]) {
        qs.append(k, typeof item === 'object' && item !== null ? JSON.stringify(item) : String(item));
      }
    }
    const q = qs.toString();
    return `${this.baseUrl.replace(/\/+$/, '')}${path}${q ? `?${q}` : ''}`;
  }

  async send(spec: RequestSpec): Promise<Reply> {
    const headers: Record<string, string> = {
      authorization: this.basic,
      'tenant-id': this.tenant,
      accept: 'application/json',
      ...spec.headers,
    };
    const token = spec.token === undefined ? this.token : spec.token;
    if (token) headers['smart-auth'] = `bearer ${token}`;
    let body: string | undefined;
    if (spec.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(spec.body);
    }
    this.requests++;
    try {
      const res = await fetch(this.url(spec), {
        method: spec.method,
        headers,
        body,
        signal: AbortSignal.timeout(this.timeoutMs),
        redirect: 'manual',
      });
      const text = await res.text();
      let json: unknown;
      try {
        json = text ? JSON.parse(text) : undefined;
      } catch {
        json = undefined;
      }
      return { status: res.status, text, json, contentType: res.headers.get('content-type') ?? '' };
    } catch (err) {
      const e = err as Error;
      const error = e.name === 'TimeoutError' ? `no answer within ${this.timeoutMs} ms` : e.message;
      return { status: 0, text: '', json: undefined, error };
    }
  }

  /** Password grant as the console does it (md5 of the password, tenant header); returns the token body. */
  async login(tokenPath: string, account: string, password: string): Promise<Record<string, unknown>> {
    const res = await this.send({
      method: 'POST',
      path: tokenPath,
      query: {
        grant_type: 'password',
        username: account,
        password: md5(password),
        scope: 'all',
        tenantId: this.tenant,
        type: 'account',
      },
      token: false,
    });
    const body = res.json as Record<string, unknown> | undefined;
    if (res.status !== 200 || typeof body?.access_token !== 'string') {
      const why = res.error ?? String(body?.error_description ?? body?.msg ?? res.text.slice(0, 200));
      throw new LoginError(`login as ${account} in tenant ${this.tenant} failed: HTTP ${res.status} ${why}`);
    }
    return body;
  }
}

export class LoginError extends Error {
  override readonly name = 'LoginError';
}
