// Spec §4: locking sets isLock and navigates to /lock after 100 ms (website.lockDelayMs). The guard sends a
// locked session to /lock at once, so for that short while after `lock()` in this browser tab it lets the current
// page stay; then the guard itself redirects. A lock from another browser tab (storage event) redirects at once.
import { getWebsite, LOCK_PATH, onLock, type NavigationDecision } from '@smart/auth';
import { useSyncExternalStore } from 'react';

let pending = false;
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function setPending(next: boolean): void {
  if (pending === next) return;
  pending = next;
  for (const listener of [...listeners]) listener();
}

/** Starts the delay; called on the `lock` event, before React renders the locked session. */
export function startLockDelay(ms: number = getWebsite().lockDelayMs): void {
  if (timer !== undefined) clearTimeout(timer);
  setPending(true);
  timer = setTimeout(() => {
    timer = undefined;
    setPending(false);
  }, ms);
}

export function isLockDelayPending(): boolean {
  return pending;
}

onLock(() => startLockDelay());

export function useLockDelayPending(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => pending,
    () => pending,
  );
}

/** The guard's decision while the lock delay runs: the redirect to /lock waits; everything else stands. */
export function withLockDelay(decision: NavigationDecision, lockPending: boolean): NavigationDecision {
  if (lockPending && decision.kind === 'redirect' && decision.to === LOCK_PATH) return { kind: 'allow' };
  return decision;
}
