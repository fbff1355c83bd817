/**
 * A fake Alipay open-platform gateway that speaks the protocol our client speaks (docs/automation-domain.md §3.4 "Fake"):
 * it checks the app id and the RSA2 signature of every request with the app's public key, keeps trades in memory,
 * signs its answers with its own "Alipay" key, and when a person (or a test) pays, flips the trade to
 * TRADE_SUCCESS and posts a signed notification to the trade's `notify_url`, retrying until it reads `success`.
 *
 * Like the real one: a precreated QR trade does not exist for `query`/`close` until it is scanned (its page
 * opened), and a page-pay trade until the browser opens the gateway URL. Unlike it, closing a trade that was never
 * scanned also makes it unpayable (the real QR would stay payable until its expiry).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AlipayConfig } from '../alipay/client';
import { responseNodeName, signNotify, signedResponseBody, verifyRequest, type Params } from '../alipay/sign';
import { chinaDateTime, parseChinaDateTime, toFen } from '../money';
import { lazyKeyPair, randomDigits } from './keys';
import type { Notifier } from './notifier';
import { cashier, esc, outcome } from './page';

export const ALIPAY_SANDBOX_PREFIX = '/sandbox-pay/alipay';

interface Trade {
  outTradeNo: string;
  tradeNo: string;
  totalAmount: string;
  subject: string;
  status: 'WAIT_BUYER_PAY' | 'TRADE_SUCCESS' | 'TRADE_CLOSED';
  /** Scanned (QR) or opened (page pay): the trade exists for query and close. */
  seen: boolean;
  notifyUrl: string;
  returnUrl: string;
  expireAt?: Date | undefined;
  buyerId: string;
  gmtCreate: string;
  gmtPayment: string;
}

type Answer = { node: string; payload: Record<string, unknown> } | { html: string };

const flatten = (o: unknown): Params => {
  const out: Params = {};
  if (o && typeof o === 'object') {
    for (const [k, v] of Object.entries(o as Record<string, unknown>)) {
      if (typeof v === 'string') out[k] = v;
      else if (Array.isArray(v) && typeof v[0] === 'string') out[k] = v[0];
    }
  }
  return out;
};

const fail = (node: string, code: string, sub_code: string, sub_msg: string): Answer => ({
  node,
  payload: { code, msg: code === '40002' ? 'Invalid Arguments' : 'Business Failed', sub_code, sub_msg },
});

export class AlipaySandbox {
  readonly appId = '9021000000000001';
  private readonly appKey = lazyKeyPair();
  private readonly alipayKey = lazyKeyPair();
  readonly trades = new Map<string, Trade>();
  /** The last notification sent per trade, as posted (tests replay it). */
  readonly notifications = new Map<string, Params>();

  constructor(
    private readonly baseUrl: () => string,
    private readonly notifier: Notifier,
  ) {}

  get gatewayUrl(): string {
    return `${this.baseUrl()}${ALIPAY_SANDBOX_PREFIX}/gateway.do`;
  }

  /** What our Alipay client needs to talk to this gateway. */
  clientConfig(): AlipayConfig {
    return {
      appId: this.appId,
      privateKey: this.appKey().privateKey,
      alipayPublicKey: this.alipayKey().publicKey,
      gatewayUrl: this.gatewayUrl,
    };
  }

  /** Signs notification parameters with the gateway's key (tests forge variants with it). */
  signAsAlipay(params: Params): Params {
    return signNotify(params, this.alipayKey().privateKey);
  }

  private expireIfDue(t: Trade): void {
    if (t.status === 'WAIT_BUYER_PAY' && t.expireAt && t.expireAt.getTime() <= Date.now())
      t.status = 'TRADE_CLOSED';
  }

  private create(biz: Record<string, unknown>, p: Params, seen: boolean): Trade | string {
    const outTradeNo = typeof biz.out_trade_no === 'string' ? biz.out_trade_no : '';
    const total = typeof biz.total_amount === 'string' ? biz.total_amount : String(biz.total_amount ?? '');
    if (!outTradeNo || outTradeNo.length > 64) return 'out_trade_no 无效';
    if (!(toFen(total) >= 1)) return 'total_amount 无效';
    const existing = this.trades.get(outTradeNo);
    if (existing) {
      if (existing.status !== 'WAIT_BUYER_PAY') return '交易已结束';
      if (toFen(existing.totalAmount) !== toFen(total)) return '交易信息被篡改';
      existing.seen ||= seen;
      return existing;
    }
    const t: Trade = {
      outTradeNo,
      tradeNo: '',
      totalAmount: (toFen(total) / 100).toFixed(2),
      subject: typeof biz.subject === 'string' ? biz.subject : '',
      status: 'WAIT_BUYER_PAY',
      seen,
      notifyUrl: p.notify_url ?? '',
      returnUrl: p.return_url ?? '',
      expireAt: parseChinaDateTime(typeof biz.time_expire === 'string' ? biz.time_expire : undefined),
      buyerId: '',
      gmtCreate: chinaDateTime(new Date()),
      gmtPayment: '',
    };
    this.trades.set(outTradeNo, t);
    return t;
  }

  /** One gateway call (already signature-checked). */
  private dispatch(p: Params): Answer {
    const method = p.method ?? '';
    const node = responseNodeName(method);
    let biz: Record<string, unknown>;
    try {
      biz = JSON.parse(p.biz_content ?? '{}') as Record<string, unknown>;
    } catch {
      return fail(node, '40002', 'isv.invalid-parameter', 'biz_content 不是 JSON');
    }
    const no = typeof biz.out_trade_no === 'string' ? biz.out_trade_no : '';
    const t = this.trades.get(no);
    if (t) this.expireIfDue(t);
    switch (method) {
      case 'alipay.trade.precreate': {
        const created = this.create(biz, p, false);
        if (typeof created === 'string') return fail(node, '40004', 'ACQ.INVALID_PARAMETER', created);
        const qr = `${this.baseUrl()}${ALIPAY_SANDBOX_PREFIX}/qr/${encodeURIComponent(created.outTradeNo)}`;
        return {
          node,
          payload: { code: '10000', msg: 'Success', out_trade_no: created.outTradeNo, qr_code: qr },
        };
      }
      case 'alipay.trade.page.pay': {
        const created = this.create(biz, p, true);
        if (typeof created === 'string')
          return { html: outcome({ ok: false, title: '无法支付', detail: created }) };
        if (created.status !== 'WAIT_BUYER_PAY')
          return { html: outcome({ ok: false, title: '交易已关闭', detail: no }) };
        return {
          html: cashier({
            channel: '支付宝',
            subject: created.subject,
            amount: created.totalAmount,
            tradeNo: created.outTradeNo,
            action: `${ALIPAY_SANDBOX_PREFIX}/pay/${encodeURIComponent(created.outTradeNo)}`,
          }),
        };
      }
      case 'alipay.trade.query': {
        if (!t || !t.seen) return fail(node, '40004', 'ACQ.TRADE_NOT_EXIST', '交易不存在');
        return {
          node,
          payload: {
            code: '10000',
            msg: 'Success',
            out_trade_no: t.outTradeNo,
            trade_no: t.tradeNo,
            trade_status: t.status,
            total_amount: t.totalAmount,
            ...(t.status === 'TRADE_SUCCESS'
              ? {
                  receipt_amount: t.totalAmount,
                  buyer_user_id: t.buyerId,
                  buyer_logon_id: 'san***@sandbox.com',
                  send_pay_date: t.gmtPayment,
                }
              : {}),
          },
        };
      }
      case 'alipay.trade.close': {
        if (!t || !t.seen) {
          if (t && t.status === 'WAIT_BUYER_PAY') t.status = 'TRADE_CLOSED';
          return fail(node, '40004', 'ACQ.TRADE_NOT_EXIST', '交易不存在');
        }
        if (t.status === 'TRADE_SUCCESS')
          return fail(node, '40004', 'ACQ.TRADE_STATUS_ERROR', '交易状态不合法');
        t.status = 'TRADE_CLOSED';
        return {
          node,
          payload: { code: '10000', msg: 'Success', out_trade_no: t.outTradeNo, trade_no: t.tradeNo },
        };
      }
      default:
        return fail(node, '40002', 'isv.invalid-method', '不存在的方法名');
    }
  }

  /** The gateway: parameters from the query and the form body, app id and signature checked, then dispatched. */
  private gateway(req: FastifyRequest, reply: FastifyReply) {
    const p = { ...flatten(req.query), ...flatten(req.body) };
    const browser = p.method === 'alipay.trade.page.pay';
    const refuse = (sub_code: string, sub_msg: string) => {
      if (browser)
        return reply
          .type('text/html; charset=utf-8')
          .send(outcome({ ok: false, title: '请求被拒绝', detail: sub_msg }));
      // gateway-level refusals come unsigned, as Alipay's `error_response` often does
      return reply
        .type('application/json; charset=utf-8')
        .send({ error_response: { code: '40002', msg: 'Invalid Arguments', sub_code, sub_msg } });
    };
    if (p.app_id !== this.appId) return refuse('isv.invalid-app-id', '无效的AppID参数');
    if (p.sign_type !== 'RSA2' || !verifyRequest(p, this.appKey().publicKey)) {
      return refuse('isv.invalid-signature', '验签出错');
    }
    const answer = this.dispatch(p);
    if ('html' in answer) return reply.type('text/html; charset=utf-8').send(answer.html);
    return reply
      .type('application/json; charset=utf-8')
      .send(signedResponseBody(answer.node, answer.payload, this.alipayKey().privateKey));
  }

  /** The notification of a trade's current state, signed. */
  notificationOf(t: Trade): Params {
    const now = new Date();
    return this.signAsAlipay({
      notify_time: chinaDateTime(now),
      notify_type: 'trade_status_sync',
      notify_id: `${randomDigits(20)}sandbox`,
      app_id: this.appId,
      charset: 'utf-8',
      version: '1.0',
      sign_type: 'RSA2',
      trade_no: t.tradeNo,
      out_trade_no: t.outTradeNo,
      trade_status: t.status,
      total_amount: t.totalAmount,
      receipt_amount: t.totalAmount,
      buyer_id: t.buyerId,
      gmt_create: t.gmtCreate,
      gmt_payment: t.gmtPayment,
      subject: t.subject,
    });
  }

  /** Posts `params` to `url` as Alipay does; acknowledged when the answer is the text `success`. */
  async post(url: string, params: Params): Promise<boolean> {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
      body: new URLSearchParams(params).toString(),
      signal: AbortSignal.timeout(10_000),
    });
    return res.status === 200 && (await res.text()).trim() === 'success';
  }

  /**
   * The buyer pays: WAIT_BUYER_PAY → TRADE_SUCCESS, then (unless `notify` is false) the notification, delivered
   * with retries. Answers whether the trade is paid and whether the first delivery was acknowledged.
   */
  async pay(
    outTradeNo: string,
    opts: { notify?: boolean } = {},
  ): Promise<{ paid: boolean; notified: boolean; reason?: string }> {
    const t = this.trades.get(outTradeNo);
    if (!t) return { paid: false, notified: false, reason: '交易不存在' };
    this.expireIfDue(t);
    if (t.status !== 'WAIT_BUYER_PAY')
      return { paid: false, notified: false, reason: `交易状态 ${t.status}` };
    t.seen = true;
    t.status = 'TRADE_SUCCESS';
    t.tradeNo = `${chinaDateTime(new Date())
      .replace(/[^0-9]/g, '')
      .slice(0, 8)}22001${randomDigits(15)}`;
    t.buyerId = `2088${randomDigits(12)}`;
    t.gmtPayment = chinaDateTime(new Date());
    if (opts.notify === false || !t.notifyUrl) return { paid: true, notified: false };
    const params = this.notificationOf(t);
    this.notifications.set(t.outTradeNo, params);
    const notified = await this.notifier.deliver(() => this.post(t.notifyUrl, params));
    return { paid: true, notified };
  }

  register(app: FastifyInstance): void {
    const config = { payBodies: true };
    app.get(`${ALIPAY_SANDBOX_PREFIX}/gateway.do`, { config }, (req, reply) => this.gateway(req, reply));
    app.post(`${ALIPAY_SANDBOX_PREFIX}/gateway.do`, { config }, (req, reply) => this.gateway(req, reply));

    // the QR code's content: opening it is "scanning"
    app.get(`${ALIPAY_SANDBOX_PREFIX}/qr/:no`, async (req, reply) => {
      const no = (req.params as { no: string }).no;
      const t = this.trades.get(no);
      reply.type('text/html; charset=utf-8');
      if (!t) return outcome({ ok: false, title: '交易不存在', detail: no });
      this.expireIfDue(t);
      if (t.status !== 'WAIT_BUYER_PAY') return outcome({ ok: false, title: '交易已结束', detail: t.status });
      t.seen = true;
      return cashier({
        channel: '支付宝',
        subject: t.subject,
        amount: t.totalAmount,
        tradeNo: t.outTradeNo,
        action: `${ALIPAY_SANDBOX_PREFIX}/pay/${encodeURIComponent(t.outTradeNo)}`,
      });
    });

    app.post(`${ALIPAY_SANDBOX_PREFIX}/pay/:no`, { config }, async (req, reply) => {
      const no = (req.params as { no: string }).no;
      const notify = flatten(req.body).notify !== '0';
      const r = await this.pay(no, { notify });
      const back = this.trades.get(no)?.returnUrl || undefined;
      reply.type('text/html; charset=utf-8');
      if (!r.paid) return outcome({ ok: false, title: '支付失败', detail: r.reason ?? '' });
      const detail = !notify
        ? '未发送通知:控制台轮询时会向网关查询到这笔支付。'
        : r.notified
          ? '商户已确认支付通知。'
          : '商户未确认通知,网关会稍后重试。';
      return outcome({ ok: true, title: '支付成功', detail, back });
    });
  }

  /** Rows of the sandbox's index page. */
  listing(): string {
    return [...this.trades.values()]
      .map(
        (t) =>
          `<tr><td>支付宝</td><td><a href="${esc(`${ALIPAY_SANDBOX_PREFIX}/qr/${encodeURIComponent(t.outTradeNo)}`)}">${esc(t.outTradeNo)}</a></td><td>${esc(t.totalAmount)}</td><td>${esc(t.status)}</td></tr>`,
      )
      .join('');
  }
}
