/**
 * WeChat Pay APIv3 client for Native (QR) payments (docs/automation-domain.md §3.5): place, query and close orders at the
 * configured base URL with signed requests, verify every answer's signature, and verify and decrypt notifications.
 */
import type { KeyObject } from 'node:crypto';
import {
  ChannelRefusal,
  ChannelUnavailable,
  channelFetch,
  type ChannelTrade,
  type PayChannelClient,
  type StartedTrade,
  type TradeRequest,
  type TradeState,
} from '../channel';
import { parseRfc3339, rfc3339China } from '../money';
import {
  authorization,
  decryptResource,
  signatureHeaders,
  verifySignature,
  type EncryptedResource,
  type MerchantCredentials,
  type VerifyResult,
} from './sign';

export interface WechatPayConfig {
  appId: string;
  mchId: string;
  /** Serial number of the merchant API certificate (named in our Authorization header). */
  serialNo: string;
  /** Merchant API private key (signs our requests). */
  privateKey: KeyObject;
  /** APIv3 key: 32 characters, decrypts notifications. */
  apiV3Key: string;
  /** WeChat Pay platform public key and its id (`PUB_KEY_ID_…`) or platform certificate serial. */
  platformPublicKey: KeyObject;
  platformSerial: string;
  /** `https://api.mch.weixin.qq.com` or a local fake. */
  baseUrl: string;
  timeoutMs?: number;
}

/** WeChat's `trade_state` → the attempt's state. */
export function wechatState(state: string): TradeState {
  switch (state) {
    case 'SUCCESS':
      return 'SUCCESS';
    case 'CLOSED':
    case 'REVOKED':
      return 'CLOSED';
    case 'PAYERROR':
      return 'FAILED';
    case 'REFUND':
      return 'REFUNDED';
    default:
      return 'PENDING'; // NOTPAY, USERPAYING, ACCEPT
  }
}

/** The transaction object of a query answer or a decrypted notification. */
export interface WechatTransaction {
  appid?: string;
  mchid?: string;
  out_trade_no?: string;
  transaction_id?: string;
  trade_state?: string;
  success_time?: string;
  payer?: { openid?: string };
  amount?: { total?: number; payer_total?: number; currency?: string };
}

export interface WechatNotification {
  id?: string;
  event_type?: string;
  resource_type?: string;
  resource?: EncryptedResource;
}

export type NotifyFailure = VerifyResult | 'missing-headers' | 'undecryptable';

export class WechatPayClient {
  private readonly merchant: MerchantCredentials;

  constructor(private readonly cfg: WechatPayConfig) {
    this.merchant = { mchId: cfg.mchId, serialNo: cfg.serialNo, privateKey: cfg.privateKey };
  }

  private get platform() {
    return { serial: this.cfg.platformSerial, publicKey: this.cfg.platformPublicKey };
  }

  /** One signed call; answers the status and the verified body text. */
  private async request(
    method: 'GET' | 'POST',
    path: string,
    body?: object,
  ): Promise<{ status: number; text: string }> {
    const url = `${this.cfg.baseUrl.replace(/\/+$/, '')}${path}`;
    const u = new URL(url);
    const payload = body === undefined ? '' : JSON.stringify(body);
    const res = await channelFetch(
      url,
      {
        method,
        headers: {
          authorization: authorization(this.merchant, method, `${u.pathname}${u.search}`, payload),
          accept: 'application/json',
          'user-agent': 'smart-console-server',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: payload }),
      },
      this.cfg.timeoutMs ?? 10_000,
    );
    const text = await res.text();
    if (res.status >= 500) throw new ChannelUnavailable(`WeChat Pay answered HTTP ${res.status}`);
    // answers are signed by the platform key; one that is not (WeChat does not sign the refusal of a request whose
    // own signature failed) is never acted on: a refusal at most, and never "this order does not exist"
    const h = signatureHeaders(Object.fromEntries(res.headers.entries()));
    if (!h || verifySignature(h, text, this.platform) !== 'ok') {
      if (res.status >= 400) throw WechatPayClient.refusal(text, res.status);
      throw new ChannelUnavailable('WeChat Pay answer signature does not verify');
    }
    return { status: res.status, text };
  }

  private static refusal(text: string, status: number): ChannelRefusal {
    let message = '';
    try {
      const e = JSON.parse(text) as { code?: unknown; message?: unknown };
      message = typeof e.message === 'string' ? e.message : typeof e.code === 'string' ? e.code : '';
    } catch {
      // not JSON: the status says enough
    }
    return new ChannelRefusal(message || `微信支付拒绝: HTTP ${status}`);
  }

  private static errorCode(text: string): string {
    try {
      const e = JSON.parse(text) as { code?: unknown };
      return typeof e.code === 'string' ? e.code : '';
    } catch {
      return '';
    }
  }

  /** `POST /v3/pay/transactions/native`: the `code_url` to show as a QR code. */
  async native(req: TradeRequest): Promise<StartedTrade> {
    const { status, text } = await this.request('POST', '/v3/pay/transactions/native', {
      appid: this.cfg.appId,
      mchid: this.cfg.mchId,
      description: req.subject.slice(0, 127),
      out_trade_no: req.payNo,
      time_expire: rfc3339China(req.expireAt),
      notify_url: req.notifyUrl,
      amount: { total: req.amountFen, currency: 'CNY' },
    });
    if (status !== 200) throw WechatPayClient.refusal(text, status);
    const codeUrl = (JSON.parse(text) as { code_url?: unknown }).code_url;
    if (typeof codeUrl !== 'string' || !codeUrl)
      throw new ChannelUnavailable('WeChat Pay answered no code_url');
    return { qrCode: codeUrl, raw: text };
  }

  /** `GET /v3/pay/transactions/out-trade-no/{no}`. */
  async query(payNo: string): Promise<ChannelTrade> {
    const path = `/v3/pay/transactions/out-trade-no/${encodeURIComponent(payNo)}?mchid=${encodeURIComponent(this.cfg.mchId)}`;
    const { status, text } = await this.request('GET', path);
    if (status === 404 && WechatPayClient.errorCode(text) === 'ORDER_NOT_EXIST') {
      // not (yet) known to WeChat: nothing has been paid; closing it is then a no-op
      return {
        payNo,
        state: 'PENDING',
        channelStatus: 'ORDER_NOT_EXIST',
        tradeNo: '',
        buyerId: '',
        raw: text,
      };
    }
    if (status !== 200) throw WechatPayClient.refusal(text, status);
    return { ...this.trade(JSON.parse(text) as WechatTransaction, payNo), raw: text };
  }

  /** `POST /v3/pay/transactions/out-trade-no/{no}/close` (204); an order WeChat never saw is closed already. */
  async close(payNo: string): Promise<void> {
    const path = `/v3/pay/transactions/out-trade-no/${encodeURIComponent(payNo)}/close`;
    const { status, text } = await this.request('POST', path, { mchid: this.cfg.mchId });
    if (status === 204 || status === 200) return;
    if (status === 404 && WechatPayClient.errorCode(text) === 'ORDER_NOT_EXIST') return;
    throw WechatPayClient.refusal(text, status);
  }

  private trade(t: WechatTransaction, payNo: string): Omit<ChannelTrade, 'raw'> {
    const state = t.trade_state ?? '';
    return {
      payNo: t.out_trade_no ?? payNo,
      state: wechatState(state),
      channelStatus: state,
      tradeNo: t.transaction_id ?? '',
      amountFen: typeof t.amount?.total === 'number' ? t.amount.total : undefined,
      buyerId: t.payer?.openid ?? '',
      successTime: parseRfc3339(t.success_time),
      merchant: `${t.appid ?? ''}/${t.mchid ?? ''}`,
    };
  }

  /** `appid/mchid` as `ChannelTrade.merchant` carries it, to compare with a notification's. */
  get merchantKey(): string {
    return `${this.cfg.appId}/${this.cfg.mchId}`;
  }

  /**
   * A notification: verifies the signature over the raw body (platform key, fresh timestamp), then decrypts the
   * resource with the APIv3 key. The caller still checks the merchant, the trade and the amount.
   */
  verifyNotification(
    headers: Record<string, string | string[] | undefined>,
    rawBody: string,
  ): { trade: ChannelTrade } | { failure: NotifyFailure } {
    const h = signatureHeaders(headers);
    if (!h) return { failure: 'missing-headers' };
    const verdict = verifySignature(h, rawBody, this.platform);
    if (verdict !== 'ok') return { failure: verdict };
    let n: WechatNotification;
    try {
      n = JSON.parse(rawBody) as WechatNotification;
    } catch {
      return { failure: 'undecryptable' };
    }
    const plain = n.resource ? decryptResource(n.resource, this.cfg.apiV3Key) : undefined;
    if (plain === undefined) return { failure: 'undecryptable' };
    let t: WechatTransaction;
    try {
      t = JSON.parse(plain) as WechatTransaction;
    } catch {
      return { failure: 'undecryptable' };
    }
    return { trade: { ...this.trade(t, ''), raw: plain } };
  }

  channels(): { WECHAT_NATIVE: PayChannelClient } {
    return {
      WECHAT_NATIVE: {
        start: (req) => this.native(req),
        query: (payNo) => this.query(payNo),
        close: (payNo) => this.close(payNo),
      },
    };
  }
}
