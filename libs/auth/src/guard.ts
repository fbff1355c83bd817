/**
 * The navigation guard of docs/spec.md §2 as a pure function (docs/console-behaviour.md §4, vue2 lineage), for the console's
 * router to apply. Order, with a login (the token cookie, else the store token):
 *  1. locked and not going to /lock → /lock;
 *  2. going to /login → /;
 *  3. the store lost its token while the cookie says logged in → local logout, then /login;
 *  4. query `target` → open `query.url` (`#` back to `&`) in a new window, stay;
 *  5. otherwise allow.
 * Without a login: allow when `meta.isAuth === false`, else /login.
 */

export interface GuardRoute {
  path: string;
  meta?: { isAuth?: boolean; isTab?: boolean; [key: string]: unknown } | undefined;
  query?: Record<string, unknown> | undefined;
}

export interface GuardSession {
  /** The access token in the session store. */
  token: string | null | undefined;
  isLock: boolean;
  /**
   * The access-token cookie (upstream's "logged in" signal). When omitted, the store token stands in for it,
   * so rule 3 cannot fire.
   */
  cookieToken?: string | null | undefined;
}

export type NavigationDecision =
  | { kind: 'allow' }
  | { kind: 'redirect'; to: string }
  | { kind: 'open-window'; url: string }
  | { kind: 'logout-then-login' };

export const LOGIN_PATH = '/login';
export const LOCK_PATH = '/lock';
export const HOME_PATH = '/';

function queryString(query: Record<string, unknown> | undefined, name: string): string | undefined {
  const value = query?.[name];
  if (Array.isArray(value)) return typeof value[0] === 'string' ? value[0] : undefined;
  return typeof value === 'string'
    ? value
    : value === undefined || value === null
      ? undefined
      : String(value);
}

export function decideNavigation({
  to,
  session,
}: {
  to: GuardRoute;
  session: GuardSession;
}): NavigationDecision {
  const loggedIn = Boolean(session.cookieToken === undefined ? session.token : session.cookieToken);
  if (!loggedIn) {
    return to.meta?.isAuth === false ? { kind: 'allow' } : { kind: 'redirect', to: LOGIN_PATH };
  }
  if (session.isLock && to.path !== LOCK_PATH) return { kind: 'redirect', to: LOCK_PATH };
  if (to.path === LOGIN_PATH) return { kind: 'redirect', to: HOME_PATH };
  if (!session.token) return { kind: 'logout-then-login' };
  const target = queryString(to.query, 'target');
  if (target) {
    const url = (queryString(to.query, 'url') ?? to.path).replace(/#/g, '&');
    return { kind: 'open-window', url };
  }
  return { kind: 'allow' };
}

/** Whether the visited page becomes a tab (docs/spec.md §2: unless `meta.isTab === false`). */
export function shouldAddTab(to: GuardRoute): boolean {
  return to.meta?.isTab !== false;
}
