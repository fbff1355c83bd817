// `yingdao/login` against the simulated Yingdao this server mounts (ENGINE_SANDBOX): typed credentials are tried,
// stored ones log in and record the check on their row; bad keys and other tenants' rows answer 400.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { yingdaoAuth } from '../../../db/schema';
import { listeningBaseUrl } from '../../../kernel/self-url';
import { backends, contractCall, login, startTestServer, type TestServer } from '../../../test/harness';

interface Result {
  authId: string;
  accessToken: string;
  expiresIn: number;
  lastCheckOk: number;
}

describe.each(backends)('yingdao login on %s', (kind) => {
  let s: TestServer;
  let admin: string;
  let other: string;
  let base: string;
  beforeAll(async () => {
    s = await startTestServer(kind, { engine: { sandbox: true, scheduler: false } });
    await s.app.listen({ port: 0, host: '127.0.0.1' });
    base = `${listeningBaseUrl(s.app)}/sandbox-yingdao`;
    admin = (await login(s.app)).access_token;
    other = (await login(s.app, '100001')).access_token;
  });
  afterAll(async () => {
    await s?.close();
  });
  const call = contractCall(() => s);
  const tryLogin = (body: object, token = admin) =>
    call<Result>('POST', '/api/smart-yingdao/yingdao/login', 'yingdaoLogin', token, body);

  it('tries typed credentials and answers the masked token', async () => {
    const res = await tryLogin({
      apiBaseUrl: base,
      accessKeyId: 'sandbox-demo',
      accessKeySecret: 'sandbox-secret',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ authId: '', lastCheckOk: 1 });
    expect(res.body.data.accessToken).toMatch(/^.{1,4}\*{4}$/);
    expect(res.body.data.expiresIn).toBeGreaterThan(3600);
    const bad = await tryLogin({ apiBaseUrl: base, accessKeyId: 'sandbox-demo', accessKeySecret: 'wrong' });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/^影刀登录失败/);
  });

  it('logs in with stored credentials and records the check; another tenant cannot use them', async () => {
    const saved = await call<{ id: string }>(
      'POST',
      '/api/smart-yingdao/yingdao_auth/submit',
      'ydYingdaoAuthSubmit',
      admin,
      {
        authName: `沙箱-${kind}`,
        apiBaseUrl: base,
        accessKeyId: 'sandbox-demo',
        accessKeySecret: 'sandbox-secret',
      },
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const [row] = await s.handle.db
      .select()
      .from(yingdaoAuth)
      .where(eq(yingdaoAuth.authName, `沙箱-${kind}`));
    const res = await tryLogin({ authId: String(row!.id) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.authId).toBe(String(row!.id));
    const [after] = await s.handle.db.select().from(yingdaoAuth).where(eq(yingdaoAuth.id, row!.id));
    expect(after!.lastCheckOk).toBe(1);
    expect(after!.accessToken).not.toBe('');
    const foreign = await tryLogin({ authId: String(row!.id) }, other);
    expect(foreign.status).toBe(400);
    expect(foreign.body.msg).toBe('影刀授权不存在');
  });
});
