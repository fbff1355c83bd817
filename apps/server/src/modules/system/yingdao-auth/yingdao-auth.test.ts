import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { yingdaoAuth } from '../../../db/schema';
import { SecretBox } from '../../../kernel/secret-box';
import { expectContract } from '../../../test/contract';
import { backends, login, startTestServer, type TestServer, contractCall } from '../../../test/harness';

type Auth = Record<string, unknown> & { id: string; tenantId: string; authName: string };
interface Page {
  records: Auth[];
  total: number;
  size: number;
  current: number;
  pages: number;
}

const SYS = '/api/smart-system/yingdao-auth';
const YD = '/api/smart-yingdao/yingdao_auth';
const MASK = '******';

const body = (authName: string, extra: Record<string, unknown> = {}) => ({
  authName,
  apiBaseUrl: 'https://api.yingdao.com',
  accessKeyId: `key-${authName}`,
  accessKeySecret: `secret-${authName}`,
  ...extra,
});

describe.each(backends)('yingdao auth on %s', (kind) => {
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

  const call = contractCall(() => s);
  const list = (query: string, token = tokenA) =>
    call<Page>('GET', `${SYS}/list${query ? `?${query}` : ''}`, 'yingdaoAuthList', token);
  const detail = (id: string, token = tokenA) =>
    call<Auth>('GET', `${SYS}/detail?id=${id}`, 'yingdaoAuthDetail', token);
  const save = (b: object, token = tokenA) => call('POST', `${SYS}/save`, 'yingdaoAuthSave', token, b);
  const update = (b: object, token = tokenA) => call('POST', `${SYS}/update`, 'yingdaoAuthUpdate', token, b);
  const remove = (ids: string, token = tokenA) =>
    call('POST', `${SYS}/remove?ids=${ids}`, 'yingdaoAuthRemove', token);
  const byName = async (name: string, token = tokenA): Promise<Auth> => {
    const r = await list(`authName=${encodeURIComponent(name)}`, token);
    const row = r.body.data.records.find((x) => x.authName === name);
    if (!row) throw new Error(`no row ${name}`);
    return row;
  };
  const stored = async (id: string) =>
    (
      await s.handle.db
        .select()
        .from(yingdaoAuth)
        .where(eq(yingdaoAuth.id, BigInt(id)))
    )[0]!;

  it('lifecycle: save, list, detail, update, remove; secrets masked and encrypted at rest', async () => {
    const saved = await save(
      body('主企业账号', {
        callbackSecret: 'cb-secret',
        callbackUrl: 'https://api.example.cn/rpa/yingdao/callback',
        appMap: { xsh_comm: '73d9c1a0-2b4e-4f7a-9c3d-1e2f3a4b5c6d' },
        defaultAccountName: 'admin@fckj',
        remark: '备注',
        id: '42', // ignored by save
      }),
    );
    expect(saved.status).toBe(200);
    const row = await byName('主企业账号');
    expect(row.id).not.toBe('42');
    expect(row).toMatchObject({
      tenantId: '000000',
      ydUserId: '',
      apiBaseUrl: 'https://api.yingdao.com',
      accessKeyId: 'key-主企业账号',
      accessKeySecret: MASK,
      callbackSecret: MASK,
      appMap: { xsh_comm: '73d9c1a0-2b4e-4f7a-9c3d-1e2f3a4b5c6d' },
      defaultAccountName: 'admin@fckj',
      defaultRobotGroupUuid: '',
      tokenExpireTime: '',
      lastCheckTime: '',
      lastCheckOk: -1,
      remark: '备注',
      status: 1,
      isDeleted: 0,
    });
    expect(row.createUser).not.toBe('');
    const d = await detail(row.id);
    expect(d.body.data).toMatchObject({
      authName: '主企业账号',
      accessKeySecret: MASK,
      callbackSecret: MASK,
    });
    expect(JSON.stringify(d.body)).not.toContain('secret-主企业账号');
    expect(JSON.stringify(d.body)).not.toContain('cb-secret');

    const box = new SecretBox(s.handle.db, 'yingdao_auth_aes256');
    const before = await stored(row.id);
    expect(before.accessKeySecret).not.toContain('secret-');
    expect(await box.open(before.accessKeySecret)).toBe('secret-主企业账号');
    expect(await box.open(before.callbackSecret)).toBe('cb-secret');

    // a cached token, as the dispatcher would leave it
    const expires = new Date(Date.now() + 3600_000);
    await s.handle.db
      .update(yingdaoAuth)
      .set({ accessToken: await box.seal('tok'), tokenExpireTime: expires })
      .where(eq(yingdaoAuth.id, BigInt(row.id)));
    expect((await detail(row.id)).body.data.tokenExpireTime).not.toBe('');

    // the mask keeps both secrets and the token; absent optional fields keep their values
    const kept = await update({
      id: row.id,
      authName: '主企业账号2',
      apiBaseUrl: 'https://api.yingdao.com',
      accessKeyId: 'key-主企业账号',
      accessKeySecret: MASK,
      callbackSecret: MASK,
    });
    expect(kept.status).toBe(200);
    const afterMask = await stored(row.id);
    expect(afterMask.authName).toBe('主企业账号2');
    expect(afterMask.accessKeySecret).toBe(before.accessKeySecret);
    expect(afterMask.callbackSecret).toBe(before.callbackSecret);
    expect(afterMask.accessToken).not.toBe('');
    expect(afterMask.remark).toBe('备注');
    expect(afterMask.appMap).toEqual({ xsh_comm: '73d9c1a0-2b4e-4f7a-9c3d-1e2f3a4b5c6d' });

    // a new secret replaces the stored one and drops the cached token; an empty callback secret clears it
    await update({
      id: row.id,
      ...body('主企业账号2', { accessKeyId: 'key-主企业账号', accessKeySecret: 'new-secret' }),
      callbackSecret: '',
      appMap: {},
    });
    const afterNew = await stored(row.id);
    expect(await box.open(afterNew.accessKeySecret)).toBe('new-secret');
    expect(afterNew.accessToken).toBe('');
    expect(afterNew.tokenExpireTime).toBeNull();
    expect(afterNew.callbackSecret).toBe('');
    const d2 = await detail(row.id);
    expect(d2.body.data).toMatchObject({ callbackSecret: '', tokenExpireTime: '', appMap: {} });

    expect((await remove(`${row.id},123`)).status).toBe(400); // an unknown id refuses the whole batch
    expect((await detail(row.id)).status).toBe(200);
    expect((await remove(row.id)).status).toBe(200);
    expect((await detail(row.id)).status).toBe(400);
    expect((await list('authName=主企业账号2')).body.data.total).toBe(0);
    // the name is free again once removed
    expect((await save(body('主企业账号2'))).status).toBe(200);
  });

  it('filters, sorting and paging', async () => {
    await save(body('筛选甲', { ydUserId: '1790000000000000001' }));
    await save(body('筛选乙', { ydUserId: '1790000000000000002', accessKeyId: 'other-key' }));
    await save(body('筛选丙'));
    const all = await list('authName=筛选');
    expect(all.body.data.total).toBe(3);
    // newest first
    expect(all.body.data.records.map((r) => r.authName)).toEqual(['筛选丙', '筛选乙', '筛选甲']);
    const customer = await list('ydUserId=1790000000000000001');
    expect(customer.body.data.records.map((r) => r.authName)).toEqual(['筛选甲']);
    expect(customer.body.data.records[0]!.ydUserId).toBe('1790000000000000001');
    expect((await list('ydUserId=99999999999999999999')).body.data.total).toBe(0); // beyond int8: no match
    const sorted = await list('authName=筛选&ascs=auth_name&size=2');
    expect(sorted.body.data).toMatchObject({ total: 3, size: 2, pages: 2 });
    expect((await list('ascs=password')).status).toBe(400);

    // smart-yingdao list: contains-match on the key id, exact customer, creation time bounds
    const yd = (q: string) => call<Page>('GET', `${YD}/list?${q}`, 'ydYingdaoAuthList', tokenA);
    expect((await yd('accessKeyId=other')).body.data.records.map((r) => r.authName)).toEqual(['筛选乙']);
    expect((await yd('ydUserId_equal=1790000000000000002')).body.data.records.map((r) => r.authName)).toEqual(
      ['筛选乙'],
    );
    expect((await yd('authName=筛选&createTime_dategt=2000-01-01 00:00:00')).body.data.total).toBe(3);
    expect((await yd('authName=筛选&createTime_datelt=2000-01-01 00:00:00')).body.data.total).toBe(0);
  });

  it('validation: required fields, the mask on create, duplicate names, unknown ids', async () => {
    const missing = await save({ authName: 'x', apiBaseUrl: 'https://a.b', accessKeyId: 'k' });
    expect(missing.status).toBe(400);
    expect(missing.body.msg).toBe('请输入AccessKeySecret');
    const noName = await save({ apiBaseUrl: 'https://a.b', accessKeyId: 'k', accessKeySecret: 's' });
    expect(noName.body.msg).toBe('请输入授权名称');
    expect((await save(body('坏地址', { apiBaseUrl: 'ftp://x' }))).status).toBe(400);
    expect((await save(body('坏客户', { ydUserId: 'abc' }))).status).toBe(400);
    // a customer number the contract's pattern admits but no id is (0, beyond int8)
    for (const ydUserId of ['0', '99999999999999999999']) {
      const bad = await save(body('零客户', { ydUserId }));
      expect(bad.body).toMatchObject({ code: 400, msg: '客户编号错误' });
    }
    expect((await save(body('长名', { authName: 'x'.repeat(65) }))).status).toBe(400);
    const masked = await save(body('掩码', { accessKeySecret: MASK }));
    expect(masked.status).toBe(400);
    expect(masked.body.msg).toBe('请输入AccessKeySecret');
    const maskedCb = await save(body('掩码回调', { callbackSecret: MASK }));
    expect(maskedCb.status).toBe(400);

    expect((await save(body('重名'))).status).toBe(200);
    const dup = await save(body('重名'));
    expect(dup.status).toBe(400);
    expect(dup.body.msg).toBe('授权名称已存在');
    await save(body('重名2'));
    const renamed = await update({ id: (await byName('重名2')).id, ...body('重名') });
    expect(renamed.body.msg).toBe('授权名称已存在');
    // the same name in another tenant is fine
    expect((await save(body('重名'), tokenB)).status).toBe(200);

    expect((await update({ ...body('无id') })).status).toBe(400);
    expect((await update({ id: '1', ...body('未知') })).status).toBe(400);
    expect((await detail('1')).status).toBe(400);
    expect((await detail('abc')).status).toBe(400);
  });

  it('tenants are isolated: another tenant cannot list, read, update or remove the row', async () => {
    await save(body('甲方凭证'));
    const row = await byName('甲方凭证');
    const bList = await list('', tokenB);
    expect(bList.body.data.records.every((r) => r.tenantId === '100001')).toBe(true);
    expect(bList.body.data.records.some((r) => r.id === row.id)).toBe(false);
    expect((await list('authName=甲方凭证', tokenB)).body.data.total).toBe(0);

    const d = await detail(row.id, tokenB);
    expect(d.status).toBe(400);
    expect(d.body.msg).toBe('数据不存在');
    const u = await update({ id: row.id, ...body('被改', { accessKeySecret: 'stolen' }) }, tokenB);
    expect(u.status).toBe(400);
    expect((await remove(row.id, tokenB)).status).toBe(400); // another tenant's id is not found

    const yd = await call<Auth>('GET', `${YD}/detail?id=${row.id}`, 'ydYingdaoAuthDetail', tokenB);
    expect(yd.status).toBe(400);
    const ydSubmit = await call('POST', `${YD}/submit`, 'ydYingdaoAuthSubmit', tokenB, {
      id: row.id,
      ...body('被改'),
    });
    expect(ydSubmit.status).toBe(400);
    await call('POST', `${YD}/remove?ids=${row.id}`, 'ydYingdaoAuthRemove', tokenB);

    const still = await detail(row.id);
    expect(still.status).toBe(200);
    expect(still.body.data.authName).toBe('甲方凭证');
    const box = new SecretBox(s.handle.db, 'yingdao_auth_aes256');
    expect(await box.open((await stored(row.id)).accessKeySecret)).toBe('secret-甲方凭证');
    // 100001's own rows carry its tenant
    await save(body('乙方凭证'), tokenB);
    expect((await byName('乙方凭证', tokenB)).tenantId).toBe('100001');
    expect((await list('authName=乙方凭证')).body.data.total).toBe(0);
  });

  it('smart-yingdao submit creates and updates, answering the saved row', async () => {
    const created = await call<Auth>('POST', `${YD}/submit`, 'ydYingdaoAuthSubmit', tokenA, body('影刀提交'));
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({
      authName: '影刀提交',
      accessKeySecret: MASK,
      tenantId: '000000',
    });
    const updated = await call<Auth>('POST', `${YD}/submit`, 'ydYingdaoAuthSubmit', tokenA, {
      id: created.body.data.id,
      ...body('影刀提交', { accessKeySecret: MASK, remark: '改' }),
    });
    expect(updated.body.data).toMatchObject({ id: created.body.data.id, remark: '改' });
    const d = await call<Auth>(
      'GET',
      `${YD}/detail?id=${created.body.data.id}`,
      'ydYingdaoAuthDetail',
      tokenA,
    );
    expect(d.body.data.remark).toBe('改');
    await call('POST', `${YD}/remove?ids=${created.body.data.id}`, 'ydYingdaoAuthRemove', tokenA);
    expect((await detail(created.body.data.id)).status).toBe(400);
  });

  it('answers 401 without a token', async () => {
    const res = await s.app.inject({ method: 'GET', url: `${SYS}/list` });
    expect(res.statusCode).toBe(401);
    expectContract(res, 'yingdaoAuthList');
  });
});
