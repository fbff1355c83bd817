import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, dept, menu, post, role, roleMenu, tenant, user } from './db/schema';
import { PEOPLE_IDS } from './db/seed-data';
import { packageMenuIds } from './auth/permissions';
import { assertAccountQuota } from './kernel/account-quota';
import { expectContract } from './test/contract';
import {
  ADMIN_MD5,
  BASIC,
  authHeaders,
  backends,
  login,
  startTestServer,
  tokenUrl,
  type TestServer,
} from './test/harness';

const SYS = '/api/smart-system';

interface Tenant {
  id: string;
  tenantId: string;
  tenantName: string;
  accountNumber: number;
  expireTime: string;
  packageId: string | null;
  licenseKey: string;
  domain: string;
}
interface Pkg {
  id: string;
  packageName: string;
  menuId: string;
}

describe.each(backends)('tenant, tenant package and client on %s', (kind) => {
  let s: TestServer;
  let admin: string; // 000000 administrator
  let other: string; // 100001 admin (not the platform administrator)
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
  const post_ = (url: string, payload?: object, token = admin) =>
    s.app.inject({ method: 'POST', url, headers: authHeaders(token), ...(payload ? { payload } : {}) });

  async function tenantByName(name: string): Promise<Tenant> {
    const res = await get(`${SYS}/tenant/list?tenantName=${encodeURIComponent(name)}`);
    const page = expectContract<{ data: { records: Tenant[] } }>(res, 'tenantList').data;
    expect(page.records).toHaveLength(1);
    return page.records[0]!;
  }

  it('is administered by the administrator of tenant 000000 only', async () => {
    const res = await get(`${SYS}/tenant/list`);
    expect(res.statusCode, res.body).toBe(200);
    const page = expectContract<{ data: { total: number; records: Tenant[] } }>(res, 'tenantList').data;
    expect(page.total).toBe(2);
    expect(page.records.map((t) => t.tenantId).sort()).toEqual(['000000', '100001']);
    const pkgOf = (id: string) => page.records.find((t) => t.tenantId === id)!.packageId;
    expect(pkgOf('000000')).toBeNull();
    expect(pkgOf('100001')).toBe(String(PEOPLE_IDS.packageDemo)); // seed step `people`

    for (const [method, url, payload] of [
      ['GET', `${SYS}/tenant/list`],
      ['GET', `${SYS}/tenant/select`],
      ['POST', `${SYS}/tenant/submit`, { tenantName: 'x', linkman: 'y' }],
      ['POST', `${SYS}/tenant/setting?ids=1&accountNumber=5`],
      ['GET', `${SYS}/tenant-package/list`],
      ['GET', `${SYS}/client/list`],
    ] as const) {
      const r = await s.app.inject({
        method,
        url,
        headers: authHeaders(other),
        ...(payload ? { payload } : {}),
      });
      expect(r.statusCode, url).toBe(401);
      expect(r.json()).toMatchObject({ code: 401, success: false, msg: '缺失权限' });
    }
  });

  it('creates a tenant with a 6-digit code and its initial data; its admin can log in', async () => {
    const res = await post_(`${SYS}/tenant/submit`, {
      tenantName: '新租户甲',
      linkman: '张三',
      domain: 'a.example.cn',
      contactNumber: '123',
    });
    expect(res.statusCode, res.body).toBe(200);
    const t = await tenantByName('新租户甲');
    expect(t.tenantId).toMatch(/^[0-9]{6}$/);
    expect(t.accountNumber).toBe(100);
    const db = s.handle.db;
    const roles = await db.select().from(role).where(eq(role.tenantId, t.tenantId));
    expect(roles.map((r) => r.roleAlias)).toEqual(['admin']);
    const grants = await db.select().from(roleMenu).where(eq(roleMenu.roleId, roles[0]!.id));
    expect(grants.length).toBeGreaterThan(0);
    const depts = await db.select().from(dept).where(eq(dept.tenantId, t.tenantId));
    expect(depts.map((d) => d.deptName)).toEqual(['新租户甲']);
    const posts = await db.select().from(post).where(eq(post.tenantId, t.tenantId));
    expect(posts.map((p) => p.postCode)).toEqual(['ceo']);
    const users = await db.select().from(user).where(eq(user.tenantId, t.tenantId));
    expect(users.map((u) => u.account)).toEqual(['admin']);
    expect(users[0]!.roleId).toBe(roles[0]!.id.toString());
    const tok = await login(s.app, t.tenantId, 'admin', ADMIN_MD5);
    expect(tok.tenant_id).toBe(t.tenantId);

    // tokenless domain lookup
    const info = await s.app.inject({
      method: 'GET',
      url: `${SYS}/tenant/info?domain=a.example.cn`,
      headers: { authorization: BASIC },
    });
    expect(expectContract<{ data: object }>(info, 'tenantInfo').data).toEqual({
      tenantId: t.tenantId,
      domain: 'a.example.cn',
      backgroundUrl: '',
    });
    const none = await s.app.inject({
      method: 'GET',
      url: `${SYS}/tenant/info?domain=nowhere.cn`,
      headers: { authorization: BASIC },
    });
    expect(none.json().data).toEqual({});

    // update keeps the code
    const upd = await post_(`${SYS}/tenant/submit`, { id: t.id, tenantName: '新租户乙', linkman: '李四' });
    expect(upd.statusCode, upd.body).toBe(200);
    const d = await get(`${SYS}/tenant/detail?id=${t.id}`);
    expect(expectContract<{ data: Tenant }>(d, 'tenantDetail').data).toMatchObject({
      tenantId: t.tenantId,
      tenantName: '新租户乙',
    });
  });

  it('settings: expiry blocks login, the account quota limits users', async () => {
    await post_(`${SYS}/tenant/submit`, { tenantName: '到期租户', linkman: 'x' });
    const t = await tenantByName('到期租户');
    const set = await post_(
      `${SYS}/tenant/setting?ids=${t.id}&accountNumber=1&expireTime=${encodeURIComponent('2000-01-01 00:00:00')}`,
    );
    expect(set.statusCode, set.body).toBe(200);
    const after = await tenantByName('到期租户');
    expect(after).toMatchObject({ accountNumber: 1, expireTime: '2000-01-01 00:00:00' });
    expect(after.licenseKey).not.toBe('');

    const res = await s.app.inject({
      method: 'POST',
      url: tokenUrl({ grant_type: 'password', username: 'admin', password: ADMIN_MD5, tenantId: t.tenantId }),
      headers: { authorization: BASIC, 'tenant-id': t.tenantId },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error_description).toBe('租户授权已过期,请联系管理员');

    // one user (admin) and a quota of one: the next user is refused; unlimited (-1) or a larger quota accepts
    await expect(assertAccountQuota(s.handle.db, t.tenantId)).rejects.toThrow('当前租户已到最大账号额度!');
    await post_(`${SYS}/tenant/setting?ids=${t.id}&accountNumber=-1`);
    await expect(assertAccountQuota(s.handle.db, t.tenantId)).resolves.toBeUndefined();
    const cleared = await tenantByName('到期租户');
    expect(cleared.expireTime).toBe('');
    await login(s.app, t.tenantId); // no expiry any more
    await post_(`${SYS}/tenant/setting?ids=${t.id}&accountNumber=2`);
    await expect(assertAccountQuota(s.handle.db, t.tenantId)).resolves.toBeUndefined();
  });

  it('settings: an impossible expiry date is refused, not rolled over into another date', async () => {
    await post_(`${SYS}/tenant/submit`, { tenantName: '日期租户', linkman: 'x' });
    const t = await tenantByName('日期租户');
    const set = await post_(
      `${SYS}/tenant/setting?ids=${t.id}&accountNumber=1&expireTime=${encodeURIComponent('2026-02-31 10:00:00')}`,
    );
    expect(set.statusCode).toBe(400);
    expect(set.json()).toMatchObject({ code: 400, success: false, msg: '日期格式错误: 2026-02-31 10:00:00' });
    expect((await tenantByName('日期租户')).expireTime).toBe('');
  });

  it('removes tenants but never 000000', async () => {
    const root = await tenantByName('管理组');
    const refused = await post_(`${SYS}/tenant/remove?ids=${root.id}`);
    expect(refused.statusCode).toBe(400);
    await post_(`${SYS}/tenant/submit`, { tenantName: '将删租户', linkman: 'x' });
    const t = await tenantByName('将删租户');
    expect((await post_(`${SYS}/tenant/remove?ids=${t.id}`)).statusCode).toBe(200);
    const d = await get(`${SYS}/tenant/detail?id=${t.id}`);
    expect(d.statusCode).toBe(400);
    await expect(login(s.app, t.tenantId)).rejects.toThrow();
  });

  it('packages: CRUD, binding and packageMenuIds', async () => {
    const db = s.handle.db;
    // the seeded package: every menu but the platform's administration (and its buttons)
    const seeded = (await packageMenuIds(db, '100001'))!;
    const idOf = async (code: string) =>
      (await db.select({ id: menu.id }).from(menu).where(eq(menu.code, code)))[0]!.id;
    for (const code of [
      'system',
      'param',
      'param_view',
      'user',
      'role',
      'yingdao_auth',
      'yingdao_auth_add',
    ]) {
      expect(seeded.has(await idOf(code)), code).toBe(true);
    }
    for (const code of [
      'tenant',
      'tenantpackage',
      'client',
      'menu',
      'dict',
      'datascope',
      'region',
      'tenant_add',
    ]) {
      expect(seeded.has(await idOf(code)), code).toBe(false);
    }
    const saved = await post_(`${SYS}/tenant-package/save`, {
      packageName: '基础版',
      menuId: '1123598815738675280,1123598815738675290',
      remark: 'r',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const list = await get(`${SYS}/tenant-package/list?packageName=${encodeURIComponent('基础版')}`);
    const p = expectContract<{ data: { records: Pkg[] } }>(list, 'tenantPackageList').data.records[0]!;
    expect(p.menuId).toBe('1123598815738675280,1123598815738675290');
    const sel = await get(`${SYS}/tenant-package/select`);
    expect(expectContract<{ data: Pkg[] }>(sel, 'tenantPackageSelect').data.map((x) => x.id)).toContain(p.id);

    const bind = await post_(`${SYS}/tenant/package-setting?tenantId=100001&packageId=${p.id}`);
    expect(bind.statusCode, bind.body).toBe(200);
    expect(await packageMenuIds(db, '100001')).toEqual(new Set([1123598815738675280n, 1123598815738675290n]));
    const demo = await tenantByName('演示租户').catch(async () => {
      const [row] = await db.select().from(tenant).where(eq(tenant.tenantId, '100001'));
      return { id: row!.id.toString() } as Tenant;
    });
    const byTenant = await get(`${SYS}/tenant/package-detail?tenantId=${demo.id}`);
    expect(expectContract<{ data: Pkg }>(byTenant, 'tenantPackageDetailByTenant').data.id).toBe(p.id);

    const upd = await post_(`${SYS}/tenant-package/update`, {
      id: p.id,
      packageName: '基础版',
      menuId: '1123598815738675280',
    });
    expect(upd.statusCode, upd.body).toBe(200);
    expect(await packageMenuIds(db, '100001')).toEqual(new Set([1123598815738675280n]));

    const unknown = await post_(`${SYS}/tenant/package-setting?tenantId=100001&packageId=42`);
    expect(unknown.statusCode).toBe(400);

    expect((await post_(`${SYS}/tenant-package/remove?ids=${p.id}`)).statusCode).toBe(200);
    expect(await packageMenuIds(db, '100001')).toBeUndefined();
    expect((await get(`${SYS}/tenant-package/detail?id=${p.id}`)).statusCode).toBe(400);
    await post_(`${SYS}/tenant/package-setting?tenantId=100001&packageId=`);
    const [row] = await db.select().from(tenant).where(eq(tenant.tenantId, '100001'));
    expect(row!.packageId).toBeNull();
  });

  it('datasource binding', async () => {
    const r = await post_(`${SYS}/tenant/datasource?tenantId=100001&datasourceId=123`);
    expect(r.statusCode, r.body).toBe(200);
    const [row] = await s.handle.db.select().from(tenant).where(eq(tenant.tenantId, '100001'));
    expect(row!.datasourceId).toBe(123n);
    expect((await post_(`${SYS}/tenant/datasource?tenantId=999999&datasourceId=1`)).statusCode).toBe(400);
  });

  it('clients: the secret is masked and a masked update keeps it', async () => {
    const list = await get(`${SYS}/client/list`);
    const rows = expectContract<{ data: { records: { clientSecret: string }[] } }>(list, 'clientList').data
      .records;
    expect(rows.length).toBeGreaterThanOrEqual(2);
    expect(rows.every((r) => r.clientSecret === '******')).toBe(true);

    const body = {
      clientId: 'probe',
      clientSecret: 'probe_secret',
      scope: 'all',
      authorizedGrantTypes: 'refresh_token,password',
      accessTokenValidity: 3600,
      refreshTokenValidity: 7200,
    };
    expect((await post_(`${SYS}/client/submit`, body)).statusCode).toBe(200);
    expect((await post_(`${SYS}/client/submit`, body)).json()).toMatchObject({ code: 400 });
    const db = s.handle.db;
    const [c] = await db
      .select()
      .from(client)
      .where(and(eq(client.clientId, 'probe'), eq(client.isDeleted, 0)));
    expect(c!.clientSecret).toBe('probe_secret');
    const detail = await get(`${SYS}/client/detail?id=${c!.id}`);
    expect(expectContract<{ data: { clientSecret: string } }>(detail, 'clientDetail').data.clientSecret).toBe(
      '******',
    );
    const masked = await post_(`${SYS}/client/submit`, {
      ...body,
      id: c!.id.toString(),
      clientSecret: '******',
      accessTokenValidity: 600,
    });
    expect(masked.statusCode, masked.body).toBe(200);
    const [c2] = await db.select().from(client).where(eq(client.id, c!.id));
    expect(c2).toMatchObject({ clientSecret: 'probe_secret', accessTokenValidity: 600 });
    // the new client authenticates (Basic probe:probe_secret)
    const basic = `Basic ${Buffer.from('probe:probe_secret').toString('base64')}`;
    const tok = await s.app.inject({
      method: 'POST',
      url: tokenUrl({ grant_type: 'password', username: 'admin', password: ADMIN_MD5, tenantId: '000000' }),
      headers: { authorization: basic, 'tenant-id': '000000' },
    });
    expect(tok.statusCode, tok.body).toBe(200);
    const changed = await post_(`${SYS}/client/submit`, {
      ...body,
      id: c!.id.toString(),
      clientSecret: 'new',
    });
    expect(changed.statusCode).toBe(200);
    const [c3] = await db.select().from(client).where(eq(client.id, c!.id));
    expect(c3!.clientSecret).toBe('new');
    expect((await post_(`${SYS}/client/remove?ids=${c!.id}`)).statusCode).toBe(200);
    expect((await get(`${SYS}/client/detail?id=${c!.id}`)).statusCode).toBe(400);
  });
});
