/**
 * One JSON call of an outside API the engine talks to (Yingdao's open API, Feishu's open platform): the URL with its
 * query, the bearer token, a JSON body, a timeout, and the answer's body read leniently (an empty or non-JSON body is
 * `undefined`, for the client to call a protocol error). What an answer means (envelopes, codes, retries) is each
 * client's own.
 */

export interface JsonRequest {
  method: 'GET' | 'POST';
  path: string;
  query?: Record<string, string | undefined>;
  body?: unknown;
}

export interface JsonAnswer {
  status: number;
  /** The parsed body; undefined when empty or not JSON. */
  json: unknown;
  headers: Headers;
}

/** No answer came: the call timed out, or the connection failed (the client words its own error). */
export class NoAnswer extends Error {
  constructor(
    readonly timedOut: boolean,
    readonly timeoutMs: number,
    cause: unknown,
  ) {
    super(timedOut ? `timed out after ${timeoutMs} ms` : ((cause as Error)?.message ?? String(cause)));
  }
}

export interface JsonCallOptions {
  fetchFn: typeof fetch;
  base: string;
  token?: string | undefined;
  timeoutMs: number;
  /** The body's media type (Feishu asks for the charset). */
  contentType?: string;
}

export async function callJson(req: JsonRequest, o: JsonCallOptions): Promise<JsonAnswer> {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(req.query ?? {})) if (v !== undefined) qs.set(k, v);
  const search = qs.toString();
  const url = `${o.base}${req.path}${search ? `?${search}` : ''}`;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (o.token) headers.authorization = `Bearer ${o.token}`;
  if (req.body !== undefined) headers['content-type'] = o.contentType ?? 'application/json';
  try {
    const res = await o.fetchFn(url, {
      method: req.method,
      headers,
      body: req.body === undefined ? undefined : JSON.stringify(req.body),
      signal: AbortSignal.timeout(o.timeoutMs),
    });
    const text = await res.text();
    let json: unknown;
    try {
      json = text === '' ? undefined : JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: res.status, json, headers: res.headers };
  } catch (err) {
    const name = (err as { name?: unknown }).name;
    throw new NoAnswer(name === 'TimeoutError' || name === 'AbortError', o.timeoutMs, err);
  }
}
