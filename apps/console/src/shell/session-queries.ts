import { isGuestLogin, loadMenu, loadPermissions, onAuthEvent } from '@smart/auth';
import type { QueryClient } from '@tanstack/react-query';

/** The menu routes of a top menu (`''`: the whole menu); each top menu has its own cache entry. */
export const menuRoutesKey = (topMenuId = '') => ['menu-routes', topMenuId] as const;
export const MENU_ROUTES_KEY = menuRoutesKey();
export const MENU_BUTTONS_KEY = ['menu-buttons'] as const;
export const TOP_MENU_KEY = ['menu-top-menu'] as const;

export interface SessionLoaders {
  menu: () => Promise<unknown>;
  buttons: () => Promise<unknown>;
}

const defaultLoaders: SessionLoaders = { menu: () => loadMenu(), buttons: () => loadPermissions() };

/**
 * Ties the console's query cache to the session. A login or a logout drops every cached answer: the next user (or
 * tenant) must never see the previous one's data, not even for the moment a refetch takes. A login also starts
 * loading the menu and the buttons at once, while the login call is still loading the dictionaries, so the
 * layout finds them on its first render. Returns the unsubscribe function.
 */
export function bindQueriesToSession(client: QueryClient, load: SessionLoaders = defaultLoaders): () => void {
  return onAuthEvent((event) => {
    if (event.type !== 'login' && event.type !== 'logout') return;
    client.clear();
    if (event.type === 'login' && !isGuestLogin(event.userInfo)) {
      void client.prefetchQuery({ queryKey: MENU_ROUTES_KEY, queryFn: load.menu });
      void client.prefetchQuery({ queryKey: MENU_BUTTONS_KEY, queryFn: load.buttons });
    }
  });
}
