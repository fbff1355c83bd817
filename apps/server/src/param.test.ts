import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectContract } from './test/contract';
import { BASIC, authHeaders, backends, login, startTestServer, type TestServer } from './test/harness';

interface Param {
  id: string;
  tenantId: string;
  paramName: string;
  paramKey: string;
  paramValue: string;
  remark: string;
  createUser: string;
  createTime: string;
  updateTime: string;
  isDeleted: number;
}
interface Page {
  data: { records: Param[]; total: number; size: number; current: number; pages: number };
}

const LIST = '/api/smart-system/param/list';
const DETAIL = '/api/smart-system/param/detail';
const SUBMIT = '/api/smart-system/param/submit';
const REMOVE = '/api/smart-system/param/remove';

describe.each(backends)('param on %s', (kind) => {
  let s: TestServer;
  let tokenA: string; // tenant 000000
  let tokenB: string; // tenant 100001
  beforeAll(async () => {
    s = await startTestServer(kind);
    tokenA = (await login(s.app, '000000')).access_token;
    tokenB = (await login(s.app, '100001')).access_token;
  });
  afterAll(async () => {
    await s?.close();
  });

  const get = (url: string, token = tokenA) =>
    s.app.inject({ method: 'GET', url, headers: authHeaders(token) });
  const submit = (payload: unknown, token = tokenA) =>
    s.app.inject({ method: 'POST', url: SUBMIT, headers: authHeaders(token), payload: payload as object });
  const remove = (ids: string, token = tokenA) =>
    s.app.inject({
      method: 'POST',
      url: `${REMOVE}?ids=${encodeURIComponent(ids)}`,
      headers: authHeaders(token),
    });
  const list = async (query: Record<string, string | number>, token = tokenA) => {
    const qs = new URLSearchParams(
      Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
    ).toString();
    const res = await get(`${LIST}?${qs}`, token);
    expect(res.statusCode, res.body).toBe(200);
    return expectContract<Page>(res, 'paramList').data;
  };

  it('lists the seeded parameters of the caller tenant', async () => {
    const page = await list({});
    expect(page.total).toBe(6);
    expect(page).toMatchObject({ size: 10, current: 1, pages: 1 });
    expect(page.records.map((r) => r.paramKey)).toContain('account.registerUser');
    expect(page.records.every((r) => r.tenantId === '000000')).toBe(true);
    const init = page.records.find((r) => r.paramKey === 'account.initPassword');
    expect(init?.paramValue).toBe('123456');
  });

  it('create → detail → update → search → remove lifecycle', async () => {
    const created = await submit({
      paramName: '测试参数',
      paramKey: 'test.lifecycle',
      paramValue: 'v1',
      remark: 'r',
    });
    expect(created.statusCode, created.body).toBe(200);
    const p = expectContract<{ data: Param }>(created, 'paramSubmit').data;
    expect(p).toMatchObject({
      tenantId: '000000',
      paramKey: 'test.lifecycle',
      paramValue: 'v1',
      remark: 'r',
      isDeleted: 0,
    });
    expect(p.id).toMatch(/^\d+$/);
    expect(p.createUser).toBe('1123598821738675201');
    expect(p.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    const detail = await get(`${DETAIL}?id=${p.id}`);
    expect(detail.statusCode).toBe(200);
    expect(expectContract<{ data: Param }>(detail, 'paramDetail').data).toMatchObject({
      id: p.id,
      paramName: '测试参数',
    });

    // newest first by default
    expect((await list({ size: 1 })).records[0]?.id).toBe(p.id);

    const updated = await submit({
      id: p.id,
      paramName: '测试参数2',
      paramKey: 'test.lifecycle',
      paramValue: 'v2',
    });
    expect(updated.statusCode).toBe(200);
    expect(expectContract<{ data: Param }>(updated, 'paramSubmit').data).toMatchObject({
      id: p.id,
      paramName: '测试参数2',
      paramValue: 'v2',
      remark: 'r',
    });

    const found = await list({ paramKey: 'LIFECYCLE' });
    expect(found.records.map((r) => r.id)).toEqual([p.id]);
    expect((await list({ paramName: '测试参数2', paramValue: 'v2' })).total).toBe(1);

    const removed = await remove(p.id);
    expect(removed.statusCode).toBe(200);
    expect(expectContract(removed, 'paramRemove')).toEqual({
      code: 200,
      success: true,
      msg: '操作成功',
      data: {},
    });
    expect((await list({ paramKey: 'lifecycle' })).total).toBe(0);
    const gone = await get(`${DETAIL}?id=${p.id}`);
    expect(gone.statusCode).toBe(400);
    expect(expectContract(gone, 'paramDetail')).toMatchObject({
      code: 400,
      success: false,
      msg: '数据不存在',
    });
    // the key is free again after a logical delete
    expect(
      (await submit({ paramName: 'again', paramKey: 'test.lifecycle', paramValue: 'v' })).statusCode,
    ).toBe(200);
  });

  it('pages with exact total and pages; sorts on whitelisted columns only', async () => {
    for (let i = 0; i < 12; i++) {
      const r = await submit({
        paramName: `分页${i}`,
        paramKey: `page.k${String(i).padStart(2, '0')}`,
        paramValue: `${i}`,
      });
      expect(r.statusCode).toBe(200);
    }
    const p1 = await list({ paramKey: 'page.k', size: 5, current: 1, ascs: 'param_key' });
    expect(p1).toMatchObject({ total: 12, size: 5, current: 1, pages: 3 });
    expect(p1.records.map((r) => r.paramKey)).toEqual([
      'page.k00',
      'page.k01',
      'page.k02',
      'page.k03',
      'page.k04',
    ]);
    const p3 = await list({ paramKey: 'page.k', size: 5, current: 3, ascs: 'param_key' });
    expect(p3.records.map((r) => r.paramKey)).toEqual(['page.k10', 'page.k11']);
    const beyond = await list({ paramKey: 'page.k', size: 5, current: 9 });
    expect(beyond).toMatchObject({ total: 12, records: [] });
    const desc = await list({ paramKey: 'page.k', size: 2, descs: 'param_key' });
    expect(desc.records.map((r) => r.paramKey)).toEqual(['page.k11', 'page.k10']);

    const bad = await get(`${LIST}?descs=password`);
    expect(bad.statusCode).toBe(400);
    expectContract(bad, 'paramList');
    const injection = await get(`${LIST}?descs=${encodeURIComponent('create_time;drop table x')}`);
    expect(injection.statusCode).toBe(400);
  });

  it('treats LIKE wildcards in filters literally', async () => {
    await submit({ paramName: 'pct', paramKey: 'wild.100%_done', paramValue: 'x' });
    await submit({ paramName: 'plain', paramKey: 'wild.100ab', paramValue: 'x' });
    expect((await list({ paramKey: '100%' })).records.map((r) => r.paramKey)).toEqual(['wild.100%_done']);
    expect((await list({ paramKey: '%' })).total).toBe(1);
    expect((await list({ paramKey: '_' })).records.every((r) => r.paramKey.includes('_'))).toBe(true);
  });

  it('refuses a duplicate key in the tenant with a 400 envelope', async () => {
    const res = await submit({ paramName: 'dup', paramKey: 'account.registerUser', paramValue: 'x' });
    expect(res.statusCode).toBe(400);
    expect(expectContract(res, 'paramSubmit')).toMatchObject({
      code: 400,
      success: false,
      msg: '参数键名已存在',
    });
    // updating another row onto an existing key is refused too
    const other = (await submit({ paramName: 'o', paramKey: 'dup.other', paramValue: 'x' })).json() as {
      data: Param;
    };
    const clash = await submit({
      id: other.data.id,
      paramName: 'o',
      paramKey: 'account.failCount',
      paramValue: 'x',
    });
    expect(clash.statusCode).toBe(400);
    // concurrent creates of one key: one wins
    const racers = await Promise.all(
      Array.from({ length: 5 }, () => submit({ paramName: 'race', paramKey: 'race.key', paramValue: 'x' })),
    );
    expect(racers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of racers) expectContract(r, 'paramSubmit');
  });

  it('answers validation errors with a 400 envelope, never 5xx', async () => {
    const cases: [
      string,
      () => Promise<{ statusCode: number; body: string; json(): unknown }>,
      string,
      RegExp?,
    ][] = [
      [
        'missing paramName',
        () => submit({ paramKey: 'k', paramValue: 'v' }),
        'paramSubmit',
        /请输入参数名称/,
      ],
      [
        'empty paramKey',
        () => submit({ paramName: 'n', paramKey: '', paramValue: 'v' }),
        'paramSubmit',
        /请输入参数键名/,
      ],
      [
        'missing paramValue',
        () => submit({ paramName: 'n', paramKey: 'k' }),
        'paramSubmit',
        /请输入参数键值/,
      ],
      [
        'oversized name',
        () => submit({ paramName: 'x'.repeat(256), paramKey: 'k', paramValue: 'v' }),
        'paramSubmit',
      ],
      [
        'bad id in body',
        () => submit({ id: 'abc', paramName: 'n', paramKey: 'k', paramValue: 'v' }),
        'paramSubmit',
      ],
      ['array body', () => submit([1, 2]), 'paramSubmit'],
      ['size too big', () => get(`${LIST}?size=5000`), 'paramList'],
      ['size not a number', () => get(`${LIST}?size=abc`), 'paramList'],
      ['current 0', () => get(`${LIST}?current=0`), 'paramList'],
      ['oversized filter', () => get(`${LIST}?paramName=${'x'.repeat(300)}`), 'paramList'],
      ['detail without id', () => get(DETAIL), 'paramDetail'],
      ['detail bad id', () => get(`${DETAIL}?id=12a`), 'paramDetail'],
      ['detail id too long', () => get(`${DETAIL}?id=${'9'.repeat(21)}`), 'paramDetail'],
      ['detail id beyond int8', () => get(`${DETAIL}?id=${'9'.repeat(20)}`), 'paramDetail', /数据不存在/],
      [
        'remove without ids',
        () => s.app.inject({ method: 'POST', url: REMOVE, headers: authHeaders(tokenA) }),
        'paramRemove',
      ],
      ['remove bad ids', () => remove('1,,2'), 'paramRemove'],
      ['remove letters', () => remove('abc'), 'paramRemove'],
      [
        'update unknown id',
        () => submit({ id: '1', paramName: 'n', paramKey: 'k.unknown', paramValue: 'v' }),
        'paramSubmit',
        /数据不存在/,
      ],
    ];
    for (const [name, call, op, msg] of cases) {
      const res = await call();
      expect(res.statusCode, `${name}: ${res.body}`).toBe(400);
      const body = expectContract<{ msg: string; code: number }>(res, op);
      expect(body.code, name).toBe(400);
      if (msg) expect(body.msg, name).toMatch(msg);
    }
  });

  it('answers invalid JSON and a wrong media type without 5xx', async () => {
    const broken = await s.app.inject({
      method: 'POST',
      url: SUBMIT,
      headers: { ...authHeaders(tokenA), 'content-type': 'application/json' },
      payload: '{"paramName":',
    });
    expect(broken.statusCode).toBe(400);
    expectContract(broken, 'paramSubmit');
    const text = await s.app.inject({
      method: 'POST',
      url: SUBMIT,
      headers: { ...authHeaders(tokenA), 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(text.statusCode).toBe(415);
    expect(text.json()).toMatchObject({ code: 415, success: false });
    const charset = await s.app.inject({
      method: 'POST',
      url: SUBMIT,
      headers: { ...authHeaders(tokenA), 'content-type': 'application/json; charset=utf-8' },
      payload: JSON.stringify({ paramKey: 'x' }),
    });
    expect(charset.statusCode).toBe(400);
    expect(charset.json()).toMatchObject({ msg: '请输入参数名称' });
  });

  it('isolates tenants: B cannot list, read, update or remove A params', async () => {
    const a = (
      await submit({ paramName: 'A only', paramKey: 'tenant.a.secret', paramValue: 'a' })
    ).json() as { data: Param };
    const aId = a.data.id;

    const bList = await list({ size: 1000 }, tokenB);
    expect(bList.records.every((r) => r.tenantId === '100001')).toBe(true);
    expect(bList.records.some((r) => r.id === aId)).toBe(false);
    expect(bList.total).toBe(6);
    expect((await list({ paramKey: 'tenant.a' }, tokenB)).total).toBe(0);

    const detail = await get(`${DETAIL}?id=${aId}`, tokenB);
    expect(detail.statusCode).toBe(400);
    expectContract(detail, 'paramDetail');

    const update = await submit(
      { id: aId, paramName: 'hijack', paramKey: 'tenant.a.secret', paramValue: 'b' },
      tokenB,
    );
    expect(update.statusCode).toBe(400);

    const rm = await remove(aId, tokenB);
    expect(rm.statusCode).toBe(400);
    expect(rm.json()).toMatchObject({ msg: '数据不存在' });
    const still = await get(`${DETAIL}?id=${aId}`);
    expect(still.statusCode).toBe(200);
    expect((still.json() as { data: Param }).data).toMatchObject({
      paramName: 'A only',
      paramValue: 'a',
      isDeleted: 0,
    });

    // the same key may exist in both tenants
    const bSame = await submit({ paramName: 'B copy', paramKey: 'tenant.a.secret', paramValue: 'b' }, tokenB);
    expect(bSame.statusCode).toBe(200);
    expect((bSame.json() as { data: Param }).data.tenantId).toBe('100001');

    // a mixed remove is refused whole: neither tenant's row goes
    const bRow = (bSame.json() as { data: Param }).data;
    expect((await remove(`${aId},${bRow.id}`, tokenB)).json()).toMatchObject({
      code: 400,
      msg: '数据不存在',
    });
    expect((await get(`${DETAIL}?id=${aId}`)).statusCode).toBe(200);
    expect((await get(`${DETAIL}?id=${bRow.id}`, tokenB)).statusCode).toBe(200);
    expect((await remove(bRow.id, tokenB)).statusCode).toBe(200);
    expect((await get(`${DETAIL}?id=${bRow.id}`, tokenB)).statusCode).toBe(400);
  });

  it('requires a token', async () => {
    const res = await s.app.inject({ method: 'GET', url: LIST, headers: { authorization: BASIC } });
    expect(res.statusCode).toBe(401);
    expect(expectContract(res, 'paramList')).toEqual({
      code: 401,
      success: false,
      msg: '请求未授权',
      data: null,
    });
  });
});
