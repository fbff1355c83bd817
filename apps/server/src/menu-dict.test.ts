import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectContract } from './test/contract';
import { authHeaders, backends, login, startTestServer, type TestServer } from './test/harness';

interface Menu {
  id: string;
  parentId: string;
  code: string;
  name: string;
  path: string;
  source: string;
  category: number;
  children?: Menu[];
}
interface DictItem {
  code: string;
  dictKey: string;
  dictValue: string;
  sort: number;
}

describe.each(backends)('menu and dict on %s', (kind) => {
  let s: TestServer;
  let tokenA: string;
  let tokenB: string;
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

  it('routes: the menu forest with every MenuVO field, children only on parents', async () => {
    for (const token of [tokenA, tokenB]) {
      const res = await get('/api/smart-system/menu/routes', token);
      expect(res.statusCode).toBe(200);
      const { data } = expectContract<{ data: Menu[] }>(res, 'menuRoutes');
      const system = data.find((m) => m.code === 'system');
      expect(system).toMatchObject({
        name: '系统管理',
        path: '/system',
        source: 'settings',
        parentId: '0',
        category: 1,
      });
      const paramMenu = system?.children?.find((m) => m.code === 'param');
      expect(paramMenu).toMatchObject({
        name: '参数管理',
        path: '/system/param',
        source: 'sliders-horizontal',
      });
      expect(paramMenu).not.toHaveProperty('children'); // buttons are not routes
      expect(JSON.stringify(data)).not.toContain('null');
    }
    const withTop = await get('/api/smart-system/menu/routes?topMenuId=1');
    expect(withTop.statusCode).toBe(200);
    const bad = await get('/api/smart-system/menu/routes?topMenuId=abc');
    expect(bad.statusCode).toBe(400);
    expectContract(bad, 'menuRoutes');
  });

  it('buttons: parent menus with their permitted buttons', async () => {
    for (const token of [tokenA, tokenB]) {
      const res = await get('/api/smart-system/menu/buttons', token);
      expect(res.statusCode).toBe(200);
      const { data } = expectContract<{ data: Menu[] }>(res, 'menuButtons');
      const paramMenu = data.find((m) => m.code === 'param');
      expect(paramMenu?.children?.map((b) => b.code)).toEqual([
        'param_add',
        'param_edit',
        'param_delete',
        'param_view',
      ]);
      expect(paramMenu?.children?.every((b) => b.category === 2 && b.parentId === paramMenu.id)).toBe(true);
    }
  });

  it.each([
    ['judge', 2],
    ['xhs_action', 6],
    ['introduction_keywords', 6],
    ['judging_data', 6],
    ['multiple_condition', 2],
  ])('dictionary %s (loaded after login) has %i items', async (code, n) => {
    const res = await get(`/api/smart-system/dict/dictionary?code=${code}`);
    expect(res.statusCode).toBe(200);
    const { data } = expectContract<{ data: DictItem[] }>(res, 'dictDictionary');
    expect(data).toHaveLength(n);
    expect(data.every((d) => d.code === code)).toBe(true);
    expect(data.map((d) => d.sort)).toEqual([...data.map((d) => d.sort)].sort((a, b) => a - b));
  });

  it('yes_no is 1 否, 2 是; unknown codes are empty; code is required', async () => {
    const res = await get('/api/smart-system/dict/dictionary?code=yes_no');
    const { data } = expectContract<{ data: DictItem[] }>(res, 'dictDictionary');
    expect(data.map((d) => [d.dictKey, d.dictValue])).toEqual([
      ['1', '否'],
      ['2', '是'],
    ]);
    const none = await get('/api/smart-system/dict/dictionary?code=nope');
    expect(expectContract<{ data: unknown[] }>(none, 'dictDictionary').data).toEqual([]);
    const missing = await get('/api/smart-system/dict/dictionary');
    expect(missing.statusCode).toBe(400);
    expect(expectContract(missing, 'dictDictionary')).toMatchObject({ code: 400, success: false });
  });
});
