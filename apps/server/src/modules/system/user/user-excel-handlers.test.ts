import { createHash, randomBytes } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scopeCache } from '../../../auth/permissions';
import { menu, tenant, tenantPackage, user } from '../../../db/schema';
import { SEED_IDS } from '../../../db/seed-data';
import { NOT_XLSX_MSG, missingHeaderMsg } from '../../../excel/workbook';
import { QUOTA_MSG } from '../../../kernel/account-quota';
import { expectContract } from '../../../test/contract';
import { expectXlsx, multipart, sheetRows } from '../../../test/excel';
import {
  BASIC,
  authHeaders,
  backends,
  login,
  startTestServer,
  tokenUrl,
  type Env,
  type TestServer,
} from '../../../test/harness';
import { duplicateMsg } from './user-checks';
import { USER_COLUMNS, type UserSheetRow } from './user-excel';
import type { ImportReport } from './user-excel-handlers';
import { duplicateRowMsg, unknownDeptMsg, unknownPostMsg, unknownRoleMsg } from './user-import';

const md5 = (s: string) => createHash('md5').update(s).digest('hex');
const U = '/api/smart-user';
const CHILD_DEPT = '1123598813738675202';
const HEADERS = USER_COLUMNS.map((c) => c.header);

/** A workbook in the template's columns. */
async function workbook(rows: Partial<UserSheetRow>[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('用户');
  ws.addRow(HEADERS);
  for (const r of rows) ws.addRow(USER_COLUMNS.map((c) => r[c.key] ?? ''));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe.each(backends)('users Excel import and export on %s', (kind) => {
  let s: TestServer;
  let tokenA: string; // administrator of 000000
  let tokenB: string; // admin of 100001
  let guest: string; // 000000, without the user page's buttons
  const tag = () => randomBytes(3).toString('hex');

  beforeAll(async () => {
    s = await startTestServer(kind);
    tokenA = (await login(s.app, '000000')).access_token;
    tokenB = (await login(s.app, '100001')).access_token;
    guest = (await login(s.app, '000000', 'guest', md5('guest'))).access_token;
  });
  afterAll(async () => {
    await s?.close();
  });

  const get = (url: string, tok = tokenA) => s.app.inject({ method: 'GET', url, headers: authHeaders(tok) });
  const importFile = async (data: Buffer, isCovered?: 0 | 1, tok = tokenA) => {
    const mp = multipart([
      { name: 'file', filename: 'users.xlsx', data },
      ...(isCovered === undefined ? [] : [{ name: 'isCovered', data: String(isCovered) }]),
    ]);
    const res = await s.app.inject({
      method: 'POST',
      url: `${U}/import-user`,
      headers: { ...authHeaders(tok), 'content-type': mp.contentType },
      payload: mp.payload,
    });
    return { status: res.statusCode, body: expectContract<Env<ImportReport>>(res, 'userImport') };
  };
  const byAccount = async (account: string, tok = tokenA) => {
    const res = await get(`${U}/page?account=${account}`, tok);
    return expectContract<Env<{ records: Record<string, unknown>[] }>>(res, 'userPage').data.records[0];
  };
  const passwordLogin = (tenantId: string, username: string, plain: string) =>
    s.app.inject({
      method: 'POST',
      url: tokenUrl({ grant_type: 'password', username, password: md5(plain) }),
      headers: { authorization: BASIC, 'tenant-id': tenantId },
    });

  it('downloads the template: the header row and an example row in names of the tenant', async () => {
    const res = await get(`${U}/export-template`);
    const { header, rows } = await sheetRows(expectXlsx(res, 'userExportTemplate', 'user-template.xlsx'));
    expect(header).toEqual(HEADERS);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ 账号: 'zhangsan', 性别: '男', 生日: '1990-01-01', 用户平台: 'WEB' });
    // tenant 100001's own names
    const demo = await sheetRows((await get(`${U}/export-template`, tokenB)).rawPayload);
    expect(['管理员', '员工']).toContain(demo.rows[0]!['角色']);
    expect(demo.rows[0]!['部门']).toBe('演示公司');
  });

  it('exports what the page lists; the export imports back: isCovered=1 updates, 0 reports existing rows', async () => {
    const acct = `xl${tag()}`;
    const created = await s.app.inject({
      method: 'POST',
      url: `${U}/submit`,
      headers: authHeaders(tokenA),
      payload: {
        account: acct,
        name: '导出',
        realName: '导出者',
        userType: 1,
        roleId: String(SEED_IDS.roleUser),
        deptId: CHILD_DEPT,
        postId: String(SEED_IDS.postCeo),
        sex: 2,
        birthday: '1991-02-03 00:00:00',
        email: `${acct}@example.cn`,
        phone: '13900000000',
        password: 'keep123',
      },
    });
    expect(created.statusCode, created.body).toBe(200);

    const res = await get(`${U}/export-user?account=${acct}`);
    const exported = await sheetRows(expectXlsx(res, 'userExport', 'users.xlsx'));
    expect(exported.rows).toEqual([
      {
        账号: acct,
        昵称: '导出',
        姓名: '导出者',
        邮箱: `${acct}@example.cn`,
        手机: '13900000000',
        性别: '女',
        生日: '1991-02-03',
        角色: '用户',
        部门: '常州刀锋',
        岗位: '首席执行官',
        用户平台: 'WEB',
      },
    ]);
    // the department filter takes the subtree: the root department's export holds the child's user
    const byDept = await sheetRows((await get(`${U}/export-user?deptId=${SEED_IDS.deptAdmin}`)).rawPayload);
    expect(byDept.rows.map((r) => r['账号'])).toEqual(expect.arrayContaining(['admin', acct]));
    // the platform administrator exports another tenant by naming it; a tenant admin stays in its own
    const other = await sheetRows((await get(`${U}/export-user?tenantId=100001`)).rawPayload);
    expect(other.rows.map((r) => r['账号']).sort()).toEqual(['admin', 'sales', 'support']);
    const own = await sheetRows((await get(`${U}/export-user?tenantId=000000`, tokenB)).rawPayload);
    expect(own.rows.map((r) => r['账号']).sort()).toEqual(['admin', 'sales', 'support']);

    // the exported file, edited, imported back over the user
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    wb.worksheets[0]!.getCell('C2').value = '改过名';
    wb.worksheets[0]!.getCell('J2').value = '';
    const edited = Buffer.from(await wb.xlsx.writeBuffer());

    const refused = await importFile(edited, 0);
    expect(refused.status).toBe(200);
    expect(refused.body.data).toEqual({
      total: 1,
      created: 0,
      updated: 0,
      failed: [{ row: 2, account: acct, msg: duplicateMsg(acct) }],
    });
    expect(await byAccount(acct)).toMatchObject({ realName: '导出者' });

    const covered = await importFile(edited, 1);
    expect(covered.body.data).toEqual({ total: 1, created: 0, updated: 1, failed: [] });
    expect(await byAccount(acct)).toMatchObject({
      realName: '改过名',
      postId: '',
      sex: 2,
      birthday: '1991-02-03 00:00:00',
      roleId: String(SEED_IDS.roleUser),
    });
    // the password stays
    expect((await passwordLogin('000000', acct, 'keep123')).statusCode).toBe(200);
  });

  it('reports bad rows by their row number and writes the good ones with the initial password', async () => {
    const t = tag();
    const good = (account: string, over: Partial<UserSheetRow> = {}): Partial<UserSheetRow> => ({
      account,
      name: '导入',
      realName: '导入者',
      roles: '用户',
      depts: '常州刀锋,苏州刀锋',
      posts: '首席执行官',
      userType: 'WEB',
      sex: '男',
      birthday: '1990-01-01',
      ...over,
    });
    const data = await workbook([
      good(`ok1${t}`),
      good(`noname${t}`, { name: '' }),
      good(`ok1${t}`, { realName: '重复' }),
      good(`role${t}`, { roles: '用户,财务' }),
      {}, // an empty row: skipped, not counted
      good(`dept${t}`, { depts: '火星分部' }),
      good(`post${t}`, { posts: '宇航员' }),
      good(`bday${t}`, { birthday: '1990-02-30' }),
      good(`admin`),
      good(`ok2${t}`, { sex: '', userType: 'APP', posts: '' }),
      good(`long${t}`, { roles: '角'.repeat(300) }),
    ]);
    const { status, body } = await importFile(data, 0);
    expect(status).toBe(200);
    expect(body.data).toEqual({
      total: 10,
      created: 2,
      updated: 0,
      failed: [
        { row: 3, account: `noname${t}`, msg: '请输入用户昵称' },
        { row: 4, account: `ok1${t}`, msg: duplicateRowMsg(2) },
        { row: 5, account: `role${t}`, msg: unknownRoleMsg('财务') },
        { row: 7, account: `dept${t}`, msg: unknownDeptMsg('火星分部') },
        { row: 8, account: `post${t}`, msg: unknownPostMsg('宇航员') },
        { row: 9, account: `bday${t}`, msg: '生日格式错误' },
        { row: 10, account: 'admin', msg: duplicateMsg('admin') },
        // cut to the report's 255 characters
        { row: 12, account: `long${t}`, msg: unknownRoleMsg('角'.repeat(300)).slice(0, 255) },
      ],
    });
    expect(await byAccount(`ok1${t}`)).toMatchObject({
      realName: '导入者',
      roleName: '用户',
      deptName: '常州刀锋,苏州刀锋',
      postName: '首席执行官',
      sex: 1,
      birthday: '1990-01-01 00:00:00',
    });
    expect(await byAccount(`ok2${t}`)).toMatchObject({ sex: -1, userType: 2, postId: '' });
    for (const refused of ['noname', 'role', 'dept', 'post', 'bday'])
      expect(await byAccount(`${refused}${t}`)).toBeUndefined();
    // new users sign in with the tenant's initial password (param account.initPassword, seeded 123456)
    expect((await passwordLogin('000000', `ok1${t}`, '123456')).statusCode).toBe(200);
  });

  it("resolves names in the caller's tenant only, and keeps to the tenant's account quota", async () => {
    const t = tag();
    const rows = [
      { account: `q1${t}`, name: 'q', realName: 'q', roles: '员工', depts: '销售部', userType: 'WEB' },
      { account: `q2${t}`, name: 'q', realName: 'q', roles: '员工', depts: '销售部', userType: 'WEB' },
      // 用户 is a role of tenant 000000, 常州刀锋 a department of it
      { account: `q3${t}`, name: 'q', realName: 'q', roles: '用户', depts: '销售部', userType: 'WEB' },
      { account: `q4${t}`, name: 'q', realName: 'q', roles: '员工', depts: '常州刀锋', userType: 'WEB' },
    ];
    const db = s.handle.db;
    const [live] = await db.select({ n: count() }).from(user).where(eq(user.tenantId, '100001'));
    await db
      .update(tenant)
      .set({ accountNumber: Number(live!.n) + 1 })
      .where(eq(tenant.tenantId, '100001'));
    try {
      const { body } = await importFile(await workbook(rows), 0, tokenB);
      expect(body.data).toEqual({
        total: 4,
        created: 1,
        updated: 0,
        failed: [
          { row: 3, account: `q2${t}`, msg: QUOTA_MSG },
          { row: 4, account: `q3${t}`, msg: unknownRoleMsg('用户') },
          { row: 5, account: `q4${t}`, msg: unknownDeptMsg('常州刀锋') },
        ],
      });
      expect(await byAccount(`q1${t}`, tokenB)).toMatchObject({ tenantId: '100001', roleName: '员工' });
      expect(await byAccount(`q1${t}`)).toBeUndefined();
    } finally {
      await db.update(tenant).set({ accountNumber: -1 }).where(eq(tenant.tenantId, '100001'));
    }
  });

  it('refuses a file that is no workbook, or lacks the header, with a 400 envelope; nothing is written', async () => {
    const text = await importFile(Buffer.from('账号,昵称\nzhangsan,张三\n'), 0);
    expect([text.status, text.body.code, text.body.msg]).toEqual([400, 400, NOT_XLSX_MSG]);
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('x').addRow(['账号', '姓名']);
    wb.worksheets[0]!.addRow(['nohead', 'x']);
    const headless = await importFile(Buffer.from(await wb.xlsx.writeBuffer()), 0);
    expect(headless.status).toBe(400);
    expect(headless.body.msg).toBe(
      missingHeaderMsg('昵称、邮箱、手机、性别、生日、角色、部门、岗位、用户平台'),
    );
    expect(await byAccount('nohead')).toBeUndefined();
  });

  it('needs the add button to import, the edit button too to cover; reading needs an administrator', async () => {
    const data = await workbook([
      { account: `perm${tag()}`, name: 'p', realName: 'p', roles: '员工', depts: '销售部', userType: 'WEB' },
    ]);
    const denied = await importFile(data, 0, guest);
    expect([denied.status, denied.body.msg]).toEqual([401, '缺失权限']);
    for (const url of [`${U}/export-user`, `${U}/export-template`]) {
      const res = await get(url, guest);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 401, msg: '缺失权限' });
    }
    // tenant 100001 on a package holding the user page's add button but not its edit button: its admin adds only
    const db = s.handle.db;
    const [add] = await db.select({ id: menu.id }).from(menu).where(eq(menu.code, 'user_add'));
    const pkgId = 1123598830738679301n;
    await db.insert(tenantPackage).values({ id: pkgId, packageName: '导入套餐', menuId: String(add!.id) });
    await db.update(tenant).set({ packageId: pkgId }).where(eq(tenant.tenantId, '100001'));
    scopeCache(db).invalidate();
    try {
      const covering = await importFile(data, 1, tokenB);
      expect([covering.status, covering.body.msg]).toEqual([401, '缺失权限']);
      const adding = await importFile(data, 0, tokenB);
      expect(adding.body.data).toMatchObject({ created: 1, failed: [] });
    } finally {
      await db.update(tenant).set({ packageId: null }).where(eq(tenant.tenantId, '100001'));
      scopeCache(db).invalidate();
    }
  });
});
