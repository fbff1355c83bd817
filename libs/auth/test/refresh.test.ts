import { getOauthTokenRefreshMockHandler, getOauthTokenRefreshResponseMock } from '@smart/api-sdk/mocks';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  checkTokenRefresh,
  configureWebsite,
  getCookie,
  getSession,
  isTokenRefreshRunning,
  refreshToken,
  startTokenRefresh,
  stopTokenRefresh,
  updateSession,
} from '../src';
import { useHarness } from './helpers';

const h = useHarness();

function countRefreshes(delayMs = 20) {
  const seen: { query: URLSearchParams; headers: Headers }[] = [];
  let n = 0;
  h.server.use(
    getOauthTokenRefreshMockHandler(async ({ request }) => {
      seen.push({ query: new URL(request.url).searchParams, headers: request.headers });
      n++;
      await new Promise((r) => setTimeout(r, delayMs));
      return {
        ...getOauthTokenRefreshResponseMock(),
        access_token: `acc-${n + 1}`,
        refresh_token: `ref-${n + 1}`,
      };
    }),
  );
  return seen;
}

function loggedIn(): void {
  updateSession({ token: 'acc-1', refreshToken: 'ref-1', tenantId: '000000' });
}

const tick = () => new Promise((r) => setTimeout(r, 5));
async function until(predicate: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !predicate(); i++) await tick();
}

afterEach(() => {
  vi.useRealTimers();
  stopTokenRefresh();
});

describe('refreshToken', () => {
  it('five concurrent calls make one request and share its result', async () => {
    loggedIn();
    const seen = countRefreshes();
    const results = await Promise.all(Array.from({ length: 5 }, () => refreshToken()));
    expect(seen).toHaveLength(1);
    expect(new Set(results.map((r) => r.access_token)).size).toBe(1);
    expect(getSession().token).toBe('acc-2');
    expect(getSession().refreshToken).toBe('ref-2');
    expect(getSession().refreshCookie).toBe(false);
    expect(getCookie('saber-access-token')).toBe('acc-2');
  });

  it('sends the refresh grant with Tenant-Id, Dept-Id and Role-Id, and no token header', async () => {
    loggedIn();
    updateSession({ deptId: '11', roleId: '22' });
    const seen = countRefreshes(0);
    await refreshToken();
    const { query, headers } = seen[0]!;
    expect(query.get('grant_type')).toBe('refresh_token');
    expect(query.get('refresh_token')).toBe('ref-1');
    expect(query.get('scope')).toBe('all');
    expect(headers.get('Tenant-Id')).toBe('000000');
    expect(headers.get('Dept-Id')).toBe('11');
    expect(headers.get('Role-Id')).toBe('22');
    expect(headers.has('Smart-Auth')).toBe(false);
  });

  it('with the token in the server cookie: names none, asks for the cookie, and keeps the cookie mode', async () => {
    updateSession({ token: 'acc-1', refreshToken: '', refreshCookie: true, tenantId: '000000' });
    const seen: { query: URLSearchParams; headers: Headers }[] = [];
    h.server.use(
      getOauthTokenRefreshMockHandler(({ request }) => {
        seen.push({ query: new URL(request.url).searchParams, headers: request.headers });
        return { ...getOauthTokenRefreshResponseMock(), access_token: 'acc-2', refresh_token: '' };
      }),
    );
    expect(await checkTokenRefresh(getSession().tokenSavedAt + 3000_000)).toBe(true);
    const { query, headers } = seen[0]!;
    expect(query.has('refresh_token')).toBe(false);
    expect(headers.get('Smart-Refresh')).toBe('cookie');
    expect(getSession()).toMatchObject({ token: 'acc-2', refreshToken: '', refreshCookie: true });
  });

  it('a session holding its token names it once and moves to the cookie when the server keeps one', async () => {
    loggedIn();
    const seen: URLSearchParams[] = [];
    h.server.use(
      getOauthTokenRefreshMockHandler(({ request }) => {
        seen.push(new URL(request.url).searchParams);
        return { ...getOauthTokenRefreshResponseMock(), access_token: 'acc-2', refresh_token: '' };
      }),
    );
    await refreshToken();
    expect(seen[0]!.get('refresh_token')).toBe('ref-1');
    expect(getSession()).toMatchObject({ refreshToken: '', refreshCookie: true });
    expect(getCookie('saber-refresh-token')).toBeUndefined();
  });

  it('releases the lock after a failure, so the next call tries again', async () => {
    loggedIn();
    let calls = 0;
    h.server.use(
      http.post('*/api/smart-auth/oauth/token/refresh', () => {
        calls++;
        return HttpResponse.json({ error: 'invalid_grant', error_description: 'bad' }, { status: 400 });
      }),
    );
    await expect(refreshToken()).rejects.toMatchObject({ code: 400 });
    await expect(refreshToken()).rejects.toMatchObject({ code: 400 });
    expect(calls).toBe(2);
    expect(getSession().token).toBe('acc-1');
  });

  it('rejects without a request when there is no refresh token', async () => {
    const seen = countRefreshes(0);
    await expect(refreshToken()).rejects.toBeInstanceOf(Error);
    expect(seen).toHaveLength(0);
  });
});

describe('refresh timer', () => {
  it('refreshes only once the token age reaches tokenTime', async () => {
    loggedIn();
    const seen = countRefreshes(0);
    const savedAt = getSession().tokenSavedAt;
    expect(await checkTokenRefresh(savedAt + 2999_000)).toBe(false);
    expect(seen).toHaveLength(0);
    expect(await checkTokenRefresh(savedAt + 3000_000)).toBe(true);
    expect(seen).toHaveLength(1);
  });

  it('does nothing while logged out', async () => {
    const seen = countRefreshes(0);
    expect(await checkTokenRefresh(Date.now() + 10_000_000)).toBe(false);
    expect(seen).toHaveLength(0);
  });

  it('checks every 10 s, starts once, and stops', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    configureWebsite({ tokenTime: 15 });
    loggedIn();
    const seen = countRefreshes(0);
    const stop = startTokenRefresh();
    expect(startTokenRefresh()).toBe(stop); // idempotent
    expect(isTokenRefreshRunning()).toBe(true);

    vi.advanceTimersByTime(10_000); // age 10 s < 15 s
    await tick();
    expect(seen).toHaveLength(0);

    vi.advanceTimersByTime(10_000); // age 20 s >= 15 s: one refresh even though two starts
    await until(() => seen.length > 0);
    await tick();
    expect(seen).toHaveLength(1);
    expect(getSession().token).toBe('acc-2');

    stop();
    expect(isTokenRefreshRunning()).toBe(false);
    vi.advanceTimersByTime(60_000);
    await tick();
    expect(seen).toHaveLength(1);
  });
});
