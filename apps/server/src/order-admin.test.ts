import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { order, user } from './db/schema';
import { expectContract } from './test/contract';
import { backends, contractCall, login, startTestServer, type Env, type TestServer } from './test/harness';

interface Order {
  id: string;
  orderNo: string;
  ydUserId: string;
  productName: string;
  unitPrice: number;
  totalAmount: number;
  payAmount: number;
  discountAmount: number;
  orderStatus: number;
  remark: string;
  closeReason: string;
}
interface Ledger {
  id: string;
  ydUserId: string;
  changeType: number;
  amount: number;
  bizType: string;
  bizNo: string;
  balanceBefore: number;
  balanceAfter: number;
  operatorId: string;
  remark: string;
}

const md5 = (s: string) => createHash('md5').update(s).digest('hex');
const O = '/api/smart-order/order';
const B = '/api/smart-order/balance_log';
const ADMIN_ID = '1123598821738675201';

describe.each(backends)(
  'order management and the balance ledger, without payment channels, on %s',
  (kind) => {
    let s: TestServer;
    let admin: string;
    let guest: string;
    let guestId: string;
    let operator: string;
    let demo: string;

    beforeAll(async () => {
      // no channel configured; the expiry sweep runs every 100 ms
      s = await startTestServer(kind, { pay: { sandbox: false, sweepIntervalMs: 100 } });
      admin = (await login(s.app, '000000')).access_token;
      const g = await login(s.app, '000000', 'guest', md5('guest'));
      guest = g.access_token;
      guestId = g.user_id;
      operator = (await login(s.app, '000000', 'operator', md5('operator'))).access_token;
      demo = (await login(s.app, '100001')).access_token;
    });
    afterAll(async () => {
      await s?.close();
    });

    const call = contractCall(() => s);
    const balanceOf = async (id: string) =>
      Number(
        (
          await s.handle.db
            .select()
            .from(user)
            .where(eq(user.id, BigInt(id)))
        )[0]!.balance,
      );

    it('answers 支付渠道未配置 on every pay call and notification when no channel is configured', async () => {
      const placed = await call<Order>('POST', `${O}/placeOrder`, 'orderPlaceOrder', guest, {
        productType: 1,
        productName: '算力包 1000',
        quantity: 1,
        amount: 99,
      });
      expect(placed.status).toBe(200);
      for (const [url, op] of [
        ['/api/smart-pay/aliPay/pcPay', 'aliPayPcPay'],
        ['/api/smart-pay/aliPay/tradePreCreatePay', 'aliPayTradePreCreatePay'],
        ['/api/smart-pay/wxPay/scanCode', 'wxPayScanCode'],
      ] as const) {
        const r = await call('POST', url, op, guest, { orderId: placed.body.data.id, amount: 99 });
        expect(r).toMatchObject({ status: 400, body: { msg: '支付渠道未配置' } });
      }
      const ali = await s.app.inject({
        method: 'POST',
        url: '/api/smart-pay/aliPay/notify',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload:
          'notify_time=x&notify_type=trade_status_sync&notify_id=1&app_id=1&sign_type=RSA2&sign=x&out_trade_no=PP1&trade_status=TRADE_SUCCESS',
      });
      expect(ali.statusCode).toBe(400);
      expect(expectContract<Env>(ali, 'aliPayNotify').msg).toBe('支付渠道未配置');
      const wx = await s.app.inject({
        method: 'POST',
        url: '/api/smart-pay/wxPay/notify',
        headers: {
          'content-type': 'application/json',
          'wechatpay-timestamp': '1',
          'wechatpay-nonce': 'n',
          'wechatpay-signature': 's',
          'wechatpay-serial': 'x',
        },
        payload: {
          id: 'EV',
          create_time: 'x',
          event_type: 'TRANSACTION.SUCCESS',
          resource_type: 'encrypt-resource',
          resource: { algorithm: 'AEAD_AES_256_GCM', ciphertext: 'x', nonce: 'n' },
        },
      });
      expect(wx.statusCode).toBe(400);
      expect(expectContract<Env>(wx, 'wxPayNotify').msg).toBe('支付渠道未配置');
      // the order is untouched and still the guest's to pay later
      expect(
        (
          await s.handle.db
            .select()
            .from(order)
            .where(eq(order.id, BigInt(placed.body.data.id)))
        )[0]!.orderStatus,
      ).toBe(0);
    });

    it('lets the order page make, edit and remove orders by hand, with its buttons only', async () => {
      const body = {
        ydUserId: guestId,
        productType: 1,
        productId: '',
        productName: '人工订单',
        quantity: 2,
        unitPrice: 50,
        discountAmount: 10,
        powerAmount: 800,
        payChannel: '',
        closeReason: '',
        remark: '线下报价',
      };
      for (const token of [guest, operator]) {
        expect((await call('POST', `${O}/submit`, 'orderSubmit', token, body)).status).toBe(401);
      }
      const made = await call<Order>('POST', `${O}/submit`, 'orderSubmit', admin, body);
      expect(made.status, made.body.msg).toBe(200);
      expect(made.body.data).toMatchObject({
        ydUserId: guestId,
        totalAmount: 100,
        payAmount: 90,
        orderStatus: 0,
        remark: '线下报价',
      });
      const id = made.body.data.id;

      const edited = await call<Order>('POST', `${O}/submit`, 'orderSubmit', admin, {
        ...body,
        id,
        unitPrice: 60,
      });
      expect(edited.body.data).toMatchObject({ totalAmount: 120, payAmount: 110 });
      expect(
        (await call('POST', `${O}/submit`, 'orderSubmit', admin, { ...body, discountAmount: 101 })).body.msg,
      ).toMatch(/优惠/);
      const unknown = await call('POST', `${O}/submit`, 'orderSubmit', admin, {
        ...body,
        ydUserId: '1790000000000002101',
      });
      expect(unknown).toMatchObject({ status: 400, body: { msg: '客户不存在' } });
      // a user of another tenant is no customer here
      expect((await call('POST', `${O}/submit`, 'orderSubmit', demo, body)).body.msg).toBe('客户不存在');

      // once paid, only remark and close reason change, and it cannot be removed
      await s.handle.db
        .update(order)
        .set({ orderStatus: 2 })
        .where(eq(order.id, BigInt(id)));
      const late = await call<Order>('POST', `${O}/submit`, 'orderSubmit', admin, {
        ...body,
        id,
        unitPrice: 1,
        remark: '已付',
      });
      expect(late.body.data).toMatchObject({ unitPrice: 60, payAmount: 110, remark: '已付', orderStatus: 2 });
      const refused = await call('POST', `${O}/remove?ids=${id}`, 'orderRemove', admin);
      expect(refused).toMatchObject({ status: 400, body: { msg: '已支付的订单不能删除' } });

      // an unpaid one is closed, then removed; the guest (no delete button) cannot
      const other = (await call<Order>('POST', `${O}/submit`, 'orderSubmit', admin, body)).body.data;
      expect((await call('POST', `${O}/remove?ids=${other.id}`, 'orderRemove', guest)).status).toBe(401);
      expect((await call('POST', `${O}/remove?ids=${other.id}`, 'orderRemove', admin)).status).toBe(200);
      const [row] = await s.handle.db
        .select()
        .from(order)
        .where(eq(order.id, BigInt(other.id)));
      expect(row).toMatchObject({ isDeleted: 1, orderStatus: 3, closeReason: '已删除' });
      expect((await call('GET', `${O}/detail?id=${other.id}`, 'orderDetail', admin)).status).toBe(400);
    });

    it('closes expired unpaid orders in the background', async () => {
      const placed = await call<Order>('POST', `${O}/placeOrder`, 'orderPlaceOrder', guest, {
        productType: 2,
        productName: '月度会员',
        quantity: 1,
        amount: 30,
      });
      const id = BigInt(placed.body.data.id);
      await s.handle.db
        .update(order)
        .set({ expireTime: new Date(Date.now() - 1000) })
        .where(eq(order.id, id));
      let status = 0;
      for (let i = 0; i < 50 && status === 0; i++) {
        await new Promise((r) => setTimeout(r, 100));
        status = (await s.handle.db.select().from(order).where(eq(order.id, id)))[0]!.orderStatus;
      }
      expect(status).toBe(3);
    });

    it('records manual balance changes, applied to the customer in the same transaction', async () => {
      const before = await balanceOf(guestId);
      const add = { ydUserId: guestId, changeType: 4, amount: 50.5, remark: '活动赠送' };
      expect((await call('POST', `${B}/submit`, 'balanceLogSubmit', guest, add)).status).toBe(401);
      expect((await call('POST', `${B}/submit`, 'balanceLogSubmit', operator, add)).status).toBe(401);
      const made = await call<Ledger>('POST', `${B}/submit`, 'balanceLogSubmit', admin, add);
      expect(made.status, made.body.msg).toBe(200);
      expect(made.body.data).toMatchObject({
        ydUserId: guestId,
        changeType: 4,
        amount: 50.5,
        bizType: 'ADJUST',
        balanceBefore: before,
        balanceAfter: before + 50.5,
        operatorId: ADMIN_ID,
        remark: '活动赠送',
      });
      expect(made.body.data.bizNo).toMatch(/^ADJ[0-9]+$/);
      expect(await balanceOf(guestId)).toBe(before + 50.5);

      const below = await call('POST', `${B}/submit`, 'balanceLogSubmit', admin, {
        ...add,
        changeType: 6,
        amount: -1000,
      });
      expect(below).toMatchObject({ status: 400, body: { msg: '余额不足' } });
      expect(
        (await call('POST', `${B}/submit`, 'balanceLogSubmit', admin, { ...add, amount: 0 })).body.msg,
      ).toMatch(/不能为 0/);
      expect(
        (
          await call('POST', `${B}/submit`, 'balanceLogSubmit', admin, {
            ...add,
            ydUserId: '1790000000000002101',
          })
        ).body.msg,
      ).toBe('客户不存在');
      // another tenant can neither change our customers' balances nor see the row
      expect((await call('POST', `${B}/submit`, 'balanceLogSubmit', demo, add)).body.msg).toBe('客户不存在');
      expect(
        (await call('GET', `${B}/detail?id=${made.body.data.id}`, 'balanceLogDetail', demo)).status,
      ).toBe(400);
      expect(await balanceOf(guestId)).toBe(before + 50.5);

      // an edit changes the remark only: the amounts are history
      const edited = await call<Ledger>('POST', `${B}/submit`, 'balanceLogSubmit', admin, {
        ...add,
        id: made.body.data.id,
        amount: 9999,
        remark: '更正说明',
      });
      expect(edited.body.data).toMatchObject({ amount: 50.5, remark: '更正说明' });
      expect(await balanceOf(guestId)).toBe(before + 50.5);

      const listed = await call<{ records: Ledger[] }>(
        'GET',
        `${B}/list?ydUserId_equal=${guestId}&changeType_equal=4&bizType_equal=ADJUST`,
        'balanceLogList',
        admin,
      );
      expect(listed.body.data.records.map((r) => r.id)).toContain(made.body.data.id);
      // a manual row has no order behind it
      const noOrder = await call(
        'GET',
        `${B}/detorderl?id=${made.body.data.id}`,
        'balanceLogDetorderl',
        admin,
      );
      expect(noOrder).toMatchObject({ status: 400, body: { msg: '该记录没有关联订单' } });

      // removing hides the row and keeps the balance
      expect(
        (await call('POST', `${B}/remove?ids=${made.body.data.id}`, 'balanceLogRemove', guest)).status,
      ).toBe(401);
      expect(
        (await call('POST', `${B}/remove?ids=${made.body.data.id}`, 'balanceLogRemove', admin)).status,
      ).toBe(200);
      expect(
        (await call('GET', `${B}/detail?id=${made.body.data.id}`, 'balanceLogDetail', admin)).status,
      ).toBe(400);
      expect(await balanceOf(guestId)).toBe(before + 50.5);
    });
  },
);
