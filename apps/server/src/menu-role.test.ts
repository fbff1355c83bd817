import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERM_IDS } from './db/seed-perm';
import { SEED_IDS } from './db/seed-data';
import { backends, login, startTestServer, type TestServer, contractCall } from './test/harness';

interface Node {
  id: string;
  parentId: string;
  code?: string;
  name?: string;
  title?: string;
  roleAlias?: string;
  tenantId?: string;
  hasChildren: boolean;
  children?: Node[];
}
type Obj = Record<string, unknown> & { id: string };

const SYS = '/api/smart-system';
const flat = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);

describe.each(backends)('menu, role and top menu on %s', (kind) => {
  let s: TestServer;
  let admin: string;
  let demo: string;
  beforeAll(async () => {
    s = await startTestServer(kind);
    admin = (await login(s.app, '000000')).access_token;
    demo = (await login(s.app, '100001')).access_token;
  });
  afterAll(async () => {
    await s?.close();
  });

  const call = contractCall(() => s, SYS);
  const get = <T = unknown>(url: string, op: string, token = admin) => call<T>('GET', url, op, token);
  const post = <T = unknown>(url: string, op: string, body?: object, token = admin) =>
    call<T>('POST', url, op, token, body);

  describe('menu', () => {
    it('list, menu-list, lazy lists, tree and detail', async () => {
      const list = await get<Node[]>('/menu/list', 'menuList');
      const all = flat(list.body.data);
      expect(all.find((n) => n.code === 'param_add')?.parentId).toBe(String(SEED_IDS.menuParam));
      const filtered = await get<Node[]>('/menu/list?code=param_', 'menuList');
      expect(filtered.body.data.map((n) => n.code).sort()).toEqual([
        'param_add',
        'param_delete',
        'param_edit',
        'param_view',
      ]);
      const menus = flat((await get<Node[]>('/menu/menu-list', 'menuMenuList')).body.data);
      expect(menus.some((n) => n.code === 'param_add')).toBe(false);
      expect(menus.some((n) => n.code === 'param')).toBe(true);

      const lazy = await get<Node[]>(`/menu/lazy-list?parentId=${SEED_IDS.menuSystem}`, 'menuLazyList');
      const param = lazy.body.data.find((n) => n.code === 'param')!;
      expect(param.hasChildren).toBe(true);
      const lazyMenus = await get<Node[]>(
        `/menu/lazy-menu-list?parentId=${SEED_IDS.menuSystem}`,
        'menuLazyMenuList',
      );
      expect(lazyMenus.body.data.find((n) => n.code === 'param')!.hasChildren).toBe(false);
      const buttons = await get<Node[]>(`/menu/lazy-list?parentId=${SEED_IDS.menuParam}`, 'menuLazyList');
      expect(buttons.body.data.map((n) => n.code)).toEqual([
        'param_add',
        'param_edit',
        'param_delete',
        'param_view',
      ]);

      const tree = await get<Node[]>('/menu/tree', 'menuTree');
      expect(flat(tree.body.data).find((n) => n.id === String(SEED_IDS.menuParam))?.title).toBe('参数管理');

      const detail = await get<Obj>(`/menu/detail?id=${SEED_IDS.menuParam}`, 'menuDetail');
      expect(detail.body.data).toMatchObject({
        code: 'param',
        parentName: '系统管理',
        categoryName: '菜单',
        isOpenName: '否',
        hasChildren: true,
      });
      const top = await get<Obj>(`/menu/detail?id=${SEED_IDS.menuSystem}`, 'menuDetail');
      expect(top.body.data.parentName).toBe('顶级');
      const btn = await get<Obj>('/menu/detail?id=1123598815738675293', 'menuDetail');
      expect(btn.body.data).toMatchObject({ categoryName: '按钮', actionName: '工具操作栏' });
      expect((await get('/menu/detail?id=1', 'menuDetail')).status).toBe(400);
    });

    it('submit and remove: unique code and name, parent rules, children rule, administrator only', async () => {
      const body = {
        parentId: String(SEED_IDS.menuSystem),
        code: 'mrtest',
        name: '菜单测试',
        alias: 'menu',
        path: '/system/mrtest',
        sort: 9,
        category: 1,
      };
      const created = await post<{ id: string }>('/menu/submit', 'menuSubmit', body);
      expect(created.status).toBe(200);
      const id = created.body.data.id;
      const dupCode = await post('/menu/submit', 'menuSubmit', { ...body, name: '别的名字' });
      expect(dupCode.status).toBe(400);
      expect(dupCode.body.msg).toBe('菜单名或编号已存在!');
      const dupName = await post('/menu/submit', 'menuSubmit', { ...body, code: 'mrtest2' });
      expect(dupName.body.msg).toBe('菜单名或编号已存在!');
      const btn = await post<{ id: string }>('/menu/submit', 'menuSubmit', {
        ...body,
        parentId: id,
        code: 'mrtest_add',
        name: '新增',
        alias: 'add',
        category: 2,
        action: 1,
      });
      expect(btn.status).toBe(200);
      // buttons may share names; a button is no parent
      const btn2 = await post('/menu/submit', 'menuSubmit', {
        ...body,
        parentId: btn.body.data.id,
        code: 'mrtest_x',
        name: '新增',
        category: 2,
      });
      expect(btn2.status).toBe(400);
      expect(btn2.body.msg).toBe('父节点只可选择菜单类型!');
      // a tenant admin may not write menus
      const denied = await post('/menu/submit', 'menuSubmit', { ...body, code: 'x1', name: 'x1' }, demo);
      expect(denied.status).toBe(401);
      expect((await post(`/menu/remove?ids=${id}`, 'menuRemove', undefined, demo)).status).toBe(401);
      // update
      const upd = await post('/menu/submit', 'menuSubmit', { ...body, id, name: '菜单测试改' });
      expect(upd.status).toBe(200);
      expect((await get<Obj>(`/menu/detail?id=${id}`, 'menuDetail')).body.data.name).toBe('菜单测试改');
      const cyc = await post('/menu/submit', 'menuSubmit', { ...body, id, parentId: id });
      expect(cyc.status).toBe(400);
      // children rule
      const blocked = await post(`/menu/remove?ids=${id}`, 'menuRemove');
      expect(blocked.status).toBe(400);
      expect(blocked.body.msg).toBe('请先删除子节点!');
      expect((await post(`/menu/remove?ids=${btn.body.data.id}`, 'menuRemove')).status).toBe(200);
      expect((await post(`/menu/remove?ids=${id}`, 'menuRemove')).status).toBe(200);
      expect((await get(`/menu/detail?id=${id}`, 'menuDetail')).status).toBe(400);
    });

    it('grant trees: menus with scope rules under their menus', async () => {
      const tree = await get<{ menu: Node[]; dataScope: Node[]; apiScope: Node[] }>(
        '/menu/grant-tree',
        'menuGrantTree',
      );
      const data = flat(tree.body.data.dataScope);
      expect(data.find((n) => n.id === String(PERM_IDS.dataParamOwn))).toMatchObject({
        parentId: String(SEED_IDS.menuParam),
        title: '参数管理 [本人可见]',
      });
      expect(flat(tree.body.data.apiScope).some((n) => n.id === String(PERM_IDS.apiDataScope))).toBe(true);
      expect(flat(tree.body.data.menu).some((n) => n.id === '1123598815738675291')).toBe(true);
      const top = await get<{ menu: Node[]; dataScope: Node[] }>('/menu/grant-top-tree', 'menuGrantTopTree');
      expect(flat(top.body.data.menu).some((n) => n.id === '1123598815738675291')).toBe(false);
      expect(top.body.data.dataScope).toEqual([]);
    });
  });

  describe('top menu', () => {
    it('lifecycle, grant, routes by top menu, cross-tenant attempts change nothing', async () => {
      const sub = await post('/topmenu/submit', 'topmenuSubmit', { code: 'tmdesk', name: '工作台', sort: 1 });
      expect(sub.status).toBe(200);
      const page = await get<{ records: Obj[]; total: number }>('/topmenu/list?code=tmdesk', 'topmenuList');
      expect(page.body.data.total).toBe(1);
      const tm = page.body.data.records[0]!;
      expect(tm).toMatchObject({ tenantId: '000000', name: '工作台', source: '' });
      expect((await get<Obj[]>('/menu/top-menu', 'menuTopMenu')).body.data.map((t) => t.id)).toContain(tm.id);
      expect((await get<Obj[]>('/menu/top-menu', 'menuTopMenu', demo)).body.data).toEqual([]);

      const g = await post('/topmenu/grant', 'topmenuGrant', {
        topMenuIds: [tm.id],
        menuIds: [String(SEED_IDS.menuParam)],
      });
      expect(g.status).toBe(200);
      const keys = await get<{ menu: string[] }>(
        `/menu/top-tree-keys?topMenuIds=${tm.id}`,
        'menuTopTreeKeys',
      );
      expect(keys.body.data.menu).toEqual([String(SEED_IDS.menuParam)]);
      const routes = await get<Node[]>(`/menu/routes?topMenuId=${tm.id}`, 'menuRoutes');
      expect(routes.body.data.map((n) => n.code)).toEqual(['param']);

      // tenant 100001 sees nothing of it and changes nothing
      expect((await get(`/topmenu/detail?id=${tm.id}`, 'topmenuDetail', demo)).status).toBe(400);
      expect(
        (await post('/topmenu/submit', 'topmenuSubmit', { id: tm.id, code: 'x', name: 'x', sort: 1 }, demo))
          .status,
      ).toBe(400);
      const g2 = await post('/topmenu/grant', 'topmenuGrant', { topMenuIds: [tm.id], menuIds: [] }, demo);
      expect(g2.status).toBe(400);
      expect((await post(`/topmenu/remove?ids=${tm.id}`, 'topmenuRemove', undefined, demo)).status).toBe(400);
      const demoKeys = await get<{ menu: string[] }>(
        `/menu/top-tree-keys?topMenuIds=${tm.id}`,
        'menuTopTreeKeys',
        demo,
      );
      expect(demoKeys.body.data.menu).toEqual([]);
      expect((await get<Node[]>(`/menu/routes?topMenuId=${tm.id}`, 'menuRoutes', demo)).body.data).toEqual(
        [],
      );
      const still = await get<Obj>(`/topmenu/detail?id=${tm.id}`, 'topmenuDetail');
      expect(still.body.data.code).toBe('tmdesk');
      expect(
        (await get<{ menu: string[] }>(`/menu/top-tree-keys?topMenuIds=${tm.id}`, 'menuTopTreeKeys')).body
          .data.menu,
      ).toEqual([String(SEED_IDS.menuParam)]);

      expect((await post(`/topmenu/remove?ids=${tm.id}`, 'topmenuRemove')).status).toBe(200);
      expect((await get(`/topmenu/detail?id=${tm.id}`, 'topmenuDetail')).status).toBe(400);
    });
  });

  describe('role', () => {
    it('list forest, trees and detail', async () => {
      const list = await get<Node[]>('/role/list', 'roleList');
      const all = flat(list.body.data);
      // the platform administrator sees every tenant's roles
      expect(all.map((r) => r.roleAlias)).toEqual(
        expect.arrayContaining(['administrator', 'user', 'operator', 'guest', 'admin']),
      );
      const demoList = await get<Node[]>('/role/list', 'roleList', demo);
      expect(flat(demoList.body.data).every((r) => r.tenantId === '100001')).toBe(true);
      const filtered = await get<Node[]>('/role/list?roleAlias=oper', 'roleList');
      expect(filtered.body.data.map((r) => r.roleAlias)).toEqual(['operator']);
      // one tenant's tree: the administrator names it; a tenant's own administrator reaches no other
      const oneTenant = flat((await get<Node[]>('/role/list?tenantId=100001', 'roleList')).body.data);
      expect(oneTenant.map((r) => r.roleAlias).sort()).toEqual(['admin', 'user']);
      expect(oneTenant.every((r) => r.tenantId === '100001')).toBe(true);
      expect((await get<Node[]>('/role/list?tenantId=000000', 'roleList', demo)).body.data).toEqual([]);

      const tree = await get<Node[]>('/role/tree', 'roleTree');
      expect(tree.body.data.map((n) => n.title)).toEqual(['超级管理员', '用户', '运维', '访客']);
      const demoTree = await get<Node[]>('/role/tree?tenantId=000000', 'roleTree', demo);
      // may not name another tenant
      expect(demoTree.body.data.map((n) => n.title)).toEqual(['管理员', '员工']);
      const other = await get<Node[]>('/role/tree?tenantId=100001', 'roleTree');
      expect(other.body.data.map((n) => n.title)).toEqual(['管理员', '员工']);
      const byId = await get<Node[]>(`/role/tree-by-id?roleId=${SEED_IDS.roleDemoAdmin}`, 'roleTreeById');
      expect(byId.body.data.map((n) => n.title)).toEqual(['管理员', '员工']);
      const byIdDemo = await get<Node[]>(
        `/role/tree-by-id?roleId=${SEED_IDS.roleAdministrator}`,
        'roleTreeById',
        demo,
      );
      expect(byIdDemo.body.data.map((n) => n.title)).toEqual(['管理员', '员工']);

      const d = await get<Obj>(`/role/detail?id=${PERM_IDS.roleOperator}`, 'roleDetail');
      expect(d.body.data).toMatchObject({ roleAlias: 'operator', parentName: '顶级', tenantId: '000000' });
      expect((await get(`/role/detail?id=${PERM_IDS.roleOperator}`, 'roleDetail', demo)).status).toBe(400);

      const sel = await get<Obj[]>('/role/select', 'roleSelect');
      expect(sel.body.data.map((r) => r.roleAlias)).toEqual(['administrator']);
    });

    it('submit, alias unique per tenant, administrator rule, children rule, cross-tenant', async () => {
      const created = await post('/role/submit', 'roleSubmit', {
        roleName: '测试',
        roleAlias: 'rtest',
        sort: 5,
      });
      expect(created.status).toBe(200);
      const dup = await post('/role/submit', 'roleSubmit', {
        roleName: '测试2',
        roleAlias: 'rtest',
        sort: 6,
      });
      expect(dup.status).toBe(400);
      expect(dup.body.msg).toBe('角色别名已存在!');
      // the same alias in another tenant is fine
      expect(
        (await post('/role/submit', 'roleSubmit', { roleName: '测试', roleAlias: 'rtest', sort: 5 }, demo))
          .status,
      ).toBe(200);
      const sup = await post(
        '/role/submit',
        'roleSubmit',
        { roleName: '超管', roleAlias: 'administrator', sort: 1 },
        demo,
      );
      expect(sup.status).toBe(400);
      expect(sup.body.msg).toBe('无权限创建超管角色！');

      const list = await get<Node[]>('/role/list?roleAlias=rtest', 'roleList');
      const mine = flat(list.body.data).find((r) => r.tenantId === '000000')!;
      const child = await post('/role/submit', 'roleSubmit', {
        parentId: mine.id,
        roleName: '测试子',
        roleAlias: 'rtestchild',
        sort: 1,
      });
      expect(child.status).toBe(200);
      const tree = await get<Node[]>('/role/tree', 'roleTree');
      const node = flat(tree.body.data).find((n) => n.id === mine.id)!;
      expect(node.children?.map((c) => c.title)).toEqual(['测试子']);

      // another tenant: update and remove refused (400 数据不存在)
      const upd = await post(
        '/role/submit',
        'roleSubmit',
        { id: mine.id, roleName: '改', roleAlias: 'rtest', sort: 1 },
        demo,
      );
      expect(upd.status).toBe(400);
      expect((await post(`/role/remove?ids=${mine.id}`, 'roleRemove', undefined, demo)).status).toBe(400);
      expect((await get<Obj>(`/role/detail?id=${mine.id}`, 'roleDetail')).body.data.roleName).toBe('测试');

      const blocked = await post(`/role/remove?ids=${mine.id}`, 'roleRemove');
      expect(blocked.status).toBe(400);
      expect(blocked.body.msg).toBe('请先删除子节点!');
      const childId = flat((await get<Node[]>('/role/list?roleAlias=rtestchild', 'roleList')).body.data)[0]!
        .id;
      expect((await post(`/role/remove?ids=${childId}`, 'roleRemove')).status).toBe(200);
      expect((await post(`/role/remove?ids=${mine.id}`, 'roleRemove')).status).toBe(200);
      expect((await get(`/role/detail?id=${mine.id}`, 'roleDetail')).status).toBe(400);
    });

    it("the platform administrator adds a child under another tenant's role, in that tenant", async () => {
      const theirs = flat((await get<Node[]>('/role/list?tenantId=100001', 'roleList')).body.data)[0]!;
      expect(theirs.tenantId).toBe('100001');
      const child = await post('/role/submit', 'roleSubmit', {
        parentId: theirs.id,
        roleName: '跨租户子角色',
        roleAlias: 'crosschild',
        sort: 9,
      });
      expect(child.status).toBe(200);
      // the child is the other tenant's: its administrator sees it under the parent, the platform's tree does not
      const demoTree = flat((await get<Node[]>('/role/tree', 'roleTree', demo)).body.data);
      const made = demoTree.find((n) => n.title === '跨租户子角色')!;
      expect(made.parentId).toBe(theirs.id);
      const ownTree = flat((await get<Node[]>('/role/tree', 'roleTree')).body.data);
      expect(ownTree.some((n) => n.title === '跨租户子角色')).toBe(false);
      // a tenant administrator cannot reach the platform's roles as parents
      const platformRole = flat((await get<Node[]>('/role/list?tenantId=000000', 'roleList')).body.data)[0]!;
      const refused = await post(
        '/role/submit',
        'roleSubmit',
        { parentId: platformRole.id, roleName: '越权', roleAlias: 'overreach', sort: 1 },
        demo,
      );
      expect(refused.status).toBe(400);
      expect(refused.body.msg).toBe('父节点不存在');
      expect((await post(`/role/remove?ids=${made.id}`, 'roleRemove', undefined, demo)).status).toBe(200);
    });
  });

  describe('scope rules', () => {
    it('data and api scope lifecycle; writes by the platform administrator only', async () => {
      const body = {
        menuId: String(SEED_IDS.menuParam),
        resourceCode: 'param',
        scopeName: '生命周期',
        scopeClass: 'x',
        scopeColumn: 'create_user',
        scopeType: 2,
      };
      expect((await post('/data-scope/submit', 'dataScopeSubmit', body)).status).toBe(200);
      const page = await get<{ records: Obj[] }>(
        `/data-scope/list?menuId=${SEED_IDS.menuParam}&scopeName=${encodeURIComponent('生命周期')}`,
        'dataScopeList',
      );
      const row = page.body.data.records[0]!;
      expect(row).toMatchObject({ scopeTypeName: '本人可见', scopeField: '*', scopeValue: '' });
      const upd = await post('/data-scope/submit', 'dataScopeSubmit', { ...body, id: row.id, scopeType: 3 });
      expect(upd.status).toBe(200);
      const d = await get<Obj>(`/data-scope/detail?id=${row.id}`, 'dataScopeDetail');
      expect(d.body.data.scopeTypeName).toBe('所在机构可见');
      expect((await post(`/data-scope/remove?ids=${row.id}`, 'dataScopeRemove')).status).toBe(200);
      expect((await get(`/data-scope/detail?id=${row.id}`, 'dataScopeDetail')).status).toBe(400);

      const api = await post('/api-scope/submit', 'apiScopeSubmit', {
        menuId: String(SEED_IDS.menuParam),
        resourceCode: 'x',
        scopeName: '接口生命周期',
        scopePath: '/api/none/**',
        scopeType: 1,
      });
      expect(api.status).toBe(200);
      const apiPage = await get<{ records: Obj[] }>(
        `/api-scope/list?scopeName=${encodeURIComponent('接口生命周期')}`,
        'apiScopeList',
      );
      expect(apiPage.body.data.records[0]).toMatchObject({ scopeTypeName: '系统接口' });
      // tenant admins are refused by the seeded API scope on these paths
      const denied = await post('/api-scope/submit', 'apiScopeSubmit', { ...body, scopePath: '/x' }, demo);
      expect(denied.status).toBe(401);
    });
  });
});
