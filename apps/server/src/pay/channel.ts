/**
 * What the order code needs from a payment channel, whatever its protocol: start a trade, ask its state, close it.
 * The Alipay and WeChat Pay clients implement it (pay/alipay, pay/wechat); their notifications are verified by the
 * clients themselves and land in the same normalised `ChannelTrade`.
 */

export const PAY_CHANNELS = ['ALIPAY_PC', 'ALIPAY_QR', 'WECHAT_NATIVE'] as const;
export type PayChannelCode = (typeof PAY_CHANNELS)[number];

/** Channel states mapped onto the pay attempt's (docs/automation-domain.md §4.4; `PAY_STATUS` in states.ts). */
export type TradeState = 'PENDING' | 'SUCCESS' | 'CLOSED' | 'FAILED' | 'REFUNDED';

/** A trade as the channel reports it (query answer or verified notification). */
export interface ChannelTrade {
  /** Our `out_trade_no`. */
  payNo: string;
  state: TradeState;
  /** Raw `trade_status` / `trade_state` (`TRADE_NOT_EXIST` when Alipay has not seen the trade yet). */
  channelStatus: string;
  /** The channel's own trade number (`trade_no` / `transaction_id`), empty before payment. */
  tradeNo: string;
  /** Amount of the trade in fen, when the answer carries it. */
  amountFen?: number | undefined;
  /** Alipay `buyer_id` / WeChat `payer.openid`. */
  buyerId: string;
  successTime?: Date | undefined;
  /** The merchant the trade belongs to (Alipay `app_id`, WeChat `appid`/`mchid`), when the answer carries it. */
  merchant?: string | undefined;
  /** The payload as received, kept on the attempt for audit. */
  raw: string;
}

export interface TradeRequest {
  payNo: string;
  amountFen: number;
  /** Alipay `subject` / WeChat `description`. */
  subject: string;
  /** The trade cannot be paid after this (the order's expiry). */
  expireAt: Date;
  notifyUrl: string;
  /** Alipay page pay: where the browser returns. */
  returnUrl?: string | undefined;
}

export interface StartedTrade {
  /** QR channels: the content of the QR code. */
  qrCode?: string;
  /** Alipay page pay: the auto-submitting form and the same request as a URL. */
  payForm?: string;
  payUrl?: string;
  raw: string;
}

/** The channel refused the call (its message is shown to the user as a 400). */
export class ChannelRefusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ChannelRefusal';
  }
}

/** The channel could not be reached, or answered something that does not verify: try again later. */
export class ChannelUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ChannelUnavailable';
  }
}

export interface PayChannelClient {
  start(req: TradeRequest): Promise<StartedTrade>;
  query(payNo: string): Promise<ChannelTrade>;
  /** Closes an unpaid trade; a trade the channel never saw counts as closed. Throws when it cannot be closed. */
  close(payNo: string): Promise<void>;
}

/** Bounded HTTP call to a channel: network failures and timeouts become `ChannelUnavailable`. */
export async function channelFetch(url: string, init: RequestInit, timeoutMs: number): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs), redirect: 'error' });
  } catch (err) {
    throw new ChannelUnavailable(`channel unreachable: ${(err as Error).message}`);
  }
}
