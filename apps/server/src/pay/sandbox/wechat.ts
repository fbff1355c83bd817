/**
 * A fake WeChat Pay APIv3 endpoint for Native payments (docs/automation-domain.md §3.5 "Fake"): it checks the merchant's
 * `Authorization` signature on every request (serial, fresh timestamp, SHA256withRSA over method, path, timestamp,
 * nonce and the raw body), keeps orders in memory, signs every answer with its own platform key, and when a person
 * (or a test) pays, encrypts the transaction with the APIv3 key and posts a signed notification, retrying until
 * the merchant answers 2xx.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { rfc3339China } from '../money';
import type { WechatPayConfig } from '../wechat/client';
import {
  MAX_SKEW_SECONDS,
  encryptResource,
  parseAuthorization,
  requestMessage,
  sha256RsaVerify,
  signResponse,
} from '../wechat/sign';
import { lazyKeyPair, randomAlnum, randomDigits } from './keys';
import type { Notifier } from './notifier';
import { cashier, esc, outcome } from './page';

export const WECHAT_SANDBOX_PREFIX = '/sandbox-pay/wechat';

interface WxOrder {
  appid: string;
  mchid: string;
  description: string;
  outTradeNo: string;
  total: number;
  notifyUrl: string;
  expireAt?: Date | undefined;
  state: 'NOTPAY' | 'SUCCESS' | 'CLOSED';
  transactionId: string;
  successTime: string;
  openid: string;
}

const STATE_DESC: Record<WxOrder['state'], string> = {
  NOTPAY: '未支付',
  SUCCESS: '支付成功',
  CLOSED: '已关闭',
};

export interface SignedNotification {
  headers: Record<string, string>;
  body: string;
}

export class WechatSandbox {
  readonly appId = 'wx5a4d3c2b1e0f9a8b';
  readonly mchId = '1900000109';
  readonly serialNo = randomAlnum(40).toUpperCase();
  readonly platformSerial = `PUB_KEY_ID_01${randomDigits(28)}`;
  readonly apiV3Key = randomAlnum(32);
  private readonly merchantKey = lazyKeyPair();
  private readonly platformKey = lazyKeyPair();
  readonly orders = new Map<string, WxOrder>();
  /** The last notification sent per order, as posted (tests replay it). */
  readonly notifications = new Map<string, SignedNotification>();

  constructor(
    private readonly baseUrl: () => string,
    private readonly notifier: Notifier,
  ) {}

  clientConfig(): WechatPayConfig {
    return {
      appId: this.appId,
      mchId: this.mchId,
      serialNo: this.serialNo,
      privateKey: this.merchantKey().privateKey,
      apiV3Key: this.apiV3Key,
      platformPublicKey: this.platformKey().publicKey,
      platformSerial: this.platformSerial,
      baseUrl: `${this.baseUrl()}${WECHAT_SANDBOX_PREFIX}`,
    };
  }

  /** Signature headers of `body` made with the platform key (tests forge variants with it). */
  signAsPlatform(body: string, now?: Date): Record<string, string> {
    return signResponse(
      body,
      { serial: this.platformSerial, privateKey: this.platformKey().privateKey },
      now,
    );
  }

  private send(reply: FastifyReply, status: number, body?: object) {
    const text = body === undefined ? '' : JSON.stringify(body);
    reply.code(status).headers(this.signAsPlatform(text));
    if (body === undefined) return reply.send();
    return reply.type('application/json; charset=utf-8').send(text);
  }

  /** The merchant's request signature; an error code when it does not verify. */
  private authError(req: FastifyRequest): string | undefined {
    const header = req.headers.authorization;
    const a = typeof header === 'string' ? parseAuthorization(header) : undefined;
    if (!a || a.mchid !== this.mchId || a.serial_no !== this.serialNo) return 'SIGN_ERROR';
    const ts = Number(a.timestamp);
    if (!Number.isFinite(ts) || Math.abs(Date.now() / 1000 - ts) > MAX_SKEW_SECONDS) return 'SIGN_ERROR';
    const message = requestMessage(
      req.method,
      req.url,
      a.timestamp ?? '',
      a.nonce_str ?? '',
      req.payRawBody ?? '',
    );
    return sha256RsaVerify(message, a.signature ?? '', this.merchantKey().publicKey)
      ? undefined
      : 'SIGN_ERROR';
  }

  private expireIfDue(o: WxOrder): void {
    if (o.state === 'NOTPAY' && o.expireAt && o.expireAt.getTime() <= Date.now()) o.state = 'CLOSED';
  }

  private transaction(o: WxOrder): Record<string, unknown> {
    return {
      appid: o.appid,
      mchid: o.mchid,
      out_trade_no: o.outTradeNo,
      trade_type: 'NATIVE',
      trade_state: o.state,
      trade_state_desc: STATE_DESC[o.state],
      attach: '',
      ...(o.state === 'SUCCESS'
        ? {
            transaction_id: o.transactionId,
            bank_type: 'OTHERS',
            success_time: o.successTime,
            payer: { openid: o.openid },
            amount: { total: o.total, payer_total: o.total, currency: 'CNY', payer_currency: 'CNY' },
          }
        : { amount: { total: o.total, currency: 'CNY' } }),
    };
  }

  private native(req: FastifyRequest, reply: FastifyReply) {
    const b = (req.body ?? {}) as {
      appid?: unknown;
      mchid?: unknown;
      description?: unknown;
      out_trade_no?: unknown;
      time_expire?: unknown;
      notify_url?: unknown;
      amount?: { total?: unknown; currency?: unknown };
    };
    const bad = (message: string) => this.send(reply, 400, { code: 'PARAM_ERROR', message });
    if (b.mchid !== this.mchId || b.appid !== this.appId) {
      return this.send(reply, 400, { code: 'APPID_MCHID_NOT_MATCH', message: 'appid和mch_id不匹配' });
    }
    const no = typeof b.out_trade_no === 'string' ? b.out_trade_no : '';
    if (!/^[0-9A-Za-z_\-|*]{6,32}$/.test(no)) return bad('out_trade_no 无效');
    const total = b.amount?.total;
    if (typeof total !== 'number' || !Number.isInteger(total) || total < 1)
      return bad('amount.total 须为正整数(分)');
    if (typeof b.notify_url !== 'string' || !/^https?:\/\//.test(b.notify_url)) return bad('notify_url 无效');
    if (typeof b.description !== 'string' || !b.description || b.description.length > 127)
      return bad('description 无效');
    const existing = this.orders.get(no);
    if (existing && (existing.total !== total || existing.state !== 'NOTPAY')) {
      return this.send(reply, 400, { code: 'OUT_TRADE_NO_USED', message: '商户订单号重复' });
    }
    const expire = typeof b.time_expire === 'string' ? new Date(b.time_expire) : undefined;
    const o: WxOrder = existing ?? {
      appid: this.appId,
      mchid: this.mchId,
      description: b.description,
      outTradeNo: no,
      total,
      notifyUrl: b.notify_url,
      expireAt: expire && !Number.isNaN(expire.getTime()) ? expire : undefined,
      state: 'NOTPAY',
      transactionId: '',
      successTime: '',
      openid: '',
    };
    this.orders.set(no, o);
    return this.send(reply, 200, {
      code_url: `${this.baseUrl()}${WECHAT_SANDBOX_PREFIX}/qr/${encodeURIComponent(no)}`,
    });
  }

  /** The notification of an order's current state: encrypted resource, signed headers. */
  notificationOf(o: WxOrder): SignedNotification {
    const resource = encryptResource(JSON.stringify(this.transaction(o)), this.apiV3Key);
    const body = JSON.stringify({
      id: `EV-${randomAlnum(20)}`,
      create_time: rfc3339China(new Date()),
      resource_type: 'encrypt-resource',
      event_type: 'TRANSACTION.SUCCESS',
      summary: '支付成功',
      resource,
    });
    return { headers: this.signAsPlatform(body), body };
  }

  async post(url: string, n: SignedNotification): Promise<boolean> {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...n.headers },
      body: n.body,
      signal: AbortSignal.timeout(10_000),
    });
    await res.arrayBuffer();
    return res.status >= 200 && res.status < 300;
  }

  /** The buyer pays (see AlipaySandbox.pay); a fresh signature per delivery, as WeChat signs each one. */
  async pay(
    outTradeNo: string,
    opts: { notify?: boolean } = {},
  ): Promise<{ paid: boolean; notified: boolean; reason?: string }> {
    const o = this.orders.get(outTradeNo);
    if (!o) return { paid: false, notified: false, reason: '订单不存在' };
    this.expireIfDue(o);
    if (o.state !== 'NOTPAY') return { paid: false, notified: false, reason: `订单状态 ${o.state}` };
    o.state = 'SUCCESS';
    o.transactionId = `4200${randomDigits(24)}`;
    o.successTime = rfc3339China(new Date());
    o.openid = `oSandbox${randomAlnum(20)}`;
    if (opts.notify === false) return { paid: true, notified: false };
    const notified = await this.notifier.deliver(async () => {
      const n = this.notificationOf(o);
      this.notifications.set(o.outTradeNo, n);
      return this.post(o.notifyUrl, n);
    });
    return { paid: true, notified };
  }

  register(app: FastifyInstance): void {
    const config = { payBodies: true };
    const api = `${WECHAT_SANDBOX_PREFIX}/v3/pay/transactions`;
    app.post(`${api}/native`, { config }, (req, reply) => {
      const err = this.authError(req);
      if (err) return this.send(reply, 401, { code: err, message: '签名错误' });
      return this.native(req, reply);
    });
    app.get(`${api}/out-trade-no/:no`, { config }, (req, reply) => {
      const err = this.authError(req);
      if (err) return this.send(reply, 401, { code: err, message: '签名错误' });
      const o = this.orders.get((req.params as { no: string }).no);
      if (!o || (req.query as { mchid?: string }).mchid !== o.mchid) {
        return this.send(reply, 404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' });
      }
      this.expireIfDue(o);
      return this.send(reply, 200, this.transaction(o));
    });
    app.post(`${api}/out-trade-no/:no/close`, { config }, (req, reply) => {
      const err = this.authError(req);
      if (err) return this.send(reply, 401, { code: err, message: '签名错误' });
      const o = this.orders.get((req.params as { no: string }).no);
      if (!o) return this.send(reply, 404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' });
      if (o.state === 'SUCCESS') return this.send(reply, 400, { code: 'ORDER_PAID', message: '订单已支付' });
      o.state = 'CLOSED';
      return this.send(reply, 204);
    });

    // the QR code's content (a real one is `weixin://…`, which a desktop browser cannot open)
    app.get(`${WECHAT_SANDBOX_PREFIX}/qr/:no`, async (req, reply) => {
      const no = (req.params as { no: string }).no;
      const o = this.orders.get(no);
      reply.type('text/html; charset=utf-8');
      if (!o) return outcome({ ok: false, title: '订单不存在', detail: no });
      this.expireIfDue(o);
      if (o.state !== 'NOTPAY') return outcome({ ok: false, title: '订单已结束', detail: o.state });
      return cashier({
        channel: '微信支付',
        subject: o.description,
        amount: (o.total / 100).toFixed(2),
        tradeNo: o.outTradeNo,
        action: `${WECHAT_SANDBOX_PREFIX}/pay/${encodeURIComponent(o.outTradeNo)}`,
      });
    });
    app.post(`${WECHAT_SANDBOX_PREFIX}/pay/:no`, { config }, async (req, reply) => {
      const no = (req.params as { no: string }).no;
      const notify = (req.body as { notify?: unknown } | undefined)?.notify !== '0';
      const r = await this.pay(no, { notify });
      reply.type('text/html; charset=utf-8');
      if (!r.paid) return outcome({ ok: false, title: '支付失败', detail: r.reason ?? '' });
      const detail = !notify
        ? '未发送通知:控制台轮询时会向微信支付查询到这笔支付。'
        : r.notified
          ? '商户已确认支付通知。'
          : '商户未确认通知,微信支付会稍后重试。';
      return outcome({ ok: true, title: '支付成功', detail });
    });
  }

  listing(): string {
    return [...this.orders.values()]
      .map(
        (o) =>
          `<tr><td>微信支付</td><td><a href="${esc(`${WECHAT_SANDBOX_PREFIX}/qr/${encodeURIComponent(o.outTradeNo)}`)}">${esc(o.outTradeNo)}</a></td><td>${esc((o.total / 100).toFixed(2))}</td><td>${esc(o.state)}</td></tr>`,
      )
      .join('');
  }
}
