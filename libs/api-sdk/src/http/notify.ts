// The error toast (identical messages within `toastDedupeMs` collapse) and the 401 hand-off (once per burst).
import { getHttpConfig, httpMemory } from './config';
import type { ApiError } from './errors';

export function notify(error: ApiError): void {
  const config = getHttpConfig();
  const { recentToasts } = httpMemory;
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

export function unauthorized(error: ApiError, silent: boolean): void {
  const now = Date.now();
  if (now - httpMemory.lastUnauthorizedAt < getHttpConfig().unauthorizedDedupeMs) return;
  httpMemory.lastUnauthorizedAt = now;
  if (!silent) notify(error);
  getHttpConfig().onUnauthorized(error);
}
