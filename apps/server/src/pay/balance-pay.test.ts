// Paying orders from the money balance (smart-pay/balance/pay) and an order's pay attempts (order/payAttempts), on
// both databases: the order completed and credited once, the balance debited once and never below zero, one
// consumption row in the ledger, every refusal writing nothing, concurrent payments of one order paying once, and
// a QR attempt still open at a channel closed before the balance pays.
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceLog, order, pay, powerLogs, user } from '../db/schema';
import { backends, contractCall, login, startTestServer, type TestServer } from '../test/harness';

interface Order {
  id: string;
  orderNo: string;
  payAmount: number;
  powerAmount: number;
  orderStatus: number;
  payChannel: string;
}
interface Attempt {
  id: string;
  payNo: string;
  channel: string;
  payStatus: number;
  channelTradeNo: string;
  successTime: string;
}

const md5 = (s: string) => createHash('md5').update(s).digest('hex');
const O = '/api/smart-order/order';

describe.each(backends)('balance payments on %s', (kind) => {
  let s: TestServer;
  let admin: string;
  let adminId: bigint;
  let guest: string;
  let demo: string;
  beforeAll(async () => {
    s = await startTestServer(kind, { pay: { sandbox: true, queryIntervalMs: 0, sweepIntervalMs: 0 } });
    await s.app.listen({ port: 0, host: '127.0.0.1' });
    const t = await login(s.app);
    admin = t.access_token;
    adminId = BigInt(t.user_id);
    guest = (await login(s.app, '000000', 'guest', md5('guest'))).access_token;
    demo = (await login(s.app, '100001')).access_token;
  });
  afterAll(async () => {
    await s?.close();
  });

  const call = contractCall(() => s);
  const setBalance = (yuan: number) =>
    s.handle.db.update(user).set({ balance: yuan }).where(eq(user.id, adminId));
  const figures = async () =>
    (
      await s.handle.db
        .select({ balance: user.balance, power: user.power })
        .from(user)
        .where(eq(user.id, adminId))
    )[0]!;
  const place = async (amount = 99, productName = '算力包 1000') => {
    const r = await call<Order>('POST', `${O}/placeOrder`, 'orderPlaceOrder', admin, {
      productType: 1,
      productName,
      quantity: 1,
      amount,
      payChannel: 'BALANCE',
    });
    expect(r.status, r.body.msg).toBe(200);
    return r.body.data;
  };
  const balancePay = (o: Pick<Order, 'id' | 'payAmount'>, token = admin, amount = o.payAmount) =>
    call<Order>('POST', '/api/smart-pay/balance/pay', 'balancePay', token, { orderId: o.id, amount });
  const attempts = (id: string, token = admin) =>
    call<Attempt[]>('GET', `${O}/payAttempts?id=${id}`, 'orderPayAttempts', token);
  const ledger = (orderNo: string) =>
    s.handle.db.select().from(balanceLog).where(eq(balanceLog.bizNo, orderNo));
  const powerRows = (orderId: string) =>
    s.handle.db
      .select()
      .from(powerLogs)
      .where(and(eq(powerLogs.bizType, 'ORDER'), eq(powerLogs.bizId, orderId)));

  it('pays an order from the balance: completed, credited once, one consumption row, a BALANCE attempt', async () => {
    await setBalance(200);
    const before = await figures();
    const o = await place();
    const r = await balancePay(o);
    expect(r.status, r.body.msg).toBe(200);
    expect(r.body.data.orderStatus).toBe(2);
    expect(r.body.data.payChannel).toBe('BALANCE');
    const after = await figures();
    expect(after.balance).toBe(before.balance - o.payAmount);
    expect(after.power).toBe(before.power + o.powerAmount);
    expect(await powerRows(o.id)).toHaveLength(1);
    const rows = await ledger(o.orderNo);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.changeType).toBe(2);
    expect(rows[0]!.amount).toBe(-o.payAmount);
    expect(rows[0]!.balanceBefore).toBe(before.balance);
    expect(rows[0]!.balanceAfter).toBe(after.balance);
    const list = await attempts(o.id);
    expect(list.status).toBe(200);
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0]!.channel).toBe('BALANCE');
    expect(list.body.data[0]!.payStatus).toBe(1);
    expect(list.body.data[0]!.channelTradeNo).toBe(list.body.data[0]!.payNo);
    expect(list.body.data[0]!.successTime).not.toBe('');
    // paid: a second payment is refused and takes nothing
    const again = await balancePay(o);
    expect(again.status).toBe(400);
    expect(again.body.msg).toBe('订单已支付');
    expect((await figures()).balance).toBe(after.balance);
  });

  it('refuses too little balance, a wrong amount and a stranger, writing nothing', async () => {
    await setBalance(50);
    const o = await place();
    const poor = await balancePay(o);
    expect(poor.status).toBe(400);
    expect(poor.body.msg).toBe('余额不足');
    expect((await figures()).balance).toBe(50);
    expect(await ledger(o.orderNo)).toHaveLength(0);
    expect(
      await s.handle.db
        .select()
        .from(pay)
        .where(eq(pay.orderId, BigInt(o.id))),
    ).toHaveLength(0);
    const [row] = await s.handle.db
      .select()
      .from(order)
      .where(eq(order.id, BigInt(o.id)));
    expect(row!.orderStatus).toBe(0);
    expect((await balancePay(o, admin, 1)).body.msg).toBe('支付金额与订单应付金额不一致');
    expect((await balancePay(o, guest)).body.msg).toBe('订单不存在');
    expect((await attempts(o.id, demo)).status).toBe(400);
  });

  it('pays one of five concurrent payments of an order, and one of two orders the balance covers once', async () => {
    await setBalance(150);
    const o = await place();
    const results = await Promise.all(Array.from({ length: 5 }, () => balancePay(o)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect((await figures()).balance).toBe(150 - o.payAmount);
    expect(await powerRows(o.id)).toHaveLength(1);
    expect(await ledger(o.orderNo)).toHaveLength(1);

    const [a, b] = [await place(), await place()];
    const two = await Promise.all([balancePay(a), balancePay(b)]);
    expect(two.filter((r) => r.status === 200)).toHaveLength(0);
    await setBalance(100);
    const raced = await Promise.all([balancePay(a), balancePay(b)]);
    expect(raced.filter((r) => r.status === 200)).toHaveLength(1);
    expect(raced.find((r) => r.status === 400)!.body.msg).toBe('余额不足');
    expect((await figures()).balance).toBe(1);
  });

  it('closes a QR attempt still open at the channel before the balance pays, and lists both attempts', async () => {
    await setBalance(100);
    const o = await place();
    const qr = await call('POST', '/api/smart-pay/wxPay/scanCode', 'wxPayScanCode', admin, {
      orderId: o.id,
      amount: o.payAmount,
    });
    expect(qr.status).toBe(200);
    expect((await balancePay(o)).status).toBe(200);
    const list = (await attempts(o.id)).body.data;
    expect(list.map((x) => [x.channel, x.payStatus])).toEqual([
      ['BALANCE', 1],
      ['WECHAT_NATIVE', 2],
    ]);
  });
});
