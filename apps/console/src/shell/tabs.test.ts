import { describe, expect, it } from 'vitest';
import { canClose, closeAll, closeOthers, closeTab, initialTabs, openTab, tabValue, type Tab } from './tabs';

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
});
