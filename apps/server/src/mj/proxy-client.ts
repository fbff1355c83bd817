/**
 * The client of a Midjourney proxy (the midjourney-proxy protocol, docs/automation-domain.md §3.9): submits
 * imagine and change (upscale / variation / reroll) jobs, fetches a task, and reads the Task JSON the proxy
 * answers on fetch and POSTs to a notify hook (§4.5 for the states).
 *
 * Every submit answers `{code, description, result, properties}`: codes 1 (submitted), 21 (already exists) and 22
 * (queued) give a task id; 23 (queue full), 24 (banned prompt), 3 (not found), 4 (validation) and 9 (failure) are
 * refusals without a task. Refusals, HTTP failures and the wire's failures all become an `MjProxyError` whose
 * `reason` says what happened and whose message is meant for an operator (Chinese), never carrying the secret.
 */

export interface MjProxyConfig {
  /** e.g. `http://host:8080/mj` or `<server>/sandbox-mj/mj`; a trailing slash is ignored. */
  baseUrl: string;
  /** Sent as header `mj-api-secret` when non-empty. */
  secret?: string | undefined;
  /** Per request, body included (default 15 s). */
  timeoutMs?: number | undefined;
}

export type MjAction = 'IMAGINE' | 'UPSCALE' | 'VARIATION' | 'REROLL';
export type MjTaskStatus = 'NOT_START' | 'SUBMITTED' | 'IN_PROGRESS' | 'SUCCESS' | 'FAILURE';

export interface MjTask {
  id: string;
  /** §3.9 also names DESCRIBE and BLEND; kept as the proxy said it. */
  action: MjAction | string;
  status: MjTaskStatus;
  prompt: string;
  promptEn: string;
  description: string;
  /** Whatever the submitter passed as `state`, echoed back. */
  state: string;
  /** ms since the epoch; null while unknown. */
  submitTime: number | null;
  startTime: number | null;
  finishTime: number | null;
  /** "0%".."100%" */
  progress: string;
  /** '' until the proxy has an image. */
  imageUrl: string;
  /** '' unless FAILURE. */
  failReason: string;
}

export type MjProxyErrorReason =
  | 'QUEUE_FULL'
  | 'BANNED_PROMPT'
  | 'NOT_FOUND'
  | 'VALIDATION'
  | 'FAILURE'
  | 'UNAUTHORIZED'
  | 'UNREACHABLE'
  | 'BAD_ANSWER';

/** Refusals that may pass when the same call is made later (the queue drains, the proxy comes back). */
const RETRIABLE: ReadonlySet<MjProxyErrorReason> = new Set(['QUEUE_FULL', 'UNREACHABLE']);

export class MjProxyError extends Error {
  readonly reason: MjProxyErrorReason;
  /** The proxy's `code` when it answered one. */
  readonly code?: number;
  /** The word the proxy refused (code 24), when it named one. */
  readonly bannedWord?: string;
  /** The HTTP status when an answer came (absent for UNREACHABLE). */
  readonly httpStatus?: number;

  constructor(
    reason: MjProxyErrorReason,
    message: string,
    extra: { code?: number; bannedWord?: string; httpStatus?: number; cause?: unknown } = {},
  ) {
    super(message, extra.cause === undefined ? undefined : { cause: extra.cause });
    this.name = 'MjProxyError';
    this.reason = reason;
    if (extra.code !== undefined) this.code = extra.code;
    if (extra.bannedWord !== undefined) this.bannedWord = extra.bannedWord;
    if (extra.httpStatus !== undefined) this.httpStatus = extra.httpStatus;
  }

  /** Whether the same call may succeed later without changing anything (queue full, proxy unreachable). */
  get retriable(): boolean {
    return RETRIABLE.has(this.reason);
  }
}

export interface MjSubmitResult {
  taskId: string;
  /** 1 submitted, 21 already exists (an identical upscale was done before: its task), 22 queued. */
  code: 1 | 21 | 22;
  /** `properties.numberOfQueues` of a code 22: tasks waiting ahead. */
  queued?: number;
}

export const MJ_DEFAULT_TIMEOUT_MS = 15_000;

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The secret must never reach an operator's screen or a log, even when the proxy echoes it back. */
function redact(text: string, secret: string | undefined): string {
  return secret ? text.split(secret).join('***') : text;
}

/** A proxy's free text, shortened so that an operator message stays readable. */
function clip(text: string, max = 200): string {
  const t = text.trim();
  return t.length > max ? `${t.slice(0, max)}…` : t;
}

interface Answer {
  status: number;
  /** The body parsed; undefined when empty or not JSON. */
  json: unknown;
  /** The body was empty (or only whitespace). */
  empty: boolean;
}

/** One HTTP exchange with the proxy; throws UNREACHABLE when no answer came, UNAUTHORIZED on 401/403. */
async function call(
  cfg: MjProxyConfig,
  method: 'GET' | 'POST',
  path: string,
  body: unknown,
  fetchImpl: typeof fetch,
): Promise<Answer> {
  const base = cfg.baseUrl.trim().replace(/\/+$/u, '');
  let origin: string;
  try {
    const u = new URL(base);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new TypeError('not http');
    origin = u.origin;
  } catch {
    // the address is not echoed: a mistyped configuration may hold anything
    throw new MjProxyError('UNREACHABLE', '绘图服务地址无效，请填写 http(s)://主机:端口/mj 形式的地址');
  }
  const timeoutMs = cfg.timeoutMs && cfg.timeoutMs > 0 ? cfg.timeoutMs : MJ_DEFAULT_TIMEOUT_MS;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (cfg.secret) headers['mj-api-secret'] = cfg.secret;
  let status: number;
  let text: string;
  try {
    const res = await fetchImpl(`${base}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    status = res.status;
    text = await res.text();
  } catch (err) {
    const name = isObject(err) ? err.name : undefined;
    const timedOut = name === 'TimeoutError' || name === 'AbortError';
    // the cause is kept for logs; the message names only the origin (no path, no credentials)
    throw new MjProxyError(
      'UNREACHABLE',
      timedOut
        ? `绘图服务响应超时（${timeoutMs % 1000 === 0 ? `${timeoutMs / 1000} 秒` : `${timeoutMs} 毫秒`}）：${origin}`
        : `绘图服务无法连接：${origin}`,
      { cause: err },
    );
  }
  if (status === 401 || status === 403) {
    throw new MjProxyError(
      'UNAUTHORIZED',
      cfg.secret ? '绘图服务密钥错误' : '绘图服务要求密钥，请填写绘图服务密钥',
      { httpStatus: status },
    );
  }
  let json: unknown;
  const empty = text.trim() === '';
  try {
    json = empty ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status, json, empty };
}

/** An answer that carries no usable envelope: say what the HTTP status suggests. */
function badAnswer(a: Answer): MjProxyError {
  const httpStatus = a.status;
  if (httpStatus === 502 || httpStatus === 503 || httpStatus === 504)
    return new MjProxyError('UNREACHABLE', `绘图服务暂不可用（HTTP ${httpStatus}）`, { httpStatus });
  if (httpStatus === 404)
    return new MjProxyError(
      'BAD_ANSWER',
      '绘图服务地址有误（HTTP 404），请确认地址以 /mj 结尾（如 http://主机:8080/mj）',
      { httpStatus },
    );
  if (httpStatus < 200 || httpStatus >= 300)
    return new MjProxyError('BAD_ANSWER', `绘图服务出错（HTTP ${httpStatus}）`, { httpStatus });
  return new MjProxyError('BAD_ANSWER', `绘图服务返回了无法识别的内容（HTTP ${httpStatus}）`, { httpStatus });
}

/** The MjProxyError of a refusal code (§3.9), or of a code this client does not know. */
function refusal(env: Json, code: number, httpStatus: number, secret: string | undefined): MjProxyError {
  const description = typeof env.description === 'string' ? redact(clip(env.description), secret) : '';
  const detail = description ? `：${description}` : '';
  const properties = isObject(env.properties) ? env.properties : {};
  switch (code) {
    case 23:
      return new MjProxyError('QUEUE_FULL', '绘图队列已满，请稍后再试', { code, httpStatus });
    case 24: {
      const word = typeof properties.bannedWord === 'string' ? properties.bannedWord.trim() : '';
      const shown = redact(clip(word, 50), secret);
      return new MjProxyError('BANNED_PROMPT', shown ? `提示词含违禁词：${shown}` : '提示词含违禁词', {
        code,
        httpStatus,
        ...(word ? { bannedWord: word } : {}),
      });
    }
    case 3:
      return new MjProxyError('NOT_FOUND', `绘图任务不存在或已失效${detail}`, { code, httpStatus });
    case 4:
      return new MjProxyError('VALIDATION', `绘图请求参数错误${detail}`, { code, httpStatus });
    case 9:
      return new MjProxyError('FAILURE', `绘图服务处理失败${detail}`, { code, httpStatus });
    default:
      return new MjProxyError('FAILURE', `绘图服务返回未知结果（代码 ${code}）${detail}`, {
        code,
        httpStatus,
      });
  }
}

/** A task id as the proxy writes it (a long number, sometimes sent as a JSON number). */
function idOf(v: unknown): string | undefined {
  if (typeof v === 'string' && v.trim() !== '') return v.trim();
  if (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) return String(v);
  return undefined;
}

/** A submit's answer read: the task id of codes 1/21/22, else the refusal thrown. */
function submitResult(a: Answer, secret: string | undefined): MjSubmitResult {
  const env = a.json;
  if (!isObject(env) || typeof env.code !== 'number' || !Number.isInteger(env.code)) throw badAnswer(a);
  const code = env.code;
  if (code !== 1 && code !== 21 && code !== 22) throw refusal(env, code, a.status, secret);
  const taskId = idOf(env.result);
  if (!taskId) throw badAnswer(a);
  if (code !== 22) return { taskId, code };
  const properties = isObject(env.properties) ? env.properties : {};
  const n = properties.numberOfQueues;
  return typeof n === 'number' && Number.isInteger(n) && n >= 0
    ? { taskId, code, queued: n }
    : { taskId, code };
}

const CHANGE_ACTIONS: ReadonlySet<string> = new Set(['UPSCALE', 'VARIATION', 'REROLL']);

/** Submits a drawing (`POST /submit/imagine`). */
export async function submitImagine(
  cfg: MjProxyConfig,
  body: { prompt: string; notifyHook?: string | undefined; state?: string | undefined },
  fetchImpl: typeof fetch = fetch,
): Promise<MjSubmitResult> {
  const prompt = body.prompt.trim();
  if (!prompt) throw new MjProxyError('VALIDATION', '提示词不能为空');
  const payload: Json = { prompt };
  if (body.notifyHook) payload.notifyHook = body.notifyHook;
  if (body.state !== undefined) payload.state = body.state;
  return submitResult(await call(cfg, 'POST', '/submit/imagine', payload, fetchImpl), cfg.secret);
}

/** Submits a change of a finished task (`POST /submit/change`): U1–U4, V1–V4 or a reroll. */
export async function submitChange(
  cfg: MjProxyConfig,
  body: {
    taskId: string;
    action: 'UPSCALE' | 'VARIATION' | 'REROLL';
    /** 1–4, required for UPSCALE and VARIATION (the image of the 2×2 grid). */
    index?: number | undefined;
    notifyHook?: string | undefined;
    state?: string | undefined;
  },
  fetchImpl: typeof fetch = fetch,
): Promise<MjSubmitResult> {
  const taskId = body.taskId.trim();
  if (!taskId) throw new MjProxyError('VALIDATION', '缺少要变换的绘图任务编号');
  if (!CHANGE_ACTIONS.has(body.action))
    throw new MjProxyError('VALIDATION', `不支持的变换操作：${String(body.action)}`);
  const payload: Json = { taskId, action: body.action };
  if (body.action !== 'REROLL') {
    const i = body.index;
    if (i === undefined || !Number.isInteger(i) || i < 1 || i > 4)
      throw new MjProxyError('VALIDATION', '请选择第 1–4 张图');
    payload.index = i;
  }
  if (body.notifyHook) payload.notifyHook = body.notifyHook;
  if (body.state !== undefined) payload.state = body.state;
  return submitResult(await call(cfg, 'POST', '/submit/change', payload, fetchImpl), cfg.secret);
}

/** The task `id` now (`GET /task/{id}/fetch`); NOT_FOUND when the proxy does not know it. */
export async function fetchTask(
  cfg: MjProxyConfig,
  id: string,
  fetchImpl: typeof fetch = fetch,
): Promise<MjTask> {
  const taskId = id.trim();
  if (!taskId) throw new MjProxyError('VALIDATION', '缺少绘图任务编号');
  const a = await call(cfg, 'GET', `/task/${encodeURIComponent(taskId)}/fetch`, undefined, fetchImpl);
  const shown = redact(clip(taskId, 64), cfg.secret);
  // the proxy answers an unknown id with 200 and an empty body (its null)
  if (a.status >= 200 && a.status < 300 && (a.empty || a.json === null))
    throw new MjProxyError('NOT_FOUND', `绘图任务不存在：${shown}`, { httpStatus: a.status });
  const task = parseMjTask(a.json);
  if (task && a.status >= 200 && a.status < 300) {
    if (task.id !== taskId) throw badAnswer(a);
    return task;
  }
  // some deployments answer a refusal envelope instead (code 3 for an unknown id)
  if (isObject(a.json) && typeof a.json.code === 'number' && Number.isInteger(a.json.code)) {
    const code = a.json.code;
    if (code === 3)
      throw new MjProxyError('NOT_FOUND', `绘图任务不存在：${shown}`, { code, httpStatus: a.status });
    if (code !== 1) throw refusal(a.json, code, a.status, cfg.secret);
  }
  throw badAnswer(a);
}

const STATUSES: Readonly<Record<string, MjTaskStatus>> = {
  NOT_START: 'NOT_START',
  SUBMITTED: 'SUBMITTED',
  IN_PROGRESS: 'IN_PROGRESS',
  SUCCESS: 'SUCCESS',
  FAILURE: 'FAILURE',
  // proxies that open a remix modal or cancel tasks have these two: folded into the five states of §4.5
  MODAL: 'IN_PROGRESS',
  CANCEL: 'FAILURE',
};

/** A text field: '' for null/absent, undefined (not a task) for another type. */
function textField(v: unknown): string | undefined {
  if (v === undefined || v === null) return '';
  return typeof v === 'string' ? v : undefined;
}

/** A time (ms since the epoch) as a number, a numeric string or a date string; null otherwise. */
function timeField(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) && v > 0 ? Math.round(v) : null;
  if (typeof v !== 'string' || v.trim() === '') return null;
  const s = v.trim();
  if (/^\d+$/u.test(s)) return Number(s) > 0 ? Number(s) : null;
  const at = Date.parse(s);
  return Number.isNaN(at) ? null : at;
}

/** "n%" with n 0–100 as the proxy writes it; a number is taken as a percentage; else the state's default. */
function progressField(v: unknown, status: MjTaskStatus): string {
  let n: number | undefined;
  if (typeof v === 'number' && Number.isFinite(v)) n = v;
  else if (typeof v === 'string') {
    const m = /^\s*(\d+(?:\.\d+)?)\s*%?\s*$/u.exec(v);
    if (m?.[1] !== undefined) n = Number(m[1]);
  }
  if (status === 'SUCCESS') return '100%';
  if (n === undefined) return '0%';
  return `${Math.min(100, Math.max(0, Math.round(n)))}%`;
}

/**
 * A Task JSON (§3.9: the fetch answer and the notify hook's POST body) checked and normalised: absent texts become
 * '', times ms numbers or null, progress "n%"; undefined when the body is not a task (no id, no known status, or a
 * field of the wrong type).
 */
export function parseMjTask(body: unknown): MjTask | undefined {
  if (!isObject(body)) return undefined;
  const id = idOf(body.id);
  const rawStatus = typeof body.status === 'string' ? body.status.trim().toUpperCase() : '';
  const status = Object.hasOwn(STATUSES, rawStatus) ? STATUSES[rawStatus] : undefined;
  if (!id || !status) return undefined;
  const action = textField(body.action);
  const prompt = textField(body.prompt);
  const promptEn = textField(body.promptEn);
  const description = textField(body.description);
  const state = textField(body.state);
  const imageUrl = textField(body.imageUrl);
  const failReason = textField(body.failReason);
  if (
    action === undefined ||
    prompt === undefined ||
    promptEn === undefined ||
    description === undefined ||
    state === undefined ||
    imageUrl === undefined ||
    failReason === undefined
  )
    return undefined;
  return {
    id,
    action: action.trim().toUpperCase(),
    status,
    prompt,
    promptEn,
    description,
    state,
    submitTime: timeField(body.submitTime),
    startTime: timeField(body.startTime),
    finishTime: timeField(body.finishTime),
    progress: progressField(body.progress, status),
    imageUrl: imageUrl.trim(),
    failReason: failReason || (rawStatus === 'CANCEL' ? '任务已取消' : ''),
  };
}
