/** Wires the session and the website config into the SDK's HTTP layer. */
import type { ApiError, HttpConfig } from '@smart/api-sdk';
import { fedLogout } from './auth';
import { getSession } from './session';
import { getWebsite } from './website';

/** Translation keys `createHttpConfig` asks `t` for. */
export const HTTP_MESSAGE_KEYS = {
  unknownError: 'http.unknownError',
  networkError: 'http.networkError',
  timeout: 'http.timeout',
} as const;

export interface CreateHttpConfigOptions {
  /** After the local logout of a 401: the console navigates to /login. */
  onUnauthorized: (error: ApiError) => void;
  /** Error toast. */
  notifyError: (message: string, error: ApiError) => void;
  /** Translator for the texts in `HTTP_MESSAGE_KEYS` ('unknown error' etc.). */
  t: (key: string) => string;
  /** Other HttpConfig fields (baseUrl, timeoutMs, …). */
  overrides?: Partial<HttpConfig>;
}

/**
 * The `configureHttp` argument for the console: client, token header and white list from the website config;
 * token, tenant, department and role from the session; a 401 runs `fedLogout()` and then `onUnauthorized`.
 *
 *     configureHttp(createHttpConfig({ onUnauthorized: () => navigate('/login'), notifyError: toast.error, t }));
 */
export function createHttpConfig({
  onUnauthorized,
  notifyError,
  t,
  overrides,
}: CreateHttpConfigOptions): Partial<HttpConfig> {
  const website = getWebsite();
  return {
    clientId: website.clientId,
    clientSecret: website.clientSecret,
    tokenHeader: website.tokenHeader,
    statusWhiteList: [...website.statusWhiteList],
    getToken: () => getSession().token,
    getTenantId: () => getSession().tenantId || website.tenantId,
    getDeptId: () => getSession().deptId,
    getRoleId: () => getSession().roleId,
    onUnauthorized: (error) => {
      fedLogout();
      onUnauthorized(error);
    },
    notifyError,
    unknownErrorMessage: () => t(HTTP_MESSAGE_KEYS.unknownError),
    networkErrorMessage: () => t(HTTP_MESSAGE_KEYS.networkError),
    timeoutMessage: () => t(HTTP_MESSAGE_KEYS.timeout),
    ...overrides,
  };
}
