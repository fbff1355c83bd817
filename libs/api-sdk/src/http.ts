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

import { getHttpConfig } from './http/config';
import { ApiError } from './http/errors';
import { notify, unauthorized } from './http/notify';
import { buildBody, buildHeaders, buildUrl, type RequestConfig, type RequestOptions } from './http/request';
import {
  asRecord,
  isAbortError,
  readBody,
  readCode,
  readMessage,
  type Unwrap,
  unwrapBody,
} from './http/response';

// The parts, one file each under `./http/`: configuration and memory, errors, request, response, notifications.
export {
  configureHttp,
  getHttpConfig,
  resetHttpConfig,
  resetHttpState,
  type HttpConfig,
} from './http/config';
export { ApiError, isApiError, type ApiErrorKind } from './http/errors';
export { serializeParams, type QueryValue, type RequestConfig, type RequestOptions } from './http/request';
export { unwrapBody, type Unwrap } from './http/response';
export { messageTranslator, type MessagePair, type MessageTexts } from './http/messages';

// orval reads this file's own text for `export type ErrorType` / `BodyType` and this file's `apiFetch` for its
// parameters (the second one becomes the hooks' `request` option): they stay declared here, not re-exported.

/** orval: error type of the generated hooks (`TError = ErrorType<BadRequestResponse | …>`). */
export type ErrorType<TBody> = ApiError<TBody>;
/** orval: request body type. */
export type BodyType<TBody> = TBody;

/**
 * orval mutator. Resolves to the unwrapped `data` of an envelope, or to the raw body; rejects with `ApiError`
 * as described at the top of this file.
 */
export async function apiFetch<T>(req: RequestConfig, options?: RequestOptions): Promise<Unwrap<T>> {
  const { body, json } = buildBody(req.data);
  const headers = buildHeaders(req, options, json);
  const url = buildUrl(req.url, req.params);
  const responseType = options?.responseType ?? req.responseType ?? 'json';
  const timeoutMs = options?.timeoutMs ?? getHttpConfig().timeoutMs;
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
    const doFetch = getHttpConfig().fetch ?? globalThis.fetch;
    res = await doFetch(url, { method: req.method.toUpperCase(), headers, body, signal: controller.signal });
    parsed = await readBody(res, responseType);
  } catch (cause) {
    if (timedOut) return fail(new ApiError(0, getHttpConfig().timeoutMessage(), 0, undefined, 'timeout'));
    if (callerSignal?.aborted || isAbortError(cause)) throw cause; // the caller cancelled: quiet
    return fail(new ApiError(0, getHttpConfig().networkErrorMessage(), 0, undefined, 'network'));
  } finally {
    clearTimeout(timer);
    callerSignal?.removeEventListener('abort', onCallerAbort);
  }

  const httpStatus = res.status;
  if (httpStatus < 200 || httpStatus > 500) {
    const message = asRecord(parsed) ? readMessage(parsed) : getHttpConfig().unknownErrorMessage();
    return fail(new ApiError(readCode(parsed, httpStatus), message, httpStatus, parsed, 'http'));
  }

  const code = readCode(parsed, httpStatus);
  if (code === 200) return unwrapBody(parsed) as Unwrap<T>;

  const error = new ApiError(code, readMessage(parsed), httpStatus, parsed, 'business');
  if (getHttpConfig().statusWhiteList.includes(code)) throw error;
  if (code === 401) {
    unauthorized(error, silent);
    throw error;
  }
  return fail(error);
}

export default apiFetch;
