/** The access token travels in the `Smart-Auth` header only (issue 19): a token in the query string is no token. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASIC, authHeaders, backends, login, startTestServer, type TestServer } from '../test/harness';

describe.each(backends)('the access token on %s', (kind) => {
  let s: TestServer;
  let token: string;
  beforeAll(async () => {
    s = await startTestServer(kind);
    token = (await login(s.app)).access_token;
  });
  afterAll(async () => {
    await s?.close();
  });

  it('is read from the header', async () => {
    const res = await s.app.inject({
      method: 'GET',
      url: '/api/smart-system/menu/list',
      headers: authHeaders(token),
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it.each(['Smart-Auth', 'smart-auth', 'access_token', 'Blade-Auth'])(
    'is not read from the query (%s)',
    async (name) => {
      for (const value of [`bearer ${token}`, token]) {
        const res = await s.app.inject({
          method: 'GET',
          url: `/api/smart-system/menu/list?${new URLSearchParams({ [name]: value }).toString()}`,
          headers: { authorization: BASIC },
        });
        expect(res.statusCode, res.body).toBe(401);
        expect(res.json()).toMatchObject({ code: 401, success: false });
      }
    },
  );
});
