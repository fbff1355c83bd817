import { createHash, generateKeyPairSync } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceLog, order, pay, powerLogs } from './db/schema';
import { AlipayClient } from './pay/alipay/client';
import { signNotify, type Params } from './pay/alipay/sign';
import { ChannelRefusal, ChannelUnavailable } from './pay/channel';
import { createPayRuntime } from './pay/runtime';
import { sweepExpired } from './pay/settle';
import { WechatPayClient } from './pay/wechat/client';
import { sandboxOf, type PaySandbox } from './pay/sandbox/index';
import { encryptResource } from './pay/wechat/sign';
import { expectContract } from './test/contract';
import {
  authHeaders,
  backends,
  contractCall,
  login,
  startTestServer,
  type Env,
  type TestServer,
} from './test/harness';

interface Order {
  id: string;
  orderNo: string;
  ydUserId: string;
  productName: string;
  quantity: number;
  unitPrice: number;
  totalAmount: number;
  payAmount: number;
  powerAmount: number;
  orderStatus: number;
  payChannel: string;
  expireTime: string;
  closeReason: string;
  deliverStatus: number;
  paidTime: string;
}
interface Attempt {
  payId: string;
  orderId: string;
  outTradeNo: string;
  channel: string;
  amount: number;
  expireTime: string;
  qrCode?: string;
  payForm?: string;
  payUrl?: string;
}
interface PayStatus {
  orderId: string;
  orderNo: string;
  orderStatus: number;
  payStatus: number;
  payChannel: string;
  channelStatus: string;
  payAmount: number;
  paidTime: string;
  finished: boolean;
}
interface Ledger {
  id: string;
  changeType: number;
  amount: number;
  bizType: string;
  bizNo: string;
  balanceBefore: number;
  balanceAfter: number;
}
interface Figures {
  power: number;
  balance: number;
  expireTime: string;
}

const md5 = (s: string) => createHash('md5').update(s).digest('hex');
const O = '/api/smart-order/order';
const PAY_PATHS = {
  ALIPAY_PC: ['/api/smart-pay/aliPay/pcPay', 'aliPayPcPay'],
  ALIPAY_QR: ['/api/smart-pay/aliPay/tradePreCreatePay', 'aliPayTradePreCreatePay'],
  WECHAT_NATIVE: ['/api/smart-pay/wxPay/scanCode', 'wxPayScanCode'],
} as const;
type Channel = keyof typeof PAY_PATHS;

describe.each(backends)('orders and payments through the sandbox gateways on %s', (kind) => {
  let s: TestServer;
  let sandbox: PaySandbox;
  let admin: string;
  let guest: string;
  let demo: string; // admin of tenant 100001

  beforeAll(async () => {
    // queries on every poll (no 5 s gap) and no background sweep: the tests drive every step
    s = await startTestServer(kind, { pay: { sandbox: true, queryIntervalMs: 0, sweepIntervalMs: 0 } });
    // the fake gateways and our clients talk over real HTTP on 127.0.0.1
    await s.app.listen({ port: 0, host: '127.0.0.1' });
    sandbox = sandboxOf(s.app)!;
    admin = (await login(s.app, '000000')).access_token;
    guest = (await login(s.app, '000000', 'guest', md5('guest'))).access_token;
    demo = (await login(s.app, '100001')).access_token;
  });
  afterAll(async () => {
    await s?.close();
  });

  /** A contract-checked call: the body must match the response schema of `op` for its status. */
  const call = contractCall(() => s);

  const place = async (token: string, body: object) =>
    call<Order>('POST', `${O}/placeOrder`, 'orderPlaceOrder', token, body);
  const placeOk = async (token: string, productName = '算力包 1000', amount = 99, productType = 1) => {
    const r = await place(token, {
      productType,
      productName,
      quantity: 1,
      amount,
      payChannel: 'WECHAT_NATIVE',
    });
    expect(r.status, r.body.msg).toBe(200);
    return r.body.data;
  };
  const startPay = async (
    token: string,
    channel: Channel,
    o: Pick<Order, 'id' | 'payAmount'>,
    extra: object = {},
  ) => {
    const [url, op] = PAY_PATHS[channel];
    return call<Attempt>('POST', url, op, token, { orderId: o.id, amount: o.payAmount, ...extra });
  };
  const startPayOk = async (token: string, channel: Channel, o: Pick<Order, 'id' | 'payAmount'>) => {
    const r = await startPay(token, channel, o);
    expect(r.status, r.body.msg).toBe(200);
    return r.body.data;
  };
  const status = async (token: string, query: string) => {
    const r = await call<PayStatus>(
      'POST',
      `${O}/getOrderPayStatus?${query}`,
      'orderGetOrderPayStatus',
      token,
    );
    return r;
  };
  const statusOk = async (token: string, id: string) => {
    const r = await status(token, `id=${id}`);
    expect(r.status, r.body.msg).toBe(200);
    return r.body.data;
  };
  const figures = async (token: string): Promise<Figures> =>
    (await call<Figures>('GET', '/api/smart-auth/oauth/user-info', 'oauthUserInfo', token)).body.data;
  const ledgerOf = async (token: string, orderNo: string) => {
    const r = await call<{ records: Ledger[] }>(
      'GET',
      `/api/smart-order/balance_log/list?bizNo=${orderNo}&ascs=change_type`,
      'balanceLogList',
      token,
    );
    return r.body.data.records;
  };
  /** The power-ledger rows an order wrote (src/engine/power/ledger.ts: bizType ORDER, bizId the order's id). */
  const powerRowsOf = (orderId: string) =>
    s.handle.db
      .select()
      .from(powerLogs)
      .where(and(eq(powerLogs.bizType, 'ORDER'), eq(powerLogs.bizId, orderId)));
  /** The one power-ledger row of a paid power order: the package credited on top of `before`. */
  const expectOneCredit = async (o: Order, before: number) => {
    const rows = await powerRowsOf(o.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      ydUserId: BigInt(o.ydUserId),
      changeType: 1,
      power: o.powerAmount,
      powerBefore: before,
      powerAfter: before + o.powerAmount,
      platform: '',
    });
    expect(rows[0]!.remark).toContain(o.orderNo);
  };
  /**
   * Every power change of the customer is a ledger row: the rows, oldest first, chain (each starts where the
   * previous one ended) and the last ends at the power the user row holds.
   */
  const expectLedgerMatches = async (token: string, userId: string) => {
    const rows = await s.handle.db
      .select()
      .from(powerLogs)
      .where(eq(powerLogs.ydUserId, BigInt(userId)))
      .orderBy(asc(powerLogs.id));
    expect(rows.length).toBeGreaterThan(0);
    for (let i = 1; i < rows.length; i++) expect(rows[i]!.powerBefore).toBe(rows[i - 1]!.powerAfter);
    expect((await figures(token)).power).toBe(rows[rows.length - 1]!.powerAfter);
  };
  /** Pays at the sandbox gateway of `channel`, as the buyer clicking "pay". */
  const buyerPays = (channel: Channel, outTradeNo: string, notify = true) =>
    channel === 'WECHAT_NATIVE'
      ? sandbox.wechat.pay(outTradeNo, { notify })
      : sandbox.alipay.pay(outTradeNo, { notify });
  const aliNotify = (params: Params) =>
    s.app.inject({
      method: 'POST',
      url: '/api/smart-pay/aliPay/notify',
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
      payload: new URLSearchParams(params).toString(),
    });
  const wxNotify = (headers: Record<string, string>, body: string) =>
    s.app.inject({
      method: 'POST',
      url: '/api/smart-pay/wxPay/notify',
      headers: { 'content-type': 'application/json', ...headers },
      payload: body,
    });
  const orderRow = async (id: string) =>
    (
      await s.handle.db
        .select()
        .from(order)
        .where(eq(order.id, BigInt(id)))
    )[0]!;

  it('places orders at the server price: packages, open top-ups, stale prices and what is not on sale', async () => {
    const pkg = await placeOk(admin);
    expect(pkg).toMatchObject({
      productName: '算力包 1000',
      quantity: 1,
      unitPrice: 99,
      totalAmount: 99,
      payAmount: 99,
      powerAmount: 1000,
      orderStatus: 0,
      payChannel: 'WECHAT_NATIVE',
    });
    expect(pkg.orderNo).toMatch(/^PO[0-9]{20}$/);
    const expiresIn = new Date(pkg.expireTime.replace(' ', 'T')).getTime() - Date.now();
    expect(expiresIn).toBeGreaterThan(14 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(15 * 60_000);

    const two = await place(admin, { productType: 1, productName: '算力包 1000', quantity: 2, amount: 198 });
    expect(two.body.data).toMatchObject({ totalAmount: 198, powerAmount: 2000, quantity: 2 });

    // a price the page showed before the list changed
    const stale = await place(admin, { productType: 1, productName: '算力包 1000', quantity: 1, amount: 98 });
    expect(stale.status).toBe(400);
    expect(stale.body.msg).toMatch(/价格/);

    // the recharge page's free amount: any other name, credited at the list's rate, named by the server
    const open = await place(admin, {
      productType: 1,
      productName: 'Power recharge',
      quantity: 1,
      amount: 30,
    });
    expect(open.body.data).toMatchObject({ productName: '算力充值', payAmount: 30, powerAmount: 300 });
    const member = await place(admin, { productType: 2, productName: '月度会员', quantity: 1, amount: 30 });
    expect(member.body.data).toMatchObject({ productName: '月度会员', powerAmount: 0, payAmount: 30 });

    // 19.99 / 0.01 is not an integer in binary floating point: the request must still validate
    const cents = await s.app.inject({
      method: 'POST',
      url: `${O}/placeOrder`,
      headers: authHeaders(admin),
      payload: { productType: 1, productName: '算力充值', quantity: 1, amount: 19.99 },
    });
    expect(cents.statusCode, cents.body).toBe(200);
    expect(expectContract(cents, 'orderPlaceOrder')).toMatchObject({
      data: { payAmount: 19.99, powerAmount: 199 },
    });

    for (const [body, msg] of [
      [{ productType: 1, productName: '算力充值', quantity: 1, amount: 0.5 }, /充值金额须在/],
      [{ productType: 1, productName: '算力充值', quantity: 2, amount: 10 }, /数量/],
      [{ productType: 3, productName: '机器人', quantity: 1, amount: 10 }, /暂未开放/],
      [
        { productType: 4, productId: '1790000000000000001', productName: '卡密', quantity: 1, amount: 10 },
        /商品不存在/,
      ],
      [
        {
          ydUserId: '1123598821738675211',
          productType: 1,
          productName: '算力包 1000',
          quantity: 1,
          amount: 99,
        },
        /本人/,
      ],
    ] as const) {
      const r = await place(admin, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.msg).toMatch(msg);
    }
  });

  const priceList = async (token: string, productType: number | string) =>
    call<{ onSale: boolean; packages: { name: string; price: number; value: number }[]; open?: object }>(
      'GET',
      `/api/smart-order/order/priceList?productType=${productType}`,
      'orderPriceList',
      token,
    );

  it('tells the recharge page what each product type sells for', async () => {
    const power = await priceList(guest, 1);
    expect(power.status).toBe(200);
    expect(power.body.data).toEqual({
      productType: 1,
      onSale: true,
      packages: [
        { name: '算力包 1000', price: 99, value: 1000 },
        { name: '算力包 5000', price: 449, value: 5000 },
        { name: '算力包 20000', price: 1599, value: 20000 },
      ],
      open: { name: '算力充值', min: 1, max: 50000, rate: 10 },
    });
    expect((await priceList(guest, 2)).body.data.packages.map((p) => p.name)).toEqual([
      '月度会员',
      '年度会员',
    ]);
    // robot quota and card purchases have no list of their own
    expect((await priceList(guest, 4)).body.data).toEqual({ productType: 4, onSale: false, packages: [] });
    for (const bad of [5, 'x', '']) expect((await priceList(guest, bad)).status).toBe(400);
  });

  it('takes a tenant price list from its parameter, else the platform list', async () => {
    const list = { packages: [{ name: '演示算力包', price: 9.9, value: 50 }] };
    const saved = await call('POST', '/api/smart-system/param/submit', 'paramSubmit', demo, {
      paramName: '算力价格',
      paramKey: 'order.price.1',
      paramValue: JSON.stringify(list),
    });
    expect(saved.status, saved.body.msg).toBe(200);
    // the recharge page shows the tenant's own list, the other tenant keeps the platform's
    expect((await priceList(demo, 1)).body.data).toEqual({ productType: 1, onSale: true, ...list });
    expect((await priceList(admin, 1)).body.data.packages).toHaveLength(3);
    const own = await place(demo, { productType: 1, productName: '演示算力包', quantity: 1, amount: 9.9 });
    expect(own.body.data).toMatchObject({ powerAmount: 50, payAmount: 9.9 });
    // its list has no open top-up and not the platform's packages
    expect(
      (await place(demo, { productType: 1, productName: '算力包 1000', quantity: 1, amount: 99 })).status,
    ).toBe(400);
    // membership: no own parameter, the built-in platform list
    expect(
      (await place(demo, { productType: 2, productName: '月度会员', quantity: 1, amount: 30 })).status,
    ).toBe(200);
    // tenant 000000 is not affected
    expect(
      (await place(admin, { productType: 1, productName: '演示算力包', quantity: 1, amount: 9.9 })).body.data,
    ).toMatchObject({ productName: '算力充值', powerAmount: 99 });
  });

  it.each(['ALIPAY_QR', 'WECHAT_NATIVE', 'ALIPAY_PC'] as const)(
    'pays with %s: the sandbox verifies our request, the notification completes the order and credits once',
    async (channel) => {
      const before = await figures(guest);
      const o = await placeOk(guest);
      const attempt = await startPayOk(guest, channel, o);
      expect(attempt).toMatchObject({ orderId: o.id, channel, amount: 99, expireTime: o.expireTime });
      expect(attempt.outTradeNo).toMatch(/^PP[0-9]{20}$/);

      if (channel === 'ALIPAY_PC') {
        expect(attempt.payForm).toContain('alipay.trade.page.pay');
        expect(attempt.payForm).toContain('document.forms[0].submit()');
        // the browser opens the signed URL at the gateway: the sandbox verifies it and shows its cashier
        const page = await fetch(attempt.payUrl!);
        expect(page.status).toBe(200);
        const html = await page.text();
        expect(html).toContain('收银台');
        expect(html).toContain(attempt.outTradeNo);
        // a tampered URL fails the gateway's signature check
        const forged = await (
          await fetch(attempt.payUrl!.replace('total_amount%22%3A%2299.00', 'total_amount%22%3A%220.01'))
        ).text();
        expect(forged).toContain('验签出错');
      } else {
        expect(attempt.qrCode).toMatch(/\/sandbox-pay\/(alipay|wechat)\/qr\/PP/);
        const pending = await statusOk(guest, o.id);
        expect(pending).toMatchObject({ orderStatus: 0, payStatus: 0, payChannel: channel, finished: false });
        // Alipay has not seen a precreated trade before it is scanned
        expect(pending.channelStatus).toBe(channel === 'ALIPAY_QR' ? 'TRADE_NOT_EXIST' : 'NOTPAY');
        // the person opens the QR code's link: the sandbox's pay page
        const page = await fetch(attempt.qrCode!);
        expect(await page.text()).toContain('确认付款');
      }

      const paid = await buyerPays(channel, attempt.outTradeNo);
      expect(paid).toEqual({ paid: true, notified: true });

      const done = await statusOk(guest, o.id);
      expect(done).toMatchObject({
        orderStatus: 2,
        payStatus: 1,
        payChannel: channel,
        finished: true,
        payAmount: 99,
      });
      expect(done.channelStatus).toBe(channel === 'WECHAT_NATIVE' ? 'SUCCESS' : 'TRADE_SUCCESS');
      expect(done.paidTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      const detail = await call<Order>('GET', `${O}/detail?id=${o.id}`, 'orderDetail', admin);
      expect(detail.body.data).toMatchObject({ orderStatus: 2, deliverStatus: 1, payChannel: channel });

      const after = await figures(guest);
      expect(after.power).toBe(before.power + 1000);
      expect(after.balance).toBe(before.balance);
      // the power through its ledger: one recharge row for the order
      await expectOneCredit(o, before.power);
      await expectLedgerMatches(guest, o.ydUserId);
      // the money through the ledger: a recharge and its consumption by the order
      const ledger = await ledgerOf(admin, o.orderNo);
      expect(ledger.map((l) => [l.changeType, l.amount, l.bizType])).toEqual([
        [1, 99, 'ORDER'],
        [2, -99, 'ORDER'],
      ]);
      expect(ledger[0]).toMatchObject({ balanceBefore: before.balance, balanceAfter: before.balance + 99 });
      const behind = await call<Order>(
        'GET',
        `/api/smart-order/balance_log/detorderl?id=${ledger[0]!.id}`,
        'balanceLogDetorderl',
        admin,
      );
      expect(behind.body.data.orderNo).toBe(o.orderNo);

      // a paid order takes no new attempt
      const again = await startPay(guest, channel, o);
      expect(again.status).toBe(400);
    },
  );

  it('extends the validity of a membership from its current end', async () => {
    const before = await figures(guest);
    const o = await placeOk(guest, '月度会员', 30, 2);
    const attempt = await startPayOk(guest, 'WECHAT_NATIVE', o);
    await buyerPays('WECHAT_NATIVE', attempt.outTradeNo);
    const after = await figures(guest);
    const days =
      (Date.parse(after.expireTime.replace(' ', 'T')) - Date.parse(before.expireTime.replace(' ', 'T'))) /
      86_400_000;
    expect(days).toBe(30);
    expect(after.power).toBe(before.power);
    // no power bought, no power-ledger row (a ledger change is never 0: openapi/schemas/ai/power-logs.yaml)
    expect(await powerRowsOf(o.id)).toEqual([]);
    expect(await ledgerOf(admin, o.orderNo)).toHaveLength(2);
  });

  it('credits once when a notification is replayed, and when a notification and polls race', async () => {
    // WeChat Pay replays (it retries until acknowledged)
    const w = await placeOk(guest);
    const wa = await startPayOk(guest, 'WECHAT_NATIVE', w);
    await buyerPays('WECHAT_NATIVE', wa.outTradeNo);
    const afterFirst = await figures(guest);
    const wn = sandbox.wechat.notifications.get(wa.outTradeNo)!;
    const replay = await wxNotify(wn.headers, wn.body);
    expect(replay.statusCode, replay.body).toBe(204);
    expect((await statusOk(guest, w.id)).orderStatus).toBe(2);
    expect((await figures(guest)).power).toBe(afterFirst.power);
    await expectOneCredit(w, afterFirst.power - 1000);

    // Alipay replays
    const a = await placeOk(guest);
    const aa = await startPayOk(guest, 'ALIPAY_QR', a);
    await buyerPays('ALIPAY_QR', aa.outTradeNo);
    const afterAli = await figures(guest);
    const again = await aliNotify(sandbox.alipay.notifications.get(aa.outTradeNo)!);
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe('success');
    expect((await figures(guest)).power).toBe(afterAli.power);
    const [row] = await s.handle.db.select().from(pay).where(eq(pay.payNo, aa.outTradeNo));
    expect(row!.notifyCount).toBe(2);
    await expectOneCredit(a, afterAli.power - 1000);

    // paid without a notification yet, then the notification and three polls at once
    const r = await placeOk(guest);
    const ra = await startPayOk(guest, 'ALIPAY_QR', r);
    await buyerPays('ALIPAY_QR', ra.outTradeNo, false);
    const beforeRace = await figures(guest);
    const trade = sandbox.alipay.trades.get(ra.outTradeNo)!;
    const results = await Promise.all([
      aliNotify(sandbox.alipay.notificationOf(trade)),
      statusOk(guest, r.id),
      statusOk(guest, r.id),
      aliNotify(sandbox.alipay.notificationOf(trade)),
      statusOk(guest, r.id),
    ]);
    expect((results[0] as { body: string }).body).toBe('success');
    expect((results[3] as { body: string }).body).toBe('success');
    expect((await figures(guest)).power).toBe(beforeRace.power + 1000);
    expect(await ledgerOf(admin, r.orderNo)).toHaveLength(2);
    expect((await statusOk(guest, r.id)).orderStatus).toBe(2);
    await expectOneCredit(r, beforeRace.power);
    await expectLedgerMatches(guest, r.ydUserId);
  });

  it('credits once when the expiry sweep finds a paid order while its notification and a poll arrive', async () => {
    // the sweep as src/pay/setup.ts runs it, on the same sandbox gateways
    const ctx = {
      db: s.handle.db,
      runtime: createPayRuntime({ sandbox: true, queryIntervalMs: 0 }, sandbox.fallback()),
      log: () => undefined,
    };
    const before = await figures(guest);
    const o = await placeOk(guest);
    const attempt = await startPayOk(guest, 'WECHAT_NATIVE', o);
    await buyerPays('WECHAT_NATIVE', attempt.outTradeNo, false);
    // paid in its last second: due for the sweep, which asks the channel and completes it instead of closing
    await s.handle.db
      .update(order)
      .set({ expireTime: new Date(Date.now() - 60_000) })
      .where(eq(order.id, BigInt(o.id)));
    const n = sandbox.wechat.notificationOf(sandbox.wechat.orders.get(attempt.outTradeNo)!);
    const [swept] = await Promise.all([
      sweepExpired(ctx),
      wxNotify(n.headers, n.body),
      statusOk(guest, o.id),
      sweepExpired(ctx),
    ]);
    expect(swept).toBe(0); // nothing closed: the order was paid
    expect((await orderRow(o.id)).orderStatus).toBe(2);
    expect((await figures(guest)).power).toBe(before.power + 1000);
    await expectOneCredit(o, before.power);
    await expectLedgerMatches(guest, o.ydUserId);
  });

  it('refuses forged, foreign and mismatched notifications, and nothing changes', async () => {
    const before = await figures(guest);
    const o = await placeOk(guest);
    const ali = await startPayOk(guest, 'ALIPAY_QR', o);
    await fetch(ali.qrCode!); // scanned
    const good = {
      notify_time: '2026-11-22 10:32:10',
      notify_type: 'trade_status_sync',
      notify_id: 'forged0001',
      app_id: sandbox.alipay.appId,
      charset: 'utf-8',
      version: '1.0',
      sign_type: 'RSA2',
      trade_no: '2026112222001404000000000001',
      out_trade_no: ali.outTradeNo,
      trade_status: 'TRADE_SUCCESS',
      total_amount: '99.00',
      buyer_id: '2088102122524333',
    };
    const refused = async (res: Awaited<ReturnType<typeof aliNotify>>, status: number, msg: RegExp) => {
      expect(res.statusCode, res.body).toBe(status);
      expect(expectContract<Env>(res, 'aliPayNotify').msg).toMatch(msg);
    };
    // the gateway's signature, then a field changed after signing
    await refused(
      await aliNotify({ ...sandbox.alipay.signAsAlipay(good), total_amount: '0.01' }),
      401,
      /签名/,
    );
    // signed with a key that is not Alipay's
    const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    await refused(await aliNotify(signNotify(good, stranger)), 401, /签名/);
    await refused(await aliNotify({ ...good, sign: '' }), 401, /签名/);
    // correctly signed, but for another app, another amount, or a trade that is not ours
    await refused(
      await aliNotify(sandbox.alipay.signAsAlipay({ ...good, app_id: '2021000000000009' })),
      400,
      /app_id/,
    );
    await refused(
      await aliNotify(sandbox.alipay.signAsAlipay({ ...good, total_amount: '0.01' })),
      400,
      /金额/,
    );
    await refused(
      await aliNotify(sandbox.alipay.signAsAlipay({ ...good, out_trade_no: 'PP20260000000000000000' })),
      400,
      /交易不存在/,
    );

    // WeChat Pay: the platform's signature over the exact body, fresh, then the APIv3 key's encryption
    const wx = await startPayOk(guest, 'WECHAT_NATIVE', o);
    const transaction = {
      appid: sandbox.wechat.appId,
      mchid: sandbox.wechat.mchId,
      out_trade_no: wx.outTradeNo,
      transaction_id: '4200000000000000000000000001',
      trade_type: 'NATIVE',
      trade_state: 'SUCCESS',
      success_time: '2026-11-22T10:32:10+08:00',
      payer: { openid: 'oForged' },
      amount: { total: 9900, payer_total: 9900, currency: 'CNY', payer_currency: 'CNY' },
    };
    const envelope = (t: object, key = sandbox.wechat.apiV3Key) =>
      JSON.stringify({
        id: 'EV-forged',
        create_time: '2026-11-22T10:32:10+08:00',
        event_type: 'TRANSACTION.SUCCESS',
        resource_type: 'encrypt-resource',
        summary: '支付成功',
        resource: encryptResource(JSON.stringify(t), key),
      });
    const wxRefused = async (res: Awaited<ReturnType<typeof wxNotify>>, status: number, msg: RegExp) => {
      expect(res.statusCode, res.body).toBe(status);
      expect(expectContract<Env>(res, 'wxPayNotify').msg).toMatch(msg);
    };
    const body = envelope(transaction);
    await wxRefused(
      await wxNotify(sandbox.wechat.signAsPlatform(body), body.replace('EV-forged', 'EV-tampered')),
      401,
      /签名/,
    );
    await wxRefused(
      await wxNotify(sandbox.wechat.signAsPlatform(body, new Date(Date.now() - 10 * 60_000)), body),
      401,
      /签名/,
    );
    await wxRefused(
      await wxNotify(
        { ...sandbox.wechat.signAsPlatform(body), 'Wechatpay-Serial': 'PUB_KEY_ID_OTHER' },
        body,
      ),
      401,
      /签名/,
    );
    const wrongKey = envelope(transaction, 'k'.repeat(32));
    await wxRefused(await wxNotify(sandbox.wechat.signAsPlatform(wrongKey), wrongKey), 400, /解密/);
    const otherMerchant = envelope({ ...transaction, mchid: '1900000001' });
    await wxRefused(
      await wxNotify(sandbox.wechat.signAsPlatform(otherMerchant), otherMerchant),
      400,
      /mchid/,
    );
    const cheaper = envelope({ ...transaction, amount: { ...transaction.amount, total: 1 } });
    await wxRefused(await wxNotify(sandbox.wechat.signAsPlatform(cheaper), cheaper), 400, /金额/);
    // a required signature header missing is invalid input
    const { 'Wechatpay-Signature': _dropped, ...unsigned } = sandbox.wechat.signAsPlatform(body);
    expect((await wxNotify(unsigned, body)).statusCode).toBe(400);

    expect((await orderRow(o.id)).orderStatus).toBe(0);
    expect((await figures(guest)).power).toBe(before.power);
    expect(await ledgerOf(admin, o.orderNo)).toEqual([]);
    const attempts = await s.handle.db
      .select()
      .from(pay)
      .where(eq(pay.orderId, BigInt(o.id)));
    // the Alipay attempt was closed when the WeChat one started; neither was paid
    expect(attempts.map((p) => p.payStatus).sort()).toEqual([0, 2]);
    expect(attempts.find((p) => p.channel === 'WECHAT_NATIVE')!.failReason).toMatch(/金额不符/);

    // the genuine payment still goes through
    expect(await buyerPays('WECHAT_NATIVE', wx.outTradeNo)).toEqual({ paid: true, notified: true });
    expect((await figures(guest)).power).toBe(before.power + 1000);
  });

  it('catches a payment whose notification never came when the page polls', async () => {
    for (const channel of ['WECHAT_NATIVE', 'ALIPAY_QR'] as const) {
      const before = await figures(guest);
      const o = await placeOk(guest);
      const attempt = await startPayOk(guest, channel, o);
      expect(await buyerPays(channel, attempt.outTradeNo, false)).toEqual({ paid: true, notified: false });
      expect((await orderRow(o.id)).orderStatus).toBe(0);
      const st = await statusOk(guest, o.id);
      expect(st).toMatchObject({ orderStatus: 2, payStatus: 1, finished: true });
      expect((await figures(guest)).power).toBe(before.power + 1000);
    }
  });

  it('starting a new attempt closes the pending one at its channel', async () => {
    const o = await placeOk(guest);
    const first = await startPayOk(guest, 'WECHAT_NATIVE', o);
    const second = await startPayOk(guest, 'ALIPAY_QR', o);
    expect(sandbox.wechat.orders.get(first.outTradeNo)!.state).toBe('CLOSED');
    expect((await buyerPays('WECHAT_NATIVE', first.outTradeNo)).paid).toBe(false);
    // an attempt the buyer already paid is found when the next one starts: the order completes instead
    await buyerPays('ALIPAY_QR', second.outTradeNo, false);
    const third = await startPay(guest, 'WECHAT_NATIVE', o);
    expect(third.status).toBe(400);
    expect(third.body.msg).toBe('订单已支付');
    expect((await orderRow(o.id)).orderStatus).toBe(2);
    // amount must be the order's
    const p = await placeOk(guest);
    const wrong = await startPay(guest, 'WECHAT_NATIVE', { id: p.id, payAmount: 98 });
    expect(wrong.status).toBe(400);
    expect(wrong.body.msg).toMatch(/金额/);
  });

  it('closes expired orders on poll, detail and list, at the channel too; a late payment still completes', async () => {
    const past = new Date(Date.now() - 60_000);
    const expire = (id: string) =>
      s.handle.db
        .update(order)
        .set({ expireTime: past })
        .where(eq(order.id, BigInt(id)));

    // with a pending attempt: the poll asks the channel, closes the trade there, then the order
    const o = await placeOk(guest);
    const attempt = await startPayOk(guest, 'WECHAT_NATIVE', o);
    await expire(o.id);
    const st = await statusOk(guest, o.id);
    expect(st).toMatchObject({ orderStatus: 3, payStatus: 2, finished: true });
    expect(sandbox.wechat.orders.get(attempt.outTradeNo)!.state).toBe('CLOSED');
    expect((await orderRow(o.id)).closeReason).toBe('超时未支付');
    const late = await startPay(guest, 'WECHAT_NATIVE', o);
    expect(late.status).toBe(400);

    // without an attempt: a list closes it; a pay call on an expired order closes it and refuses
    const idle = await placeOk(guest);
    await expire(idle.id);
    await call('GET', `${O}/list?orderNo=${idle.orderNo}`, 'orderList', admin);
    expect((await orderRow(idle.id)).orderStatus).toBe(3);
    const stale = await placeOk(guest);
    await expire(stale.id);
    const refused = await startPay(guest, 'ALIPAY_QR', stale);
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toMatch(/过期/);
    const detail = await call<Order>('GET', `${O}/detail?id=${stale.id}`, 'orderDetail', admin);
    expect(detail.body.data).toMatchObject({ orderStatus: 3, closeReason: '超时未支付' });

    // paid at the channel in its last second, notified after the close: the money was taken, so it delivers
    const lastSecond = await placeOk(guest);
    const la = await startPayOk(guest, 'ALIPAY_QR', lastSecond);
    await fetch(la.qrCode!);
    await expire(lastSecond.id);
    await statusOk(guest, lastSecond.id);
    expect((await orderRow(lastSecond.id)).orderStatus).toBe(3);
    const before = await figures(guest);
    const notify = await aliNotify(
      sandbox.alipay.signAsAlipay({
        notify_time: '2026-11-22 10:45:01',
        notify_type: 'trade_status_sync',
        notify_id: 'late0001',
        app_id: sandbox.alipay.appId,
        sign_type: 'RSA2',
        trade_no: '2026112222001404000000000002',
        out_trade_no: la.outTradeNo,
        trade_status: 'TRADE_SUCCESS',
        total_amount: '99.00',
      }),
    );
    expect(notify.body).toBe('success');
    expect((await orderRow(lastSecond.id)).orderStatus).toBe(2);
    expect((await figures(guest)).power).toBe(before.power + 1000);
  });

  it('keeps tenants and customers apart: nobody else sees, polls or pays an order', async () => {
    const o = await placeOk(guest);
    const attempt = await startPayOk(guest, 'WECHAT_NATIVE', o);

    // another tenant's administrator
    const list = await call<{ records: Order[] }>('GET', `${O}/list?size=1000`, 'orderList', demo);
    expect(list.body.data.records.some((r) => r.id === o.id)).toBe(false);
    expect((await call('GET', `${O}/detail?id=${o.id}`, 'orderDetail', demo)).status).toBe(400);
    expect((await status(demo, `id=${o.id}`)).status).toBe(400);
    expect((await status(demo, `orderNo=${o.orderNo}`)).status).toBe(400);
    for (const channel of ['WECHAT_NATIVE', 'ALIPAY_QR', 'ALIPAY_PC'] as const) {
      const r = await startPay(demo, channel, o);
      expect(r.status).toBe(400);
      expect(r.body.msg).toBe('订单不存在');
    }
    const upd = await call('POST', `${O}/submit`, 'orderSubmit', demo, {
      id: o.id,
      ydUserId: o.ydUserId,
      productType: 1,
      productName: 'hijacked',
      quantity: 1,
      unitPrice: 0.01,
    });
    expect(upd.status).toBe(400);
    await call('POST', `${O}/remove?ids=${o.id}`, 'orderRemove', demo);
    expect((await orderRow(o.id)).isDeleted).toBe(0);
    // the other tenant's ledger shows nothing of ours
    const ledger = await call<{ records: Ledger[] }>(
      'GET',
      '/api/smart-order/balance_log/list?size=1000',
      'balanceLogList',
      demo,
    );
    expect(ledger.body.data.records.every((r) => !r.bizNo.startsWith('PO') || r.bizNo !== o.orderNo)).toBe(
      true,
    );

    // another user of the same tenant without the order buttons
    const operator = (await login(s.app, '000000', 'operator', md5('operator'))).access_token;
    expect((await status(operator, `id=${o.id}`)).status).toBe(400);
    expect((await startPay(operator, 'ALIPAY_QR', o)).status).toBe(400);

    // its administrator manages it; the customer polls it
    expect((await status(admin, `id=${o.id}`)).status).toBe(200);
    expect((await statusOk(guest, o.id)).orderStatus).toBe(0);
    expect((await status(guest, '')).status).toBe(400);
    // still unpaid and payable by its customer
    expect((await orderRow(o.id)).orderStatus).toBe(0);
    await buyerPays('WECHAT_NATIVE', attempt.outTradeNo);
    expect((await statusOk(guest, o.id)).orderStatus).toBe(2);
  });

  it('our clients believe only answers signed by the channel, and the gateways only requests signed by us', async () => {
    const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const req = {
      payNo: 'PP20260000000000000001',
      amountFen: 100,
      subject: 'x',
      expireAt: new Date(Date.now() + 60_000),
      notifyUrl: 'http://127.0.0.1/notify',
    };
    // answers signed with a key that is not the channel's
    const aliFooled = new AlipayClient({
      ...sandbox.alipay.clientConfig(),
      alipayPublicKey: stranger.publicKey,
    });
    await expect(aliFooled.precreate(req)).rejects.toBeInstanceOf(ChannelUnavailable);
    await expect(aliFooled.query(req.payNo)).rejects.toBeInstanceOf(ChannelUnavailable);
    const wxFooled = new WechatPayClient({
      ...sandbox.wechat.clientConfig(),
      platformPublicKey: stranger.publicKey,
    });
    await expect(wxFooled.native(req)).rejects.toBeInstanceOf(ChannelUnavailable);
    // requests signed with a key the gateway does not know, or for another app: refused, nothing created
    const forged = { ...req, payNo: 'PP20260000000000000002' };
    const aliForger = new AlipayClient({ ...sandbox.alipay.clientConfig(), privateKey: stranger.privateKey });
    await expect(aliForger.precreate(forged)).rejects.toThrow(/验签出错/);
    const aliOther = new AlipayClient({ ...sandbox.alipay.clientConfig(), appId: '2021000000000009' });
    await expect(aliOther.precreate(forged)).rejects.toBeInstanceOf(ChannelRefusal);
    const wxForger = new WechatPayClient({
      ...sandbox.wechat.clientConfig(),
      privateKey: stranger.privateKey,
    });
    await expect(wxForger.native(forged)).rejects.toThrow(/签名错误/);
    expect(sandbox.alipay.trades.has(forged.payNo)).toBe(false);
    expect(sandbox.wechat.orders.has(forged.payNo)).toBe(false);
    // a trade the channel has never seen: pending at Alipay (not scanned), unknown at WeChat; closing it is a no-op
    const unseen = 'PP20260000000000000003';
    const ali = new AlipayClient(sandbox.alipay.clientConfig());
    expect(await ali.query(unseen)).toMatchObject({ state: 'PENDING', channelStatus: 'TRADE_NOT_EXIST' });
    await expect(ali.close(unseen)).resolves.toBeUndefined();
    const wx = new WechatPayClient(sandbox.wechat.clientConfig());
    expect(await wx.query(unseen)).toMatchObject({ state: 'PENDING', channelStatus: 'ORDER_NOT_EXIST' });
    await expect(wx.close(unseen)).resolves.toBeUndefined();
  });

  it('answers the notification endpoints without a token, and the pay calls only with one', async () => {
    const res = await s.app.inject({
      method: 'POST',
      url: PAY_PATHS.WECHAT_NATIVE[0],
      headers: { authorization: authHeaders(admin).authorization },
      payload: { orderId: '1', amount: 1 },
    });
    expect(res.statusCode).toBe(401);
    // a JSON relay of an Alipay notification is verified like the form
    const json = await s.app.inject({
      method: 'POST',
      url: '/api/smart-pay/aliPay/notify',
      payload: {
        notify_time: 'x',
        notify_type: 'trade_status_sync',
        notify_id: 'x',
        app_id: 'x',
        sign_type: 'RSA2',
        sign: 'x',
        out_trade_no: 'x',
        trade_status: 'TRADE_SUCCESS',
      },
    });
    expect(json.statusCode).toBe(401);
    expectContract(json, 'aliPayNotify');
    // form bodies are for the Alipay notification only
    const form = await s.app.inject({
      method: 'POST',
      url: '/api/smart-system/param/submit',
      headers: { ...authHeaders(admin), 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'paramName=a&paramKey=b&paramValue=c',
    });
    expect(form.statusCode).toBe(415);
  });

  it('lists and filters orders; the ledger rows of orders are the ORDER ones', async () => {
    const o = await placeOk(guest, '算力包 5000', 449);
    const page = await call<{ records: Order[]; total: number }>(
      'GET',
      `${O}/list?orderNo=${o.orderNo}&productType_equal=1&orderStatus_equal=0&ydUserId_equal=${o.ydUserId}`,
      'orderList',
      admin,
    );
    expect(page.body.data.records.map((r) => r.id)).toEqual([o.id]);
    const none = await call<{ total: number }>(
      'GET',
      `${O}/list?ydUserId_equal=99999999999999999999`,
      'orderList',
      admin,
    );
    expect(none.body.data.total).toBe(0);
    const paidRows = await s.handle.db.select().from(balanceLog).where(eq(balanceLog.bizType, 'ORDER'));
    expect(paidRows.length % 2).toBe(0);
  });
});
