import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../i18n';
import {
  CHUNK_LOAD_TIMEOUT_MS,
  ChunkLoadError,
  retryableLazy,
  retryFailedChunks,
  withChunkTimeout,
} from './chunk-load';
import { ErrorBoundary } from './ErrorBoundary';
import { errorLog } from './error-log';

const never = () => new Promise<never>(() => undefined);
const page = (text: string) => ({ default: () => <p>{text}</p> });

beforeEach(() => {
  localStorage.clear();
  errorLog.reload();
  // React reports every caught error on the console; the boundary's output is what these tests check.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  retryFailedChunks();
});

describe('chunk load timeout (docs/spec.md §8, §9: 120000 ms)', () => {
  it('is 120 s', () => {
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
  });

  it('rejects with a load error once 120 s pass, not before', async () => {
    vi.useFakeTimers();
    const result = withChunkTimeout(never);
    const settled = vi.fn();
    result.then(settled, settled);
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    const error: unknown = settled.mock.calls[0]?.[0];
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect(error).toMatchObject({ timedOut: true });
  });

  it('passes a chunk that arrives in time, and turns a failed import into a load error', async () => {
    vi.useFakeTimers();
    await expect(withChunkTimeout(() => Promise.resolve('ok'))).resolves.toBe('ok');
    const failure = new TypeError('Failed to fetch dynamically imported module');
    await expect(withChunkTimeout(() => Promise.reject(failure))).rejects.toMatchObject({
      name: 'ChunkLoadError',
      timedOut: false,
      cause: failure,
    });
    expect(vi.getTimerCount()).toBe(0); // no timer left behind
  });
});

describe('a lazy route whose chunk does not load', () => {
  function Host({ children }: { children: React.ReactNode }) {
    return (
      <ErrorBoundary>
        <Suspense fallback={<p>loading</p>}>{children}</Suspense>
      </ErrorBoundary>
    );
  }

  it('shows the load error after the timeout, and its retry loads the chunk again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let attempt = 0;
    const load = vi.fn(() => (++attempt === 1 ? never() : Promise.resolve(page('the page'))));
    const Page = retryableLazy(load);
    render(
      <Host>
        <Page />
      </Host>,
    );
    expect(screen.getByText('loading')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('页面加载失败');
    expect(alert).toHaveTextContent('网络不稳定或系统已更新,请重试。');
    expect(errorLog.list()).toHaveLength(1); // recorded in the local error log
    vi.useRealTimers();

    await userEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByText('the page')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('a failed import shows the same load error at once; a page that loaded is not loaded again', async () => {
    const load = vi
      .fn<() => Promise<{ default: () => React.JSX.Element }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValue(page('second try'));
    const Page = retryableLazy(load);
    const view = render(
      <Host>
        <Page />
      </Host>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('页面加载失败');
    await userEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByText('second try')).toBeInTheDocument();
    view.unmount();
    render(
      <Host>
        <Page />
      </Host>,
    );
    expect(await screen.findByText('second try')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('a render error keeps the page-failed text; a new route key clears it', async () => {
    function Broken(): React.JSX.Element {
      throw new Error('boom');
    }
    const view = render(
      <ErrorBoundary resetKey="/a">
        <Broken />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('页面出错了');
    view.rerender(
      <ErrorBoundary resetKey="/b">
        <p>next page</p>
      </ErrorBoundary>,
    );
    expect(screen.getByText('next page')).toBeInTheDocument();
  });
});
