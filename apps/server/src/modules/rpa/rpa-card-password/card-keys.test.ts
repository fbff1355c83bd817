/**
 * Card keys after generation (smart-rpa/rpa_card_password) on both databases: disable and enable, expiry as answered
 * and filtered, redemption for a customer exactly once (also under 10 concurrent tries) through the power ledger or
 * the service days, every refusal writing nothing, tenants kept apart, wrong tries counted, used cards kept.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execRows } from '../../../db/index';
import { powerLogs, rpaCardGroup, rpaCardPassword, user } from '../../../db/schema';
import { backends, contractCall, login, startTestServer, type TestServer } from '../../../test/harness';
import { REDEEM_TRIES } from './redeem-card';

const G = '/api/smart-rpa/rpa_card_group';
const P = '/api/smart-rpa/rpa_card_password';
const ADMIN_ID = '1123598821738675201';

interface Card {
  id: string;
  cardNo: string;
  cardSecret: string;
}
interface Generated {
  group: { id: string; usedCount: number };
  cards: Card[];
}
interface Redeemed {
  cardId: string;
  cardType: number;
  faceValue: number;
  ydUserId: string;
  beforeValue: number;
  afterValue: number;
  expireTime: string;
}
interface Page {
  total: number;
  records: Record<string, unknown>[];
}

describe.each(backends)('card keys on %s', (kind) => {
  let s: TestServer;
  let admin: string;
  let guestId: string;
  let other: string;
  let otherAdminId: string;
  const call = contractCall(() => s);

  beforeAll(async () => {
    s = await startTestServer(kind);
    admin = (await login(s.app)).access_token;
    guestId = (await login(s.app, '000000', 'guest', '084e0343a0486ff05530df6c705c8bb4')).user_id;
    const o = await login(s.app, '100001');
    other = o.access_token;
    otherAdminId = o.user_id;
  });
  afterAll(async () => {
    await s?.close();
  });

  const generate = async (group: Record<string, unknown>, count: number, token = admin) => {
    const res = await call<Generated>('POST', `${G}/generate`, 'rpaCardGroupGenerate', token, {
      group: { groupName: '测试卡', cardType: 1, faceValue: 100, cardPrefix: 'T', ...group },
      count,
    });
    expect(res.status, res.body.msg).toBe(200);
    return res.body.data;
  };
  const redeem = (body: object, token = admin) =>
    call<Redeemed>('POST', `${P}/redeem`, 'rpaCardPasswordRedeem', token, body);
  const enable = (id: string, cardStatus: number, token = admin) =>
    call<Record<string, unknown>>('POST', `${P}/enable`, 'rpaCardPasswordEnable', token, { id, cardStatus });
  const detail = async (id: string) =>
    (await call<Record<string, unknown>>('GET', `${P}/detail?id=${id}`, 'rpaCardPasswordDetail', admin)).body
      .data;
  const figures = async (id: string) =>
    (
      await s.handle.db
        .select()
        .from(user)
        .where(eq(user.id, BigInt(id)))
    )[0]!;
  const ledger = (cardId: string) =>
    s.handle.db
      .select()
      .from(powerLogs)
      .where(and(eq(powerLogs.bizType, 'CARD'), eq(powerLogs.bizId, cardId)));
  /** Everything a redemption could write, to compare before and after a refusal. */
  const snapshot = async () => ({
    cards: await s.handle.db.select().from(rpaCardPassword).orderBy(rpaCardPassword.id),
    groups: await s.handle.db.select().from(rpaCardGroup).orderBy(rpaCardGroup.id),
    logs: (await execRows(s.handle.db, sql`select count(*)::int as n from smart_power_logs`))[0]?.n,
    users: await s.handle.db
      .select({ id: user.id, power: user.power, expireTime: user.expireTime })
      .from(user),
  });

  it('redeems a power card for a customer once, through the power ledger', async () => {
    const { group, cards } = await generate({ faceValue: 300 }, 2);
    const card = cards[0]!;
    const before = (await figures(guestId)).power;
    // as printed: lower case, spaces, no dashes
    const res = await redeem({
      cardNo: ` ${card.cardNo.toLowerCase()} `,
      cardSecret: card.cardSecret.replaceAll('-', ' ').toLowerCase(),
      ydUserId: guestId,
    });
    expect(res.status, res.body.msg).toBe(200);
    expect(res.body.data).toEqual({
      cardId: card.id,
      cardNo: card.cardNo,
      cardType: 1,
      faceValue: 300,
      ydUserId: guestId,
      beforeValue: before,
      afterValue: before + 300,
      expireTime: '',
    });
    expect((await figures(guestId)).power).toBe(before + 300);
    const rows = await ledger(card.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      changeType: 2,
      power: 300,
      powerBefore: before,
      powerAfter: before + 300,
      ydUserId: BigInt(guestId),
      createUser: BigInt(ADMIN_ID),
      remark: card.cardNo,
    });
    expect(await detail(card.id)).toMatchObject({
      cardStatus: 1,
      usedUserId: guestId,
      usedUserName: '访客',
      usedTime: expect.stringMatching(/^\d{4}-/),
    });
    const g = await call<{ usedCount: number }>(
      'GET',
      `${G}/detail?id=${group.id}`,
      'rpaCardGroupDetail',
      admin,
    );
    expect(g.body.data.usedCount).toBe(1);

    // once: the same card again is refused and changes nothing
    const again = await redeem({ cardNo: card.cardNo, cardSecret: card.cardSecret, ydUserId: guestId });
    expect(again.body).toMatchObject({ code: 400, success: false, msg: '卡密已被使用' });
    expect((await figures(guestId)).power).toBe(before + 300);
    expect(await ledger(card.id)).toHaveLength(1);
  });

  it('redeems for the signed-in user when no customer is named', async () => {
    const { cards } = await generate({}, 1);
    const res = await redeem({ cardNo: cards[0]!.cardNo, cardSecret: cards[0]!.cardSecret });
    expect(res.status, res.body.msg).toBe(200);
    expect(res.body.data.ydUserId).toBe(ADMIN_ID);
  });

  it('moves the service on by a days card, from the later of now and the expiry', async () => {
    const { cards } = await generate({ cardType: 2, faceValue: 30 }, 2);
    const future = new Date(Date.now() + 10 * 86_400_000);
    await s.handle.db
      .update(user)
      .set({ expireTime: future })
      .where(eq(user.id, BigInt(guestId)));
    const res = await redeem({
      cardNo: cards[0]!.cardNo,
      cardSecret: cards[0]!.cardSecret,
      ydUserId: guestId,
    });
    expect(res.status, res.body.msg).toBe(200);
    expect(res.body.data).toMatchObject({ cardType: 2, faceValue: 30, beforeValue: 10, afterValue: 40 });
    expect((await figures(guestId)).expireTime?.getTime()).toBe(future.getTime() + 30 * 86_400_000);
    expect(await ledger(cards[0]!.id)).toHaveLength(0);

    // an unlimited account needs no days: refused, and the card stays unused
    await s.handle.db
      .update(user)
      .set({ expireTime: null })
      .where(eq(user.id, BigInt(guestId)));
    const before = await snapshot();
    const refused = await redeem({
      cardNo: cards[1]!.cardNo,
      cardSecret: cards[1]!.cardSecret,
      ydUserId: guestId,
    });
    expect(refused.body.msg).toBe('该客户没有到期时间（不限期），无需兑换天数');
    expect(await snapshot()).toEqual(before);
  });

  it('refuses wrong, unknown, disabled, expired and premature cards, writing nothing', async () => {
    const { cards } = await generate({}, 3);
    const [wrong, disabled, spare] = cards as [Card, Card, Card];
    expect((await enable(disabled.id, 2)).body.data).toMatchObject({ cardStatus: 2 });
    const { group: old, cards: oldCards } = await generate({}, 1);
    const { cards: early } = await generate({ validFrom: '2098-01-01 00:00:00' }, 1);
    await s.handle.db
      .update(rpaCardGroup)
      .set({ expireTime: new Date(Date.now() - 1000) })
      .where(eq(rpaCardGroup.id, BigInt(old.id)));

    const before = await snapshot();
    const cases: [object, string][] = [
      [{ cardNo: wrong.cardNo, cardSecret: spare.cardSecret }, '卡号或卡密错误'],
      [{ cardNo: 'T2026010100000000', cardSecret: wrong.cardSecret }, '卡号或卡密错误'],
      [{ cardNo: disabled.cardNo, cardSecret: disabled.cardSecret }, '卡密已停用'],
      [{ cardNo: oldCards[0]!.cardNo, cardSecret: oldCards[0]!.cardSecret }, '卡密已过期'],
      [{ cardNo: early[0]!.cardNo, cardSecret: early[0]!.cardSecret }, '卡密尚未生效'],
      [{ cardNo: wrong.cardNo, cardSecret: wrong.cardSecret, ydUserId: '9000000000000000001' }, '客户不存在'],
      [{ cardNo: wrong.cardNo, cardSecret: wrong.cardSecret, ydUserId: otherAdminId }, '客户不存在'],
    ];
    for (const [body, msg] of cases) {
      const res = await redeem({ ydUserId: guestId, ...body });
      expect(res.status, msg).toBe(400);
      expect(res.body).toEqual({ code: 400, success: false, msg, data: null });
    }
    expect(await snapshot()).toEqual(before);

    // the expired card shows as expired, and is found as such; enabling the disabled one makes it redeemable again
    expect(await detail(oldCards[0]!.id)).toMatchObject({ cardStatus: 3 });
    const list = (q: string) =>
      call<Page>('GET', `${P}/list?groupId_equal=${old.id}&${q}`, 'rpaCardPasswordList', admin);
    expect((await list('cardStatus_equal=3')).body.data.total).toBe(1);
    expect((await list('cardStatus_equal=0')).body.data.total).toBe(0);
    await s.handle.db
      .update(rpaCardGroup)
      .set({ expireTime: null })
      .where(eq(rpaCardGroup.id, BigInt(old.id)));
    expect((await list('cardStatus_equal=0')).body.data.total).toBe(1);
    expect((await enable(disabled.id, 0)).body.data).toMatchObject({ cardStatus: 0 });
    const res = await redeem({ cardNo: disabled.cardNo, cardSecret: disabled.cardSecret, ydUserId: guestId });
    expect(res.status, res.body.msg).toBe(200);
  });

  it('switches only unused ⇄ disabled', async () => {
    const { cards } = await generate({}, 2);
    const [a, b] = cards as [Card, Card];
    expect((await enable(a.id, 0)).body.msg).toBe('只能启用已停用的卡密');
    expect((await enable(a.id, 2)).body.data).toMatchObject({ id: a.id, cardStatus: 2 });
    expect((await enable(a.id, 2)).body.msg).toBe('只能停用未使用的卡密');
    expect((await redeem({ cardNo: b.cardNo, cardSecret: b.cardSecret })).status).toBe(200);
    expect((await enable(b.id, 2)).body.msg).toBe('只能停用未使用的卡密');
    expect((await enable(b.id, 1)).status).toBe(400);
    expect((await enable('9000000000000000001', 2)).body.msg).toBe('数据不存在');
  });

  it('lets exactly one of 10 concurrent redemptions of a card through', async () => {
    const { group, cards } = await generate({ faceValue: 50 }, 1);
    const card = cards[0]!;
    const before = (await figures(guestId)).power;
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        redeem({ cardNo: card.cardNo, cardSecret: card.cardSecret, ydUserId: guestId }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    const refused = results.filter((r) => r.status !== 200);
    expect(refused).toHaveLength(9);
    for (const r of refused) expect(r.body.msg).toBe('卡密已被使用');
    expect(await ledger(card.id)).toHaveLength(1);
    expect((await figures(guestId)).power).toBe(before + 50);
    const [g] = await s.handle.db
      .select()
      .from(rpaCardGroup)
      .where(eq(rpaCardGroup.id, BigInt(group.id)));
    expect(g?.usedCount).toBe(1);
  });

  it("keeps tenants apart: another tenant's cards are unknown to it", async () => {
    const { cards } = await generate({}, 1);
    const card = cards[0]!;
    const before = await snapshot();
    const res = await redeem({ cardNo: card.cardNo, cardSecret: card.cardSecret }, other);
    expect(res.body).toMatchObject({ code: 400, msg: '卡号或卡密错误' });
    expect((await enable(card.id, 2, other)).body.msg).toBe('数据不存在');
    const detailOther = await call('GET', `${P}/detail?id=${card.id}`, 'rpaCardPasswordDetail', other);
    expect(detailOther.status).toBe(400);
    const listed = await call<Page>('GET', `${P}/list?cardNo=${card.cardNo}`, 'rpaCardPasswordList', other);
    expect(listed.body.data.total).toBe(0);
    expect((await call('POST', `${P}/remove?ids=${card.id}`, 'rpaCardPasswordRemove', other)).status).toBe(
      400,
    );
    expect(await snapshot()).toEqual(before);
  });

  it('removes unused cards off their group, and keeps used ones', async () => {
    const { group, cards } = await generate({}, 3);
    expect((await redeem({ cardNo: cards[0]!.cardNo, cardSecret: cards[0]!.cardSecret })).status).toBe(200);
    const remove = (ids: string) => call('POST', `${P}/remove?ids=${ids}`, 'rpaCardPasswordRemove', admin);
    const refused = await remove(`${cards[0]!.id},${cards[1]!.id}`);
    expect(refused.body.msg).toBe('已使用的卡密不能删除');
    expect(await detail(cards[1]!.id)).toMatchObject({ cardStatus: 0 });
    expect((await remove(`${cards[1]!.id},${cards[2]!.id}`)).status).toBe(200);
    const g = await call<{ totalCount: number }>(
      'GET',
      `${G}/detail?id=${group.id}`,
      'rpaCardGroupDetail',
      admin,
    );
    expect(g.body.data.totalCount).toBe(1);
  });

  it('refuses an operator after too many wrong tries, even with the right secret', async () => {
    // tenant 100001's administrator, whose one wrong try above counts too: at most the limit of wrong answers
    const { cards } = await generate({}, 1, other);
    const card = cards[0]!;
    const answers: string[] = [];
    for (let i = 0; i <= REDEEM_TRIES.perAccount; i++)
      answers.push(
        (await redeem({ cardNo: card.cardNo, cardSecret: 'AAAA-AAAA-AAAA-AAAA' }, other)).body.msg,
      );
    const wrong = answers.filter((m) => m === '卡号或卡密错误').length;
    expect(wrong).toBeGreaterThan(REDEEM_TRIES.perAccount - 5);
    expect(answers.slice(wrong).every((m) => m === '卡密错误次数过多,请稍后再试')).toBe(true);
    expect(answers.length - wrong).toBeGreaterThan(0);
    const locked = await redeem({ cardNo: card.cardNo, cardSecret: card.cardSecret }, other);
    expect(locked.body).toMatchObject({ code: 400, msg: '卡密错误次数过多,请稍后再试' });
    const [row] = await s.handle.db
      .select()
      .from(rpaCardPassword)
      .where(eq(rpaCardPassword.id, BigInt(card.id)));
    expect(row?.cardStatus).toBe(0);
  });

  it('is refused to a caller without the card page edit button', async () => {
    const guest = (await login(s.app, '000000', 'guest', '084e0343a0486ff05530df6c705c8bb4')).access_token;
    const res = await redeem({ cardNo: 'T1', cardSecret: 'x' }, guest);
    expect(res.status).toBe(401);
    expect(res.body.msg).toBe('缺失权限');
  });
});
