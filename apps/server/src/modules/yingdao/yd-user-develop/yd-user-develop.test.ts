// The referral records' extras (./yd-user-develop.module.ts, ./copy-app.ts, ./share-link.ts): generated invite keys
// and server-built share links, `getShareLinkInfo`, and `copyDevelopApp` (upline, referral record, invitee count,
// app bindings), with every refusal a 400 envelope that writes nothing.
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { param, yingdaoAuth, ydUser, ydUserDevelop } from '../../../db/schema';
import { backends, contractCall, login, startTestServer, type TestServer } from '../../../test/harness';
import { nextId } from '../../../util';
import {
  CIRCLE_MSG,
  HAS_UPLINE_MSG,
  SELF_INVITE_MSG,
  UNKNOWN_CUSTOMER_MSG,
  UNKNOWN_KEY_MSG,
} from './copy-app';
import { SELF_UPLINE_MSG } from './yd-user-develop.module';
import { SHARE_LINK_PARAM } from './share-link';

type Row = Record<string, unknown>;
type Record_ = Row & { id: string; inviteKey: string; shareLink: string; invitedCount: number };

const P = '/api/smart-yingdao/yd_user_develop';
const PW = 'e10adc3949ba59abbe56e057f20f883e';
const md5 = (s: string) => createHash('md5').update(s).digest('hex');
const refused = (msg: string) => ({ status: 400, body: { code: 400, success: false, msg, data: null } });

describe.each(backends)('referral records on %s', (kind) => {
  let s: TestServer;
  let admin: string;
  let guest: string;
  beforeAll(async () => {
    s = await startTestServer(kind);
    admin = (await login(s.app)).access_token;
    guest = (await login(s.app, '000000', 'guest', md5('guest'))).access_token;
  });
  afterAll(async () => {
    await s?.close();
  });

  const call = contractCall(() => s);
  const submit = (body: object) => call<Record_>('POST', `${P}/submit`, 'ydUserDevelopSubmit', admin, body);
  const detail = (id: string) => call<Record_>('GET', `${P}/detail?id=${id}`, 'ydUserDevelopDetail', admin);
  const info = (key: string) =>
    call<Row>('GET', `${P}/getShareLinkInfo?inviteKey=${key}`, 'ydUserDevelopGetShareLinkInfo', admin);
  const copy = (body: object, token = admin) =>
    call<Row>('POST', `${P}/copyDevelopApp`, 'ydUserDevelopCopyDevelopApp', token, body);
  const customer = async (account: string) => {
    const res = await call<{ id: string }>(
      'POST',
      '/api/smart-yingdao/yd_user/submit',
      'ydUserSubmit',
      admin,
      {
        account,
        source: 1,
        password: PW,
        nickname: `${account} 昵称`,
      },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.id;
  };
  const promote = async (ydUserId: string, extra: object = {}) => {
    const res = await submit({ ydUserId, level: 1, ...extra });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };
  const credentials = async (authName: string, ydUserId: string, appMap: Record<string, string>) => {
    const res = await call('POST', '/api/smart-system/yingdao-auth/save', 'yingdaoAuthSave', admin, {
      authName,
      ydUserId,
      apiBaseUrl: 'https://api.yingdao.com',
      accessKeyId: `key-${authName}`,
      accessKeySecret: `secret-${authName}`,
      appMap,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };
  const appMapsOf = async (ydUserId: string) =>
    (
      await s.handle.db
        .select({ appMap: yingdaoAuth.appMap })
        .from(yingdaoAuth)
        .where(and(eq(yingdaoAuth.ydUserId, BigInt(ydUserId)), eq(yingdaoAuth.isDeleted, 0)))
    ).map((r) => r.appMap);
  const inviterOf = async (id: string) =>
    (
      await s.handle.db
        .select()
        .from(ydUser)
        .where(eq(ydUser.id, BigInt(id)))
    )[0]!.inviterId;

  it('generates an invite key when none is sent, keeps it on update, and builds the share link', async () => {
    const r = await promote(await customer('key_gen'));
    expect(r.inviteKey).toMatch(/^[2-9A-HJ-NP-Z]{8}$/);
    expect(r.shareLink).toBe(`/r/${r.inviteKey}`);
    const again = await submit({ id: r.id, ydUserId: r.ydUserId, level: 2, remark: '二级' });
    expect(again.body.data).toMatchObject({
      inviteKey: r.inviteKey,
      level: 2,
      shareLink: `/r/${r.inviteKey}`,
    });

    // the tenant's base, when set; a sent key is kept as sent
    await s.handle.db.insert(param).values({
      id: nextId(),
      tenantId: '000000',
      paramName: '推广链接前缀',
      paramKey: SHARE_LINK_PARAM,
      paramValue: 'https://app.example.com/r/',
    });
    const own = await promote(await customer('key_own'), {
      inviteKey: 'OWNKEY42',
      shareLink: 'https://x.test/',
    });
    expect(own).toMatchObject({ inviteKey: 'OWNKEY42', shareLink: 'https://app.example.com/r/OWNKEY42' });
  });

  it('refuses a record that is its own upline, a second record of a customer and a taken key', async () => {
    const id = await customer('self_up');
    expect(await submit({ ydUserId: id, parentUserId: id, level: 1 })).toEqual(refused(SELF_UPLINE_MSG));
    const r = await promote(id, { inviteKey: 'TAKEN001' });
    expect(await submit({ ydUserId: id, level: 1 })).toEqual(refused('该客户已有推广记录'));
    expect(await submit({ ydUserId: await customer('key_clash'), inviteKey: 'TAKEN001', level: 1 })).toEqual(
      refused('邀请码已存在'),
    );
    expect((await detail(r.id)).body.data.parentUserId).toBe('');
  });

  it('resolves an invite key of a live promoter, and nothing else', async () => {
    const id = await customer('sharer');
    const r = await promote(id, { inviteKey: 'SHARE001', qrCodeUrl: 'https://cdn.example.com/q.png' });
    expect((await info('SHARE001')).body.data).toEqual({
      ydUserId: id,
      inviteKey: 'SHARE001',
      shareLink: r.shareLink,
      qrCodeUrl: 'https://cdn.example.com/q.png',
      promoterAccount: 'sharer',
      promoterNickname: 'sharer 昵称',
      level: 1,
    });
    expect(await info('NOSUCHKEY')).toEqual(refused(UNKNOWN_KEY_MSG));
    for (const bad of ['share001', 'AB', 'X'.repeat(17), '']) {
      const res = await info(bad);
      expect(res.status, bad).toBe(400);
      expect(res.body, bad).toMatchObject({ code: 400, success: false, data: null });
    }
    // a removed promoter's key, and another tenant's key, are unknown
    const gone = await customer('gone_sharer');
    await promote(gone, { inviteKey: 'GONE0001' });
    await call('POST', `/api/smart-yingdao/yd_user/remove?ids=${gone}`, 'ydUserRemove', admin);
    expect(await info('GONE0001')).toEqual(refused(UNKNOWN_KEY_MSG));
    await s.handle.db
      .insert(ydUserDevelop)
      .values({ id: nextId(), tenantId: '100001', ydUserId: 1n, inviteKey: 'THEIRS01' });
    expect(await info('THEIRS01')).toEqual(refused(UNKNOWN_KEY_MSG));
  });

  it("records the invitee and copies the promoter's app bindings to the invitee's credentials", async () => {
    const promoter = await customer('dev_promoter');
    const pr = await promote(promoter, { inviteKey: 'DEVKEY01' });
    await credentials('推广人授权一', promoter, { xsh_comm: 'app-1', dy_browse: 'app-2' });
    await credentials('推广人授权二', promoter, { dy_browse: 'app-2b', sph_browse: 'app-3' });
    const invitee = await customer('dev_invitee');
    await credentials('被邀请人授权', invitee, { dy_browse: 'own-old', dy_comm: 'own-keep' });

    const res = await copy({ inviteKey: 'DEVKEY01', ydUserId: invitee });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const apps = { xsh_comm: 'app-1', dy_browse: 'app-2b', sph_browse: 'app-3' };
    expect(res.body.data).toEqual({
      ydUserId: invitee,
      parentUserId: promoter,
      inviteKey: 'DEVKEY01',
      copiedAppCount: 3,
      appMap: apps,
    });
    expect(await appMapsOf(invitee)).toEqual([{ ...apps, dy_comm: 'own-keep' }]);
    expect(await inviterOf(invitee)).toBe(BigInt(promoter));
    expect((await detail(pr.id)).body.data.invitedCount).toBe(1);
    const page = await call<{ records: Record_[] }>(
      'GET',
      `${P}/list?ydUserId_equal=${invitee}`,
      'ydUserDevelopList',
      admin,
    );
    expect(page.body.data.records).toEqual([
      expect.objectContaining({ ydUserId: invitee, parentUserId: promoter, level: 1, invitedCount: 0 }),
    ]);
    expect(page.body.data.records[0]!.inviteKey).toMatch(/^[0-9A-Z]{8}$/);

    // once only: the invitee has an upline now
    expect(await copy({ inviteKey: 'DEVKEY01', ydUserId: invitee })).toEqual(refused(HAS_UPLINE_MSG));
    expect((await detail(pr.id)).body.data.invitedCount).toBe(1);
  });

  it('gives the upline to an existing record, and copies nothing to a customer without credentials', async () => {
    const promoter = await customer('plain_promoter');
    await promote(promoter, { inviteKey: 'PLAIN001' });
    await credentials('普通推广人授权', promoter, { xsh_comm: 'app-9' });
    const invitee = await customer('plain_invitee');
    const own = await promote(invitee, { level: 2 });
    const res = await copy({ inviteKey: 'PLAIN001', ydUserId: invitee });
    expect(res.body.data).toMatchObject({ copiedAppCount: 0, appMap: {}, parentUserId: promoter });
    expect(await appMapsOf(invitee)).toEqual([]);
    expect((await detail(own.id)).body.data).toMatchObject({
      parentUserId: promoter,
      level: 1,
      inviteKey: own.inviteKey,
    });
  });

  it('refuses unknown keys and customers, self-invitation, circles and second uplines, writing nothing', async () => {
    const top = await customer('c_top');
    await promote(top, { inviteKey: 'CTOP0001' });
    const mid = await customer('c_mid');
    expect((await copy({ inviteKey: 'CTOP0001', ydUserId: mid })).status).toBe(200);
    const midRecord = (await info('CTOP0001')).body.data;
    expect(midRecord.promoterAccount).toBe('c_top');
    const [midDev] = await s.handle.db
      .select()
      .from(ydUserDevelop)
      .where(eq(ydUserDevelop.ydUserId, BigInt(mid)));

    expect(await copy({ inviteKey: 'NOKEY001', ydUserId: mid })).toEqual(refused(UNKNOWN_KEY_MSG));
    expect(await copy({ inviteKey: 'CTOP0001', ydUserId: '1790000000000009999' })).toEqual(
      refused(UNKNOWN_CUSTOMER_MSG),
    );
    expect(await copy({ inviteKey: 'CTOP0001', ydUserId: top })).toEqual(refused(SELF_INVITE_MSG));
    // top invited mid: top may not become mid's invitee
    expect(await copy({ inviteKey: midDev!.inviteKey, ydUserId: top })).toEqual(refused(CIRCLE_MSG));
    expect(await inviterOf(top)).toBeNull();
    // a record with an upline refuses another one even when the customer row has none
    const lone = await customer('c_lone');
    await promote(lone, { parentUserId: mid });
    expect(await copy({ inviteKey: 'CTOP0001', ydUserId: lone })).toEqual(refused(HAS_UPLINE_MSG));
    expect(await inviterOf(lone)).toBeNull();

    for (const body of [
      {},
      { inviteKey: 'CTOP0001' },
      { inviteKey: 'ctop0001', ydUserId: lone },
      { inviteKey: 'CTOP0001', ydUserId: 'x' },
    ]) {
      const res = await copy(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body, JSON.stringify(body)).toMatchObject({ code: 400, success: false, data: null });
    }
    const denied = await copy({ inviteKey: 'CTOP0001', ydUserId: await customer('c_guest') }, guest);
    expect(denied).toEqual({ status: 401, body: { code: 401, success: false, msg: '缺失权限', data: null } });
    const topRecord = await s.handle.db
      .select()
      .from(ydUserDevelop)
      .where(eq(ydUserDevelop.ydUserId, BigInt(top)));
    expect(topRecord[0]!.invitedCount).toBe(1);
  });
});
