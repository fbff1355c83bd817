import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
const U = '/api/smart-user';

interface Page {
  data: { records: { id: string; account: string; status: number }[]; total: number };
}

describe.each(backends)('user status (disable, enable, pending) on %s', (kind) => {
  let s: TestServer;
  let tokenA: string; // administrator of 000000
  let tokenB: string; // admin of 100001
  beforeAll(async () => {
    s = await startTestServer(kind);
    tokenA = (await login(s.app, '000000')).access_token;
    tokenB = (await login(s.app, '100001')).access_token;
  });
  afterAll(async () => {
    await s?.close();
  });

  const call = (method: 'GET' | 'POST', url: string, tok = tokenA, payload?: object) =>
    s.app.inject({ method, url, headers: authHeaders(tok), ...(payload ? { payload } : {}) });
  const page = async (query: Record<string, string>) => {
    const res = await call('GET', `${U}/page?${new URLSearchParams(query).toString()}`);
    expect(res.statusCode, res.body).toBe(200);
    return expectContract<Page>(res, 'userPage').data;
  };
  const byAccount = async (account: string) => (await page({ account })).records[0]!;
  const passwordLogin = (username: string, plain: string) =>
    s.app.inject({
      method: 'POST',
      url: tokenUrl({ grant_type: 'password', username, password: md5(plain) }),
      headers: { authorization: BASIC, 'tenant-id': '000000' },
    });
  const create = async (account: string) => {
    const res = await call('POST', `${U}/submit`, tokenA, {
      account,
      name: account,
      realName: account,
      userType: 1,
      roleId: String(SEED_IDS.roleUser),
      deptId: String(SEED_IDS.deptAdmin),
      password: 'pass123',
      password2: 'pass123',
    });
    expect(res.statusCode, res.body).toBe(200);
    return byAccount(account);
  };
  const setStatus = (ids: string, status: number, tok = tokenA) =>
    call('POST', `${U}/status?userIds=${ids}&status=${status}`, tok);

  it('a disabled user cannot log in and their session ends; enabled again they can', async () => {
    const u = await create('offduty');
    const session = (await login(s.app, '000000', 'offduty', md5('pass123'))).access_token;
    expect((await call('GET', `${U}/info`, session)).statusCode).toBe(200);

    const off = await setStatus(u.id, 2);
    expect(off.statusCode, off.body).toBe(200);
    expectContract(off, 'userStatus');
    expect((await byAccount('offduty')).status).toBe(2);
    expect((await call('GET', `${U}/info`, session)).statusCode).toBe(401);
    const refused = await passwordLogin('offduty', 'pass123');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error_description).toBe('账号已被停用,请联系管理员');
    // the list filters by status
    expect((await page({ status: '2' })).records.map((r) => r.account)).toContain('offduty');
    expect((await page({ status: '1' })).records.map((r) => r.account)).not.toContain('offduty');

    expect((await setStatus(u.id, 1)).statusCode).toBe(200);
    expect((await byAccount('offduty')).status).toBe(1);
    expect((await passwordLogin('offduty', 'pass123')).statusCode).toBe(200);
  });

  it('never disables the caller, another tenant’s users, or with a status other than 1 and 2', async () => {
    const u = await create('keepme');
    const self = await setStatus(`${u.id},${SEED_IDS.userAdmin}`, 2);
    expect(self.statusCode).toBe(400);
    expect(expectContract(self, 'userStatus')).toMatchObject({ msg: '不能停用本账号!' });
    const cross = await setStatus(u.id, 2, tokenB);
    expect(cross.statusCode).toBe(400);
    expect(cross.json()).toMatchObject({ msg: '数据不存在' });
    const bad = await setStatus(u.id, 0);
    expect(bad.statusCode).toBe(400);
    // nothing changed by any of them
    expect((await byAccount('keepme')).status).toBe(1);
  });

  it('a pending sign-up stays pending when enabled, is listed as pending, and is approved by a grant', async () => {
    const reg = await s.app.inject({
      method: 'POST',
      url: `${U}/register`,
      headers: { authorization: BASIC },
      payload: {
        tenantId: '000000',
        account: 'waiting',
        password: 'pw12345',
        password2: 'pw12345',
        name: '候审',
      },
    });
    expect(reg.statusCode, reg.body).toBe(200);
    const u = await byAccount('waiting');
    expect(u.status).toBe(0);
    expect((await page({ status: '0' })).records.map((r) => r.account)).toContain('waiting');
    expect((await setStatus(u.id, 1)).statusCode).toBe(200);
    expect((await byAccount('waiting')).status).toBe(0);
    expect((await call('POST', `${U}/grant?userIds=${u.id}&roleIds=${SEED_IDS.roleUser}`)).statusCode).toBe(
      200,
    );
    expect((await byAccount('waiting')).status).toBe(1);
    // a disabled account stays disabled when its roles change
    expect((await setStatus(u.id, 2)).statusCode).toBe(200);
    expect((await call('POST', `${U}/grant?userIds=${u.id}&roleIds=${SEED_IDS.roleUser}`)).statusCode).toBe(
      200,
    );
    expect((await byAccount('waiting')).status).toBe(2);
  });
});
