/**
 * Generating card keys (smart-rpa/rpa_card_group generate, ./generate-cards.ts) on both databases: every card or none,
 * unique numbers, each secret answered once and stored only as its keyed hash; and the group's remove with its cards.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rpaCardGroup, rpaCardPassword } from '../../../db/schema';
import { cardSecretBox, cardSecretMatches } from '../../../kernel/card-secret';
import { backends, contractCall, login, startTestServer, type TestServer } from '../../../test/harness';

const G = '/api/smart-rpa/rpa_card_group';
const P = '/api/smart-rpa/rpa_card_password';

interface Group {
  id: string;
  batchNo: string;
  totalCount: number;
  usedCount: number;
}
interface Generated {
  group: Group;
  cards: { id: string; cardNo: string; cardSecret: string }[];
}
interface Page {
  total: number;
  records: Record<string, unknown>[];
}

const newGroup = (over: Record<string, unknown> = {}) => ({
  groupName: `测试卡-${Math.random().toString(36).slice(2, 8)}`,
  cardType: 1,
  faceValue: 100,
  price: 9.9,
  cardPrefix: 'YD',
  expireTime: '2099-01-01 00:00:00',
  ...over,
});

describe.each(backends)('card key generation on %s', (kind) => {
  let s: TestServer;
  let admin: string;
  let other: string;
  const call = contractCall(() => s);
  const generate = (body: object, token = admin) =>
    call<Generated>('POST', `${G}/generate`, 'rpaCardGroupGenerate', token, body);
  const cardsOf = (groupId: string) =>
    s.handle.db
      .select()
      .from(rpaCardPassword)
      .where(and(eq(rpaCardPassword.groupId, BigInt(groupId)), eq(rpaCardPassword.isDeleted, 0)));
  const groupRow = async (id: string) =>
    (
      await s.handle.db
        .select()
        .from(rpaCardGroup)
        .where(eq(rpaCardGroup.id, BigInt(id)))
    )[0];

  beforeAll(async () => {
    s = await startTestServer(kind);
    admin = (await login(s.app)).access_token;
    other = (await login(s.app, '100001')).access_token;
  });
  afterAll(async () => {
    await s?.close();
  });

  it('makes a new group with its cards: unique numbers, secrets answered once, stored as keyed hashes', async () => {
    const res = await generate({ group: newGroup(), count: 100 });
    expect(res.status, res.body.msg).toBe(200);
    const { group, cards } = res.body.data;
    expect(group).toMatchObject({ totalCount: 100, usedCount: 0 });
    expect(group.batchNo).toMatch(/^CG\d{17}$/);
    expect(cards).toHaveLength(100);
    expect(new Set(cards.map((c) => c.cardNo)).size).toBe(100);
    expect(new Set(cards.map((c) => c.cardSecret)).size).toBe(100);
    for (const c of cards) {
      expect(c.cardNo).toMatch(/^YD\d{16}$/);
      expect(c.cardSecret).toMatch(/^[2-9A-HJ-NP-Z]{4}(-[2-9A-HJ-NP-Z]{4}){3}$/);
    }
    expect(cards.map((c) => c.cardNo)).toEqual(cards.map((c) => c.cardNo).sort());

    const rows = await cardsOf(group.id);
    expect(rows).toHaveLength(100);
    const box = cardSecretBox(s.handle.db);
    for (const c of cards) {
      const row = rows.find((r) => String(r.id) === c.id)!;
      expect(row).toMatchObject({ cardNo: c.cardNo, cardStatus: 0, exported: 1, tenantId: '000000' });
      // neither the secret nor a plain hash of it: a salted HMAC under the server's key
      expect(row.cardPassword).toMatch(/^c1\.[\w-]{11}\.[\w-]{43}$/);
      expect(row.cardPassword).not.toContain(c.cardSecret.replaceAll('-', ''));
      expect(await cardSecretMatches(box, row.cardPassword, c.cardSecret.toLowerCase())).toBe(true);
      expect(
        await cardSecretMatches(box, row.cardPassword, cards[0] === c ? 'x' : cards[0]!.cardSecret),
      ).toBe(false);
    }

    // no answer shows a secret again: the list and the detail carry neither it nor its hash
    const listed = await call<Page>(
      'GET',
      `${P}/list?groupId_equal=${group.id}&size=1000`,
      'rpaCardPasswordList',
      admin,
    );
    expect(listed.body.data.total).toBe(100);
    const text = JSON.stringify(listed.body.data);
    expect(text).not.toContain('cardPassword');
    for (const c of cards.slice(0, 10)) expect(text).not.toContain(c.cardSecret);
    const detail = await call<Record<string, unknown>>(
      'GET',
      `${P}/detail?id=${cards[0]!.id}`,
      'rpaCardPasswordDetail',
      admin,
    );
    expect(detail.body.data).not.toHaveProperty('cardPassword');
    expect(detail.body.data).toMatchObject({
      cardNo: cards[0]!.cardNo,
      cardStatus: 0,
      groupName: expect.any(String),
    });
  });

  it('adds cards to an existing group and counts them', async () => {
    const first = (await generate({ group: newGroup({ cardPrefix: '' }), count: 3 })).body.data;
    const more = await generate({ groupId: first.group.id, count: 1000 });
    expect(more.status, more.body.msg).toBe(200);
    expect(more.body.data.group).toMatchObject({ id: first.group.id, totalCount: 1003 });
    expect(more.body.data.cards).toHaveLength(1000);
    expect(more.body.data.cards[0]!.cardNo).toMatch(/^\d{16}$/);
    const numbers = new Set((await cardsOf(first.group.id)).map((r) => r.cardNo));
    expect(numbers.size).toBe(1003);
  });

  it('refuses what it cannot make, and writes nothing then', async () => {
    const before = await s.handle.db.select({ id: rpaCardPassword.id }).from(rpaCardPassword);
    const groupsBefore = await s.handle.db.select({ id: rpaCardGroup.id }).from(rpaCardGroup);
    const expired = (await generate({ group: newGroup(), count: 1 })).body.data.group;
    await s.handle.db
      .update(rpaCardGroup)
      .set({ expireTime: new Date(Date.now() - 1000) })
      .where(eq(rpaCardGroup.id, BigInt(expired.id)));
    const cases: [object, string][] = [
      [{ count: 5 }, '请选择卡组或填写新卡组'],
      [{ groupId: expired.id, group: newGroup(), count: 5 }, '请选择卡组或填写新卡组'],
      [{ group: newGroup({ cardType: 3 }), count: 5 }, '机器人额度卡不能生成卡密'],
      [{ group: newGroup({ expireTime: '2020-01-01 00:00:00' }), count: 5 }, '卡组已过期，不能生成卡密'],
      [{ groupId: expired.id, count: 5 }, '卡组已过期，不能生成卡密'],
      [{ groupId: '9000000000000000001', count: 5 }, '数据不存在'],
    ];
    for (const [body, msg] of cases) {
      const res = await generate(body);
      expect(res.status, msg).toBe(400);
      expect(res.body).toMatchObject({ code: 400, success: false, msg });
    }
    for (const count of [0, 1001]) expect((await generate({ group: newGroup(), count })).status).toBe(400);
    // another tenant's group is unknown to the caller
    const foreign = await generate({ groupId: expired.id, count: 1 }, other);
    expect(foreign.body.msg).toBe('数据不存在');
    await s.handle.db
      .update(rpaCardGroup)
      .set({ totalCount: 99_999, expireTime: null })
      .where(eq(rpaCardGroup.id, BigInt(expired.id)));
    expect((await generate({ groupId: expired.id, count: 2 })).body.msg).toBe('卡组最多 100000 张卡密');

    const after = await s.handle.db.select({ id: rpaCardPassword.id }).from(rpaCardPassword);
    const groupsAfter = await s.handle.db.select({ id: rpaCardGroup.id }).from(rpaCardGroup);
    expect(after.length).toBe(before.length + 1);
    expect(groupsAfter.length).toBe(groupsBefore.length + 1);
    expect((await groupRow(expired.id))?.totalCount).toBe(99_999);
  });

  it('is refused to a caller without the card groups add button', async () => {
    const guest = (await login(s.app, '000000', 'guest', '084e0343a0486ff05530df6c705c8bb4')).access_token;
    const res = await generate({ group: newGroup(), count: 1 }, guest);
    expect(res.status).toBe(401);
    expect(res.body.msg).toBe('缺失权限');
  });

  it('removes a group with its cards, and refuses one with a used card', async () => {
    const { group, cards } = (await generate({ group: newGroup(), count: 2 })).body.data;
    const removeGroup = (id: string) => call('POST', `${G}/remove?ids=${id}`, 'rpaCardGroupRemove', admin);
    await s.handle.db
      .update(rpaCardPassword)
      .set({ cardStatus: 1 })
      .where(eq(rpaCardPassword.id, BigInt(cards[0]!.id)));
    const refused = await removeGroup(group.id);
    expect(refused.body).toMatchObject({ code: 400, msg: '卡组中有已使用的卡密，不能删除' });
    expect(await cardsOf(group.id)).toHaveLength(2);
    await s.handle.db
      .update(rpaCardPassword)
      .set({ cardStatus: 0 })
      .where(eq(rpaCardPassword.id, BigInt(cards[0]!.id)));
    expect((await removeGroup(group.id)).status).toBe(200);
    expect(await cardsOf(group.id)).toHaveLength(0);
    expect((await groupRow(group.id))?.isDeleted).toBe(1);
  });
});
