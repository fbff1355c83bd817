/**
 * Alipay open-platform client (docs/automation-domain.md §3.4): PC page pay (`alipay.trade.page.pay`, built locally as an
 * auto-submitting form and the equivalent GET URL, no server call), QR precreate, query and close over HTTP to the
 * configured gateway, and verification of asynchronous notifications. Every request is RSA2-signed with the app's
 * private key; every answer and notification is verified with Alipay's public key before it is believed.
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
import { chinaDateTime, fenToYuanString, parseChinaDateTime, toFen } from '../money';
import { escapeHtml } from '../../util';
import {
  extractSignedNode,
  responseNodeName,
  rsa2Verify,
  signRequest,
  verifyNotify,
  type Params,
} from './sign';

export interface AlipayConfig {
  appId: string;
  /** The app's private key (signs our requests). */
  privateKey: KeyObject;
  /** Alipay's public key (verifies answers and notifications). */
  alipayPublicKey: KeyObject;
  /** `https://openapi.alipay.com/gateway.do`, the sandbox's, or a local fake. */
  gatewayUrl: string;
  timeoutMs?: number;
}

/** Alipay's `trade_status` → the attempt's state. */
export function alipayState(status: string): TradeState {
  switch (status) {
    case 'TRADE_SUCCESS':
    case 'TRADE_FINISHED':
      return 'SUCCESS';
    case 'TRADE_CLOSED':
      return 'CLOSED';
    default:
      return 'PENDING'; // WAIT_BUYER_PAY, TRADE_NOT_EXIST (not scanned yet)
  }
}

interface BizAnswer {
  code?: string;
  msg?: string;
  sub_code?: string;
  sub_msg?: string;
  [key: string]: unknown;
}

const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

export class AlipayClient {
  constructor(private readonly cfg: AlipayConfig) {}

  get appId(): string {
    return this.cfg.appId;
  }

  /** The signed common parameters of a call of `method`. */
  private params(method: string, biz: object, extra: Params = {}): Params {
    return signRequest(
      {
        app_id: this.cfg.appId,
        method,
        format: 'JSON',
        charset: 'utf-8',
        sign_type: 'RSA2',
        timestamp: chinaDateTime(new Date()),
        version: '1.0',
        ...extra,
        biz_content: JSON.stringify(biz),
      },
      this.cfg.privateKey,
    );
  }

  /**
   * Calls the gateway and answers the verified response node of `method`. A node that does not verify is never
   * trusted: `ChannelUnavailable` (the caller retries or polls later).
   */
  private async call(
    method: string,
    biz: object,
    extra: Params = {},
  ): Promise<{ node: BizAnswer; raw: string }> {
    const res = await channelFetch(
      this.cfg.gatewayUrl,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8' },
        body: new URLSearchParams(this.params(method, biz, extra)).toString(),
      },
      this.cfg.timeoutMs ?? 10_000,
    );
    const raw = await res.text();
    if (!res.ok) throw new ChannelUnavailable(`Alipay gateway answered HTTP ${res.status}`);
    const own = extractSignedNode(raw, responseNodeName(method));
    const signed = own ?? extractSignedNode(raw, 'error_response');
    if (!signed) throw new ChannelUnavailable('Alipay answer without a response node');
    let node: BizAnswer;
    try {
      node = JSON.parse(signed.text) as BizAnswer;
    } catch {
      throw new ChannelUnavailable('Alipay answer is not JSON');
    }
    // the method's own node is always signed; only a gateway-level `error_response` (bad signature, bad app id)
    // may come unsigned, and it is only ever a refusal
    if (!rsa2Verify(signed.text, signed.sign, this.cfg.alipayPublicKey)) {
      if (own || signed.sign !== '') throw new ChannelUnavailable('Alipay answer signature does not verify');
      throw AlipayClient.refusal(node);
    }
    if (!own) throw AlipayClient.refusal(node);
    if (node.code === '20000')
      throw new ChannelUnavailable(`Alipay unavailable: ${node.sub_msg ?? node.msg ?? ''}`);
    return { node, raw };
  }

  private static refusal(node: BizAnswer): ChannelRefusal {
    return new ChannelRefusal(str(node.sub_msg) || str(node.msg) || `支付宝拒绝: ${str(node.code)}`);
  }

  /** `alipay.trade.page.pay`: the form and URL the browser opens (signed here; Alipay is not called). */
  pagePay(req: TradeRequest): StartedTrade {
    const params = this.params(
      'alipay.trade.page.pay',
      {
        out_trade_no: req.payNo,
        total_amount: fenToYuanString(req.amountFen),
        subject: req.subject,
        product_code: 'FAST_INSTANT_TRADE_PAY',
        time_expire: chinaDateTime(req.expireAt),
      },
      { notify_url: req.notifyUrl, ...(req.returnUrl ? { return_url: req.returnUrl } : {}) },
    );
    const payUrl = `${this.cfg.gatewayUrl}?${new URLSearchParams(params).toString()}`;
    const inputs = Object.entries(params)
      .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
      .join('');
    const payForm =
      `<form name="punchout_form" method="post" action="${escapeHtml(`${this.cfg.gatewayUrl}?charset=utf-8`)}">` +
      `${inputs}<input type="submit" value="立即支付" style="display:none"></form>` +
      '<script>document.forms[0].submit();</script>';
    return { payForm, payUrl, raw: '' };
  }

  /** `alipay.trade.precreate`: the QR code content. */
  async precreate(req: TradeRequest): Promise<StartedTrade> {
    const { node, raw } = await this.call(
      'alipay.trade.precreate',
      {
        out_trade_no: req.payNo,
        total_amount: fenToYuanString(req.amountFen),
        subject: req.subject,
        time_expire: chinaDateTime(req.expireAt),
      },
      { notify_url: req.notifyUrl },
    );
    if (node.code !== '10000' || !str(node.qr_code)) throw AlipayClient.refusal(node);
    return { qrCode: str(node.qr_code), raw };
  }

  /** `alipay.trade.query`; a trade Alipay has not seen yet (QR not scanned) is pending as `TRADE_NOT_EXIST`. */
  async query(payNo: string): Promise<ChannelTrade> {
    const { node, raw } = await this.call('alipay.trade.query', { out_trade_no: payNo });
    if (node.code === '40004' && node.sub_code === 'ACQ.TRADE_NOT_EXIST') {
      return { payNo, state: 'PENDING', channelStatus: 'TRADE_NOT_EXIST', tradeNo: '', buyerId: '', raw };
    }
    if (node.code !== '10000') throw AlipayClient.refusal(node);
    const status = str(node.trade_status);
    return {
      payNo: str(node.out_trade_no) || payNo,
      state: alipayState(status),
      channelStatus: status,
      tradeNo: str(node.trade_no),
      amountFen: str(node.total_amount) ? toFen(str(node.total_amount)) : undefined,
      buyerId: str(node.buyer_user_id) || str(node.buyer_open_id),
      successTime: parseChinaDateTime(str(node.send_pay_date)),
      raw,
    };
  }

  /** `alipay.trade.close`; a trade Alipay never saw is closed already. */
  async close(payNo: string): Promise<void> {
    const { node } = await this.call('alipay.trade.close', { out_trade_no: payNo });
    if (node.code === '10000') return;
    if (node.code === '40004' && node.sub_code === 'ACQ.TRADE_NOT_EXIST') return;
    throw AlipayClient.refusal(node);
  }

  /**
   * A posted notification, verified (RSA2 over every parameter but `sign`/`sign_type`); undefined when the
   * signature does not verify. The caller still checks the app id, the trade and the amount.
   */
  verifyNotification(params: Params): ChannelTrade | undefined {
    if (params.sign_type && params.sign_type !== 'RSA2') return undefined;
    if (!verifyNotify(params, this.cfg.alipayPublicKey)) return undefined;
    const status = params.trade_status ?? '';
    return {
      payNo: params.out_trade_no ?? '',
      state: alipayState(status),
      channelStatus: status,
      tradeNo: params.trade_no ?? '',
      amountFen: params.total_amount ? toFen(params.total_amount) : undefined,
      buyerId: params.buyer_id ?? '',
      successTime: parseChinaDateTime(params.gmt_payment),
      merchant: params.app_id ?? '',
      raw: new URLSearchParams(params).toString(),
    };
  }

  /** The two Alipay channels over this client. */
  channels(): { ALIPAY_PC: PayChannelClient; ALIPAY_QR: PayChannelClient } {
    const query = (payNo: string) => this.query(payNo);
    const close = (payNo: string) => this.close(payNo);
    return {
      ALIPAY_PC: { start: async (req) => this.pagePay(req), query, close },
      ALIPAY_QR: { start: (req) => this.precreate(req), query, close },
    };
  }
}
