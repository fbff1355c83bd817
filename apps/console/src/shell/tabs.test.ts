import { describe, expect, it } from 'vitest';
import {
  canClose,
  closeAll,
  closeOthers,
  closeTab,
  initialTabs,
  openTab,
  tabLabel,
  tabValue,
  type Tab,
} from './tabs';

const opts = { isFirstPage: false };
function tab(path: string, label = path): Tab {
  return { label, value: path, query: {}, params: {}, meta: {}, group: [], close: true };
}
const home = tab('/wel/index', '首页');

describe('tab strip rules', () => {
  it('starts with the home tab, which cannot be closed while alone', () => {
    const s = initialTabs(home, opts);
    expect(s.tabs.map((t) => t.value)).toEqual(['/wel/index']);
    expect(s.tabs[0]?.close).toBe(false);
    expect(closeTab(s, '/wel/index', opts)).toBe(s);
  });

  it('never adds the same tab twice, and activates the existing one', () => {
    let s = initialTabs(home, opts);
    s = openTab(s, tab('/system/param'), opts);
    s = openTab(s, tab('/system/user'), opts);
    s = openTab(s, tab('/system/param'), opts);
    expect(s.tabs.map((t) => t.value)).toEqual(['/wel/index', '/system/param', '/system/user']);
    expect(s.active).toBe('/system/param');
  });

  it('ignores a tab without label or value', () => {
    const s = initialTabs(home, opts);
    expect(openTab(s, { ...tab('/x'), label: '' }, opts)).toBe(s);
  });

  it('keeps the first tab unless isFirstPage is set', () => {
    let s = initialTabs(home, opts);
    s = openTab(s, tab('/a'), opts);
    expect(canClose(s, '/wel/index', opts)).toBe(false);
    expect(s.tabs[0]?.close).toBe(false);
    expect(canClose(s, '/wel/index', { isFirstPage: true })).toBe(true);
    const closed = closeTab(s, '/wel/index', { isFirstPage: true });
    expect(closed.tabs.map((t) => t.value)).toEqual(['/a']);
    expect(closed.active).toBe('/a');
  });

  it('closing the active tab opens the previous one', () => {
    let s = initialTabs(home, opts);
    s = openTab(s, tab('/a'), opts);
    s = openTab(s, tab('/b'), opts);
    s = closeTab(s, '/b', opts);
    expect(s.active).toBe('/a');
    expect(s.tabs.map((t) => t.value)).toEqual(['/wel/index', '/a']);
  });

  it('closing an inactive tab keeps the active one', () => {
    let s = initialTabs(home, opts);
    s = openTab(s, tab('/a'), opts);
    s = openTab(s, tab('/b'), opts);
    s = closeTab(s, '/a', opts);
    expect(s.active).toBe('/b');
  });

  it('closing the first tab while active opens the new first tab', () => {
    let s = initialTabs(home, { isFirstPage: true });
    s = openTab(s, tab('/a'), { isFirstPage: true });
    s = { ...s, active: '/wel/index' };
    s = closeTab(s, '/wel/index', { isFirstPage: true });
    expect(s.active).toBe('/a');
  });

  it('never closes the last tab', () => {
    const s = { tabs: [tab('/a')], active: '/a' };
    expect(closeTab(s, '/a', { isFirstPage: true })).toBe(s);
  });

  it('close others keeps home and the active tab; close all keeps home', () => {
    let s = initialTabs(home, opts);
    for (const p of ['/a', '/b', '/c']) s = openTab(s, tab(p), opts);
    s = { ...s, active: '/b' };
    expect(closeOthers(s, home, opts).tabs.map((t) => t.value)).toEqual(['/wel/index', '/b']);
    const all = closeAll(home, opts);
    expect(all.tabs.map((t) => t.value)).toEqual(['/wel/index']);
    expect(all.active).toBe('/wel/index');
  });

  it('builds the tab value from path and query', () => {
    expect(tabValue('/a', {})).toBe('/a');
    expect(tabValue('/a', { x: '1', y: 'b c' })).toBe('/a?x=1&y=b+c');
  });

  it("close others from a tab's context menu keeps home and that tab, which becomes active", () => {
    let s = initialTabs(home, opts);
    for (const p of ['/a', '/b', '/c']) s = openTab(s, tab(p), opts);
    const next = closeOthers(s, home, opts, '/a');
    expect(next.tabs.map((t) => t.value)).toEqual(['/wel/index', '/a']);
    expect(next.active).toBe('/a');
    // From the home tab: home alone, and it cannot be closed.
    const fromHome = closeOthers(s, home, opts, '/wel/index');
    expect(fromHome.tabs.map((t) => t.value)).toEqual(['/wel/index']);
    expect(fromHome.tabs[0]?.close).toBe(false);
    // An unknown tab falls back to the active one.
    expect(closeOthers(s, home, opts, '/nope').tabs.map((t) => t.value)).toEqual(['/wel/index', '/c']);
  });

  it('with isFirstPage the home tab gets a close button once another tab is open', () => {
    const o = { isFirstPage: true };
    let s = initialTabs(home, o);
    expect(s.tabs[0]?.close).toBe(false);
    s = openTab(s, tab('/a'), o);
    expect(s.tabs.map((t) => t.close)).toEqual([true, true]);
    s = closeTab(s, '/a', o);
    expect(s.tabs.map((t) => t.close)).toEqual([false]);
  });

  it('labels follow the language through meta.i18n', () => {
    const t = (key: string, o: { defaultValue: string }) =>
      ({ 'route.home': 'Home', 'menu.param': 'Parameters' })[key] ?? o.defaultValue;
    expect(tabLabel({ ...home, meta: { i18n: 'dashboard' } }, t)).toBe('Home');
    expect(tabLabel({ ...tab('/system/param', '参数管理'), meta: { i18n: 'menu.param' } }, t)).toBe(
      'Parameters',
    );
    expect(tabLabel({ ...tab('/x', '某页'), meta: { i18n: 'menu.x' } }, t)).toBe('某页');
    expect(tabLabel(tab('/y', 'Y'), t)).toBe('Y');
  });
});
