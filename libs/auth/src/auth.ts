/**
 * Login, token refresh, logout (docs/spec.md §4, docs/console-behaviour.md §8, docs/platform-contract.md §2.1).
 */
import { ApiError, getHttpConfig, resetHttpState } from '@smart/api-sdk';
// the request functions without their query hooks: this module runs on /login (see the SDK's orval config)
import {
  dictDictionary,
  menuButtons,
  menuRoutes,
  oauthLogout,
  oauthToken,
  oauthTokenRefresh,
} from '@smart/api-sdk/requests';
import type { DictItem, Menu, TokenResult } from '@smart/api-sdk';
import { accessTokenCookie, getCookie } from './cookies';
import { emitAuthEvent } from './events';
import type { GuardSession } from './guard';
import { setPermissionsFromButtons } from './permissions';
import { DICTIONARY_CODES, emptyDictionaries, getSession, updateSession, useSession } from './session';
import type { Dictionaries, DictionaryCode } from './session';
import { getWebsite } from './website';

/**
 * Asks the server to keep the refresh token in an HttpOnly cookie rather than answer it (contract: `Smart-Refresh`
 * of `oauth/token`): no script can read it then. A server that does not know the header answers it as before.
 */
const REFRESH_IN_COOKIE = { 'Smart-Refresh': 'cookie' } as const;

/**
 * Where the refresh token of a token answer lives: in the answer (kept in the session), or, when the answer's is
 * empty, in the server's cookie.
 */
const refreshOf = (result: TokenResult) =>
  result.refresh_token
    ? { refreshToken: result.refresh_token, refreshCookie: false }
    : { refreshToken: '', refreshCookie: true };

/** Bumped on every login and logout, so that a late answer of an older session is ignored. */
let generation = 0;

/* Login -------------------------------------------------------------------------------------------------------- */

export interface LoginInput {
  /** Defaults to the website tenant (`000000`); shown on the form only in tenant mode. */
  tenantId?: string;
  username: string;
  /** Plain password; it is md5-hashed (lower-case hex) before it is sent. */
  password: string;
  type?: 'account' | 'phone';
  /** Captcha mode: the key from `oauth/captcha` and the typed text; sends the captcha grant with both headers. */
  captcha?: { key: string; code: string };
}

/** Lower-case md5 hex, as the contract expects the password (docs/spec.md §5 "the password is hashed before it is sent"). */
// md5 loads with the first login, not with the login page (it is not needed to show the form).
export async function hashPassword(password: string): Promise<string> {
  const { md5 } = await import('js-md5');
  return md5(password);
}

function loginFailure(body: unknown, message: string): ApiError {
  const error = new ApiError(400, message, 200, body);
  // The HTTP layer resolved this answer (HTTP 200), so it showed nothing: show the text once here.
  getHttpConfig().notifyError(message, error);
  return error;
}

/**
 * Password login. On success: stores token, refresh token, tenant and user info, emits `login` (the console
 * resets the tabs), clears the lock, then loads and caches the five dictionaries (failures there do not fail the
 * login). Rejects with the HTTP layer's `ApiError` on a refused grant (already toasted there).
 */
export async function login({
  tenantId,
  username,
  password,
  type = 'account',
  captcha,
}: LoginInput): Promise<TokenResult> {
  const tenant = tenantId || getWebsite().tenantId;
  const result = await oauthToken(
    {
      grant_type: captcha ? 'captcha' : 'password',
      username,
      password: await hashPassword(password),
      scope: 'all',
      tenantId: tenant,
      type,
    },
    {
      'Tenant-Id': tenant,
      ...REFRESH_IN_COOKIE,
      ...(captcha ? { 'Captcha-Key': captcha.key, 'Captcha-Code': captcha.code } : {}),
    },
    { meta: { isToken: false } },
  );
  return completeLogin(result, tenant);
}

/**
 * A social login's transient guest (an unbound third-party account: user id 0 or empty, role `guest`). Its token
 * may only register the account (`register-guest`) or log out.
 */
export function isGuestLogin(
  userInfo: Pick<TokenResult, 'user_id' | 'role_name'> | null | undefined,
): boolean {
  if (!userInfo) return false;
  const id = String(userInfo.user_id ?? '');
  return !id || id === '0' || id.startsWith('-') || userInfo.role_name === 'guest';
}

/**
 * The administrator of the platform's own tenant (`000000`, role alias `administrator`): the one caller whose lists
 * hold several tenants' rows (role.yaml `list`), and who may name another tenant (parameters.yaml `TenantIdFilter`).
 * What the console shows by it is a convenience; the server decides what each caller may read.
 */
export function isPlatformAdministrator(
  userInfo: Pick<TokenResult, 'tenant_id' | 'role_name'> | null | undefined,
): boolean {
  if (!userInfo || userInfo.tenant_id !== '000000') return false;
  return String(userInfo.role_name ?? '')
    .split(',')
    .includes('administrator');
}

/** An administrator: the platform's (`administrator`) or a tenant's own (`admin`), by the login's role aliases. */
export function isAdministratorLogin(userInfo: Pick<TokenResult, 'role_name'> | null | undefined): boolean {
  const aliases = String(userInfo?.role_name ?? '').split(',');
  return aliases.includes('administrator') || aliases.includes('admin');
}

export interface SocialLoginInput {
  /** Provider (`github`, `gitee`, `wechat_open`, `qq`, …). */
  source: string;
  /** Authorisation code and state the provider sent back. */
  code: string;
  state?: string;
  tenantId?: string;
}

/**
 * Social login after the provider's redirect (`grant_type=social`). Stores the session like `login`; an unbound
 * account gets a guest session (see `isGuestLogin`), for which the dictionaries are not loaded.
 */
export async function socialLogin({ source, code, state, tenantId }: SocialLoginInput): Promise<TokenResult> {
  const tenant = tenantId || getWebsite().tenantId;
  const result = await oauthToken(
    { grant_type: 'social', source, code, state: state || undefined, scope: 'all', tenantId: tenant },
    { 'Tenant-Id': tenant, ...REFRESH_IN_COOKIE },
    { meta: { isToken: false } },
  );
  return completeLogin(result, tenant);
}

async function completeLogin(result: TokenResult, tenant: string): Promise<TokenResult> {
  const body: unknown = result;
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  if (typeof record['error_description'] === 'string' && record['error_description']) {
    throw loginFailure(body, record['error_description']);
  }
  if (typeof result.access_token !== 'string' || !result.access_token) {
    throw loginFailure(body, getHttpConfig().unknownErrorMessage());
  }
  generation++;
  resetHttpState();
  updateSession({
    token: result.access_token,
    ...refreshOf(result),
    tenantId: result.tenant_id || tenant,
    deptId: '',
    roleId: '',
    userInfo: result,
    permission: {},
    menu: [],
    isLock: false,
    lockPasswd: '',
  });
  emitAuthEvent({ type: 'login', userInfo: result });
  if (!isGuestLogin(result)) await loadDictionaries();
  return result;
}

/* Dictionaries --------------------------------------------------------------------------------------------------- */

function toNumericKeys(items: DictItem[]): Dictionaries['judge'] {
  return items.map((item) => ({ ...item, dictKey: Number(item.dictKey) }));
}

/**
 * Loads the five dictionaries of docs/spec.md §4 (judge, xhs_action, introduction_keywords, judging_data,
 * multiple_condition) and caches them in the session; `judge` keys become numbers. A failed one keeps its
 * previous (cached) items.
 */
export async function loadDictionaries(): Promise<Dictionaries> {
  const started = generation;
  const results = await Promise.allSettled(
    DICTIONARY_CODES.map((code) => dictDictionary({ code }, { silent: true })),
  );
  const next: Dictionaries = { ...getSession().dictionaries };
  results.forEach((result, index) => {
    if (result.status !== 'fulfilled') return;
    const code = DICTIONARY_CODES[index] as DictionaryCode;
    const items = Array.isArray(result.value) ? result.value : [];
    if (code === 'judge') next.judge = toNumericKeys(items);
    else next[code] = items;
  });
  if (started === generation) updateSession({ dictionaries: next });
  return next;
}

/** The cached dictionaries. */
export function getDictionaries(): Dictionaries {
  return getSession().dictionaries;
}

/** One cached dictionary. */
export function getDictionary<C extends DictionaryCode>(code: C): Dictionaries[C] {
  return getSession().dictionaries[code];
}

/** React: one cached dictionary. */
export function useDictionary<C extends DictionaryCode>(code: C): Dictionaries[C] {
  return useSession((s) => s.dictionaries[code]);
}

/* Menu and buttons ----------------------------------------------------------------------------------------------- */

/**
 * Fetches the menu routes (optionally of a top menu) and returns them. Only the whole menu is cached in the session:
 * it stands in for the menu after a reload, and a top menu's part would hide the rest until the next fetch.
 */
export async function loadMenu(topMenuId?: string): Promise<Menu[]> {
  const started = generation;
  const menu = await menuRoutes(topMenuId ? { topMenuId } : undefined);
  if (started === generation && !topMenuId) updateSession({ menu });
  return menu;
}

/** Fetches the buttons tree and replaces the permission map with its leaves. */
export async function loadPermissions(): Promise<Readonly<Record<string, boolean>>> {
  const started = generation;
  const tree = await menuButtons();
  return started === generation ? setPermissionsFromButtons(tree) : getSession().permission;
}

/* Refresh -------------------------------------------------------------------------------------------------------- */

let inflight: Promise<TokenResult> | undefined;

export interface RefreshOptions {
  /** No error toast (the background timer). A 401 still logs out through the HTTP layer. */
  silent?: boolean;
}

/**
 * Refreshes the access token with the refresh token (`oauth/token/refresh`, `Tenant-Id` / `Dept-Id` / `Role-Id`
 * headers). Single flight: concurrent callers share one request. Saves the new token pair and user info (which
 * restarts the token age) and emits `refresh`.
 */
export function refreshToken(options: RefreshOptions = {}): Promise<TokenResult> {
  if (inflight) return inflight;
  const { refreshToken: refresh, refreshCookie, tenantId, deptId, roleId } = getSession();
  if (!refresh && !refreshCookie) {
    return Promise.reject(new ApiError(401, 'no refresh token', 0, undefined, 'business'));
  }
  const started = generation;
  const run = async (): Promise<TokenResult> => {
    // a session that still holds its token (from a server or a console before the cookie) names it once; the
    // answer moves it into the cookie when the server keeps one
    const result = await oauthTokenRefresh(
      {
        grant_type: 'refresh_token',
        refresh_token: refresh || undefined,
        scope: 'all',
        tenantId: tenantId || undefined,
      },
      {
        'Tenant-Id': tenantId || undefined,
        'Dept-Id': deptId || undefined,
        'Role-Id': roleId || undefined,
        ...REFRESH_IN_COOKIE,
      },
      { meta: { isToken: false }, silent: options.silent === true },
    );
    if (typeof result.access_token !== 'string' || !result.access_token) {
      throw new ApiError(400, getHttpConfig().unknownErrorMessage(), 200, result);
    }
    if (started === generation) {
      updateSession({
        token: result.access_token,
        ...refreshOf(result),
        tenantId: result.tenant_id || tenantId,
        userInfo: result,
      });
      emitAuthEvent({ type: 'refresh', userInfo: result });
    }
    return result;
  };
  inflight = run().finally(() => {
    inflight = undefined;
  });
  return inflight;
}

/** Token age in seconds (now − when the token was saved); `Infinity` without a saved time. */
export function tokenAgeSeconds(now: number = Date.now()): number {
  const { tokenSavedAt } = getSession();
  return tokenSavedAt > 0 ? (now - tokenSavedAt) / 1000 : Number.POSITIVE_INFINITY;
}

/**
 * One tick of the refresh timer: refreshes (silently) when logged in and the token age reached `tokenTime`.
 * Resolves true when a refresh ran and succeeded.
 */
export async function checkTokenRefresh(now: number = Date.now()): Promise<boolean> {
  const { token, refreshToken: refresh, refreshCookie } = getSession();
  if (!token || (!refresh && !refreshCookie)) return false;
  if (tokenAgeSeconds(now) < getWebsite().tokenTime) return false;
  try {
    await refreshToken({ silent: true });
    return true;
  } catch {
    return false; // released; the next tick tries again
  }
}

let timer: ReturnType<typeof setInterval> | undefined;

/** Stops the refresh timer. */
export function stopTokenRefresh(): void {
  if (timer !== undefined) clearInterval(timer);
  timer = undefined;
}

/**
 * Starts the refresh timer (a check every `website.refreshCheckMs`, 10 s). Idempotent: a second start while
 * running does nothing. Returns the stop function. It idles while logged out.
 */
export function startTokenRefresh(): () => void {
  if (timer === undefined) {
    timer = setInterval(() => {
      void checkTokenRefresh();
    }, getWebsite().refreshCheckMs);
  }
  return stopTokenRefresh;
}

/** Whether the refresh timer runs. */
export function isTokenRefreshRunning(): boolean {
  return timer !== undefined;
}

/* Switch department / role ---------------------------------------------------------------------------------------- */

/** Switch mode: sends the chosen department and role from now on and refreshes the token for them (docs/spec.md §6). */
export async function switchDeptRole({
  deptId,
  roleId,
}: {
  deptId: string;
  roleId: string;
}): Promise<TokenResult> {
  updateSession({ deptId, roleId });
  return refreshToken();
}

/* Logout ------------------------------------------------------------------------------------------------------------ */

/**
 * Local logout (upstream FedLogOut): clears tokens and their cookies, user info, menu, permissions, dictionaries,
 * department/role and lock, and emits `logout` (the console clears the tabs). The tenant is kept.
 */
export function fedLogout(): void {
  clearSession(false);
}

function clearSession(remote: boolean): void {
  generation++;
  inflight = undefined;
  updateSession({
    token: '',
    refreshToken: '',
    refreshCookie: false,
    userInfo: null,
    menu: [],
    permission: {},
    dictionaries: emptyDictionaries(),
    deptId: '',
    roleId: '',
    isLock: false,
    lockPasswd: '',
  });
  emitAuthEvent({ type: 'logout', remote });
}

/** Logout: tells the server (revokes the token; failures are ignored, silently), then logs out locally. */
export async function logout(): Promise<void> {
  const hadToken = Boolean(getSession().token);
  try {
    if (hadToken) await oauthLogout({ silent: true });
  } catch {
    // the local logout below still happens
  } finally {
    clearSession(true);
  }
}

/* Guard input -------------------------------------------------------------------------------------------------------- */

/** The live session as `decideNavigation` wants it: store token, lock, and the access-token cookie. */
export function currentGuardSession(): GuardSession {
  const { token, isLock } = getSession();
  return { token, isLock, cookieToken: getCookie(accessTokenCookie()) ?? '' };
}
