import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from './auth/password';
import { antMatcher } from './auth/permissions';
import { customValues } from './auth/data-scope';
import type { TokenClaims } from './auth/tokens';
import { writeGuards } from './auth/button-guard';
import { declaredEntities } from './crud/entities';
import { dept, dictBiz, menu, param, post, role, tenant, tenantPackage, user } from './db/schema';
import { attach, notice, oss, sms, smsMessage } from './db/schema-resource';
import { dyBroweLogGroup, dyCommon } from './db/schema-dy';
import { yingdaoAuth, ydUser, ydUserDevelop } from './db/schema-yingdao';
import { mjApp } from './db/schema-mj';
import { aiConfig } from './db/schema-commerce';
import { PERM_IDS } from './db/seed-perm';
import { SEED_IDS } from './db/seed-data';
import { loadSpec } from './spec';
import { expectContract } from './test/contract';
import {
  authHeaders,
  backends,
  login,
  startTestServer,
  type TestServer,
  contractCall,
  type Env,
} from './test/harness';

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

  const call = contractCall(() => s, SYS);
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
      // the role page's edit button too: granting is an edit of roles (openapi.yaml role `actions`), so a tenant
      // admin grants only when its package holds that button
      const [roleEdit] = await db.select({ id: menu.id }).from(menu).where(eq(menu.code, 'role_edit'));
      await db.insert(tenantPackage).values({
        id: pkgId,
        packageName: '测试套餐',
        menuId: [
          SEED_IDS.menuSystem,
          SEED_IDS.menuParam,
          1123598815738675291n,
          1123598815738675294n,
          roleEdit!.id,
        ].join(','),
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
      // every user of the tenant (the seed's own users of 100001 sit in departments under the demo one)
      const everyone = await accounts();
      expect(everyone).toEqual(expect.arrayContaining(['admin', 'dsu_else', 'dsu_sub']));
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
        expect(await accounts()).toEqual(everyone.filter((x) => x !== 'dsu_else'));
      } finally {
        await grant([SEED_IDS.roleDemoAdmin], keep);
      }
      expect(await accounts()).toEqual(everyone);
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

  describe('button permissions of writes', () => {
    const btnRole = 1123598816738679911n;
    const demoRole = 1123598816738679912n; // a plain role of tenant 100001
    let btnUser: string;
    let demoUser: string;
    const buttonId = new Map<string, bigint>();
    const pageButtons = new Map<string, string[]>(); // page code → its button codes
    let seq = 0;
    const FX = 1123598840738670000n;
    const fxId = () => FX + BigInt(++seq);

    interface Res {
      status: number;
      body: Env<unknown>;
    }
    const send = async (token: string, op: string, url: string, body?: object): Promise<Res> => {
      const res = await s.app.inject({
        method: 'POST',
        url,
        headers: authHeaders(token),
        ...(body ? { payload: body } : {}),
      });
      return { status: res.statusCode, body: expectContract<Env<unknown>>(res, op) };
    };

    beforeAll(async () => {
      const db = s.handle.db;
      await db.insert(role).values([
        { id: btnRole, tenantId: '000000', roleName: '按钮测试', roleAlias: 'btntest' },
        { id: demoRole, tenantId: '100001', roleName: '按钮测试', roleAlias: 'btntest' },
      ]);
      btnUser = await addUser('000000', 'btn1', btnRole, CHILD_A, 1123598821738679011n);
      demoUser = await addUser('100001', 'btn2', demoRole, SEED_IDS.deptDemo, 1123598821738679012n);
      const rows = await db.select().from(menu).where(eq(menu.isDeleted, 0));
      // the attachment page has no add / edit button: an operator granted an add button added by hand writes
      // manual records
      const attachPage = rows.find((m) => m.code === 'attach' && m.category === 1)!;
      const extra = (['add', 'edit'] as const).map((kind, i) => ({
        id: 1123598830738679101n + BigInt(i),
        parentId: attachPage.id,
        code: `attach_${kind}`,
        name: kind,
        alias: kind,
        path: `/resource/attach/${kind}`,
        category: 2,
        action: 1,
      }));
      await db.insert(menu).values(extra);
      const pages = new Map(rows.filter((m) => m.category === 1).map((m) => [m.id, m.code]));
      for (const b of [...rows, ...extra].filter((m) => m.category === 2)) {
        buttonId.set(b.code, b.id);
        const page = pages.get(b.parentId);
        if (page) pageButtons.set(page, [...(pageButtons.get(page) ?? []), b.code]);
      }
    });

    const grantCodes = async (roleIds: bigint[], codes: string[]) => {
      const r = await grant(
        roleIds,
        codes.map((c) => buttonId.get(c)!),
      );
      expect(r.status).toBe(200);
    };

    const SYS_ = '/api/smart-system';
    const RES = '/api/smart-resource';
    const DESK = '/api/smart-desk';
    const db = () => s.handle.db;
    const one = async <T>(q: Promise<T[]>): Promise<T | undefined> => (await q)[0];

    /** A guarded operation: how to make a row it acts on, call it, and observe what it changes. */
    interface GuardCase {
      op: string;
      button: string;
      /** inserts a row of the tenant for the call to act on (none for creates) */
      fixture?: (tenantId: string, id: bigint) => Promise<void>;
      url: (id: bigint, n: number) => string;
      body?: (id: bigint, n: number) => object;
      /** what the call changes (the row, or the rows it would create) */
      state: (id: bigint, n: number) => Promise<unknown>;
    }

    const paramRow = (id: bigint) => one(db().select().from(param).where(eq(param.id, id)));
    const deptRow = (id: bigint) => one(db().select().from(dept).where(eq(dept.id, id)));
    const postRow = (id: bigint) => one(db().select().from(post).where(eq(post.id, id)));
    const dyCommonRow = (id: bigint) => one(db().select().from(dyCommon).where(eq(dyCommon.id, id)));
    const bizRow = (id: bigint) => one(db().select().from(dictBiz).where(eq(dictBiz.id, id)));
    const noticeRow = (id: bigint) => one(db().select().from(notice).where(eq(notice.id, id)));
    const attachRow = (id: bigint) => one(db().select().from(attach).where(eq(attach.id, id)));
    const ossRow = (id: bigint) => one(db().select().from(oss).where(eq(oss.id, id)));
    const smsRow = (id: bigint) => one(db().select().from(sms).where(eq(sms.id, id)));
    const ydRow = (id: bigint) => one(db().select().from(yingdaoAuth).where(eq(yingdaoAuth.id, id)));
    const audit = (tenantId: string, id: bigint) => ({ id, tenantId });

    const fixtures = {
      yingdao_auth: async (t: string, id: bigint) => {
        await db()
          .insert(yingdaoAuth)
          .values({
            ...audit(t, id),
            authName: `btn${id}`.slice(0, 60),
            apiBaseUrl: 'https://api.yingdao.com',
            accessKeyId: 'k',
            accessKeySecret: 'stored',
          });
      },
      param: async (t: string, id: bigint) => {
        await db()
          .insert(param)
          .values({ ...audit(t, id), paramName: 'p', paramKey: `btn.${id}`, paramValue: '1' });
      },
      dept: async (t: string, id: bigint) => {
        await db()
          .insert(dept)
          .values({ ...audit(t, id), deptName: `d${id}`.slice(0, 40) });
      },
      post: async (t: string, id: bigint) => {
        await db()
          .insert(post)
          .values({ ...audit(t, id), postCode: `b${id % 100000n}`, postName: 'p' });
      },
      dy_common: async (t: string, id: bigint) => {
        await db()
          .insert(dyCommon)
          .values({ ...audit(t, id), content: `phrase ${id}` });
      },
      dictbiz: async (t: string, id: bigint) => {
        await db()
          .insert(dictBiz)
          .values({ ...audit(t, id), parentId: 0n, code: `btn_${id}`, dictKey: '-1', dictValue: 'v' });
      },
      notice: async (t: string, id: bigint) => {
        await db()
          .insert(notice)
          .values({ ...audit(t, id), title: 't', category: 1, releaseTime: new Date() });
      },
      attach: async (t: string, id: bigint) => {
        await db()
          .insert(attach)
          .values({ ...audit(t, id), link: 'https://cdn.example.cn/x.pdf', originalName: 'x.pdf' });
      },
      oss: async (t: string, id: bigint) => {
        await db()
          .insert(oss)
          .values({
            ...audit(t, id),
            category: 1,
            ossCode: `btn${id % 100000n}`,
            endpoint: 'http://127.0.0.1:9000',
            accessKey: 'ak',
            secretKey: 'sk',
            bucketName: 'b',
          });
      },
      sms: async (t: string, id: bigint) => {
        await db()
          .insert(sms)
          .values({
            ...audit(t, id),
            category: 3,
            smsCode: `btn${id % 100000n}`,
            templateId: 'T',
            accessKey: 'ak',
            secretKey: 'sk',
          });
      },
    };

    /** submit (add and edit) and remove of a crud page. */
    const declaresAdd = (page: string) =>
      declaredEntities().all.some((e) => e.menu?.code === page && e.buttons.add !== undefined);
    const crudCases = <Body extends object>(
      page: keyof typeof fixtures,
      op: string,
      base: string,
      body: (n: number) => Body,
      row: (id: bigint) => Promise<unknown>,
      created: (n: number) => Promise<unknown>,
    ): GuardCase[] => [
      {
        op: `${op}Submit`,
        button: `${page}_add`,
        url: () => `${base}/submit`,
        body: (_id, n) => body(n),
        state: (_id, n) => created(n),
      },
      {
        op: `${op}Submit`,
        // a page whose entity declares no add button (attachments: uploaded, not typed) is no form: its submit
        // needs the add button for an update too (button-guard.ts)
        button: declaresAdd(page) ? `${page}_edit` : `${page}_add`,
        fixture: fixtures[page],
        url: () => `${base}/submit`,
        body: (id, n) => ({ ...body(n), id: String(id) }),
        state: row,
      },
      {
        op: `${op}Remove`,
        button: `${page}_delete`,
        fixture: fixtures[page],
        url: (id) => `${base}/remove?ids=${id}`,
        state: row,
      },
    ];

    const CASES: GuardCase[] = [
      ...crudCases(
        'param',
        'param',
        `${SYS_}/param`,
        (n) => ({ paramName: 'btn', paramKey: `btn.new.${n}`, paramValue: String(n) }),
        paramRow,
        (n) =>
          db()
            .select()
            .from(param)
            .where(eq(param.paramKey, `btn.new.${n}`)),
      ),
      ...crudCases(
        'dept',
        'dept',
        `${SYS_}/dept`,
        (n) => ({ deptName: `btn${n}`, fullName: `btn${n}`, deptCategory: 1, sort: n }),
        deptRow,
        (n) =>
          db()
            .select()
            .from(dept)
            .where(eq(dept.deptName, `btn${n}`)),
      ),
      ...crudCases(
        'post',
        'post',
        `${SYS_}/post`,
        (n) => ({ category: 4, postCode: `bn${n}`, postName: `btn${n}`, sort: n }),
        postRow,
        (n) =>
          db()
            .select()
            .from(post)
            .where(eq(post.postName, `btn${n}`)),
      ),
      ...crudCases(
        'dy_common',
        'dyCommon',
        '/api/smart-dy/dy_common',
        (n) => ({ content: `btn phrase ${n}`, weight: 1 }),
        dyCommonRow,
        (n) =>
          db()
            .select()
            .from(dyCommon)
            .where(eq(dyCommon.content, `btn phrase ${n}`)),
      ),
      ...crudCases(
        'dictbiz',
        'dictBiz',
        `${SYS_}/dict-biz`,
        (n) => ({ code: `btn_new_${n}`, dictValue: `v${n}`, sort: 1, isSealed: 0 }),
        bizRow,
        (n) =>
          db()
            .select()
            .from(dictBiz)
            .where(eq(dictBiz.dictValue, `v${n}`)),
      ),
      ...crudCases(
        'notice',
        'notice',
        `${DESK}/notice`,
        (n) => ({ title: `btn${n}`, category: 1, releaseTime: '2025-06-15 09:30:00' }),
        noticeRow,
        (n) =>
          db()
            .select()
            .from(notice)
            .where(eq(notice.title, `btn${n}`)),
      ),
      ...crudCases(
        'attach',
        'attach',
        `${RES}/attach`,
        (n) => ({ link: `https://cdn.example.cn/${n}.pdf`, originalName: `btn${n}.pdf` }),
        attachRow,
        (n) =>
          db()
            .select()
            .from(attach)
            .where(eq(attach.originalName, `btn${n}.pdf`)),
      ),
      ...crudCases(
        'oss',
        'oss',
        `${RES}/oss`,
        (n) => ({
          category: 1,
          ossCode: `bn${n}`,
          endpoint: 'http://127.0.0.1:9000',
          accessKey: `ak${n}`,
          secretKey: 'sk',
          bucketName: 'b',
        }),
        ossRow,
        (n) =>
          db()
            .select()
            .from(oss)
            .where(eq(oss.accessKey, `ak${n}`)),
      ),
      ...crudCases(
        'sms',
        'sms',
        `${RES}/sms`,
        (n) => ({ category: 3, smsCode: `bn${n}`, templateId: 'T', accessKey: `ak${n}`, secretKey: 'sk' }),
        smsRow,
        (n) =>
          db()
            .select()
            .from(sms)
            .where(eq(sms.accessKey, `ak${n}`)),
      ),
      ...(() => {
        const YD_SYS = `${SYS_}/yingdao-auth`;
        const YD = '/api/smart-yingdao/yingdao_auth';
        const ydBody = (n: number) => ({
          authName: `btn-new-${n}`,
          apiBaseUrl: 'https://api.yingdao.com',
          accessKeyId: `k${n}`,
          accessKeySecret: 's',
        });
        const ydCreated = (n: number) =>
          db()
            .select()
            .from(yingdaoAuth)
            .where(eq(yingdaoAuth.authName, `btn-new-${n}`));
        return [
          {
            op: 'yingdaoAuthSave',
            button: 'yingdao_auth_add',
            url: () => `${YD_SYS}/save`,
            body: (_id: bigint, n: number) => ydBody(n),
            state: (_id: bigint, n: number) => ydCreated(n),
          },
          {
            op: 'yingdaoAuthUpdate',
            button: 'yingdao_auth_edit',
            fixture: fixtures.yingdao_auth,
            url: () => `${YD_SYS}/update`,
            body: (id: bigint, n: number) => ({ ...ydBody(n), id: String(id) }),
            state: ydRow,
          },
          {
            op: 'yingdaoAuthRemove',
            button: 'yingdao_auth_delete',
            fixture: fixtures.yingdao_auth,
            url: (id: bigint) => `${YD_SYS}/remove?ids=${id}`,
            state: ydRow,
          },
          ...crudCases('yingdao_auth', 'ydYingdaoAuth', YD, ydBody, ydRow, ydCreated),
        ] satisfies GuardCase[];
      })(),
      {
        op: 'ossEnable',
        button: 'oss_edit',
        fixture: fixtures.oss,
        url: (id) => `${RES}/oss/enable?id=${id}`,
        state: ossRow,
      },
      {
        op: 'smsEnable',
        button: 'sms_edit',
        fixture: fixtures.sms,
        url: (id) => `${RES}/sms/enable?id=${id}`,
        state: smsRow,
      },
      {
        op: 'smsSendMessage',
        button: 'sms_edit',
        url: (_id, n) =>
          `${RES}/sms/endpoint/send-message?code=log&phones=1390000${String(n).padStart(4, '0')}`,
        state: (_id, n) =>
          db()
            .select()
            .from(smsMessage)
            .where(eq(smsMessage.phones, `1390000${String(n).padStart(4, '0')}`)),
      },
      // extras of declared entities (src/modules/mj/mj-app, commerce/ai-config, yingdao/yd-user-develop)
      {
        op: 'mjAppEnable',
        button: 'mj_app_edit',
        fixture: (t, id) =>
          db()
            .insert(mjApp)
            .values({ id, tenantId: t, appCode: `btn${id}` })
            .then(),
        url: (id) => `/api/smart-mj/mj_app/enable?id=${id}&status=0`,
        state: (id) => one(db().select().from(mjApp).where(eq(mjApp.id, id))),
      },
      {
        op: 'aiConfigUpdateParam',
        button: 'ai_config_edit',
        fixture: (t, id) =>
          db()
            .insert(aiConfig)
            .values({
              id,
              tenantId: t,
              configName: 'c',
              platform: 'xhs',
              provider: 'openai',
              baseUrl: 'https://x.test',
              model: 'm',
            })
            .then(),
        url: () => '/api/smart-aiConfig/ai_config/updateParam',
        body: (id) => ({ id: String(id), temperature: 1.25 }),
        state: (id) => one(db().select().from(aiConfig).where(eq(aiConfig.id, id))),
      },
      {
        // the customer `id` comes with the key of a promoter of the same tenant
        op: 'ydUserDevelopCopyDevelopApp',
        button: 'yd_user_develop_add',
        fixture: async (t, id) => {
          const promoter = id + 10_000_000n;
          await db()
            .insert(ydUser)
            .values([
              { id, tenantId: t, account: `c${id}` },
              { id: promoter, tenantId: t, account: `p${id}` },
            ]);
          await db()
            .insert(ydUserDevelop)
            .values({ id: promoter, tenantId: t, ydUserId: promoter, inviteKey: `K${id % 100_000_000n}` });
        },
        url: () => '/api/smart-yingdao/yd_user_develop/copyDevelopApp',
        body: (id) => ({ inviteKey: `K${id % 100_000_000n}`, ydUserId: String(id) }),
        state: (id) => one(db().select().from(ydUser).where(eq(ydUser.id, id))),
      },
    ];

    /** Calls the case on a fresh fixture of `tenantId`; returns the answer and the state before and after. */
    const attempt = async (c: GuardCase, token: string, tenantId: string) => {
      const id = fxId();
      const n = seq;
      await c.fixture?.(tenantId, id);
      const before = await c.state(id, n);
      const res = await send(token, c.op, c.url(id, n), c.body?.(id, n));
      return { res, before, after: await c.state(id, n) };
    };

    const expectDenied = (r: Res) => {
      expect(r.status).toBe(401);
      expect(r.body).toEqual({ code: 401, success: false, msg: '缺失权限', data: null });
    };

    /**
     * Writes of modules with a role check of their own (topmenu: administrators,
     * src/modules/system/topmenu/topmenu.module.ts; client: the platform administrator,
     * src/modules/system/client/client.module.ts). Their entities are declared, so the contract's buttons guard them
     * too (button-guard.ts `writeGuards`); a granted button alone does not pass the role check.
     */
    const ROLE_CHECKED: {
      op: string;
      page: string;
      url: string;
      body?: (n: number) => object;
      /** What the administrator gets past the role check: a remove of an id no row has is refused as unknown. */
      admin?: { status: number; msg: string };
    }[] = [
      {
        op: 'topmenuSubmit',
        page: 'topmenu',
        url: `${SYS_}/topmenu/submit`,
        body: (n) => ({ code: `btn_tm_${n}`, name: `btn${n}`, sort: 1 }),
      },
      {
        op: 'topmenuRemove',
        page: 'topmenu',
        url: `${SYS_}/topmenu/remove?ids=1`,
        admin: { status: 400, msg: '数据不存在' },
      },
      {
        op: 'clientSubmit',
        page: 'client',
        url: `${SYS_}/client/submit`,
        body: (n) => ({
          clientId: `btn${n}`,
          clientSecret: 'btn_secret',
          scope: 'all',
          authorizedGrantTypes: 'password',
          accessTokenValidity: 3600,
          refreshTokenValidity: 7200,
        }),
      },
      {
        op: 'clientRemove',
        page: 'client',
        url: `${SYS_}/client/remove?ids=1`,
        admin: { status: 400, msg: '数据不存在' },
      },
    ];

    // Declared entities are covered by being declared (src/crud/conformance.test.ts: their guards follow their
    // buttons and actions, and a caller without the buttons is refused every write); the cases here are the
    // granted calls, each of a guarded operation.
    it('every case guards its operation', () => {
      const covered = new Set([...CASES, ...ROLE_CHECKED].map((c) => c.op));
      const guarded = writeGuards(declaredEntities().all);
      for (const op of covered) expect(Object.hasOwn(guarded, op), op).toBe(true);
    });

    // Every guarded write — declared CRUD writes and actions — with the buttons of one kind held on
    // every page (or none): each call needing another kind is refused before its body is looked at, so an empty
    // body (or a bare id) proves the guard and writes nothing.
    it('every guarded write refuses a caller without its kind of button, whatever it sends', async () => {
      const routes = new Map<string, { method: string; url: string }>();
      for (const [p, item] of Object.entries(loadSpec().paths))
        for (const [method, op] of Object.entries(item) as [string, { operationId?: string }][])
          if (op.operationId) routes.set(op.operationId, { method: method.toUpperCase(), url: p });
      const guards = Object.entries(writeGuards(declaredEntities().all));
      const all = [...pageButtons.values()].flat();
      let refused = 0;
      for (const held of [undefined, 'add', 'edit', 'delete'] as const) {
        await grantCodes([btnRole], held ? all.filter((c) => c.endsWith(`_${held}`)) : []);
        for (const [op, g] of guards) {
          const route = routes.get(op);
          expect(route, op).toBeDefined();
          for (const kind of g.need === 'submit' ? (['add', 'edit'] as const) : [g.need]) {
            if (kind === held) continue;
            const res = await s.app.inject({
              method: route!.method as 'POST',
              url: route!.url,
              headers: authHeaders(btnUser),
              payload: g.need === 'submit' && kind === 'edit' ? { id: '1' } : {},
            });
            expect([res.statusCode, res.json()], `${op} (${kind}) holding ${held ?? 'nothing'}`).toEqual([
              401,
              { code: 401, success: false, msg: '缺失权限', data: null },
            ]);
            refused++;
          }
        }
      }
      expect(refused).toBeGreaterThan(guards.length * 3);
    });

    it.each(ROLE_CHECKED.map((c) => [c.op, c] as const))(
      '%s: a granted button does not pass the module role check; the administrator passes',
      async (_op, c) => {
        await grantCodes([btnRole], pageButtons.get(c.page) ?? []);
        const n = ++seq;
        expectDenied(await send(btnUser, c.op, c.url, c.body?.(n)));
        await grantCodes([btnRole], []);
        expectDenied(await send(btnUser, c.op, c.url, c.body?.(n)));
        const passed = await send(admin, c.op, c.url, c.body?.(n));
        expect(passed.status).toBe(c.admin?.status ?? 200);
        if (c.admin) expect(passed.body.msg).toBe(c.admin.msg);
      },
    );

    it.each(CASES.map((c) => [c.op, c.button, c] as const))(
      '%s needs %s; the administrator and the tenant admin pass',
      async (_op, button, c) => {
        const page = button.slice(0, button.lastIndexOf('_'));
        // without any button, then with every other button of the page: refused, nothing changes
        for (const codes of [[], (pageButtons.get(page) ?? []).filter((b) => b !== button)]) {
          await grantCodes([btnRole], codes);
          const { res, before, after } = await attempt(c, btnUser, '000000');
          expectDenied(res);
          expect(after).toEqual(before);
        }
        // with the button
        await grantCodes([btnRole], [button]);
        const granted = await attempt(c, btnUser, '000000');
        expect(granted.res.status, JSON.stringify(granted.res.body)).toBe(200);
        expect(granted.after).not.toEqual(granted.before);
        await grantCodes([btnRole], []);
        // the administrator, and the tenant's own administrator role without any grant of this page
        for (const [token, tenantId] of [
          [admin, '000000'],
          [demoAdmin, '100001'],
        ] as const) {
          const r = await attempt(c, token, tenantId);
          expect(r.res.status, JSON.stringify(r.res.body)).toBe(200);
          expect(r.after).not.toEqual(r.before);
        }
      },
    );

    it('the seeded operator adds and edits parameters but does not remove them; the guest only reads', async () => {
      const add = (token: string, key: string) =>
        send(token, 'paramSubmit', `${SYS_}/param/submit`, {
          paramName: 'x',
          paramKey: key,
          paramValue: '1',
        });
      expect((await add(operator, 'btn.op.1')).status).toBe(200);
      const [row] = await db().select().from(param).where(eq(param.paramKey, 'btn.op.1'));
      const edit = (token: string) =>
        send(token, 'paramSubmit', `${SYS_}/param/submit`, {
          id: String(row!.id),
          paramName: 'x',
          paramKey: 'btn.op.1',
          paramValue: token === operator ? '2' : '3',
        });
      expect((await edit(operator)).status).toBe(200);
      expectDenied(await send(operator, 'paramRemove', `${SYS_}/param/remove?ids=${row!.id}`));
      expectDenied(await add(guest, 'btn.guest.1'));
      expectDenied(await edit(guest));
      expectDenied(await send(guest, 'paramRemove', `${SYS_}/param/remove?ids=${row!.id}`));
      expect(await paramRow(row!.id)).toMatchObject({ paramValue: '2', isDeleted: 0 });
      expect(await db().select().from(param).where(eq(param.paramKey, 'btn.guest.1'))).toEqual([]);
      // a guest can no longer rewrite the seeded account parameters
      const [failCount] = await db().select().from(param).where(eq(param.paramKey, 'account.failCount'));
      if (failCount) {
        expectDenied(
          await send(guest, 'paramSubmit', `${SYS_}/param/submit`, {
            id: String(failCount.id),
            paramName: failCount.paramName,
            paramKey: failCount.paramKey,
            paramValue: '1000',
          }),
        );
        expect(await paramRow(failCount.id)).toEqual(failCount);
      }
    });

    it("a run batch's edit button stops and retries it but does not rewrite it (no add button: not a form)", async () => {
      const spec = loadSpec() as { components: { schemas: Record<string, { examples?: object[] }> } };
      const example = spec.components.schemas.DyBroweLogGroupSubmit!.examples![0]!;
      const taskName = `批次${++seq}`;
      const url = '/api/smart-dy/dy_browe_log_group/submit';
      expect((await send(admin, 'dyBroweLogGroupSubmit', url, { ...example, taskName })).status).toBe(200);
      const [row] = await db().select().from(dyBroweLogGroup).where(eq(dyBroweLogGroup.taskName, taskName));
      await grantCodes([btnRole], pageButtons.get('dy_browe_log_group') ?? []);
      expect(pageButtons.get('dy_browe_log_group')).toContain('dy_browe_log_group_edit');
      const rewrite = { ...example, id: String(row!.id), taskName, successCount: 30, runStatus: 'SUCCESS' };
      expectDenied(await send(btnUser, 'dyBroweLogGroupSubmit', url, rewrite));
      expectDenied(
        await send(btnUser, 'dyBroweLogGroupSubmit', url, { ...example, taskName: `${taskName}x` }),
      );
      expect((await db().select().from(dyBroweLogGroup).where(eq(dyBroweLogGroup.id, row!.id)))[0]).toEqual(
        row,
      );
      await grantCodes([btnRole], []);
    });

    it('a granted button outside the tenant package is refused; grants of a removed role lapse', async () => {
      await grantCodes([demoRole], ['param_add']);
      const add = (key: string) =>
        send(demoUser, 'paramSubmit', `${SYS_}/param/submit`, {
          paramName: 'x',
          paramKey: key,
          paramValue: '1',
        });
      expect((await add('btn.pkg.1')).status).toBe(200);
      const pkgId = 1123598830738679002n;
      const [demo] = await db().select().from(tenant).where(eq(tenant.tenantId, '100001'));
      await db()
        .insert(tenantPackage)
        .values({
          id: pkgId,
          packageName: '无新增',
          menuId: [SEED_IDS.menuSystem, SEED_IDS.menuParam].join(','),
        });
      await db().update(tenant).set({ packageId: pkgId }).where(eq(tenant.tenantId, '100001'));
      try {
        await grantCodes([demoRole], ['param_add']); // drops this instance's snapshot
        expectDenied(await add('btn.pkg.2'));
        // the tenant's administrator needs no grant but is held to the package as well
        const adminAdd = (key: string) =>
          send(demoAdmin, 'paramSubmit', `${SYS_}/param/submit`, {
            paramName: 'x',
            paramKey: key,
            paramValue: '1',
          });
        expectDenied(await adminAdd('btn.pkg.3'));
        expect(await db().select().from(param).where(eq(param.paramKey, 'btn.pkg.3'))).toEqual([]);
      } finally {
        await db().update(tenant).set({ packageId: demo!.packageId }).where(eq(tenant.tenantId, '100001'));
      }
      await grantCodes([demoRole], ['param_add']);
      expect((await add('btn.pkg.4')).status).toBe(200);
      // the role removed (by the tenant admin): its grants no longer count for a token issued before
      const rm = await send(demoAdmin, 'roleRemove', `${SYS_}/role/remove?ids=${demoRole}`);
      expect(rm.status).toBe(200);
      expectDenied(await add('btn.pkg.5'));
      expect(await db().select().from(param).where(eq(param.paramKey, 'btn.pkg.5'))).toEqual([]);
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
