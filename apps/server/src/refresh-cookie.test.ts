import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectContract } from './test/contract';
import {
  ADMIN_MD5,
  BASIC,
  authHeaders,
  backends,
  startTestServer,
  tokenUrl,
  type TestServer,
} from './test/harness';

/** The refresh token as an HttpOnly cookie, for clients that send `Smart-Refresh: cookie` (the console). */
describe.each(backends)('refresh token cookie on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(kind);
  });
  afterAll(async () => {
    await s?.close();
  });

  const COOKIE = 'smart-refresh-token';
  const asking = { authorization: BASIC, 'tenant-id': '000000', 'smart-refresh': 'cookie' };

  const setCookie = (res: LightMyRequestResponse) => {
    const raw = res.headers['set-cookie'];
    const all = Array.isArray(raw) ? raw : raw ? [raw] : [];
    return all.find((c) => c.startsWith(`${COOKIE}=`));
  };
  const valueOf = (cookie: string | undefined) => cookie?.split(';')[0]?.slice(COOKIE.length + 1) ?? '';

  const signIn = (headers: Record<string, string> = asking) =>
    s.app.inject({
      method: 'POST',
      url: tokenUrl({ grant_type: 'password', username: 'admin', password: ADMIN_MD5, scope: 'all' }),
      headers,
    });
  const refresh = (
    cookie: string | undefined,
    path = '/api/smart-auth/oauth/token/refresh',
    headers = asking,
  ) =>
    s.app.inject({
      method: 'POST',
      url: tokenUrl({ grant_type: 'refresh_token', scope: 'all' }, path),
      headers: { ...headers, ...(cookie ? { cookie: `${COOKIE}=${cookie}` } : {}) },
    });

  it('sign-in: the refresh token goes into an HttpOnly SameSite=Strict cookie of the oauth path, not the answer', async () => {
    const res = await signIn();
    expect(res.statusCode).toBe(200);
    const body = expectContract<{ access_token: string; refresh_token: string }>(res, 'oauthToken');
    expect(body.access_token).not.toBe('');
    expect(body.refresh_token).toBe('');
    expect(res.headers['cache-control']).toBe('no-store');
    const cookie = setCookie(res) ?? '';
    expect(valueOf(cookie)).toMatch(/^ey/);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Strict/);
    expect(cookie).toMatch(/; Path=\/api\/smart-auth\/oauth(;|$)/);
    expect(cookie).toMatch(/; Max-Age=604800/);
    // not over plain HTTP; over TLS (here: a proxy saying so) the cookie is Secure
    expect(cookie).not.toMatch(/; Secure/);
    expect(setCookie(await signIn({ ...asking, 'x-forwarded-proto': 'https' }))).toMatch(/; Secure/);
  });

  it('a client that does not ask gets the token in the answer and no cookie, as the legacy platform', async () => {
    const res = await signIn({ authorization: BASIC, 'tenant-id': '000000' });
    expect(res.statusCode).toBe(200);
    expect((res.json() as { refresh_token: string }).refresh_token).toMatch(/^ey/);
    expect(setCookie(res)).toBeUndefined();
  });

  it('refresh reads the cookie, rotates it, and refuses the used one (both paths)', async () => {
    const first = valueOf(setCookie(await signIn()));
    const r1 = await refresh(first);
    expect(r1.statusCode).toBe(200);
    const body = expectContract<{ access_token: string; refresh_token: string }>(r1, 'oauthTokenRefresh');
    expect(body.refresh_token).toBe('');
    const second = valueOf(setCookie(r1));
    expect(second).toMatch(/^ey/);
    expect(second).not.toBe(first);

    // the used token is refused, and the refused cookie is ended
    const reused = await refresh(first);
    expect(reused.statusCode).toBe(401);
    expect(expectContract(reused, 'oauthTokenRefresh')).toMatchObject({ error: 'invalid_token' });
    expect(setCookie(reused)).toMatch(/^smart-refresh-token=;.*Expires=Thu, 01 Jan 1970/);

    // the token endpoint's refresh grant reads it too
    const r2 = await refresh(second, '/api/smart-auth/oauth/token');
    expect(r2.statusCode).toBe(200);
    expectContract(r2, 'oauthToken');
    expect(valueOf(setCookie(r2))).toMatch(/^ey/);
  });

  it('refresh with neither a token nor the cookie: 400 缺少刷新令牌', async () => {
    const res = await refresh(undefined);
    expect(res.statusCode).toBe(400);
    expect(expectContract(res, 'oauthTokenRefresh')).toMatchObject({
      error: 'invalid_request',
      error_description: '缺少刷新令牌',
    });
  });

  it('a token named in the call wins over the cookie', async () => {
    const fromCookie = valueOf(setCookie(await signIn()));
    const legacy = (await signIn({ authorization: BASIC, 'tenant-id': '000000' })).json() as {
      refresh_token: string;
    };
    const res = await s.app.inject({
      method: 'POST',
      url: tokenUrl(
        { grant_type: 'refresh_token', scope: 'all', refresh_token: legacy.refresh_token },
        '/api/smart-auth/oauth/token/refresh',
      ),
      headers: { authorization: BASIC, 'tenant-id': '000000', cookie: `${COOKIE}=${fromCookie}` },
    });
    expect(res.statusCode).toBe(200);
    // the cookie's token was not used: it still refreshes once
    expect((await refresh(fromCookie)).statusCode).toBe(200);
  });

  it('logout ends the cookie and its token', async () => {
    const res = await signIn();
    const access = (res.json() as { access_token: string }).access_token;
    const refreshToken = valueOf(setCookie(res));
    const out = await s.app.inject({
      method: 'GET',
      url: '/api/smart-auth/oauth/logout',
      headers: { ...authHeaders(access), cookie: `${COOKIE}=${refreshToken}` },
    });
    expect(out.statusCode).toBe(200);
    expect(setCookie(out)).toMatch(/^smart-refresh-token=;.*Path=\/api\/smart-auth\/oauth/);
    expect((await refresh(refreshToken)).statusCode).toBe(401);
  });
});
