import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../components/toaster';
import { useBusyAction } from './use-busy-action';

afterEach(() => vi.restoreAllMocks());

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('useBusyAction', () => {
  it('is busy while the action runs, toasts the answer and calls onDone', async () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => 1);
    const onDone = vi.fn();
    const call = deferred<number>();
    const { result } = renderHook(() =>
      useBusyAction((n: number) => call.promise.then((v) => v + n), { done: (v) => `saved ${v}`, onDone }),
    );
    let answer: Promise<number | undefined>;
    act(() => {
      answer = result.current.run(1);
    });
    expect(result.current.busy).toBe(true);
    await act(async () => {
      call.resolve(41);
      await answer;
    });
    await expect(answer!).resolves.toBe(42);
    expect(result.current.busy).toBe(false);
    expect(success).toHaveBeenCalledWith('saved 42');
    expect(onDone).toHaveBeenCalledWith(42);
  });

  it('ignores a second run while the first one is running', async () => {
    const call = deferred<string>();
    const action = vi.fn(() => call.promise);
    const { result } = renderHook(() => useBusyAction(action));
    let first: Promise<string | undefined>;
    let second: Promise<string | undefined>;
    act(() => {
      first = result.current.run();
      second = result.current.run();
    });
    await expect(second!).resolves.toBeUndefined();
    await act(async () => {
      call.resolve('once');
      await first;
    });
    expect(action).toHaveBeenCalledTimes(1);
    await expect(first!).resolves.toBe('once');
  });

  it('on failure neither toasts success nor calls onDone, and can run again', async () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => 1);
    const onDone = vi.fn();
    let fail = true;
    const { result } = renderHook(() =>
      useBusyAction(() => (fail ? Promise.reject(new Error('refused')) : Promise.resolve('ok')), {
        done: 'saved',
        onDone,
      }),
    );
    await act(async () => {
      await expect(result.current.run()).resolves.toBeUndefined();
    });
    expect(result.current.busy).toBe(false);
    expect(success).not.toHaveBeenCalled();
    expect(onDone).not.toHaveBeenCalled();
    fail = false;
    await act(async () => {
      await expect(result.current.run()).resolves.toBe('ok');
    });
    expect(success).toHaveBeenCalledWith('saved');
    expect(onDone).toHaveBeenCalledWith('ok');
  });

  it('uses the callbacks of the latest render when the action ends', async () => {
    const call = deferred<void>();
    const first = vi.fn();
    const second = vi.fn();
    const { result, rerender } = renderHook(({ onDone }) => useBusyAction(() => call.promise, { onDone }), {
      initialProps: { onDone: first },
    });
    let running: Promise<void | undefined>;
    act(() => {
      running = result.current.run();
    });
    rerender({ onDone: second });
    await act(async () => {
      call.resolve();
      await running;
    });
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledTimes(1);
  });
});
