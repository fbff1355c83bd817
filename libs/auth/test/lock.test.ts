import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  fedLogout,
  getSession,
  getStore,
  hasLockPassword,
  lock,
  onLock,
  sha256Hex,
  unlock,
  updateSession,
} from '../src';
import { resetBrowserState } from './helpers';

beforeEach(resetBrowserState);

describe('lock', () => {
  it('sets isLock and stores the SHA-256 hex of the password, never the password', async () => {
    const events = vi.fn();
    const off = onLock(events);
    await lock('secret-1');
    off();
    const session = getSession();
    expect(session.isLock).toBe(true);
    expect(session.lockPasswd).toBe(await sha256Hex('secret-1'));
    expect(session.lockPasswd).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(localStorage)).not.toContain('secret-1');
    expect(getStore({ name: 'isLock' })).toBe(true);
    expect(events).toHaveBeenCalledWith({ type: 'lock' });
  });

  it('unlock with a wrong password returns false and stays locked', async () => {
    await lock('secret-1');
    expect(await unlock('wrong')).toBe(false);
    expect(getSession().isLock).toBe(true);
  });

  it('unlock with the right password returns true and clears the lock', async () => {
    await lock('secret-1');
    expect(await unlock('secret-1')).toBe(true);
    expect(getSession().isLock).toBe(false);
    expect(hasLockPassword()).toBe(false);
  });

  it('requires a password: none given and none set rejects; an empty one rejects', async () => {
    await expect(lock()).rejects.toThrow('锁屏密码不能为空');
    await expect(lock('')).rejects.toThrow('锁屏密码不能为空');
    expect(getSession().isLock).toBe(false);
  });

  it('locking again while a lock password is set keeps that password', async () => {
    await lock('secret-1');
    updateSession({ isLock: false });
    await lock();
    expect(getSession().isLock).toBe(true);
    expect(await unlock('secret-1')).toBe(true);
  });

  it('unlock of an unlocked session succeeds without a password', async () => {
    expect(await unlock('anything')).toBe(true);
  });

  it('a local logout clears the lock and its password', async () => {
    await lock('secret-1');
    fedLogout();
    expect(getSession().isLock).toBe(false);
    expect(hasLockPassword()).toBe(false);
  });
});
