// The phrase pool's enable switch is a form field (patterns.yaml CommonFields.status), unlike the audit status of
// other entities that the server stamps 1 on create: what was sent is kept, on create and on update.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectContract } from '../../../test/contract';
import { authHeaders, backends, login, startTestServer, type TestServer } from '../../../test/harness';

const P = '/api/smart-dy/dy_common';

describe.each(backends)('Douyin phrases on %s', (kind) => {
  let s: TestServer;
  let token: string;
  beforeAll(async () => {
    s = await startTestServer(kind);
    token = (await login(s.app)).access_token;
  });
  afterAll(async () => {
    await s?.close();
  });

  const submit = async (body: object) => {
    const res = await s.app.inject({
      method: 'POST',
      url: `${P}/submit`,
      headers: authHeaders(token),
      payload: body,
    });
    expectContract(res, 'dyCommonSubmit');
    return res.json() as { data: { id: string; status: number } };
  };
  const detail = async (id: string) => {
    const res = await s.app.inject({
      method: 'GET',
      url: `${P}/detail?id=${id}`,
      headers: authHeaders(token),
    });
    expectContract(res, 'dyCommonDetail');
    return (res.json() as { data: { status: number; content: string } }).data;
  };

  it('keeps the enable switch as sent, on create and on update', async () => {
    const created = await submit({ content: '先停用的常用语', status: 0 });
    expect(created.data.status).toBe(0);
    expect((await detail(created.data.id)).status).toBe(0);
    await submit({ id: created.data.id, content: '先停用的常用语', status: 1 });
    expect((await detail(created.data.id)).status).toBe(1);
    // without a status the phrase is enabled
    const plain = await submit({ content: '默认启用的常用语' });
    expect((await detail(plain.data.id)).status).toBe(1);
  });
});
