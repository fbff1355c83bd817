import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { param, tenant, user } from './db/schema';
import { SEED_IDS } from './db/seed-data';
import { expectContract } from './test/contract';
import {
  BASIC,
  authHeaders,
  backends,
  login,
  startTestServer,
  tokenUrl,
  type TestServer,
} from './test/harness';

const md5 = (s: string) => createHash('md5').update(s).digest('hex');
const U = '/api/smart-user';
const CHILD_DEPT = '1123598813738675202';
const POST_COO = String(SEED_IDS.postCeo + 1n);

interface UserVO {
  id: string;
  tenantId: string;
  tenantName: string;
  userTypeName: string;
  roleName: string;
  deptName: string;
  postName: string;
  sexName: string;
  userExt: string;
  authCode: string;
  account: string;
  name: string;
  realName: string;
  roleId: string;
  deptId: string;
  postId: string;
  sex: number;
  birthday: string;
  status: number;
  [k: string]: unknown;
}
interface Page {
  data: { records: UserVO[]; total: number; size: number; current: number; pages: number };
}

describe.each(backends)('user module on %s', (kind) => {
  let s: TestServer;
  let tokenA: string; // administrator of 000000
  let tokenB: string; // admin of 100001
  beforeAll(async () => {
    s = await startTestServer(kind);
    tokenA = (await login(s.app, '000000')).access_token;
    tokenB = (await login(s.app, '100001')).access_token;
  });
  afterAll(async () => {
    await s?.close();
  });

  const call = (method: 'GET' | 'POST', url: string, tok = tokenA, payload?: object) =>
    s.app.inject({ method, url, headers: authHeaders(tok), ...(payload ? { payload } : {}) });
  const page = async (query: Record<string, string>, tok = tokenA) => {
    const res = await call('GET', `${U}/page?${new URLSearchParams(query).toString()}`, tok);
    expect(res.statusCode, res.body).toBe(200);
    return expectContract<Page>(res, 'userPage').data;
  };
  const byAccount = async (account: string, tok = tokenA) => (await page({ account }, tok)).records[0];
  const passwordLogin = (tenantId: string, username: string, plain: string) =>
    s.app.inject({
      method: 'POST',
      url: tokenUrl({ grant_type: 'password', username, password: md5(plain) }),
      headers: { authorization: BASIC, 'tenant-id': tenantId },
    });
  const base = (account: string, extra: Record<string, unknown> = {}) => ({
    account,
    name: `N${account}`.slice(0, 20),
    realName: account.slice(0, 10),
    userType: 1,
    roleId: String(SEED_IDS.roleUser),
    deptId: String(SEED_IDS.deptAdmin),
    password: 'pass123',
    password2: 'pass123',
    ...extra,
  });
  const create = async (account: string, extra: Record<string, unknown> = {}, tok = tokenA) => {
    const res = await call('POST', `${U}/submit`, tok, base(account, extra));
    expect(res.statusCode, res.body).toBe(200);
    expectContract(res, 'userSubmit');
    return (await byAccount(account, tok))!;
  };

  it('labels a listed user in the order of its ids, skipping items that are not ids (filtered or not)', async () => {
    const acct = `lbl${Date.now() % 1_000_000}`;
    const created = await create(acct);
    const where = eq(user.id, BigInt(created.id));
    // written behind the API's back (the API stores digit lists only): the page must still answer and label
    await s.handle.db
      .update(user)
      .set({
        roleId: `x,99999999999999999999,${SEED_IDS.roleAdministrator},`,
        deptId: `${CHILD_DEPT},${SEED_IDS.deptAdmin}`,
      })
      .where(where);
    try {
      // unfiltered (labels in the page's statement) and filtered; raw answers: the malformed ids break the schema
      for (const query of ['size=200', `account=${acct}`]) {
        const res = await call('GET', `${U}/page?${query}`);
        expect(res.statusCode).toBe(200);
        const row = (res.json() as { data: { records: Record<string, unknown>[] } }).data.records.find(
          (r) => r['account'] === acct,
        );
        expect(row).toMatchObject({ roleName: '超级管理员', deptName: '常州刀锋,刀锋科技' });
      }
    } finally {
      await s.handle.db.delete(user).where(where);
    }
  });

  it('a renamed department shows beside its users at once (the label cache of this instance is dropped)', async () => {
    const acct = `ren${Date.now() % 1_000_000}`;
    const created = await create(acct, { deptId: CHILD_DEPT });
    expect((await byAccount(acct))?.deptName).toBe('常州刀锋');
    const detail = await call('GET', `/api/smart-system/dept/detail?id=${CHILD_DEPT}`);
    const body = (detail.json() as { data: Record<string, unknown> }).data;
    const rename = (deptName: string) =>
      call('POST', '/api/smart-system/dept/submit', tokenA, {
        id: CHILD_DEPT,
        parentId: body['parentId'],
        deptName,
        fullName: body['fullName'],
        deptCategory: body['deptCategory'],
        sort: body['sort'],
      });
    expect((await rename('常州刀锋二部')).statusCode).toBe(200);
    try {
      expect((await byAccount(acct))?.deptName).toBe('常州刀锋二部');
    } finally {
      expect((await rename('常州刀锋')).statusCode).toBe(200);
    }
    expect((await byAccount(acct))?.deptName).toBe('常州刀锋');
    expect((await call('POST', `${U}/remove?ids=${created.id}`)).statusCode).toBe(200);
  });

  it('pages the tenant’s users with their labels, never a password', async () => {
    const p = await page({});
    expect(p.records.every((r) => r.tenantId === '000000')).toBe(true);
    const admin = p.records.find((r) => r.account === 'admin');
    expect(admin).toMatchObject({
      id: String(SEED_IDS.userAdmin),
      tenantName: '管理组',
      roleName: '超级管理员',
      deptName: '刀锋科技',
      postName: '首席执行官',
      userTypeName: 'WEB',
      sexName: '男',
      userExt: '',
      status: 1,
    });
    expect(admin).not.toHaveProperty('password');
    const b = await page({}, tokenB);
    // the seeded organisation of tenant 100001 (seed step `people`)
    expect(b.records.map((r) => r.account).sort()).toEqual(['admin', 'sales', 'support']);
    expect(b.records.find((r) => r.account === 'admin')).toMatchObject({
      tenantId: '100001',
      tenantName: '演示租户',
      roleName: '管理员',
      postName: '总经理',
    });
    expect(b.records.find((r) => r.account === 'sales')).toMatchObject({
      roleName: '员工',
      deptName: '销售部',
      postName: '部门经理',
    });
  });

  it('filters: department with its children, exact account and real name, platform; tenantId for 000000 only', async () => {
    await create('inchild', { deptId: CHILD_DEPT, realName: '子部门' });
    await create('inroot', { realName: '根部门', userType: 2 });
    const root = await page({ deptId: String(SEED_IDS.deptAdmin) });
    expect(root.records.map((r) => r.account)).toEqual(
      expect.arrayContaining(['admin', 'inchild', 'inroot']),
    );
    const child = await page({ deptId: CHILD_DEPT });
    // the seeded operator works in 常州刀锋 too
    expect(child.records.map((r) => r.account).sort()).toEqual(['inchild', 'operator']);
    expect(child.records.every((r) => r.deptName === '常州刀锋')).toBe(true);
    expect((await page({ deptId: '999' })).total).toBe(0);
    // a department of another tenant finds nothing
    expect((await page({ deptId: String(SEED_IDS.deptDemo) })).total).toBe(0);

    expect((await page({ account: 'inchil' })).total).toBe(0); // exact, not like
    expect((await page({ realName: '根部门' })).records.map((r) => r.account)).toEqual(['inroot']);
    const app = await page({ userType: '2' });
    expect(app.records.map((r) => r.account)).toEqual(['inroot']);
    expect(app.records[0]!.userTypeName).toBe('APP');

    const other = await page({ tenantId: '100001' });
    expect(other.records.map((r) => `${r.tenantId}/${r.account}`).sort()).toEqual([
      '100001/admin',
      '100001/sales',
      '100001/support',
    ]);
    // the tenant admin of 100001 cannot look into 000000
    const denied = await page({ tenantId: '000000' }, tokenB);
    expect(denied.records.every((r) => r.tenantId === '100001')).toBe(true);
  });

  it('detail, info and platform detail; other tenants’ ids are unknown', async () => {
    const d = await call('GET', `${U}/detail?id=${SEED_IDS.userAdmin}`);
    expect(d.statusCode).toBe(200);
    expect(expectContract<{ data: UserVO }>(d, 'userDetail').data).toMatchObject({
      account: 'admin',
      roleName: '超级管理员',
    });
    const cross = await call('GET', `${U}/detail?id=${SEED_IDS.userAdmin}`, tokenB);
    expect(cross.statusCode).toBe(400);
    expect(expectContract(cross, 'userDetail')).toMatchObject({ msg: '数据不存在' });
    expect((await call('GET', `${U}/detail?id=42`)).statusCode).toBe(400);

    const info = await call('GET', `${U}/info`, tokenB);
    expect(expectContract<{ data: UserVO }>(info, 'userInfo').data).toMatchObject({
      id: String(SEED_IDS.userDemoAdmin),
      tenantId: '100001',
    });

    const set = await call(
      'POST',
      `${U}/update-platform?userId=${SEED_IDS.userAdmin}&userType=1&userExt=${encodeURIComponent('{"theme":"dark"}')}`,
    );
    expect(set.statusCode, set.body).toBe(200);
    expectContract(set, 'userUpdatePlatform');
    const bad = await call(
      'POST',
      `${U}/update-platform?userId=${SEED_IDS.userAdmin}&userType=1&userExt=nojson`,
    );
    expect(bad.statusCode).toBe(400);
    const pd = await call('GET', `${U}/platform-detail?id=${SEED_IDS.userAdmin}`);
    expect(expectContract<{ data: UserVO }>(pd, 'userPlatformDetail').data.userExt).toBe('{"theme":"dark"}');
    // the plain detail leaves it empty; another tenant cannot write it
    expect((await call('GET', `${U}/detail?id=${SEED_IDS.userAdmin}`)).json().data.userExt).toBe('');
    const foreign = await call(
      'POST',
      `${U}/update-platform?userId=${SEED_IDS.userAdmin}&userType=1&userExt={}`,
      tokenB,
    );
    expect(foreign.statusCode).toBe(400);
  });

  it('submit creates (argon2id of the md5 of the plain password), checks the account and the references', async () => {
    const u = await create('newbie', {
      postId: `${SEED_IDS.postCeo},${POST_COO}`,
      sex: 2,
      birthday: '2001-02-03 00:00:00',
      email: 'n@example.cn',
    });
    expect(u).toMatchObject({
      tenantId: '000000',
      roleName: '用户',
      postName: '首席执行官,首席运营官',
      sexName: '女',
      birthday: '2001-02-03 00:00:00',
      status: 1,
    });
    const [row] = await s.handle.db
      .select()
      .from(user)
      .where(eq(user.id, BigInt(u.id)));
    expect(row!.password).toMatch(/^\$argon2id\$/);
    expect((await passwordLogin('000000', 'newbie', 'pass123')).statusCode).toBe(200);

    const dup = await call('POST', `${U}/submit`, tokenA, base('newbie'));
    expect(dup.statusCode).toBe(400);
    expect(expectContract(dup, 'userSubmit')).toMatchObject({ msg: '当前用户 [newbie] 已存在!' });
    // the same account in another tenant is fine
    await create(
      'newbie',
      { roleId: String(SEED_IDS.roleDemoAdmin), deptId: String(SEED_IDS.deptDemo) },
      tokenB,
    );

    const noPassword = await call('POST', `${U}/submit`, tokenA, { ...base('nopw'), password: undefined });
    expect(noPassword.statusCode).toBe(400);
    // roles and departments of another tenant are refused
    const foreignRole = await call(
      'POST',
      `${U}/submit`,
      tokenB,
      base('x1', { deptId: String(SEED_IDS.deptDemo) }),
    );
    expect(foreignRole.statusCode).toBe(400);
    expect(foreignRole.json().msg).toBe('所选角色不存在');
    const foreignDept = await call(
      'POST',
      `${U}/submit`,
      tokenB,
      base('x2', { roleId: String(SEED_IDS.roleDemoAdmin) }),
    );
    expect(foreignDept.json().msg).toBe('所选部门不存在');
    // invalid input → 400 envelope
    const invalid = await call('POST', `${U}/submit`, tokenA, { account: 'y' });
    expect(invalid.statusCode).toBe(400);
    expectContract(invalid, 'userSubmit');

    // the platform administrator may create in another tenant
    const other = await call(
      'POST',
      `${U}/submit`,
      tokenA,
      base('fromroot', {
        tenantId: '100001',
        roleId: String(SEED_IDS.roleDemoAdmin),
        deptId: String(SEED_IDS.deptDemo),
      }),
    );
    expect(other.statusCode, other.body).toBe(200);
    expect((await byAccount('fromroot', tokenB))?.tenantId).toBe('100001');
    // a tenant admin naming another tenant stays in its own
    const stays = await call(
      'POST',
      `${U}/submit`,
      tokenB,
      base('stays', {
        tenantId: '000000',
        roleId: String(SEED_IDS.roleDemoAdmin),
        deptId: String(SEED_IDS.deptDemo),
      }),
    );
    expect(stays.statusCode).toBe(200);
    expect(await byAccount('stays')).toBeUndefined();
    expect((await byAccount('stays', tokenB))?.tenantId).toBe('100001');
  });

  it('the tenant account quota applies', async () => {
    await s.handle.db.update(tenant).set({ accountNumber: 1 }).where(eq(tenant.tenantId, '100001'));
    const res = await call(
      'POST',
      `${U}/submit`,
      tokenB,
      base('over', { roleId: String(SEED_IDS.roleDemoAdmin), deptId: String(SEED_IDS.deptDemo) }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('当前租户已到最大账号额度!');
    await s.handle.db.update(tenant).set({ accountNumber: -1 }).where(eq(tenant.tenantId, '100001'));
  });

  it('submit with id and update change the user but never the password', async () => {
    const u = await create('editme');
    const viaSubmit = await call('POST', `${U}/submit`, tokenA, {
      ...base('editme'),
      id: u.id,
      name: '改名',
      password: 'other99',
    });
    expect(viaSubmit.statusCode, viaSubmit.body).toBe(200);
    const upd = await call('POST', `${U}/update`, tokenA, {
      ...base('editme2'),
      id: u.id,
      password: undefined,
      password2: undefined,
      deptId: CHILD_DEPT,
    });
    expect(upd.statusCode, upd.body).toBe(200);
    expectContract(upd, 'userUpdate');
    const after = (await byAccount('editme2'))!;
    expect(after).toMatchObject({ id: u.id, deptName: '常州刀锋' });
    expect((await passwordLogin('000000', 'editme2', 'pass123')).statusCode).toBe(200);
    expect((await passwordLogin('000000', 'editme2', 'other99')).statusCode).toBe(400);
    // renaming onto an existing account is refused; another tenant cannot update it
    const clash = await call('POST', `${U}/update`, tokenA, { ...base('admin'), id: u.id });
    expect(clash.json().msg).toBe('当前用户 [admin] 已存在!');
    const cross = await call('POST', `${U}/update`, tokenB, {
      ...base('hijack', { roleId: String(SEED_IDS.roleDemoAdmin), deptId: String(SEED_IDS.deptDemo) }),
      id: u.id,
    });
    expect(cross.statusCode).toBe(400);
    expect(cross.json().msg).toBe('数据不存在');
  });

  it('remove: never yourself, other tenants untouched', async () => {
    const u = await create('removeme');
    const session = (await login(s.app, '000000', 'removeme', md5('pass123'))).access_token;
    expect((await call('GET', `${U}/info`, session)).statusCode).toBe(200);
    const self = await call('POST', `${U}/remove?ids=${SEED_IDS.userAdmin},${u.id}`);
    expect(self.statusCode).toBe(400);
    expect(expectContract(self, 'userRemove')).toMatchObject({ msg: '不能删除本账号!' });
    const cross = await call('POST', `${U}/remove?ids=${u.id}`, tokenB);
    expect(cross.statusCode).toBe(400);
    expect(expectContract(cross, 'userRemove')).toMatchObject({ msg: '数据不存在' });
    expect((await call('GET', `${U}/detail?id=${u.id}`)).statusCode).toBe(200);
    const done = await call('POST', `${U}/remove?ids=${u.id}`);
    expect(done.statusCode).toBe(200);
    expectContract(done, 'userRemove');
    expect((await call('GET', `${U}/detail?id=${u.id}`)).statusCode).toBe(400);
    expect((await passwordLogin('000000', 'removeme', 'pass123')).statusCode).toBe(400);
    // the removed user's session ends at once
    expect((await call('GET', `${U}/info`, session)).statusCode).toBe(401);
  });

  it('grant sets the roles of the listed users (roles of the tenant only)', async () => {
    const u1 = await create('g1');
    const u2 = await create('g2');
    const both = `${SEED_IDS.roleAdministrator},${SEED_IDS.roleUser}`;
    const res = await call('POST', `${U}/grant?userIds=${u1.id},${u2.id}&roleIds=${both}`);
    expect(res.statusCode).toBe(200);
    expectContract(res, 'userGrant');
    expect(await byAccount('g2')).toMatchObject({ roleId: both, roleName: '超级管理员,用户' });
    const foreign = await call('POST', `${U}/grant?userIds=${u1.id}&roleIds=${SEED_IDS.roleDemoAdmin}`);
    expect(foreign.statusCode).toBe(400);
    // the admin of 100001 cannot touch users of 000000
    await call('POST', `${U}/grant?userIds=${u1.id}&roleIds=${SEED_IDS.roleDemoAdmin}`, tokenB);
    expect((await byAccount('g1'))!.roleId).toBe(both);
  });

  it('reset-password sets account.initPassword (default 123456)', async () => {
    const u = await create('resetme');
    const res = await call('POST', `${U}/reset-password?userIds=${u.id}`);
    expect(res.statusCode).toBe(200);
    expectContract(res, 'userResetPassword');
    expect((await passwordLogin('000000', 'resetme', '123456')).statusCode).toBe(200);
    await s.handle.db
      .update(param)
      .set({ paramValue: 'init888' })
      .where(and(eq(param.tenantId, '000000'), eq(param.paramKey, 'account.initPassword')));
    await call('POST', `${U}/reset-password?userIds=${u.id}`);
    expect((await passwordLogin('000000', 'resetme', 'init888')).statusCode).toBe(200);
    // another tenant's admin resets nothing here
    await call('POST', `${U}/reset-password?userIds=${u.id}`, tokenB);
    expect((await passwordLogin('000000', 'resetme', 'init888')).statusCode).toBe(200);
  });

  it('update-password checks the confirmation and the old password; update-info edits the caller only', async () => {
    await create('selfie', { roleId: String(SEED_IDS.roleUser) });
    const t = (await login(s.app, '000000', 'selfie', md5('pass123'))).access_token;
    const up = (o: string, n: string, n1: string) =>
      call(
        'POST',
        `${U}/update-password?oldPassword=${md5(o)}&newPassword=${md5(n)}&newPassword1=${md5(n1)}`,
        t,
      );
    expect((await up('pass123', 'a', 'b')).json().msg).toBe('请输入正确的确认密码!');
    const wrongOld = await up('nope', 'new1', 'new1');
    expect(wrongOld.statusCode).toBe(400);
    expect(expectContract(wrongOld, 'userUpdatePassword')).toMatchObject({ msg: '原密码不正确!' });
    expect((await up('pass123', 'new1', 'new1')).statusCode).toBe(200);
    expect((await passwordLogin('000000', 'selfie', 'new1')).statusCode).toBe(200);

    const info = await call('POST', `${U}/update-info`, t, {
      name: '自己',
      realName: '自己人',
      phone: '13900000000',
      sex: 1,
      birthday: '',
    });
    expect(info.statusCode, info.body).toBe(200);
    expectContract(info, 'userUpdateInfo');
    const me = expectContract<{ data: UserVO }>(await call('GET', `${U}/info`, t), 'userInfo').data;
    expect(me).toMatchObject({ name: '自己', realName: '自己人', phone: '13900000000', account: 'selfie' });
    expect(me.roleId).toBe(String(SEED_IDS.roleUser)); // untouched
    const other = await call('POST', `${U}/update-info`, t, { id: String(SEED_IDS.userAdmin), name: 'x' });
    expect(other.statusCode).toBe(400);
    expect((await byAccount('admin'))!.name).toBe('管理员');

    // a plain user may not manage users
    for (const [m, url] of [
      ['GET', `${U}/page`],
      ['GET', `${U}/detail?id=${SEED_IDS.userAdmin}`],
      ['POST', `${U}/reset-password?userIds=${SEED_IDS.userAdmin}`],
      ['POST', `${U}/grant?userIds=${me.id}&roleIds=${SEED_IDS.roleAdministrator}`],
    ] as const) {
      const r = await call(m, url, t);
      expect(r.statusCode, url).toBe(401);
    }
  });

  it('updateAuthCode: own code, unique in the tenant; another user’s needs an administrator', async () => {
    await create('coder', { roleId: String(SEED_IDS.roleUser) });
    const t = (await login(s.app, '000000', 'coder', md5('pass123'))).access_token;
    const set = (body: object, tok = t) => call('POST', `${U}/updateAuthCode`, tok, body);
    const ok = await set({ authCode: 'CODE-0001' });
    expect(ok.statusCode, ok.body).toBe(200);
    expectContract(ok, 'userUpdateAuthCode');
    expect((await byAccount('coder'))!.authCode).toBe('CODE-0001');
    expect((await set({ authCode: 'CODE-0001' }, tokenA)).json().msg).toBe('授权码已被使用');
    // the same code in another tenant is fine
    expect((await set({ authCode: 'CODE-0001' }, tokenB)).statusCode).toBe(200);
    expect((await set({ id: String(SEED_IDS.userAdmin), authCode: 'CODE-0002' })).statusCode).toBe(401);
    const admin = (await byAccount('coder'))!;
    expect((await set({ id: admin.id, authCode: 'CODE-0003' }, tokenA)).statusCode).toBe(200);
    expect((await byAccount('coder'))!.authCode).toBe('CODE-0003');
    expect((await set({ authCode: 'bad code' })).statusCode).toBe(400);
  });

  it('register: pending until an administrator approves (grant); closed by account.registerUser', async () => {
    const reg = (body: object) =>
      s.app.inject({
        method: 'POST',
        url: `${U}/register`,
        headers: { authorization: BASIC },
        payload: body,
      });
    const body = {
      tenantId: '000000',
      account: 'signup',
      password: 'pw12345',
      password2: 'pw12345',
      name: '新人',
    };
    const res = await reg(body);
    expect(res.statusCode, res.body).toBe(200);
    expect(expectContract(res, 'userRegister')).toMatchObject({ msg: '注册成功,请等待管理员审核通过后登录' });
    const pending = await passwordLogin('000000', 'signup', 'pw12345');
    expect(pending.statusCode).toBe(400);
    expect(pending.json()).toEqual({
      error: 'access_denied',
      error_description: '账号正在等待管理员审核,审核通过后方可登录',
    });
    // a wrong password still says nothing about the account
    expect((await passwordLogin('000000', 'signup', 'bad')).json().error_description).toBe(
      '用户名或密码错误',
    );
    expect((await reg(body)).json().msg).toBe('当前用户 [signup] 已存在!');
    expect((await reg({ ...body, account: 'nowhere', tenantId: '999999' })).statusCode).toBe(400);

    const u = (await byAccount('signup'))!;
    expect(u).toMatchObject({ status: 0, roleId: '', deptId: '', name: '新人' });
    expect((await call('POST', `${U}/grant?userIds=${u.id}&roleIds=${SEED_IDS.roleUser}`)).statusCode).toBe(
      200,
    );
    expect((await passwordLogin('000000', 'signup', 'pw12345')).statusCode).toBe(200);
    expect((await byAccount('signup'))!.status).toBe(1);

    await s.handle.db
      .update(param)
      .set({ paramValue: 'false' })
      .where(and(eq(param.tenantId, '100001'), eq(param.paramKey, 'account.registerUser')));
    const closed = await reg({ ...body, tenantId: '100001' });
    expect(closed.statusCode).toBe(400);
    expect(expectContract(closed, 'userRegister')).toMatchObject({ msg: '当前系统未开启注册功能' });
    const anon = await s.app.inject({ method: 'POST', url: `${U}/register`, payload: body });
    expect(anon.statusCode).toBe(401);
  });
});
