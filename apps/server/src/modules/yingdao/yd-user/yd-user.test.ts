// The customers' extras (./yd-user.module.ts): the write-only password (hashed, never answered, kept when not
// sent), the profile created with the customer, and `getSelectList`, with bad input answered by a 400 envelope.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../../auth/password';
import { ydUser, ydUserInfo } from '../../../db/schema';
import { backends, contractCall, login, startTestServer, type TestServer } from '../../../test/harness';
import { nextId } from '../../../util';
import { PASSWORD_REQUIRED_MSG } from './yd-user.module';

type Customer = Record<string, unknown> & { id: string; account: string };
interface Option {
  id: string;
  account: string;
  nickname: string;
  ydLoginAccount: string;
}

const P = '/api/smart-yingdao/yd_user';
const PW = 'e10adc3949ba59abbe56e057f20f883e'; // md5('123456'), as the console sends it
const refused = (msg: string) => ({ status: 400, body: { code: 400, success: false, msg, data: null } });

describe.each(backends)('customers on %s', (kind) => {
  let s: TestServer;
  let admin: string;
  beforeAll(async () => {
    s = await startTestServer(kind);
    admin = (await login(s.app)).access_token;
  });
  afterAll(async () => {
    await s?.close();
  });

  const call = contractCall(() => s);
  const submit = (body: object) => call<Customer>('POST', `${P}/submit`, 'ydUserSubmit', admin, body);
  const detail = (id: string) => call<Customer>('GET', `${P}/detail?id=${id}`, 'ydUserDetail', admin);
  const options = (query = '') =>
    call<Option[]>('GET', `${P}/getSelectList${query}`, 'ydUserGetSelectList', admin);
  const create = async (account: string, extra: object = {}) => {
    const res = await submit({ account, source: 1, password: PW, ...extra });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };
  const stored = async (id: string) =>
    (
      await s.handle.db
        .select()
        .from(ydUser)
        .where(eq(ydUser.id, BigInt(id)))
    )[0]!;

  it('stores the password as a hash, answers it nowhere, and keeps it when an update sends none', async () => {
    const c = await create('pw_user', { nickname: '密码客户' });
    const hash = (await stored(c.id)).password;
    expect(hash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(hash, PW)).toBe(true);
    const answers = [
      c,
      (await detail(c.id)).body.data,
      ...(await call<{ records: Customer[] }>('GET', `${P}/list?account=pw_user`, 'ydUserList', admin)).body
        .data.records,
      ...(await options('?account=pw_user')).body.data,
    ];
    for (const a of answers) {
      expect(a).not.toHaveProperty('password');
      expect(JSON.stringify(a)).not.toContain(PW);
    }

    await submit({ id: c.id, account: 'pw_user', source: 1, password: '', nickname: '改名' });
    await submit({ id: c.id, account: 'pw_user', source: 1, nickname: '再改名' });
    expect((await stored(c.id)).password).toBe(hash);
    const next = 'c33367701511b4f6020ec61ded352059'; // md5('654321')
    await submit({ id: c.id, account: 'pw_user', source: 1, password: next });
    expect(await verifyPassword((await stored(c.id)).password, next)).toBe(true);
  });

  it('requires the password on create, and refuses a taken account', async () => {
    expect(await submit({ account: 'no_pw', source: 1 })).toEqual(refused(PASSWORD_REQUIRED_MSG));
    expect(await submit({ account: 'no_pw', source: 1, password: '' })).toEqual(
      refused(PASSWORD_REQUIRED_MSG),
    );
    await create('taken_acc');
    expect(await submit({ account: 'taken_acc', source: 2, password: PW })).toEqual(refused('账号已存在'));
  });

  it('creates the profile with the customer, and renames its account with the customer', async () => {
    const c = await create('with_profile');
    const profile = async () =>
      s.handle.db
        .select()
        .from(ydUserInfo)
        .where(and(eq(ydUserInfo.ydUserId, BigInt(c.id)), eq(ydUserInfo.isDeleted, 0)));
    expect(await profile()).toEqual([
      expect.objectContaining({ tenantId: '000000', account: 'with_profile', powerBalance: 0 }),
    ]);
    await submit({ id: c.id, account: 'renamed_profile', source: 1 });
    const after = await profile();
    expect(after).toHaveLength(1);
    expect(after[0]!.account).toBe('renamed_profile');
  });

  it('lists live customers as options by account, narrowed by account or nickname', async () => {
    await create('opt_b', { nickname: '乙店', ydLoginAccount: 'optb@fckj' });
    await create('opt_a', { nickname: '甲店' });
    const gone = await create('opt_gone');
    await call('POST', `${P}/remove?ids=${gone.id}`, 'ydUserRemove', admin);
    // another tenant's customer of a matching account
    await s.handle.db
      .insert(ydUser)
      .values({ id: nextId(), tenantId: '100001', account: 'opt_other', nickname: '他店' });

    const all = (await options()).body.data.map((o) => o.account);
    // by account (as the database collates: compared on two accounts only)
    expect(all.indexOf('opt_a')).toBeGreaterThanOrEqual(0);
    expect(all.indexOf('opt_a')).toBeLessThan(all.indexOf('opt_b'));
    expect(all).not.toContain('opt_gone');
    expect(all).not.toContain('opt_other');

    expect((await options('?account=opt')).body.data).toEqual([
      { id: expect.stringMatching(/^[0-9]+$/), account: 'opt_a', nickname: '甲店', ydLoginAccount: '' },
      {
        id: expect.stringMatching(/^[0-9]+$/),
        account: 'opt_b',
        nickname: '乙店',
        ydLoginAccount: 'optb@fckj',
      },
    ]);
    // the nickname matches too; wildcards match themselves
    expect((await options(`?account=${encodeURIComponent('乙')}`)).body.data.map((o) => o.account)).toEqual([
      'opt_b',
    ]);
    expect((await options(`?account=${encodeURIComponent('%')}`)).body.data).toEqual([]);
    expect((await options(`?account=${encodeURIComponent('opt_')}`)).body.data).toHaveLength(2);
    const long = await options(`?account=${'x'.repeat(46)}`);
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({ code: 400, success: false, data: null });
  });
});
