import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { createPageProgress, PageProgress } from './page-progress';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('PageProgress', () => {
  it('starts, trickles below 100% and hides after done', () => {
    const store = createPageProgress({ trickleSpeed: 100, hideDelay: 100 });
    render(<PageProgress store={store} />);
    expect(screen.queryByRole('progressbar')).toBeNull();
    act(() => store.start());
    const bar = screen.getByRole('progressbar', { name: '页面加载中' });
    expect(bar.getAttribute('aria-valuenow')).toBe('8');
    act(() => vi.advanceTimersByTime(10_000));
    const trickled = Number(bar.getAttribute('aria-valuenow'));
    expect(trickled).toBeGreaterThan(8);
    expect(trickled).toBeLessThan(100);
    act(() => store.done());
    expect(bar.getAttribute('aria-valuenow')).toBe('100');
    act(() => vi.advanceTimersByTime(100));
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('counts nested starts; done(true) ends them all', () => {
    const store = createPageProgress();
    store.start();
    store.start();
    store.done();
    expect(store.getSnapshot()).not.toBe(1);
    expect(store.isStarted()).toBe(true);
    store.done(true);
    expect(store.getSnapshot()).toBe(1);
  });

  it('follows the active prop', () => {
    const store = createPageProgress({ hideDelay: 50 });
    const { rerender } = render(<PageProgress store={store} active />);
    expect(screen.getByRole('progressbar')).toBeTruthy();
    rerender(<PageProgress store={store} active={false} />);
    act(() => vi.advanceTimersByTime(50));
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
