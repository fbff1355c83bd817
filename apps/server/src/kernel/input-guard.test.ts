// NUL characters and infinite numbers answer 400 with the envelope; before the guard they failed in PostgreSQL's
// hands as 500s (the comment groups' submit and list, the paging of every list).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, backends, login, startTestServer, type TestServer } from '../test/harness';
import { expectContract } from '../test/contract';
import { NUL_MSG, NUMBER_RANGE_MSG } from './input-guard';

const G = '/api/smart-comment/comment_group';

describe.each(backends)('input guard on %s', (kind) => {
  let s: TestServer;
  let token: string;
  beforeAll(async () => {
    s = await startTestServer(kind);
    token = (await login(s.app)).access_token;
  });
  afterAll(async () => {
    await s?.close();
  });

  const refused = (msg: string) => ({ code: 400, success: false, msg, data: null });

  it('refuses a NUL character in a body and writes nothing', async () => {
    const name = `nul-${Date.now()}`;
    const res = await s.app.inject({
      method: 'POST',
      url: `${G}/submit`,
      headers: authHeaders(token),
      payload: { groupName: `${name}\u0000x` },
    });
    expectContract(res, 'commentGroupSubmit');
    expect(res.json()).toEqual(refused(NUL_MSG));
    const list = await s.app.inject({ url: `${G}/list?groupName=${name}`, headers: authHeaders(token) });
    expect(list.json().data.total).toBe(0);
  });

  it('refuses a NUL character in a filter', async () => {
    const res = await s.app.inject({ url: `${G}/list?groupName=a%00b`, headers: authHeaders(token) });
    expectContract(res, 'commentGroupList');
    expect(res.json()).toEqual(refused(NUL_MSG));
  });

  it('refuses a page number beyond the finite range', async () => {
    const res = await s.app.inject({ url: `${G}/list?current=1e309`, headers: authHeaders(token) });
    expectContract(res, 'commentGroupList');
    expect(res.json()).toEqual(refused(NUMBER_RANGE_MSG));
  });
});
