// Configuration of the HTTP layer (`configureHttp`) and its memory between calls: the 401 latch and the toast
// de-duplication.
import type { ApiError } from './errors';

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
  /**
   * The server's message in the user's language (the contract's error catalogue, src/http/messages.ts). Default: as
   * the server sent it.
   */
  translateMessage: (message: string) => string;
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
  translateMessage: (message) => message,
  unknownErrorMessage: () => '未知错误',
  networkErrorMessage: () => '网络异常,请稍后重试',
  timeoutMessage: () => '请求超时',
  timeoutMs: 100_000,
  unauthorizedDedupeMs: 2_000,
  toastDedupeMs: 2_000,
};

let config: HttpConfig = { ...defaults };

/** The 401 latch and the toast de-duplication memory (read and written by `./notify`). */
export const httpMemory = {
  lastUnauthorizedAt: Number.NEGATIVE_INFINITY,
  recentToasts: new Map<string, number>(),
};

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
  httpMemory.lastUnauthorizedAt = Number.NEGATIVE_INFINITY;
  httpMemory.recentToasts.clear();
}

/** The current configuration (read-only view). */
export function getHttpConfig(): Readonly<HttpConfig> {
  return config;
}
