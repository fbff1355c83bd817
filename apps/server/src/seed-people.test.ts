import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execRows } from './db/index';
import { seed } from './db/seed';
import { PEOPLE_IDS } from './db/seed-data';
import { expectContract } from './test/contract';
import { authHeaders, backends, login, startTestServer, type TestServer } from './test/harness';

const md5 = (s: string) => createHash('md5').update(s).digest('hex');

interface MenuNode {
  code: string;
  children?: MenuNode[];
}
const codes = (nodes: MenuNode[]): string[] => nodes.flatMap((n) => [n.code, ...codes(n.children ?? [])]);

describe.each(backends)('seed step people on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(kind);
  });
  afterAll(async () => {
    await s?.close();
  });

  const routes = async (token: string) => {
    const res = await s.app.inject({
      method: 'GET',
      url: '/api/smart-system/menu/routes',
      headers: authHeaders(token),
    });
    return codes(expectContract<{ data: MenuNode[] }>(res, 'menuRoutes').data);
  };

  it('operator and guest of 000000 log in with their passwords and get their roles', async () => {
    const op = await login(s.app, '000000', 'operator', md5('operator'));
    expect(op).toMatchObject({ tenant_id: '000000', role_name: 'operator' });
    const guest = await login(s.app, '000000', 'guest', md5('guest'));
    expect(guest.role_name).toBe('guest');
    await expect(login(s.app, '000000', 'guest', md5('operator'))).rejects.toThrow();
    expect(await routes(guest.access_token)).toEqual(['system', 'param']);
  });

  it('tenant 100001 has departments, posts, a staff role and users; its package keeps platform pages out', async () => {
    const sales = await login(s.app, '100001', 'sales', md5('sales'));
    expect(sales.tenant_id).toBe('100001');
    await login(s.app, '100001', 'support', md5('support'));
    const admin = (await login(s.app, '100001')).access_token;
    const get = (url: string) => s.app.inject({ method: 'GET', url, headers: authHeaders(admin) });

    const depts = expectContract<{ data: object[] }>(
      await get('/api/smart-system/dept/tree'),
      'deptTree',
    ).data;
    expect(JSON.stringify(depts)).toMatch(/演示公司.*销售部.*客服部/);
    const posts = expectContract<{ data: { postCode: string; tenantId: string }[] }>(
      await get('/api/smart-system/post/select'),
      'postSelect',
    ).data;
    expect(posts.map((p) => p.postCode)).toEqual(['ceo', 'manager', 'staff']);
    expect(posts.every((p) => p.tenantId === '100001')).toBe(true);

    // the staff role: the parameter page, read only
    expect(await routes(sales.access_token)).toEqual(['system', 'param']);
    const [pkg] = await execRows(
      s.handle.db,
      sql`select menu_id from smart_tenant_package where id = ${PEOPLE_IDS.packageDemo}`,
    );
    const menuId = String(pkg!.menu_id);
    expect(menuId.length).toBeLessThanOrEqual(3000); // the contract's limit of a package
    const ids = new Set(menuId.split(','));
    const menuCodes = (await execRows(s.handle.db, sql`select id, code from smart_menu`))
      .filter((r) => ids.has(String(r.id)))
      .map((r) => r.code);
    expect(menuCodes).toEqual(expect.arrayContaining(['system', 'param', 'user', 'rpa', 'yingdao_auth']));
    for (const platform of ['tenant', 'client', 'menu', 'dict', 'datascope', 'region']) {
      expect(menuCodes, platform).not.toContain(platform);
    }
  });

  it('is applied once: a restart adds nothing, an older database gets the rows on its next start', async () => {
    const db = s.handle.db;
    const n = async (q: string) => Number((await execRows(db, sql.raw(q)))[0]!.n);
    const users = `select count(*) as n from smart_user where account in ('operator','guest','sales','support')`;
    expect(await n(users)).toBe(4);
    expect(await seed(db)).toBe(false);
    expect(await n(users)).toBe(4);
    // a folder seeded before the step
    await db.execute(sql`delete from smart_seed_step where name = 'people'`);
    await db.execute(sql`delete from smart_user where account in ('operator','guest','sales','support')`);
    await db.execute(sql`update smart_tenant set package_id = null where tenant_id = '100001'`);
    expect(await seed(db)).toBe(false);
    expect(await n(users)).toBe(4);
    expect(await n(`select count(*) as n from smart_tenant where package_id is not null`)).toBe(1);
    expect(await n(`select count(*) as n from smart_role where tenant_id = '100001'`)).toBe(2);
  });
});
