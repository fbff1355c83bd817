import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from './auth/password';
import { antMatcher } from './auth/permissions';
import { customValues } from './auth/data-scope';
import type { TokenClaims } from './auth/tokens';
import { dept, menu, param, post, role, tenant, tenantPackage, user } from './db/schema';
import { PERM_IDS } from './db/seed-perm';
import { SEED_IDS } from './db/seed-data';
import { expectContract } from './test/contract';
import { authHeaders, backends, login, startTestServer, type TestServer } from './test/harness';

interface Env<T> {
  code: number;
  success: boolean;
  msg: string;
  data: T;
}
interface MenuNode {
  id: string;
  code: string;
  category: number;
  children?: MenuNode[];
}

const SYS = '/api/smart-system';
const md5 = (s: string) => createHash('md5').update(s).digest('hex');
const CHILD_A = 1123598813738675202n; // 常州刀锋, child of 刀锋科技
const CHILD_B = 1123598813738675203n; // 苏州刀锋
const GRANDCHILD = 1123598813738679901n; // created below under CHILD_A
const OTHER_USER = 1123598821738679999n;

const codes = (nodes: MenuNode[]): string[] =>
  nodes.flatMap((n) => [n.code, ...codes(n.children ?? [])]).sort();
const shape = (nodes: MenuNode[]): unknown =>
  nodes.map((n) => (n.children?.length ? { [n.code]: shape(n.children) } : n.code));

describe.each(backends)('permissions on %s', (kind) => {
  let s: TestServer;
  let admin: string;
  let demoAdmin: string;
  let operator: string;
  let guest: string;
  let scoped: string; // user of the test role in CHILD_A
  let scopedUserId: bigint;
  const testRole = 1123598816738679901n;

  async function addUser(tenantId: string, account: string, roleId: bigint, deptId: bigint, id: bigint) {
    await s.handle.db.insert(user).values({
      id,
      tenantId,
      account,
      password: await hashPassword(md5(account)),
      name: account,
      realName: account,
      roleId: roleId.toString(),
      deptId: deptId.toString(),
    });
    return (await login(s.app, tenantId, account, md5(account))).access_token;
  }

  beforeAll(async () => {
    s = await startTestServer(kind);
    const db = s.handle.db;
    admin = (await login(s.app, '000000')).access_token;
    demoAdmin = (await login(s.app, '100001')).access_token;
    await db.insert(role).values({
      id: testRole,
      tenantId: '000000',
      roleName: '数据权限测试',
      roleAlias: 'dstest',
    });
    await db.insert(dept).values({
      id: GRANDCHILD,
      tenantId: '000000',
      parentId: CHILD_A,
      ancestors: `0,${SEED_IDS.deptAdmin},${CHILD_A}`,
      deptName: '常州研发',
    });
    operator = await addUser('000000', 'op1', PERM_IDS.roleOperator, CHILD_A, 1123598821738679001n);
    guest = await addUser('000000', 'guest1', PERM_IDS.roleGuest, CHILD_A, 1123598821738679002n);
    scopedUserId = 1123598821738679003n;
    scoped = await addUser('000000', 'scoped1', testRole, CHILD_A, scopedUserId);
  }, 60_000);
  afterAll(async () => {
    await s?.close();
  });

  const call = async <T = unknown>(
    method: 'GET' | 'POST',
    url: string,
    op: string,
    token: string,
    body?: object,
  ): Promise<{ status: number; body: Env<T> }> => {
    const res = await s.app.inject({
      method,
      url: `${SYS}${url}`,
      headers: authHeaders(token),
      ...(body ? { payload: body } : {}),
    });
    return { status: res.statusCode, body: expectContract<Env<T>>(res, op) };
  };
  const get = <T = unknown>(url: string, op: string, token = admin) => call<T>('GET', url, op, token);
  const post_ = <T = unknown>(url: string, op: string, body?: object, token = admin) =>
    call<T>('POST', url, op, token, body);

  const grant = (
    roleIds: bigint[],
    menuIds: bigint[],
    dataScopeIds: bigint[] = [],
    apiScopeIds: bigint[] = [],
  ) =>
    post_('/role/grant', 'roleGrant', {
      roleIds: roleIds.map(String),
      menuIds: menuIds.map(String),
      dataScopeIds: dataScopeIds.map(String),
      apiScopeIds: apiScopeIds.map(String),
    });

  describe('menu and button matrix', () => {
    it('administrator: every live menu and every button', async () => {
      const all = await s.handle.db.select().from(menu).where(eq(menu.isDeleted, 0));
      const routes = await get<MenuNode[]>('/menu/routes', 'menuRoutes');
      expect(codes(routes.body.data)).toEqual(
        all
          .filter((m) => m.category === 1)
          .map((m) => m.code)
          .sort(),
      );
      const buttons = await get<MenuNode[]>('/menu/buttons', 'menuButtons');
      const leaves = buttons.body.data.flatMap((n) => (n.children ?? []).map((c) => c.code)).sort();
      expect(leaves).toEqual(
        all
          .filter((m) => m.category === 2)
          .map((m) => m.code)
          .sort(),
      );
    });

    it('operator: system › param with add, edit and view', async () => {
      const routes = await get<MenuNode[]>('/menu/routes', 'menuRoutes', operator);
      expect(shape(routes.body.data)).toEqual([{ system: ['param'] }]);
      const buttons = await get<MenuNode[]>('/menu/buttons', 'menuButtons', operator);
      expect(shape(buttons.body.data)).toEqual([{ param: ['param_add', 'param_edit', 'param_view'] }]);
    });

    it('guest: system › param with view only', async () => {
      const routes = await get<MenuNode[]>('/menu/routes', 'menuRoutes', guest);
      expect(shape(routes.body.data)).toEqual([{ system: ['param'] }]);
      const buttons = await get<MenuNode[]>('/menu/buttons', 'menuButtons', guest);
      expect(shape(buttons.body.data)).toEqual([{ param: ['param_view'] }]);
    });

    it('tenant 100001 admin: its grants, cut by its tenant package', async () => {
      const routes = await get<MenuNode[]>('/menu/routes', 'menuRoutes', demoAdmin);
      expect(shape(routes.body.data)).toEqual([{ system: ['param'] }]);
      const buttons = await get<MenuNode[]>('/menu/buttons', 'menuButtons', demoAdmin);
      expect(shape(buttons.body.data)).toEqual([
        { param: ['param_add', 'param_edit', 'param_delete', 'param_view'] },
      ]);
      // a package without the delete button and without param removes them (ancestors of granted menus stay)
      const db = s.handle.db;
      const pkgId = 1123598830738679001n;
      await db.insert(tenantPackage).values({
        id: pkgId,
        packageName: '测试套餐',
        menuId: [SEED_IDS.menuSystem, SEED_IDS.menuParam, 1123598815738675291n, 1123598815738675294n].join(
          ',',
        ),
      });
      await db.update(tenant).set({ packageId: pkgId }).where(eq(tenant.tenantId, '100001'));
      try {
        const b2 = await get<MenuNode[]>('/menu/buttons', 'menuButtons', demoAdmin);
        expect(shape(b2.body.data)).toEqual([{ param: ['param_add', 'param_view'] }]);
        // grant tree of the tenant admin: only the package
        const tree = await get<{ menu: { id: string; children?: { id: string }[] }[] }>(
          '/menu/grant-tree',
          'menuGrantTree',
          demoAdmin,
        );
        const ids = JSON.stringify(tree.body.data.menu);
        expect(ids).toContain(String(1123598815738675291n));
        expect(ids).not.toContain(String(1123598815738675293n));
        // the tenant admin cannot grant a menu outside the package; nothing changes
        const [demoRole] = await db
          .select({ id: role.id })
          .from(role)
          .where(eq(role.id, SEED_IDS.roleDemoAdmin));
        const before = await get<{ menu: string[] }>(
          `/menu/role-tree-keys?roleIds=${demoRole!.id}`,
          'menuRoleTreeKeys',
          demoAdmin,
        );
        const outside = await post_(
          '/role/grant',
          'roleGrant',
          { roleIds: [String(demoRole!.id)], menuIds: [String(1123598815738675293n)] },
          demoAdmin,
        );
        expect(outside.status).toBe(400);
        expect(outside.body.msg).toBe('无权分配租户套餐外的菜单!');
        const after = await get<{ menu: string[] }>(
          `/menu/role-tree-keys?roleIds=${demoRole!.id}`,
          'menuRoleTreeKeys',
          demoAdmin,
        );
        expect(after.body.data.menu).toEqual(before.body.data.menu);
        // inside the package it works
        const inside = await post_(
          '/role/grant',
          'roleGrant',
          {
            roleIds: [String(demoRole!.id)],
            menuIds: [SEED_IDS.menuSystem, SEED_IDS.menuParam, 1123598815738675294n].map(String),
          },
          demoAdmin,
        );
        expect(inside.status).toBe(200);
        const b3 = await get<MenuNode[]>('/menu/buttons', 'menuButtons', demoAdmin);
        expect(shape(b3.body.data)).toEqual([{ param: ['param_view'] }]);
      } finally {
        await db.update(tenant).set({ packageId: null }).where(eq(tenant.tenantId, '100001'));
        // restore the seeded grants of the demo admin
        await grantAsPlatform(
          [SEED_IDS.roleDemoAdmin],
          [
            SEED_IDS.menuSystem,
            SEED_IDS.menuParam,
            1123598815738675291n,
            1123598815738675292n,
            1123598815738675293n,
            1123598815738675294n,
          ],
        );
      }
    });

    const grantAsPlatform = async (roleIds: bigint[], menuIds: bigint[]) => {
      const r = await grant(roleIds, menuIds);
      expect(r.status).toBe(200);
    };

    it('grant replaces menus and scopes; role-tree-keys shows exactly them', async () => {
      const r1 = await grant(
        [testRole],
        [SEED_IDS.menuSystem, SEED_IDS.menuParam, 1123598815738675294n],
        [PERM_IDS.dataParamOwn],
      );
      expect(r1.status).toBe(200);
      const k1 = await get<{ menu: string[]; dataScope: string[]; apiScope: string[] }>(
        `/menu/role-tree-keys?roleIds=${testRole}`,
        'menuRoleTreeKeys',
      );
      expect(k1.body.data).toEqual({
        menu: [SEED_IDS.menuSystem, SEED_IDS.menuParam, 1123598815738675294n].map(String).sort(),
        dataScope: [String(PERM_IDS.dataParamOwn)],
        apiScope: [],
      });
      const r2 = await grant([testRole], [1123598815738675292n], [], [PERM_IDS.apiDataScope]);
      expect(r2.status).toBe(200);
      const k2 = await get<{ menu: string[]; dataScope: string[]; apiScope: string[] }>(
        `/menu/role-tree-keys?roleIds=${testRole}`,
        'menuRoleTreeKeys',
      );
      expect(k2.body.data).toEqual({
        menu: [String(1123598815738675292n)],
        dataScope: [],
        apiScope: [String(PERM_IDS.apiDataScope)],
      });
      // the grant shows in the routes right away (a granted button brings no route; its parent stays a route)
      const routes = await get<MenuNode[]>('/menu/routes', 'menuRoutes', scoped);
      expect(shape(routes.body.data)).toEqual([{ system: ['param'] }]);
      const buttons = await get<MenuNode[]>('/menu/buttons', 'menuButtons', scoped);
      expect(shape(buttons.body.data)).toEqual([{ param: ['param_edit'] }]);
      await grant([testRole], []);
      const none = await get<MenuNode[]>('/menu/routes', 'menuRoutes', scoped);
      expect(none.body.data).toEqual([]);
    });

    it('only an administrator grants to the administrator role; cross-tenant grants change nothing', async () => {
      const adminRole = await post_(
        '/role/grant',
        'roleGrant',
        { roleIds: [String(SEED_IDS.roleAdministrator)], menuIds: [] },
        demoAdmin,
      );
      expect(adminRole.status).toBe(400); // another tenant's role: unknown
      const keys = await get<{ menu: string[] }>(
        `/menu/role-tree-keys?roleIds=${SEED_IDS.roleAdministrator}`,
        'menuRoleTreeKeys',
        demoAdmin,
      );
      expect(keys.body.data.menu).toEqual([]); // invisible to tenant 100001
      const own = await get<{ menu: string[] }>(
        `/menu/role-tree-keys?roleIds=${SEED_IDS.roleAdministrator}`,
        'menuRoleTreeKeys',
      );
      expect(own.body.data.menu.length).toBeGreaterThan(0);
      const byOperator = await post_(
        '/role/grant',
        'roleGrant',
        { roleIds: [String(PERM_IDS.roleGuest)], menuIds: [] },
        operator,
      );
      expect(byOperator.status).toBe(401);
      expect(byOperator.body.msg).toBe('缺失权限');
    });
  });

  describe('data scopes', () => {
    const P = 'dsT_';
    let ruleCustomInjection: string;

    beforeAll(async () => {
      const db = s.handle.db;
      const row = (n: number, createUser: bigint, createDept: bigint) => ({
        id: 1123598830738670000n + BigInt(n),
        tenantId: '000000',
        paramName: `${P}${n}`,
        paramKey: `${P}${n}`,
        paramValue: String(n),
        createUser,
        createDept,
      });
      await db.insert(param).values([
        row(1, scopedUserId, CHILD_B), // own
        row(2, OTHER_USER, CHILD_A), // my dept
        row(3, OTHER_USER, GRANDCHILD), // my dept's child
        row(4, OTHER_USER, CHILD_B), // elsewhere
        row(5, 1123598821738677777n, SEED_IDS.deptAdmin), // the custom rule's user
      ]);
      const inj = await post_<unknown>('/data-scope/submit', 'dataScopeSubmit', {
        menuId: String(SEED_IDS.menuParam),
        resourceCode: 'param',
        scopeName: '注入',
        scopeClass: 'x',
        scopeColumn: 'create_user',
        scopeType: 5,
        scopeValue: '1 or 1=1; drop table smart_param; --',
      });
      expect(inj.status).toBe(200);
      const list = await get<{ records: { id: string; scopeName: string; scopeTypeName: string }[] }>(
        `/data-scope/list?menuId=${SEED_IDS.menuParam}&scopeName=注入`,
        'dataScopeList',
      );
      expect(list.body.data.records[0]!.scopeTypeName).toBe('自定义');
      ruleCustomInjection = list.body.data.records[0]!.id;
    });

    const seen = async (token = scoped) => {
      const r = await get<{ records: { paramKey: string }[]; total: number }>(
        `/param/list?paramKey=${P}&size=50`,
        'paramList',
        token,
      );
      expect(r.status).toBe(200);
      expect(r.body.data.total).toBe(r.body.data.records.length);
      return r.body.data.records.map((x) => Number(x.paramKey.slice(P.length))).sort();
    };

    it('no granted rule: no filter; administrator: never filtered', async () => {
      await grant([testRole], []);
      expect(await seen()).toEqual([1, 2, 3, 4, 5]);
      expect(await seen(admin)).toEqual([1, 2, 3, 4, 5]);
    });

    it.each([
      ['1 all', PERM_IDS.dataParamAll, [1, 2, 3, 4, 5]],
      ['2 own', PERM_IDS.dataParamOwn, [1]],
      ['3 my dept', PERM_IDS.dataParamDept, [2]],
      ['4 my dept and children', PERM_IDS.dataParamDeptChildren, [2, 3]],
    ])('type %s', async (_label, rule, expected) => {
      expect((await grant([testRole], [], [rule])).status).toBe(200);
      expect(await seen()).toEqual(expected);
      expect(await seen(admin)).toEqual([1, 2, 3, 4, 5]);
    });

    it('type 5 custom: ids and placeholders only; anything else matches nothing', async () => {
      const sub = await post_('/data-scope/submit', 'dataScopeSubmit', {
        menuId: String(SEED_IDS.menuParam),
        resourceCode: 'param',
        scopeName: '自定义 [测试]',
        scopeClass: 'x',
        scopeColumn: 'create_user',
        scopeType: 5,
        scopeValue: '${userId}, 1123598821738677777',
      });
      expect(sub.status).toBe(200);
      const list = await get<{ records: { id: string }[] }>(
        `/data-scope/list?scopeName=${encodeURIComponent('自定义 [测试]')}`,
        'dataScopeList',
      );
      const custom = list.body.data.records[0]!.id;
      await grant([testRole], [], [BigInt(custom)]);
      expect(await seen()).toEqual([1, 5]);
      await grant([testRole], [], [BigInt(ruleCustomInjection)]);
      expect(await seen()).toEqual([]);
      const count = await s.handle.db.select({ id: param.id }).from(param);
      expect(count.length).toBeGreaterThan(5); // the table is still there
      // the seeded custom rule: ${userId} on create_user
      await grant([testRole], [], [PERM_IDS.dataParamCustom]);
      expect(await seen()).toEqual([1]);
    });

    it('rules of one role are OR-ed; rules of another resource code do not apply', async () => {
      await grant([testRole], [], [PERM_IDS.dataParamOwn, PERM_IDS.dataParamDept]);
      expect(await seen()).toEqual([1, 2]);
      // the post list is not filtered by param rules
      const posts = await get<{ total: number }>('/post/list', 'postList', scoped);
      const all = await get<{ total: number }>('/post/list', 'postList');
      expect(posts.body.data.total).toBe(all.body.data.total);
    });

    it('the post list honours its own rules', async () => {
      const db = s.handle.db;
      await db.insert(post).values({
        id: 1123598830738671001n,
        tenantId: '000000',
        postCode: 'dsmine',
        postName: '我的岗位',
        createUser: scopedUserId,
        createDept: CHILD_A,
      });
      const sub = await post_('/data-scope/submit', 'dataScopeSubmit', {
        menuId: String(SEED_IDS.menuParam),
        resourceCode: 'post',
        scopeName: '岗位 [本人可见]',
        scopeClass: 'x',
        scopeColumn: 'create_user',
        scopeType: 2,
      });
      expect(sub.status).toBe(200);
      const list = await get<{ records: { id: string }[] }>(
        `/data-scope/list?scopeName=${encodeURIComponent('岗位 [本人可见]')}`,
        'dataScopeList',
      );
      await grant([testRole], [], [BigInt(list.body.data.records[0]!.id)]);
      const mine = await get<{ records: { postCode: string }[]; total: number }>(
        '/post/list',
        'postList',
        scoped,
      );
      expect(mine.body.data.records.map((p) => p.postCode)).toEqual(['dsmine']);
      expect(mine.body.data.total).toBe(1);
      await grant([testRole], []);
    });

    it('the guest seed rule (own) and operator seed rule (dept and children) apply', async () => {
      expect(await seen(guest)).toEqual([]);
      expect(await seen(operator)).toEqual([2, 3]);
    });
  });

  describe('data scopes on the user page (dept_id list)', () => {
    it('a tenant admin granted "my department and children" sees the users of those departments', async () => {
      const db = s.handle.db;
      const demoDept = SEED_IDS.deptDemo;
      const sub = 1123598813738679902n;
      const elsewhere = 1123598813738679903n;
      await db.insert(dept).values([
        { id: sub, tenantId: '100001', parentId: demoDept, ancestors: `0,${demoDept}`, deptName: '子部门' },
        { id: elsewhere, tenantId: '100001', deptName: '别处' },
      ]);
      const u = (id: bigint, account: string, deptId: string) => ({
        id,
        tenantId: '100001',
        account,
        password: 'x',
        name: account,
        realName: account.slice(0, 10),
        roleId: String(SEED_IDS.roleDemoAdmin),
        deptId,
        createUser: OTHER_USER,
      });
      await db
        .insert(user)
        .values([
          u(1123598821738679101n, 'dsu_sub', `${elsewhere},${sub}`),
          u(1123598821738679102n, 'dsu_else', `${elsewhere}`),
        ]);
      const accounts = async () => {
        const r = await s.app.inject({
          method: 'GET',
          url: '/api/smart-user/page?size=50',
          headers: authHeaders(demoAdmin),
        });
        const body = expectContract<Env<{ records: { account: string }[]; total: number }>>(r, 'userPage');
        expect(r.statusCode).toBe(200);
        expect(body.data.total).toBe(body.data.records.length);
        return body.data.records.map((x) => x.account).sort();
      };
      expect(await accounts()).toEqual(['admin', 'dsu_else', 'dsu_sub']);
      const keep = [
        SEED_IDS.menuSystem,
        SEED_IDS.menuParam,
        1123598815738675291n,
        1123598815738675292n,
        1123598815738675293n,
        1123598815738675294n,
      ];
      expect((await grant([SEED_IDS.roleDemoAdmin], keep, [PERM_IDS.dataUserDeptChildren])).status).toBe(200);
      try {
        expect(await accounts()).toEqual(['admin', 'dsu_sub']);
      } finally {
        await grant([SEED_IDS.roleDemoAdmin], keep);
      }
      expect(await accounts()).toEqual(['admin', 'dsu_else', 'dsu_sub']);
    });
  });

  describe('API scopes', () => {
    it('deny without the grant, allow with it; administrator bypasses; remove lifts it', async () => {
      const sub = await post_('/api-scope/submit', 'apiScopeSubmit', {
        menuId: String(SEED_IDS.menuParam),
        resourceCode: 'post_list',
        scopeName: '岗位 [列表]',
        scopePath: '/api/smart-system/post/l*t',
        scopeType: 2,
      });
      expect(sub.status).toBe(200);
      const list = await get<{ records: { id: string; scopeTypeName: string }[] }>(
        `/api-scope/list?scopeName=${encodeURIComponent('岗位 [列表]')}`,
        'apiScopeList',
      );
      const rule = list.body.data.records[0]!;
      expect(rule.scopeTypeName).toBe('业务接口');
      await grant([testRole], []);
      const denied = await get('/post/list', 'postList', scoped);
      expect(denied.status).toBe(401);
      expect(denied.body.msg).toBe('缺失权限');
      expect((await get('/post/list', 'postList', admin)).status).toBe(200);
      expect((await get('/param/list', 'paramList', scoped)).status).toBe(200); // other paths stay open
      await grant([testRole], [], [], [BigInt(rule.id)]);
      expect((await get('/post/list', 'postList', scoped)).status).toBe(200);
      expect((await get('/post/list', 'postList', guest)).status).toBe(401);
      const rm = await post_(`/api-scope/remove?ids=${rule.id}`, 'apiScopeRemove');
      expect(rm.status).toBe(200);
      expect((await get('/post/list', 'postList', guest)).status).toBe(200);
    });

    it('the seeded rules guard the scope APIs from everybody but the administrator', async () => {
      expect((await get('/data-scope/list', 'dataScopeList', demoAdmin)).status).toBe(401);
      expect((await get('/api-scope/list', 'apiScopeList', operator)).status).toBe(401);
      expect((await get('/api-scope/list', 'apiScopeList', admin)).status).toBe(200);
    });
  });

  describe('units', () => {
    it('ant matcher', () => {
      expect(antMatcher('/api/a/**').test('/api/a/b/c')).toBe(true);
      expect(antMatcher('/api/a/*').test('/api/a/b/c')).toBe(false);
      expect(antMatcher('/api/a/*').test('/api/a/b')).toBe(true);
      expect(antMatcher('/api/a.b').test('/api/aXb')).toBe(false);
    });
    it('custom values', () => {
      const a = { user_id: '7', dept_id: '8,9' } as TokenClaims;
      expect(customValues('${userId},${deptId}, 12', a)).toEqual(['7', '8', '9', '12']);
      expect(customValues("7' or '1'='1", a)).toBeUndefined();
      expect(customValues('create_user = ${userId}', a)).toBeUndefined();
    });
  });
});
