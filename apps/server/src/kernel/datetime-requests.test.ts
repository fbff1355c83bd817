/**
 * Every date a request carries goes through the one reader (src/kernel/datetime.ts): list filters and birthdays
 * rolled `2026-13-45` over into another day before; the licence end of tenant/setting is in the tenant tests.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, backends, login, startTestServer, type TestServer } from '../test/harness';

describe.each(backends)('request dates on %s', (kind) => {
  let s: TestServer;
  let token: string;
  beforeAll(async () => {
    s = await startTestServer(kind);
    token = (await login(s.app)).access_token;
  });
  afterAll(async () => {
    await s?.close();
  });

  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    s.app.inject({ method, url, headers: authHeaders(token), ...(payload ? { payload } : {}) });
  const LIST = '/api/smart-yingdao/yingdao_auth/list';

  it.each(['2026-13-45 10:00:00', '2026-02-29 00:00:00', '1899-12-31 23:59:59'])(
    'a list filter refuses %s',
    async (d) => {
      const res = await call('GET', `${LIST}?createTime_dategt=${encodeURIComponent(d)}`);
      expect(res.json(), res.body).toMatchObject({ code: 400, success: false, msg: `日期格式错误: ${d}` });
    },
  );

  it('a list filter takes a real date', async () => {
    const res = await call('GET', `${LIST}?createTime_dategt=${encodeURIComponent('2024-02-29 00:00:00')}`);
    expect(res.statusCode, res.body).toBe(200);
  });

  it('a birthday must be a real date', async () => {
    for (const birthday of ['2026-13-45 10:00:00', '2001-02-29 00:00:00']) {
      const res = await call('POST', '/api/smart-user/update-info', { name: '管理员', birthday });
      expect(res.json(), res.body).toMatchObject({ code: 400, success: false });
    }
    const ok = await call('POST', '/api/smart-user/update-info', {
      name: '管理员',
      birthday: '2000-02-29 00:00:00',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const info = await call('GET', '/api/smart-user/info');
    expect((info.json() as { data: { birthday: string } }).data.birthday).toBe('2000-02-29 00:00:00');
  });
});
