import { and, eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user } from './db/schema';
import { expectContract } from './test/contract';
import {
  ADMIN_MD5,
  BASIC,
  authHeaders,
  backends,
  login,
  startTestServer,
  tokenUrl,
  type TestServer,
} from './test/harness';

const TOKEN_FIELDS = [
  'access_token',
  'token_type',
  'refresh_token',
  'expires_in',
  'scope',
  'tenant_id',
  'user_id',
  'dept_id',
  'post_id',
  'role_id',
  'oauth_id',
  'account',
  'user_name',
  'nick_name',
  'real_name',
  'role_name',
  'avatar',
  'client_id',
  'power',
  'expireTime',
  'balance',
  'authCode',
  'detail',
  'license',
  'jti',
];

describe.each(backends)('auth on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(kind);
  });
  afterAll(async () => {
    await s?.close();
  });

  const token = (params: Record<string, string>, headers: Record<string, string> = {}, path?: string) =>
    s.app.inject({
      method: 'POST',
      url: tokenUrl(params, path),
      headers: { authorization: BASIC, ...headers },
    });

  const refresh = (refreshToken: string, path?: string) =>
    token(
      { grant_type: 'refresh_token', refresh_token: refreshToken, scope: 'all' },
      { 'tenant-id': '000000' },
      path,
    );

  it('password grant answers every TokenResult field and a JWT with the upstream claims', async () => {
    const res = await token(
      { grant_type: 'password', username: 'admin', password: ADMIN_MD5, scope: 'all', type: 'account' },
      { 'tenant-id': '000000' },
    );
    expect(res.statusCode).toBe(200);
    const body = expectContract<Record<string, unknown>>(res, 'oauthToken');
    for (const f of TOKEN_FIELDS) expect(body, f).toHaveProperty(f);
    expect(body).toMatchObject({
      token_type: 'bearer',
      expires_in: 3600,
      scope: 'all',
      tenant_id: '000000',
      user_id: '1123598821738675201',
      account: 'admin',
      user_name: 'admin',
      nick_name: '管理员',
      role_name: 'administrator',
      client_id: 'saber',
      power: 1000,
      balance: 100,
      oauth_id: '',
      detail: { type: 'web' },
    });
    expect(body.expireTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const claims = decodeJwt(body.access_token as string);
    expect(claims).toMatchObject({
      user_name: 'admin',
      scope: ['all'],
      authorities: ['administrator'],
      client_id: 'saber',
      tenant_id: '000000',
      role_name: 'administrator',
      jti: body.jti,
    });
    expect(claims.exp).toBeGreaterThan(Date.now() / 1000 + 3500);
    expect(decodeJwt(body.refresh_token as string).jti).not.toBe(body.jti);
  });

  it('falls back to tenant_id, then tenantId, then 000000', async () => {
    for (const extra of [{ tenant_id: '000000' }, { tenantId: '000000' }, {}] as Record<string, string>[]) {
      const res = await token({ grant_type: 'password', username: 'admin', password: ADMIN_MD5, ...extra });
      expect(res.statusCode).toBe(200);
      expect(res.json().tenant_id).toBe('000000');
    }
  });

  it('wrong password → 400 invalid_grant 用户名或密码错误', async () => {
    const res = await token({
      grant_type: 'password',
      username: 'admin',
      password: 'e10adc3949ba59abbe56e057f20f883e',
    });
    expect(res.statusCode).toBe(400);
    expect(expectContract(res, 'oauthToken')).toEqual({
      error: 'invalid_grant',
      error_description: '用户名或密码错误',
    });
  });

  it('unknown tenant → 400 access_denied', async () => {
    const res = await token(
      { grant_type: 'password', username: 'admin', password: ADMIN_MD5 },
      { 'tenant-id': '999999' },
    );
    expect(res.statusCode).toBe(400);
    expect(expectContract(res, 'oauthToken')).toEqual({
      error: 'access_denied',
      error_description: '未获得用户的租户信息',
    });
  });

  it('bad or missing client → 401 invalid_client', async () => {
    const params = { grant_type: 'password', username: 'admin', password: ADMIN_MD5 };
    for (const authorization of [
      `Basic ${Buffer.from('saber:wrong').toString('base64')}`,
      'Basic !!!',
      undefined,
    ]) {
      const res = await s.app.inject({
        method: 'POST',
        url: tokenUrl(params),
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode).toBe(401);
      expect(expectContract(res, 'oauthToken')).toEqual({
        error: 'invalid_client',
        error_description: '客户端认证失败',
      });
    }
  });

  it('validation failures on the token endpoint answer OAuth errors, never 5xx', async () => {
    let res = await token({ grant_type: 'password', username: 'admin', password: 'admin' });
    expect(res.statusCode).toBe(400);
    expect(expectContract(res, 'oauthToken')).toMatchObject({ error: 'invalid_request' });
    res = await token({ grant_type: 'client_credentials' });
    expect(res.statusCode).toBe(400);
    expect(expectContract(res, 'oauthToken')).toMatchObject({ error: 'unsupported_grant_type' });
    res = await token({ grant_type: 'password' });
    expect(res.statusCode).toBe(400);
    expect(expectContract(res, 'oauthToken')).toMatchObject({ error: 'invalid_request' });
    res = await token({ grant_type: 'refresh_token', refresh_token: 'not-a-jwt' });
    expect(res.statusCode).toBe(401);
    expect(expectContract(res, 'oauthToken')).toMatchObject({ error: 'invalid_token' });
  });

  it('headers of the contract (Dept-Id, Role-Id, Tenant-Id, Captcha-Key) are validated whatever their case', async () => {
    const password = { grant_type: 'password', username: 'admin', password: ADMIN_MD5 };
    for (const [name, value] of [
      ['Dept-Id', 'abc'],
      ['role-id', '1;drop'],
      ['Tenant-Id', '0000000'],
      ['Captcha-Key', 'zz'],
    ] as const) {
      const res = await token(password, { [name]: value });
      expect(res.statusCode, name).toBe(400);
      expect(expectContract(res, 'oauthToken'), name).toMatchObject({
        error: 'invalid_request',
        error_description: expect.stringContaining(`headers/${name.toLowerCase()}`),
      });
    }
    expect((await token(password, { 'Tenant-Id': '000000', 'User-Type': 'web' })).statusCode).toBe(200);
  });

  it('captcha and social grants never go down the refresh or password path without their own proof', async () => {
    // captcha grant without a captcha: refused before the password is looked at
    const captcha = await token({
      grant_type: 'captcha',
      username: 'admin',
      password: ADMIN_MD5,
      refresh_token: 'x',
    });
    expect(captcha.statusCode).toBe(400);
    expect(expectContract(captcha, 'oauthToken')).toEqual({
      error: 'access_denied',
      error_description: '验证码不正确',
    });
    // social grant without code or source; and with a source no provider is configured for
    const social = await token({
      grant_type: 'social',
      username: 'admin',
      password: ADMIN_MD5,
      refresh_token: 'x',
    });
    expect(social.statusCode).toBe(400);
    expect(expectContract(social, 'oauthToken')).toMatchObject({ error: 'invalid_request' });
    const unknown = await token({ grant_type: 'social', source: 'github', code: 'c', state: 's' });
    expect(expectContract(unknown, 'oauthToken')).toMatchObject({ error: 'access_denied' });
  });

  it('refresh rotates the pair and a reused refresh token is refused', async () => {
    const first = await login(s.app);
    const r1 = await refresh(first.refresh_token);
    expect(r1.statusCode).toBe(200);
    const second = expectContract<Record<string, string>>(r1, 'oauthToken');
    expect(second.access_token).not.toBe(first.access_token);
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(second.role_name).toBe('administrator');

    const again = await refresh(first.refresh_token);
    expect(again.statusCode).toBe(401);
    expect(expectContract(again, 'oauthToken')).toMatchObject({ error: 'invalid_token' });

    // the alias path behaves the same, and the new token still works
    const r2 = await refresh(second.refresh_token as string, '/api/smart-auth/oauth/token/refresh');
    expect(r2.statusCode).toBe(200);
    expectContract(r2, 'oauthTokenRefresh');
  });

  it('an access token is not a refresh token and vice versa', async () => {
    const t = await login(s.app);
    const r = await refresh(t.access_token);
    expect(r.statusCode).toBe(401);
    const u = await s.app.inject({
      method: 'GET',
      url: '/api/smart-auth/oauth/user-info',
      headers: authHeaders(t.refresh_token),
    });
    expect(u.statusCode).toBe(401);
  });

  it('20 concurrent refreshes of one token: exactly one succeeds; ordinary calls meanwhile all succeed', async () => {
    const t = await login(s.app);
    // interleaved with the refreshes: 20 ordinary calls with the session's access token (still valid while it
    // rotates: a near-simultaneous replay does not revoke the family)
    const ordinary = () =>
      s.app.inject({
        method: 'GET',
        url: '/api/smart-system/param/list?size=5',
        headers: authHeaders(t.access_token),
      });
    const mixed = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        i % 2 === 0
          ? refresh(t.refresh_token).then((r) => ({ r, refresh: true }))
          : ordinary().then((r) => ({ r, refresh: false })),
      ),
    );
    const results = mixed.filter((x) => x.refresh).map((x) => x.r);
    const calls = mixed.filter((x) => !x.refresh).map((x) => x.r);
    expect(results).toHaveLength(20);
    expect(calls).toHaveLength(20);
    for (const c of calls) {
      expect(c.statusCode, c.body).toBe(200);
      expect(expectContract(c, 'paramList')).toMatchObject({ code: 200, success: true });
    }
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 401)).toHaveLength(19);
    for (const r of results) expectContract(r, 'oauthToken');
    // the losers get a clean OAuth error, nothing else
    for (const r of results.filter((x) => x.statusCode === 401)) {
      expect(r.json()).toEqual({ error: 'invalid_token', error_description: '刷新令牌无效或已过期' });
    }
    // the winner's refresh token is still good (no family revocation for near-simultaneous replays)
    const winner = results.find((r) => r.statusCode === 200)?.json() as { refresh_token: string };
    expect((await refresh(winner.refresh_token)).statusCode).toBe(200);
  });

  it('Role-Id / Dept-Id narrow the token only when they belong to the user', async () => {
    const own = await token(
      { grant_type: 'password', username: 'admin', password: ADMIN_MD5 },
      { 'role-id': '1123598816738675201', 'dept-id': '1123598813738675201' },
    );
    expect(own.json()).toMatchObject({ role_id: '1123598816738675201', dept_id: '1123598813738675201' });
    const foreign = await token(
      { grant_type: 'password', username: 'admin', password: ADMIN_MD5 },
      { 'role-id': '1123598816738675301', 'dept-id': '999' },
    );
    expect(foreign.statusCode).toBe(200);
    expect(foreign.json()).toMatchObject({ role_id: '1123598816738675201', role_name: 'administrator' });
  });

  it('user-info answers the envelope with power, balance and expireTime', async () => {
    const t = await login(s.app);
    const res = await s.app.inject({
      method: 'GET',
      url: '/api/smart-auth/oauth/user-info',
      headers: authHeaders(t.access_token),
    });
    expect(res.statusCode).toBe(200);
    const body = expectContract<{ data: Record<string, unknown> }>(res, 'oauthUserInfo');
    expect(body.data).toMatchObject({
      userId: '1123598821738675201',
      tenantId: '000000',
      account: 'admin',
      nickName: '管理员',
      roleName: 'administrator',
      power: 1000,
      balance: 100,
    });
  });

  it('no, malformed or foreign-signed token → 401 envelope', async () => {
    const bad = [
      {},
      { 'smart-auth': 'bearer ' },
      { 'smart-auth': 'bearer abc.def.ghi' },
      {
        'smart-auth':
          'bearer eyJhbGciOiJIUzI1NiJ9.eyJ0b2tlbl90eXBlIjoiYWNjZXNzX3Rva2VuIiwianRpIjoieCIsInVzZXJfaWQiOiIxIn0.2e5zFJeV9nVnhBZQd3Ytc9mBCwqJ1O5u3pDe0nmhz8o',
      },
    ];
    for (const h of bad) {
      const res = await s.app.inject({
        method: 'GET',
        url: '/api/smart-auth/oauth/user-info',
        headers: { authorization: BASIC, ...h },
      });
      expect(res.statusCode).toBe(401);
      expect(expectContract(res, 'oauthUserInfo')).toEqual({
        code: 401,
        success: false,
        msg: '请求未授权',
        data: null,
      });
    }
    // authentication comes before validation: no token + invalid query is still 401
    const res = await s.app.inject({
      method: 'GET',
      url: '/api/smart-system/param/detail?id=abc',
      headers: { authorization: BASIC },
    });
    expect(res.statusCode).toBe(401);
  });

  it('accepts the raw token and a case-insensitive prefix', async () => {
    const t = await login(s.app);
    for (const v of [t.access_token, `Bearer ${t.access_token}`, `BEARER ${t.access_token}`]) {
      const res = await s.app.inject({
        method: 'GET',
        url: '/api/smart-auth/oauth/user-info',
        headers: { authorization: BASIC, 'smart-auth': v },
      });
      expect(res.statusCode).toBe(200);
    }
  });

  it('logout revokes the access token and the refresh family', async () => {
    const t = await login(s.app);
    const rotated = (await refresh(t.refresh_token)).json() as {
      access_token: string;
      refresh_token: string;
    };
    const res = await s.app.inject({
      method: 'GET',
      url: '/api/smart-auth/oauth/logout',
      headers: authHeaders(rotated.access_token),
    });
    expect(res.statusCode).toBe(200);
    expect(expectContract(res, 'oauthLogout')).toEqual({ success: 'true', msg: 'success' });
    for (const access of [rotated.access_token, t.access_token]) {
      const after = await s.app.inject({
        method: 'GET',
        url: '/api/smart-auth/oauth/user-info',
        headers: authHeaders(access),
      });
      expect(after.statusCode).toBe(401);
      expectContract(after, 'oauthUserInfo');
    }
    expect((await refresh(rotated.refresh_token)).statusCode).toBe(401);
    // another session of the same user is untouched
    const other = await login(s.app);
    const ok = await s.app.inject({
      method: 'GET',
      url: '/api/smart-auth/oauth/user-info',
      headers: authHeaders(other.access_token),
    });
    expect(ok.statusCode).toBe(200);
  });

  it('stores an argon2id hash of the md5, never the md5 itself', async () => {
    const [row] = await s.handle.db
      .select({ password: user.password })
      .from(user)
      .where(and(eq(user.account, 'admin'), eq(user.tenantId, '000000')));
    expect(row?.password).toMatch(/^\$argon2id\$/);
    expect(row?.password).not.toContain(ADMIN_MD5);
  });

  it('locks an account out after account.failCount failures', async () => {
    const params = { grant_type: 'password', username: 'ghost', password: ADMIN_MD5 };
    for (let i = 0; i < 5; i++) {
      const r = await token(params);
      expect(r.json().error_description).toBe('用户名或密码错误');
    }
    const locked = await token(params);
    expect(locked.statusCode).toBe(400);
    expect(expectContract(locked, 'oauthToken')).toEqual({
      error: 'access_denied',
      error_description: '登录错误次数过多,请稍后再试',
    });
  });
});
