import { apiFetch } from '@smart/api-sdk';
import { getOauthLogoutMockHandler } from '@smart/api-sdk/mocks';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import {
  can,
  fedLogout,
  getCookie,
  getSession,
  getStore,
  lock,
  logout,
  onLogout,
  setPermissionsFromButtons,
  updateSession,
} from '../src';
import { useHarness } from './helpers';

const h = useHarness();

async function fullSession(): Promise<void> {
  updateSession({
    token: 'acc-1',
    refreshToken: 'ref-1',
    refreshCookie: true,
    tenantId: '000000',
    deptId: '11',
    roleId: '22',
    menu: [],
  });
  setPermissionsFromButtons([{ code: 'param_add' }]);
  await lock('pw');
}

function expectCleared(): void {
  const s = getSession();
  expect(s.token).toBe('');
  expect(s.refreshToken).toBe('');
  expect(s.refreshCookie).toBe(false);
  expect(s.userInfo).toBeNull();
  expect(s.menu).toEqual([]);
  expect(s.permission).toEqual({});
  expect(s.deptId).toBe('');
  expect(s.roleId).toBe('');
  expect(s.isLock).toBe(false);
  expect(s.lockPasswd).toBe('');
  expect(can('param_add')).toBe(false);
  expect(getStore({ name: 'token' })).toBeUndefined();
  expect(getStore({ name: 'isLock' })).toBeUndefined();
  expect(getCookie('saber-access-token')).toBeUndefined();
  expect(getCookie('saber-refresh-token')).toBeUndefined();
  expect(s.tenantId).toBe('000000');
}

describe('logout', () => {
  it('calls oauth/logout with the token, then clears everything and emits logout', async () => {
    await fullSession();
    expect(getCookie('saber-access-token')).toBe('acc-1');
    const seen: (string | null)[] = [];
    h.server.use(
      getOauthLogoutMockHandler(({ request }) => {
        seen.push(request.headers.get('Smart-Auth'));
        return { success: 'true', msg: 'success' };
      }),
    );
    const events = vi.fn();
    const off = onLogout(events);
    await logout();
    off();
    expect(seen).toEqual(['bearer acc-1']);
    expectCleared();
    expect(events).toHaveBeenCalledWith({ type: 'logout', remote: true });
  });

  it('still clears locally when the server call fails, without a toast', async () => {
    await fullSession();
    h.server.use(http.get('*/api/smart-auth/oauth/logout', () => HttpResponse.error()));
    await logout();
    expectCleared();
    expect(h.notifyError).not.toHaveBeenCalled();
  });

  it('fedLogout clears locally without a request', async () => {
    await fullSession();
    const calls = vi.fn();
    h.server.use(
      http.get('*/api/smart-auth/oauth/logout', () => {
        calls();
        return HttpResponse.json({});
      }),
    );
    const events = vi.fn();
    const off = onLogout(events);
    fedLogout();
    off();
    expectCleared();
    expect(calls).not.toHaveBeenCalled();
    expect(events).toHaveBeenCalledWith({ type: 'logout', remote: false });
  });
});

describe('createHttpConfig', () => {
  it('sends the session token and tenant, and a 401 logs out locally then calls onUnauthorized once', async () => {
    await fullSession();
    const seen: (string | null)[] = [];
    h.server.use(
      http.get('*/api/smart-system/param/list', ({ request }) => {
        seen.push(
          `${request.headers.get('Smart-Auth')}|${request.headers.get('Tenant-Id')}|${request.headers.get('Dept-Id')}`,
        );
        return HttpResponse.json(
          { code: 401, success: false, msg: '令牌已失效', data: null },
          { status: 401 },
        );
      }),
    );
    const results = await Promise.allSettled([
      apiFetch({ url: '/api/smart-system/param/list', method: 'GET' }),
      apiFetch({ url: '/api/smart-system/param/list', method: 'GET' }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(seen[0]).toBe('bearer acc-1|000000|11');
    expect(h.onUnauthorized).toHaveBeenCalledTimes(1);
    expect(h.notifyError).toHaveBeenCalledTimes(1);
    expectCleared();
  });
});
