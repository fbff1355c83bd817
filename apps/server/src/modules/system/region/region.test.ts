import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectContract } from '../../../test/contract';
import { authHeaders, backends, login, startTestServer, type TestServer } from '../../../test/harness';

const R = '/api/smart-system/region';

interface Region {
  id: string;
  code: string;
  parentCode: string;
  parentId: string;
  name: string;
  ancestors: string;
  provinceCode: string;
  provinceName: string;
  cityCode: string;
  cityName: string;
  districtCode: string;
  districtName: string;
  parentName: string;
  hasChildren: boolean;
  regionLevel: number;
  sort: number;
}
interface Node {
  id: string;
  key: string;
  value: string;
  title: string;
  hasChildren: boolean;
}

describe.each(backends)('region on %s', (kind) => {
  let s: TestServer;
  let admin: string;
  let other: string;
  beforeAll(async () => {
    s = await startTestServer(kind);
    admin = (await login(s.app, '000000')).access_token;
    other = (await login(s.app, '100001')).access_token;
  });
  afterAll(async () => {
    await s?.close();
  });

  const get = (url: string, token = admin) =>
    s.app.inject({ method: 'GET', url, headers: authHeaders(token) });
  const post = (url: string, payload?: object, token = admin) =>
    s.app.inject({ method: 'POST', url, headers: authHeaders(token), ...(payload ? { payload } : {}) });

  it('lazy tree and lazy list walk the seeded levels', async () => {
    const provinces = expectContract<{ data: Node[] }>(await get(`${R}/lazy-tree`), 'regionLazyTree').data;
    expect(provinces.length).toBeGreaterThan(30);
    const bj = provinces.find((n) => n.id === '11')!;
    expect(bj).toMatchObject({ key: '11', value: '11', hasChildren: true });
    const country = expectContract<{ data: Node[] }>(
      await get(`${R}/lazy-tree?parentCode=0`),
      'regionLazyTree',
    );
    expect(country.data.map((n) => n.id)).toEqual(['00']);

    const cities = expectContract<{ data: Region[] }>(
      await get(`${R}/lazy-list?parentCode=1101`, other),
      'regionLazyList',
    ).data;
    expect(cities.map((c) => c.code)).toEqual(['110101', '110102']);
    expect(cities[0]).toMatchObject({
      id: '110101',
      parentId: '1101',
      parentName: '北京城区',
      hasChildren: false,
      districtName: '东城区',
      provinceCode: '11',
    });
    const search = expectContract<{ data: Region[] }>(
      await get(`${R}/lazy-list?name=${encodeURIComponent('钟楼')}`),
      'regionLazyList',
    ).data;
    expect(search.map((r) => r.code)).toEqual(['320404']);
  });

  it('create → detail → update → remove, code-keyed with derived names', async () => {
    const body = { code: '110199', parentCode: '1101', name: '测试区', regionLevel: 3, sort: 9, remark: '' };
    expect((await post(`${R}/submit`, body, other)).statusCode).toBe(401); // platform administrator only
    const created = await post(`${R}/submit`, { ...body, subCode: '99' });
    expect(created.statusCode, created.body).toBe(200);
    const d = expectContract<{ data: Region }>(await get(`${R}/detail?code=110199`), 'regionDetail').data;
    expect(d).toMatchObject({
      code: '110199',
      ancestors: '00,11,1101',
      provinceName: '北京市',
      cityCode: '1101',
      cityName: '北京城区',
      districtCode: '110199',
      districtName: '测试区',
      parentName: '北京城区',
      hasChildren: false,
      sort: 9,
    });
    const town = await post(`${R}/submit`, {
      code: '110199001',
      parentCode: '110199',
      name: '某镇',
      regionLevel: 4,
    });
    expect(town.statusCode, town.body).toBe(200);
    const t = expectContract<{ data: Region }>(await get(`${R}/detail?code=110199001`), 'regionDetail').data;
    expect(t).toMatchObject({ districtName: '测试区', ancestors: '00,11,1101,110199' });
    expect((await get(`${R}/detail?code=110199`)).json().data.hasChildren).toBe(true);

    const upd = await post(`${R}/submit`, { ...body, name: '改名区' });
    expect(upd.statusCode).toBe(200);
    expect((await get(`${R}/detail?code=110199`)).json().data).toMatchObject({
      name: '改名区',
      districtName: '改名区',
    });
    const refused = await post(`${R}/remove?id=110199`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toBe('请先删除子节点!');
    expect((await post(`${R}/remove?id=110199001`, undefined, other)).statusCode).toBe(401);
    expect((await post(`${R}/remove?id=110199001`)).statusCode).toBe(200);
    expect((await post(`${R}/remove?id=110199`)).statusCode).toBe(200);
    expect((await get(`${R}/detail?code=110199`)).statusCode).toBe(400);
    // unknown parent
    const orphan = await post(`${R}/submit`, { code: '9999', parentCode: '99', name: 'x', regionLevel: 2 });
    expect(orphan.statusCode).toBe(400);
    // the seeded district is intact
    expect((await get(`${R}/detail?code=110101`)).statusCode).toBe(200);
  });
});
