import { getSession, lock, resetWebsite, hydrateSession, configureWebsite } from '@smart/auth';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isLockDelayPending, withLockDelay } from './lock-delay';
import { lockPasswordError } from './LockButton';

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  resetWebsite();
  hydrateSession();
});
afterEach(() => vi.useRealTimers());

describe('lock (docs/spec.md §4, §5)', () => {
  it('a lock password is required', () => {
    expect(lockPasswordError('')).toBe('lock.required');
    expect(lockPasswordError(' x')).toBeUndefined();
  });

  it('locking sets isLock at once and holds the move to /lock for 100 ms', async () => {
    vi.useFakeTimers();
    await lock('pw-1');
    expect(getSession().isLock).toBe(true);
    expect(isLockDelayPending()).toBe(true);
    const toLock = { kind: 'redirect', to: '/lock' } as const;
    expect(withLockDelay(toLock, isLockDelayPending())).toEqual({ kind: 'allow' });
    vi.advanceTimersByTime(99);
    expect(isLockDelayPending()).toBe(true);
    vi.advanceTimersByTime(1);
    expect(isLockDelayPending()).toBe(false);
    expect(withLockDelay(toLock, isLockDelayPending())).toEqual(toLock);
  });

  it('follows website.lockDelayMs', async () => {
    vi.useFakeTimers();
    configureWebsite({ lockDelayMs: 300 });
    await lock('pw-2');
    vi.advanceTimersByTime(200);
    expect(isLockDelayPending()).toBe(true);
    vi.advanceTimersByTime(100);
    expect(isLockDelayPending()).toBe(false);
  });

  it('the delay only holds the lock redirect, never another decision', () => {
    expect(withLockDelay({ kind: 'redirect', to: '/login' }, true)).toEqual({
      kind: 'redirect',
      to: '/login',
    });
    expect(withLockDelay({ kind: 'logout-then-login' }, true)).toEqual({ kind: 'logout-then-login' });
  });
});
