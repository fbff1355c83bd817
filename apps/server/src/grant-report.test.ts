import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceLog, grantRecord, powerLogs, reportFile, user } from './db/schema';
import { backends, contractCall, login, startTestServer, type TestServer } from './test/harness';
import { nextId } from './util';

interface Grant {
  id: string;
  ydUserId: string;
  grantType: number;
  amount: number;
  beforeValue: number;
  afterValue: number;
  reason: string;
  operatorId: string;
  operatorName: string;
  grantStatus: number;
}
interface Page<T> {
  total: number;
  records: T[];
}

const md5 = (s: string) => createHash('md5').update(s).digest('hex');
const G = '/api/smart-grant/grantRecord';
const R = '/api/smart-report/report/rest';
const ADMIN_ID = '1123598821738675201';
const DAY = 24 * 3600 * 1000;

describe.each(backends)('grants to customers and report files on %s', (kind) => {
  let s: TestServer;
  let admin: string;
  let guest: string;
  let guestId: string;
  let demo: string;

  beforeAll(async () => {
    s = await startTestServer(kind);
    admin = (await login(s.app, '000000')).access_token;
    const g = await login(s.app, '000000', 'guest', md5('guest'));
    guest = g.access_token;
    guestId = g.user_id;
    demo = (await login(s.app, '100001')).access_token;
  });
  afterAll(async () => {
    await s?.close();
  });

  const call = contractCall(() => s);
  const figures = async (id: string) =>
    (
      await s.handle.db
        .select()
        .from(user)
        .where(eq(user.id, BigInt(id)))
    )[0]!;
  const grants = async (id: string) =>
    s.handle.db
      .select()
      .from(grantRecord)
      .where(eq(grantRecord.ydUserId, BigInt(id)));
  const grant = (token: string, body: object) =>
    call<Grant>('POST', `${G}/grant`, 'grantRecordGrant', token, body);

  it('grants power through the power ledger and records it once', async () => {
    const before = (await figures(guestId)).power;
    const made = await grant(admin, { ydUserId: guestId, grantType: 1, amount: 200, reason: ' 活动补偿 ' });
    expect(made.status, made.body.msg).toBe(200);
    expect(made.body.data).toMatchObject({
      ydUserId: guestId,
      grantType: 1,
      amount: 200,
      beforeValue: before,
      afterValue: before + 200,
      reason: '活动补偿',
      operatorId: ADMIN_ID,
      grantStatus: 1,
      ydUserName: '访客',
    });
    expect(made.body.data.operatorName).not.toBe('');
    expect((await figures(guestId)).power).toBe(before + 200);
    const logs = await s.handle.db
      .select()
      .from(powerLogs)
      .where(and(eq(powerLogs.bizType, 'GRANT'), eq(powerLogs.bizId, made.body.data.id)));
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({
      changeType: 3,
      power: 200,
      powerBefore: before,
      powerAfter: before + 200,
    });

    const page = await call<Page<Grant>>(
      'GET',
      `${G}/list?ydUserId_equal=${guestId}&grantType_equal=1&reason=补偿`,
      'grantRecordList',
      admin,
    );
    expect(page.body.data.records.map((r) => r.id)).toContain(made.body.data.id);
    const byUser = await call<Grant[]>(
      'GET',
      `${G}/getGrantByUserId?userId=${guestId}`,
      'grantRecordGetGrantByUserId',
      admin,
    );
    expect(byUser.body.data[0]!.id).toBe(made.body.data.id);
    // another tenant sees none of it
    expect(
      (
        await call<Grant[]>(
          'GET',
          `${G}/getGrantByUserId?userId=${guestId}`,
          'grantRecordGetGrantByUserId',
          demo,
        )
      ).body.data,
    ).toEqual([]);
    expect(
      (await call<Page<Grant>>('GET', `${G}/list?size=100`, 'grantRecordList', demo)).body.data.records.some(
        (r) => r.id === made.body.data.id,
      ),
    ).toBe(false);
  });

  it('grants a balance with a balance-ledger row, and days from the later of now and the expiry', async () => {
    const balance = Number((await figures(guestId)).balance);
    const money = await grant(admin, { ydUserId: guestId, grantType: 2, amount: 12.34, reason: '返现' });
    expect(money.status, money.body.msg).toBe(200);
    expect(money.body.data).toMatchObject({
      beforeValue: balance,
      afterValue: Math.round((balance + 12.34) * 100) / 100,
    });
    const [ledger] = await s.handle.db
      .select()
      .from(balanceLog)
      .where(and(eq(balanceLog.bizType, 'GRANT'), eq(balanceLog.bizNo, money.body.data.id)));
    expect(ledger).toMatchObject({ changeType: 4, amount: 12.34, remark: '返现' });

    // unlimited account: days mean nothing, and nothing is written
    await s.handle.db
      .update(user)
      .set({ expireTime: null })
      .where(eq(user.id, BigInt(guestId)));
    const count = (await grants(guestId)).length;
    const unlimited = await grant(admin, { ydUserId: guestId, grantType: 3, amount: 30, reason: '续期' });
    expect(unlimited).toMatchObject({ status: 400 });
    expect(unlimited.body.msg).toMatch(/不限期/);
    expect(await grants(guestId)).toHaveLength(count);

    // two days left: thirty more makes 32
    const expire = new Date(Date.now() + 2 * DAY - 60_000);
    await s.handle.db
      .update(user)
      .set({ expireTime: expire })
      .where(eq(user.id, BigInt(guestId)));
    const days = await grant(admin, { ydUserId: guestId, grantType: 3, amount: 30, reason: '续期' });
    expect(days.body.data).toMatchObject({ beforeValue: 2, afterValue: 32 });
    expect((await figures(guestId)).expireTime!.getTime()).toBe(expire.getTime() + 30 * DAY);

    // expired a year ago: the days count from now
    await s.handle.db
      .update(user)
      .set({ expireTime: new Date(Date.now() - 365 * DAY) })
      .where(eq(user.id, BigInt(guestId)));
    const late = await grant(admin, { ydUserId: guestId, grantType: 3, amount: 7, reason: '续期' });
    expect(late.body.data).toMatchObject({ beforeValue: 0, afterValue: 7 });
  });

  it('refuses what it cannot grant, writing nothing', async () => {
    const start = await figures(guestId);
    const count = (await grants(guestId)).length;
    const base = { ydUserId: guestId, grantType: 1, amount: 10, reason: '测试' };
    const refusals: [object, RegExp][] = [
      [{ ...base, amount: 1.5 }, /整数/],
      [{ ...base, grantType: 3, amount: 0.5 }, /整数/],
      [{ ...base, reason: '   ' }, /原因/],
      [{ ...base, ydUserId: '1790000000000002101' }, /客户不存在/],
    ];
    for (const [body, msg] of refusals) {
      const r = await grant(admin, body);
      expect(r.status).toBe(400);
      expect(r.body.msg).toMatch(msg);
    }
    // the contract refuses a robot quota, a zero amount and a missing reason before any handler
    for (const body of [
      { ...base, grantType: 4 },
      { ...base, amount: 0 },
      { ...base, reason: undefined },
    ]) {
      expect((await grant(admin, body)).status).toBe(400);
    }
    // another tenant cannot credit our customer (no grant button there either); a guest has no grant button
    expect((await grant(demo, base)).status).not.toBe(200);
    expect((await grant(guest, base)).status).toBe(401);
    const end = await figures(guestId);
    expect([end.power, Number(end.balance)]).toEqual([start.power, Number(start.balance)]);
    expect(await grants(guestId)).toHaveLength(count);
  });

  it('credits each of concurrent grants exactly once', async () => {
    const before = (await figures(guestId)).power;
    const count = (await grants(guestId)).length;
    const results = await Promise.all(
      Array.from({ length: 12 }, () =>
        grant(admin, { ydUserId: guestId, grantType: 1, amount: 5, reason: '并发' }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(12).fill(200));
    expect((await figures(guestId)).power).toBe(before + 60);
    expect(await grants(guestId)).toHaveLength(count + 12);
    // the records chain: every after is a before plus 5, all distinct
    const afters = results.map((r) => r.body.data.afterValue).sort((a, b) => a - b);
    expect(afters).toEqual(Array.from({ length: 12 }, (_, i) => before + 5 * (i + 1)));
  });

  it('lists and removes the report files of the caller’s tenant only', async () => {
    const ours = nextId();
    const theirs = nextId();
    await s.handle.db.insert(reportFile).values([
      { id: ours, tenantId: '000000', name: 'order-daily.ureport.xml', content: '<ureport/>' },
      { id: theirs, tenantId: '100001', name: 'order-daily.ureport.xml', content: '<ureport/>' },
    ]);
    const list = async (token: string) =>
      (
        await call<Page<{ id: string; name: string }>>(
          'GET',
          `${R}/list?name=daily&size=100`,
          'reportRestList',
          token,
        )
      ).body.data.records.map((r) => r.id);
    expect(await list(admin)).toContain(String(ours));
    expect(await list(admin)).not.toContain(String(theirs));
    // removing another tenant's file changes nothing
    await call('POST', `${R}/remove?ids=${theirs}`, 'reportRestRemove', admin);
    expect(await list(demo)).toContain(String(theirs));
    const removed = await call('POST', `${R}/remove?ids=${ours}`, 'reportRestRemove', admin);
    expect(removed.status).toBe(200);
    expect(await list(admin)).not.toContain(String(ours));
  });
});
