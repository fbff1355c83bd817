// The open tabs, kept in session storage (they die with the browser tab) and reset on login and logout.
import { getStore, getWebsite, onLogin, onLogout, setStore, type Tab } from '@smart/auth';
import { useSyncExternalStore } from 'react';
import { closeAll, closeOthers, closeTab, initialTabs, openTab, type TabState } from './tabs';

const KEY = 'tagList';
const listeners = new Set<() => void>();

const options = () => ({ isFirstPage: getWebsite().isFirstPage });
export const homeTab = (): Tab => ({ ...getWebsite().firstPage });

function load(): TabState {
  const saved = getStore<TabState>({ name: KEY });
  if (saved && Array.isArray(saved.tabs) && saved.tabs.length > 0) return saved;
  return initialTabs(homeTab(), options());
}

let state: TabState = load();

function set(next: TabState): void {
  if (next === state) return;
  state = next;
  setStore({ name: KEY, content: state, type: 'session' });
  for (const listener of listeners) listener();
}

export const tabActions = {
  open: (tab: Tab) => set(openTab(state, tab, options())),
  close: (value: string) => set(closeTab(state, value, options())),
  closeOthers: (keep?: string) => set(closeOthers(state, homeTab(), options(), keep)),
  closeAll: () => set(closeAll(homeTab(), options())),
  reset: () => set(initialTabs(homeTab(), options())),
  get: () => state,
};

onLogin(() => tabActions.reset());
onLogout(() => tabActions.reset());

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The open tabs only: switching tabs changes just the active one, which the layout takes from the location, so
 * it does not render twice per switch.
 */
export function useOpenTabs(): Tab[] {
  return useSyncExternalStore(subscribe, () => state.tabs);
}
