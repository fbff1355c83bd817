/**
 * Why a comment could not be had, typed for the callers (the robot-facing comment operation falls back to the
 * phrase pool or fails the item, §3.2) and worded in Chinese for the operators who read the run logs.
 *
 * The provider's errors (§3.2: HTTP 400/401/403/404/429/500/503 with `{error:{message,type,code}}`), as the
 * `openai` package raises them, map to:
 * - `auth`: 401/403, a wrong or disabled key — never retried, nothing will change until an operator fixes it;
 * - `rate_limited`: 429 still refused after the retries;
 * - `timeout`: no answer within `timeoutMs` (or the caller gave up) — not retried: the robot is waiting;
 * - `rejected`: every generated comment broke the rules (length, sensitive words, empty);
 * - `upstream`: anything else (a 5xx, a refused connection, a 400/404 such as an unknown model, a malformed answer).
 */
import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import { REJECTION_MSG, type CommentRejection } from './comment-rules';

export type AiCommentErrorReason = 'auth' | 'rate_limited' | 'timeout' | 'rejected' | 'upstream';

export class AiCommentError extends Error {
  override readonly name = 'AiCommentError';

  constructor(
    readonly reason: AiCommentErrorReason,
    /** Chinese, for operators. */
    message: string,
    readonly details: {
      /** Chat-completion calls made. */
      attempts: number;
      /** The provider's HTTP status, when it answered. */
      status?: number;
      /** For `rejected`: why the last comment was refused, the word when it was a sensitive one. */
      rejection?: CommentRejection;
      word?: string;
      /** The provider's own message (English, for the server log). */
      upstreamMessage?: string;
    },
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }

  get attempts(): number {
    return this.details.attempts;
  }
}

/** What one failed call means for the next one. */
export interface CallFailure {
  reason: Exclude<AiCommentErrorReason, 'rejected'>;
  /** Whether another call may succeed (429, 5xx, a dropped connection). */
  retryable: boolean;
  /** The provider's `Retry-After`, in milliseconds, when it sent one. */
  retryAfterMs?: number;
  status?: number;
  upstreamMessage?: string;
}

/**
 * `Retry-After` as seconds or an HTTP date (RFC 9110 §10.2.3), or OpenAI's `retry-after-ms`; undefined when absent
 * or unreadable. Never negative.
 */
export function parseRetryAfter(headers: Headers | undefined, now = Date.now()): number | undefined {
  const ms = headers?.get('retry-after-ms');
  if (ms && /^\d+(\.\d+)?$/u.test(ms.trim())) return Math.max(0, Math.round(Number(ms)));
  const v = headers?.get('retry-after')?.trim();
  if (!v) return undefined;
  if (/^\d+(\.\d+)?$/u.test(v)) return Math.max(0, Math.round(Number(v) * 1000));
  const at = Date.parse(v);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** The `openai` package's error (or anything else thrown by a call) as a failure of that call. */
export function classifyCallError(err: unknown): CallFailure {
  // the timeout error is a connection error: test it first
  if (err instanceof APIConnectionTimeoutError || err instanceof APIUserAbortError)
    return { reason: 'timeout', retryable: false };
  if (err instanceof APIConnectionError)
    return { reason: 'upstream', retryable: true, upstreamMessage: err.message };
  if (err instanceof APIError) {
    const status = typeof err.status === 'number' ? err.status : undefined;
    const base = { status, upstreamMessage: err.message };
    if (status === 401 || status === 403) return { reason: 'auth', retryable: false, ...base };
    if (status === 429) {
      const retryAfterMs = parseRetryAfter(err.headers);
      return {
        reason: 'rate_limited',
        retryable: true,
        ...base,
        ...(retryAfterMs !== undefined && { retryAfterMs }),
      };
    }
    // 408 is the provider's own timeout; 5xx its failure, often passing
    if (status === 408 || (status !== undefined && status >= 500))
      return { reason: 'upstream', retryable: true, ...base };
    return { reason: 'upstream', retryable: false, ...base };
  }
  return {
    reason: 'upstream',
    retryable: false,
    upstreamMessage: err instanceof Error ? err.message : String(err),
  };
}

/** The operators' message of a failed call. */
export function failureMessage(f: CallFailure): string {
  switch (f.reason) {
    case 'auth':
      return 'AI 服务认证失败，请检查 API 密钥';
    case 'rate_limited':
      return 'AI 服务请求过于频繁，请稍后重试';
    case 'timeout':
      return 'AI 服务响应超时';
    case 'upstream':
      if (f.status === 400 || f.status === 404 || f.status === 422)
        return `AI 服务拒绝了请求(HTTP ${f.status})，请检查接口地址和模型配置`;
      return f.status !== undefined ? `AI 服务异常(HTTP ${f.status})` : 'AI 服务连接失败';
  }
}

/** The operators' message when every comment broke the rules. */
export function rejectedMessage(
  rejection: CommentRejection,
  word: string | undefined,
  attempts: number,
): string {
  const why =
    rejection === 'sensitive' && word ? `${REJECTION_MSG.sensitive}「${word}」` : REJECTION_MSG[rejection];
  return `${why}，已生成 ${attempts} 次均不符合要求`;
}
