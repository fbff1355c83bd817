// The tab strip's rules (docs/spec.md §2) as pure functions, so the store and the UI stay thin and every rule is tested.

import type { Tab } from '@smart/auth';

export type { Tab };

export interface TabState {
  tabs: Tab[];
  active: string;
}

export interface TabOptions {
  /** When false, the first (home) tab cannot be closed. */
  isFirstPage: boolean;
}

export function tabValue(path: string, query: Record<string, unknown>): string {
  const entries = Object.entries(query).filter(([, v]) => v !== undefined && v !== null && v !== '');
  const qs = new URLSearchParams(entries.map(([k, v]) => [k, String(v)])).toString();
  return qs ? `${path}?${qs}` : path;
}

/** Recomputes the close flags: a lone tab never closes, and the home tab only when isFirstPage is set. */
function withCloseFlags(tabs: Tab[], opts: TabOptions): Tab[] {
  return tabs.map((tab, index) => {
    const close = tabs.length > 1 && (index !== 0 || opts.isFirstPage);
    return tab.close === close ? tab : { ...tab, close };
  });
}

/** Opens a tab (or activates the one with the same value); the same tab is never added twice. */
export function openTab(state: TabState, tab: Tab, opts: TabOptions): TabState {
  if (!tab.label || !tab.value) return state;
  const existing = state.tabs.find((t) => t.value === tab.value);
  if (existing) return existing.value === state.active ? state : { ...state, active: existing.value };
  return { tabs: withCloseFlags([...state.tabs, tab], opts), active: tab.value };
}

export function canClose(state: TabState, value: string, opts: TabOptions): boolean {
  const index = state.tabs.findIndex((t) => t.value === value);
  if (index < 0 || state.tabs.length <= 1) return false;
  return index !== 0 || opts.isFirstPage;
}

/**
 * Closes a tab. Closing the active tab activates the previous one, or the new first tab when the closed one
 * was first. Returns the state unchanged when the rules forbid closing it.
 */
export function closeTab(state: TabState, value: string, opts: TabOptions): TabState {
  if (!canClose(state, value, opts)) return state;
  const index = state.tabs.findIndex((t) => t.value === value);
  const tabs = state.tabs.filter((t) => t.value !== value);
  let active = state.active;
  if (state.active === value) {
    const next = tabs[index === 0 ? 0 : index - 1];
    active = next ? next.value : '';
  }
  return { tabs: withCloseFlags(tabs, opts), active };
}

/**
 * Keeps the home tab and one other: the active tab, or `keep` (the tab whose context menu was used), which becomes
 * the active one.
 */
export function closeOthers(
  state: TabState,
  home: Tab,
  opts: TabOptions,
  keep: string = state.active,
): TabState {
  const current =
    state.tabs.find((t) => t.value === keep) ?? state.tabs.find((t) => t.value === state.active);
  const tabs = [home];
  if (current && current.value !== home.value) tabs.push(current);
  return { tabs: withCloseFlags(tabs, opts), active: current ? current.value : home.value };
}

/** Back to the home tab alone. */
export function closeAll(home: Tab, opts: TabOptions): TabState {
  return { tabs: withCloseFlags([home], opts), active: home.value };
}

export function initialTabs(home: Tab, opts: TabOptions): TabState {
  return closeAll(home, opts);
}

type Translate = (key: string, options: { defaultValue: string }) => string;

/**
 * The label a tab shows, in the current language: `meta.i18n` names its catalogue key (the home tab's `dashboard`
 * is the home label), else the label saved when it opened.
 */
export function tabLabel(tab: Tab, t: Translate): string {
  const key = tab.meta['i18n'];
  if (key === 'dashboard') return t('route.home', { defaultValue: tab.label });
  if (typeof key === 'string' && key) return t(key, { defaultValue: tab.label });
  return tab.label;
}
