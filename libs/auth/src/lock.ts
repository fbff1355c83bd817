/**
 * Lock screen state (docs/spec.md §4, docs/console-behaviour.md §11). The lock password is stored as its SHA-256 hex, never in plain
 * text (upstream kept it plain in sessionStorage), and the lock lives in localStorage so a new tab is locked too.
 */
import { emitAuthEvent } from './events';
import { sha256Hex } from './sha256';
import { getSession, updateSession } from './session';

export const hashLockPassword = (password: string): Promise<string> => sha256Hex(password);

/** Whether a lock password is set (else the console asks for one before locking). */
export function hasLockPassword(): boolean {
  return getSession().lockPasswd !== '';
}

/**
 * Locks the session. With `password`, it becomes the lock password; without, the existing one is kept (it must
 * exist). Emits `lock`; the console navigates to /lock after `website.lockDelayMs` (100 ms).
 */
export async function lock(password?: string): Promise<void> {
  if (password !== undefined) {
    if (password === '') throw new Error('锁屏密码不能为空');
    updateSession({ lockPasswd: await hashLockPassword(password), isLock: true });
  } else {
    if (!hasLockPassword()) throw new Error('锁屏密码不能为空');
    updateSession({ isLock: true });
  }
  emitAuthEvent({ type: 'lock' });
}

/** Unlocks when `password` matches: clears the lock and its password and returns true; else returns false. */
export async function unlock(password: string): Promise<boolean> {
  const { lockPasswd, isLock } = getSession();
  if (!isLock) return true;
  if (!lockPasswd || (await hashLockPassword(password)) !== lockPasswd) return false;
  clearLock();
  emitAuthEvent({ type: 'unlock' });
  return true;
}

/** Clears the lock without a password (login, logout). */
export function clearLock(): void {
  updateSession({ isLock: false, lockPasswd: '' });
}
