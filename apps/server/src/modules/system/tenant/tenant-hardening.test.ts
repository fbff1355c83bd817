/**
 * What an outside fuzzer found in the tenant operations (issue 19): tenant 000000 locked out by `tenant/setting`,
 * impossible licence ends stored, `null` taken for a string field.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectContract } from '../../../test/contract';
import { authHeaders, backends, login, startTestServer, type TestServer } from '../../../test/harness';
import { ADMIN_TENANT_LIMIT_MSG } from './tenant-settings';

const SYS = '/api/smart-system';

interface TenantVO {
  id: string;
  tenantId: string;
  tenantName: string;
  accountNumber: number;
  expireTime: string;
  address: string;
}

describe.each(backends)('tenant hardening on %s', (kind) => {
  let s: TestServer;
  let admin: string;
  beforeAll(async () => {
    s = await startTestServer(kind);
    admin = (await login(s.app, '000000')).access_token;
  });
  afterAll(async () => {
    await s?.close();
  });

  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    s.app.inject({ method, url, headers: authHeaders(admin), ...(payload ? { payload } : {}) });

  async function tenantOf(code: string): Promise<TenantVO> {
    const res = await call('GET', `${SYS}/tenant/select`);
    return (res.json() as { data: TenantVO[] }).data.find((t) => t.tenantId === code)!;
  }
  const setting = (ids: string, accountNumber: number, expireTime?: string) =>
    call(
      'POST',
      `${SYS}/tenant/setting?ids=${ids}&accountNumber=${accountNumber}` +
        (expireTime ? `&expireTime=${encodeURIComponent(expireTime)}` : ''),
    );

  it('never expires or limits tenant 000000, alone or among others', async () => {
    const root = await tenantOf('000000');
    const other = await tenantOf('100001');
    for (const [ids, n, end] of [
      [root.id, -1, '2000-01-01 00:00:00'], // the fuzzer's call: everyone of 000000 locked out
      [root.id, 5, undefined],
      [root.id, 0, '2099-01-01 00:00:00'],
      [`${other.id},${root.id}`, 10, undefined],
    ] as const) {
      const res = await setting(ids, n, end);
      expect(expectContract(res, 'tenantSetting'), res.body).toMatchObject({
        code: 400,
        success: false,
        msg: ADMIN_TENANT_LIMIT_MSG,
      });
    }
    // nothing was written, not even for the other tenant of the refused call
    expect(await tenantOf('000000')).toMatchObject({ accountNumber: -1, expireTime: '' });
    expect((await tenantOf('100001')).accountNumber).toBe(other.accountNumber);
    // unlimited and never-ending is what it has: setting that is harmless
    expect((await setting(root.id, -1)).statusCode).toBe(200);
    await login(s.app, '000000');

    // tenant/submit cannot set them either (not form fields): the licence stays
    const sub = await call('POST', `${SYS}/tenant/submit`, {
      id: root.id,
      tenantName: root.tenantName,
      linkman: 'admin',
      accountNumber: 1,
      expireTime: '2000-01-01 00:00:00',
    });
    expect(sub.statusCode, sub.body).toBe(200);
    expect(await tenantOf('000000')).toMatchObject({ accountNumber: -1, expireTime: '' });
    await login(s.app, '000000');

    // other tenants keep the behaviour
    const ok = await setting(other.id, 7, '2099-12-31 23:59:59');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await tenantOf('100001')).toMatchObject({ accountNumber: 7, expireTime: '2099-12-31 23:59:59' });
  });

  it.each(['0999-01-01 00:00:00', '2026-13-45 10:00:00', '2026-02-30 10:00:00', '2026-01-01 24:00:00'])(
    'refuses the impossible licence end %s, and the lists still answer',
    async (d) => {
      const t = await tenantOf('100001');
      const res = await setting(t.id, 5, d);
      expect(expectContract(res, 'tenantSetting')).toMatchObject({ code: 400, msg: `日期格式错误: ${d}` });
      for (const url of [`${SYS}/tenant/list`, `${SYS}/tenant/select`, `${SYS}/tenant/detail?id=${t.id}`])
        expect((await call('GET', url)).statusCode).toBe(200);
    },
  );

  it('refuses null for a string field of tenant/submit (it was stored as "")', async () => {
    const created = await call('POST', `${SYS}/tenant/submit`, { tenantName: 'null probe', linkman: 'x' });
    expect(created.statusCode, created.body).toBe(200);
    const probe = (
      (await call('GET', `${SYS}/tenant/list?tenantName=null%20probe`)).json() as {
        data: { records: TenantVO[] };
      }
    ).data.records[0]!;
    for (const [body, msg] of [
      [{ tenantName: 'n', linkman: 'x', address: null }, '联系地址格式不正确'],
      [{ tenantName: null, linkman: 'x' }, '租户名称格式不正确'],
      [{ id: probe.id, tenantName: 'null probe', linkman: 'x', contactNumber: null }, '联系电话格式不正确'],
    ] as const) {
      const res = await call('POST', `${SYS}/tenant/submit`, body);
      expect(expectContract(res, 'tenantSubmit'), res.body).toMatchObject({ code: 400, success: false, msg });
    }
    // absent optional fields are still fine
    const upd = await call('POST', `${SYS}/tenant/submit`, {
      id: probe.id,
      tenantName: 'null probe',
      linkman: 'y',
    });
    expect(upd.statusCode, upd.body).toBe(200);
  });
});
