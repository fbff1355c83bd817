import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeJwt } from 'jose';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CaptchaStore } from './auth/captcha';
import { SEED_IDS } from './db/seed-data';
import { expectContract } from './test/contract';
import {
  BASIC,
  authHeaders,
  backends,
  login,
  startTestServer,
  tokenUrl,
  type TestServer,
} from './test/harness';

const md5 = (s: string) => createHash('md5').update(s).digest('hex');
const AUTH = '/api/smart-auth/oauth';
const USER = '/api/smart-user';

/** A tiny OAuth2 provider: codes `code-<login>` give the profile of <login>; anything else is refused. */
function fakeProvider(): Promise<{ server: Server; base: string }> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method === 'POST' && url.pathname === '/token') {
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString()));
      req.on('end', () => {
        const form = new URLSearchParams(raw);
        const code = form.get('code') ?? '';
        if (form.get('client_secret') !== 'fake-secret' || !code.startsWith('code-')) {
          return send(400, { error: 'bad_verification_code' });
        }
        send(200, { access_token: `at-${code.slice(5)}`, token_type: 'bearer' });
      });
      return;
    }
    if (req.method === 'GET' && url.pathname === '/user') {
      const login = (req.headers.authorization ?? '').replace(/^Bearer at-/, '');
      if (!login || login === (req.headers.authorization ?? ''))
        return send(401, { message: 'Bad credentials' });
      return send(200, {
        id: 9000 + login.length,
        login,
        name: `Fake ${login}`,
        avatar_url: `https://fake.example/${login}.png`,
        email: `${login}@fake.example`,
      });
    }
    send(404, {});
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ server, base: `http://127.0.0.1:${port}` });
    });
  });
}

describe.each(backends)('auth extras on %s', (kind) => {
  let s: TestServer;
  let provider: { server: Server; base: string };
  let tokenA: string;
  let ipSeq = 0;
  /** every test talks from its own address, so that the per-address limit only bites where it is tested */
  const freshIp = () => `10.1.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;
  const saved: Record<string, string | undefined> = {};

  beforeAll(async () => {
    provider = await fakeProvider();
    const env = {
      SOCIAL_PROVIDERS: JSON.stringify({
        fake: {
          clientId: 'fake-client',
          clientSecret: 'fake-secret',
          redirectUri: 'http://console.example/oauth/callback/fake',
          authorizeUrl: `${provider.base}/authorize`,
          tokenUrl: `${provider.base}/token`,
          userInfoUrl: `${provider.base}/user`,
        },
      }),
      AUTH_RATE_ACCOUNT: '6',
      AUTH_RATE_ADDRESS: '8',
      AUTH_RATE_WINDOW_SECONDS: '86400',
    };
    for (const [k, v] of Object.entries(env)) {
      saved[k] = process.env[k];
      process.env[k] = v;
    }
    s = await startTestServer(kind);
    tokenA = (await login(s.app, '000000')).access_token;
  });
  afterAll(async () => {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    await s?.close();
    provider?.server.close();
  });

  const token = (params: Record<string, string>, headers: Record<string, string> = {}, ip = freshIp()) =>
    s.app.inject({
      method: 'POST',
      url: tokenUrl(params),
      headers: { authorization: BASIC, ...headers },
      remoteAddress: ip,
    });
  const call = (method: 'GET' | 'POST', url: string, tok = tokenA, payload?: object) =>
    s.app.inject({ method, url, headers: authHeaders(tok), ...(payload ? { payload } : {}) });

  /** A user of tenant 000000 (created by the administrator); returns its id. */
  async function createUser(account: string, extra: Record<string, unknown> = {}) {
    const res = await call('POST', `${USER}/submit`, tokenA, {
      account,
      name: account,
      realName: account.slice(0, 10),
      userType: 1,
      roleId: String(SEED_IDS.roleUser),
      deptId: String(SEED_IDS.deptAdmin),
      password: 'secret1',
      ...extra,
    });
    expect(res.statusCode, res.body).toBe(200);
    const page = await call('GET', `${USER}/page?account=${account}`);
    return (page.json() as { data: { records: { id: string }[] } }).data.records[0]!.id;
  }

  describe('captcha', () => {
    it('answers a key and a real 130×48 PNG', async () => {
      const res = await s.app.inject({
        method: 'GET',
        url: `${AUTH}/captcha`,
        headers: { authorization: BASIC },
      });
      expect(res.statusCode).toBe(200);
      const body = expectContract<{ key: string; image: string }>(res, 'oauthCaptcha');
      expect(body.key).toMatch(/^[0-9a-f]{32}$/);
      const png = PNG.sync.read(Buffer.from(body.image.replace(/^data:image\/png;base64,/, ''), 'base64'));
      expect([png.width, png.height]).toEqual([130, 48]);
      // the picture is not blank: text, lines and dots give many colours
      const colours = new Set<number>();
      for (let i = 0; i < png.data.length; i += 4) colours.add(png.data.readUInt32BE(i));
      expect(colours.size).toBeGreaterThan(5);
      // tokenless but needs the client
      const anon = await s.app.inject({ method: 'GET', url: `${AUTH}/captcha` });
      expect(anon.statusCode).toBe(401);
    });

    const captchaLogin = (key: string, code: string, username = 'admin') =>
      token(
        { grant_type: 'captcha', username, password: md5('admin'), scope: 'all' },
        { 'tenant-id': '100001', 'captcha-key': key, 'captcha-code': code },
      );

    it('logs in with the right answer (any case) exactly once', async () => {
      // another "instance" (a second store on the same database) issued it: the answer is shared
      const c = await new CaptchaStore(s.handle.db).create();
      const ok = await captchaLogin(c.key, c.text.toLowerCase());
      expect(ok.statusCode, ok.body).toBe(200);
      expect(expectContract<{ tenant_id: string }>(ok, 'oauthToken').tenant_id).toBe('100001');
      const reused = await captchaLogin(c.key, c.text);
      expect(reused.statusCode).toBe(400);
      expect(expectContract(reused, 'oauthToken')).toEqual({
        error: 'access_denied',
        error_description: '验证码不正确',
      });
    });

    it('a wrong answer fails and uses the captcha up', async () => {
      const c = await new CaptchaStore(s.handle.db).create();
      const wrong = await captchaLogin(c.key, c.text === 'AAAAA' ? 'BBBBB' : 'AAAAA', 'nobody');
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({ error_description: '验证码不正确' });
      expect((await captchaLogin(c.key, c.text, 'nobody')).statusCode).toBe(400);
    });

    it('an expired, unknown or missing captcha fails; the password is not even checked', async () => {
      const c = await new CaptchaStore(s.handle.db, 1).create();
      await new Promise((r) => setTimeout(r, 20));
      expect((await captchaLogin(c.key, c.text, 'nobody')).json()).toMatchObject({
        error_description: '验证码不正确',
      });
      expect((await captchaLogin('0'.repeat(32), 'abcde', 'nobody')).statusCode).toBe(400);
      const missing = await token({ grant_type: 'captcha', username: 'admin', password: md5('nope') });
      expect(missing.json()).toEqual({ error: 'access_denied', error_description: '验证码不正确' });
    });
  });

  describe('social', () => {
    const render = async (source = 'fake') => {
      const res = await s.app.inject({
        method: 'GET',
        url: `${AUTH}/render/${source}`,
        headers: { authorization: BASIC, accept: 'application/json' },
      });
      return res;
    };
    const stateOf = async () => {
      const res = await render();
      expect(res.statusCode, res.body).toBe(200);
      const url = new URL(expectContract<{ data: { url: string } }>(res, 'oauthRender').data.url);
      return url.searchParams.get('state') ?? '';
    };
    const social = async (code: string, state?: string) =>
      token(
        { grant_type: 'social', source: 'fake', code, state: state ?? (await stateOf()), scope: 'all' },
        {
          'tenant-id': '000000',
        },
      );

    it('render redirects to the provider with a fresh state, or answers it as JSON', async () => {
      const res = await render();
      const url = new URL(expectContract<{ data: { url: string } }>(res, 'oauthRender').data.url);
      expect(url.origin + url.pathname).toBe(`${provider.base}/authorize`);
      expect(url.searchParams.get('client_id')).toBe('fake-client');
      expect(url.searchParams.get('redirect_uri')).toBe('http://console.example/oauth/callback/fake');
      expect(url.searchParams.get('state')).toMatch(/^[0-9a-f]{32}$/);
      const redirect = await s.app.inject({
        method: 'GET',
        url: `${AUTH}/render/fake`,
        headers: { authorization: BASIC },
      });
      expect(redirect.statusCode).toBe(302);
      expect(redirect.headers.location).toMatch(new RegExp(`^${provider.base}/authorize\\?`));
      const unknown = await render('github');
      expect(unknown.statusCode).toBe(400);
      expectContract(unknown, 'oauthRender');
    });

    it('an unbound account gets a guest token that can only register; then the bound account logs in', async () => {
      const first = await social('code-alice');
      expect(first.statusCode, first.body).toBe(200);
      const guest = expectContract<Record<string, string>>(first, 'oauthToken');
      expect(guest).toMatchObject({
        user_id: '0',
        role_name: 'guest',
        account: 'alice',
        tenant_id: '000000',
      });
      expect(guest.oauth_id).toMatch(/^[0-9]+$/);
      expect(decodeJwt(guest.access_token!)).toMatchObject({
        authorities: ['guest'],
        oauth_id: guest.oauth_id,
      });

      // the guest token reads nothing
      expect((await call('GET', `${USER}/page`, guest.access_token)).statusCode).toBe(401);
      expect((await call('GET', `${AUTH}/user-info`, guest.access_token)).statusCode).toBe(401);

      // a foreign binding id is refused
      const bad = await call(
        'POST',
        `${USER}/register-guest?tenantId=000000&name=Alice&account=alice&password=pw123&oauthId=1`,
        guest.access_token,
      );
      expect(bad.statusCode).toBe(400);

      const reg = await call(
        'POST',
        `${USER}/register-guest?tenantId=000000&name=Alice&account=alice&password=pw123&oauthId=${guest.oauth_id}`,
        guest.access_token,
      );
      expect(reg.statusCode, reg.body).toBe(200);
      expectContract(reg, 'userRegisterGuest');
      // bound once only
      const again = await call(
        'POST',
        `${USER}/register-guest?tenantId=000000&name=Alice&account=alice2&password=pw123&oauthId=${guest.oauth_id}`,
        guest.access_token,
      );
      expect(again.statusCode).toBe(400);

      // bound but pending approval
      const pending = await social('code-alice');
      expect(pending.statusCode).toBe(400);
      expect(pending.json().error_description).toMatch(/审核/);

      // the administrator approves by granting a role
      const page = await call('GET', `${USER}/page?account=alice`);
      const alice = (page.json() as { data: { records: { id: string; status: number; avatar: string }[] } })
        .data.records[0]!;
      expect(alice).toMatchObject({ status: 0, avatar: 'https://fake.example/alice.png' });
      expect(
        (await call('POST', `${USER}/grant?userIds=${alice.id}&roleIds=${SEED_IDS.roleUser}`)).statusCode,
      ).toBe(200);

      const bound = await social('code-alice');
      expect(bound.statusCode, bound.body).toBe(200);
      const t = expectContract<Record<string, string>>(bound, 'oauthToken');
      expect(t).toMatchObject({
        user_id: alice.id,
        oauth_id: guest.oauth_id,
        role_name: 'user',
        account: 'alice',
      });
      // and the password chosen at registration works too
      const pw = await token(
        { grant_type: 'password', username: 'alice', password: md5('pw123') },
        { 'tenant-id': '000000' },
      );
      expect(pw.statusCode).toBe(200);
    });

    it('refuses a reused, unknown or missing state and a code the provider refuses', async () => {
      const state = await stateOf();
      expect((await social('code-bob', state)).statusCode).toBe(200);
      const reused = await social('code-bob', state);
      expect(reused.statusCode).toBe(400);
      expect(expectContract(reused, 'oauthToken')).toMatchObject({ error: 'access_denied' });
      expect((await social('code-bob', 'f'.repeat(32))).statusCode).toBe(400);
      const noState = await token({ grant_type: 'social', source: 'fake', code: 'code-bob' });
      expect(noState.statusCode).toBe(400);
      const refused = await social('wrong');
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error_description).toBe('第三方登录失败,请重试');
      const unknownSource = await token({ grant_type: 'social', source: 'github', code: 'x', state: 'y' });
      expect(unknownSource.json()).toMatchObject({ error: 'access_denied' });
    });
  });

  describe('rate limit and lock-out', () => {
    it('limits failed attempts per account and tenant (429 with Retry-After), across addresses', async () => {
      const id = await createUser('ratey');
      const attempt = (password: string, tenant = '000000') =>
        token(
          { grant_type: 'password', username: 'ratey', password: md5(password) },
          { 'tenant-id': tenant },
        );
      // successful logins give their attempt back: never limited
      for (let i = 0; i < 8; i++) expect((await attempt('secret1')).statusCode).toBe(200);
      for (let i = 0; i < 6; i++) expect((await attempt('wrong')).statusCode).toBe(400);
      // over the limit even with the right password
      const over = await attempt('secret1');
      expect(over.statusCode).toBe(429);
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
      expect(expectContract(over, 'oauthToken')).toEqual({
        error: 'access_denied',
        error_description: '登录尝试过于频繁,请稍后再试',
      });
      // the same account name in another tenant is another bucket (unknown there)
      expect((await attempt('secret1', '100001')).statusCode).toBe(400);
      // refreshing is not limited
      const first = (await login(s.app, '000000')).refresh_token;
      const r = await token({ grant_type: 'refresh_token', refresh_token: first }, { 'tenant-id': '000000' });
      expect(r.statusCode).toBe(200);
      // unlock clears the account's counters (rate and lock-out)
      expect((await call('POST', `${USER}/unlock?userIds=${id}`)).statusCode).toBe(200);
      expect((await attempt('secret1')).statusCode).toBe(200);
    });

    it('limits attempts per address, whatever the account', async () => {
      const ip = freshIp();
      const codes: number[] = [];
      for (let i = 0; i < 9; i++) {
        const r = await token(
          { grant_type: 'password', username: `nobody${i}`, password: md5('x') },
          { 'tenant-id': '000000' },
          ip,
        );
        codes.push(r.statusCode);
      }
      expect(codes.slice(0, 8)).toEqual(Array(8).fill(400));
      expect(codes[8]).toBe(429);
      // even the right password of a real account, from there
      const admin = await token(
        { grant_type: 'password', username: 'admin', password: md5('admin') },
        {},
        ip,
      );
      expect(admin.statusCode).toBe(429);
      // another address is not affected
      const fresh = await token({ grant_type: 'password', username: 'nobody0', password: md5('x') });
      expect(fresh.statusCode).toBe(400);
    });

    it('locks an account after 5 failures; user/unlock releases it', async () => {
      const id = await createUser('locky');
      const good = { grant_type: 'password', username: 'locky', password: md5('secret1') };
      const bad = { ...good, password: md5('wrong') };
      for (let i = 0; i < 5; i++) expect((await token(bad, { 'tenant-id': '000000' })).statusCode).toBe(400);
      const locked = await token(good, { 'tenant-id': '000000' });
      expect(locked.json()).toEqual({
        error: 'access_denied',
        error_description: '登录错误次数过多,请稍后再试',
      });
      const unlock = await call('POST', `${USER}/unlock?userIds=${id}`);
      expect(unlock.statusCode).toBe(200);
      expectContract(unlock, 'userUnlock');
      expect((await token(good, { 'tenant-id': '000000' })).statusCode).toBe(200);
    });
  });

  describe('refresh with Dept-Id / Role-Id', () => {
    it('switches to one of the user’s departments and roles, ignores foreign ones', async () => {
      const child = '1123598813738675202';
      await createUser('switcher', {
        roleId: `${SEED_IDS.roleAdministrator},${SEED_IDS.roleUser}`,
        deptId: `${SEED_IDS.deptAdmin},${child}`,
      });
      const first = await token(
        { grant_type: 'password', username: 'switcher', password: md5('secret1') },
        { 'tenant-id': '000000' },
      );
      const t0 = first.json() as Record<string, string>;
      expect(t0.role_id).toBe(`${SEED_IDS.roleAdministrator},${SEED_IDS.roleUser}`);
      expect(t0.role_name).toBe('administrator,user');
      const refresh = (rt: string, headers: Record<string, string>) =>
        token(
          { grant_type: 'refresh_token', refresh_token: rt, scope: 'all' },
          { 'tenant-id': '000000', ...headers },
        );

      const r1 = await refresh(t0.refresh_token!, { 'role-id': String(SEED_IDS.roleUser), 'dept-id': child });
      expect(r1.statusCode, r1.body).toBe(200);
      const t1 = expectContract<Record<string, string>>(r1, 'oauthToken');
      expect(t1).toMatchObject({ role_id: String(SEED_IDS.roleUser), role_name: 'user', dept_id: child });
      expect(decodeJwt(t1.access_token!)).toMatchObject({ authorities: ['user'], dept_id: child });

      // switching back is possible (the refresh token carries the user, not the narrowed identity)
      const r2 = await refresh(t1.refresh_token!, { 'role-id': String(SEED_IDS.roleAdministrator) });
      expect(r2.json()).toMatchObject({ role_name: 'administrator' });

      // a role of another tenant is ignored
      const r3 = await refresh((r2.json() as Record<string, string>).refresh_token!, {
        'role-id': String(SEED_IDS.roleDemoAdmin),
      });
      expect(r3.json()).toMatchObject({ role_name: 'administrator,user' });
    });
  });

  it('clear-cache needs a token and answers the raw success', async () => {
    const res = await call('GET', `${AUTH}/clear-cache`);
    expect(res.statusCode).toBe(200);
    expect(expectContract(res, 'oauthClearCache')).toEqual({ success: 'true', msg: 'success' });
    const anon = await s.app.inject({
      method: 'GET',
      url: `${AUTH}/clear-cache`,
      headers: { authorization: BASIC },
    });
    expect(anon.statusCode).toBe(401);
  });
});
