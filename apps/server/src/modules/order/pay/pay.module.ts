/**
 * Paying orders (contract smart-pay/aliPay, smart-pay/wxPay): start an attempt at a channel for an UNPAID order
 * of the caller (src/pay/orders.ts), and take the channels' notifications.
 *
 * Notifications are tokenless: they are believed only once verified (Alipay: RSA2 over the posted parameters with
 * Alipay's public key; WeChat Pay: the platform signature over the raw body and a fresh timestamp, then AES-GCM
 * decryption with the APIv3 key), addressed to our merchant, about an attempt we started at that channel, for its
 * amount. Handling is idempotent on the attempt (`out_trade_no`): a replay answers success and changes nothing.
 * A forged signature answers 401, anything else refused 400; the channel then retries, as it should.
 */
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { caller } from '../../../crud/index';
import { pay } from '../../../db/schema';
import type { Params } from '../../../pay/alipay/sign';
import type { ChannelTrade, PayChannelCode } from '../../../pay/channel';
import { startPay, type PayBody, type StartedAttempt } from '../../../pay/orders';
import { NOT_CONFIGURED_MSG } from '../../../pay/runtime';
import { applyTrade } from '../../../pay/settle';
import type { PayContext, PayRow } from '../../../pay/states';
import { BizError, formatDateTime, ok } from '../../../util';

const SIGNATURE_MSG = '通知签名验证失败';

function attemptVO(s: StartedAttempt) {
  return {
    payId: s.attempt.id.toString(),
    orderId: s.order.id.toString(),
    orderNo: s.order.orderNo,
    outTradeNo: s.attempt.payNo,
    channel: s.attempt.channel,
    amount: s.attempt.amount,
    expireTime: formatDateTime(s.attempt.expireTime ?? s.order.expireTime),
  };
}

/** Posted notification fields as strings (form bodies are; a JSON relay's scalars are made so). */
function paramsOf(body: unknown): Params {
  const out: Params = {};
  if (!body || typeof body !== 'object') return out;
  for (const [k, v] of Object.entries(body as Record<string, unknown>)) {
    if (typeof v === 'string') out[k] = v;
    else if (typeof v === 'number' || typeof v === 'boolean') out[k] = String(v);
  }
  return out;
}

export function payHandlers(ctx: PayContext) {
  /** The attempt a verified notification is about, if it is one of ours at one of `channels`. */
  async function attemptOf(t: ChannelTrade, channels: readonly PayChannelCode[]): Promise<PayRow> {
    const [p] = t.payNo ? await ctx.db.select().from(pay).where(eq(pay.payNo, t.payNo)).limit(1) : [];
    if (!p || !(channels as readonly string[]).includes(p.channel)) throw new BizError('交易不存在');
    return p;
  }

  async function settleNotified(p: PayRow, t: ChannelTrade): Promise<void> {
    const result = await applyTrade(ctx, p, t, 'notify');
    if (result === 'amount-mismatch') throw new BizError('通知金额与支付金额不一致');
    if (result === 'duplicate')
      ctx.log(`pay ${p.payNo}: paid after its order was completed; refund it by hand`);
  }

  return {
    async aliPayPcPay(req: FastifyRequest) {
      const s = await startPay(ctx, caller(req), 'ALIPAY_PC', req.body as PayBody, 'aliPay');
      return ok({ ...attemptVO(s), payForm: s.started.payForm ?? '', payUrl: s.started.payUrl ?? '' });
    },

    async aliPayTradePreCreatePay(req: FastifyRequest) {
      const s = await startPay(ctx, caller(req), 'ALIPAY_QR', req.body as PayBody, 'aliPay');
      return ok({ ...attemptVO(s), qrCode: s.started.qrCode ?? '' });
    },

    async wxPayScanCode(req: FastifyRequest) {
      const s = await startPay(ctx, caller(req), 'WECHAT_NATIVE', req.body as PayBody, 'wxPay');
      return ok({ ...attemptVO(s), qrCode: s.started.qrCode ?? '' });
    },

    async aliPayNotify(req: FastifyRequest, reply: FastifyReply) {
      const client = ctx.runtime.alipay();
      if (!client) throw new BizError(NOT_CONFIGURED_MSG);
      const trade = client.verifyNotification(paramsOf(req.body));
      if (!trade) throw new BizError(SIGNATURE_MSG, 401);
      if (trade.merchant !== client.appId) throw new BizError('通知的 app_id 与本商户不符');
      await settleNotified(await attemptOf(trade, ['ALIPAY_PC', 'ALIPAY_QR']), trade);
      // the literal Alipay waits for; anything else makes it notify again
      return reply.code(200).type('text/plain; charset=utf-8').send('success');
    },

    async wxPayNotify(req: FastifyRequest, reply: FastifyReply) {
      const client = ctx.runtime.wechat();
      if (!client) throw new BizError(NOT_CONFIGURED_MSG);
      const v = client.verifyNotification(req.headers, req.payRawBody ?? '');
      if ('failure' in v) {
        throw v.failure === 'undecryptable'
          ? new BizError('通知内容无法解密')
          : new BizError(SIGNATURE_MSG, 401);
      }
      if (v.trade.merchant !== client.merchantKey) throw new BizError('通知的 appid/mchid 与本商户不符');
      await settleNotified(await attemptOf(v.trade, ['WECHAT_NATIVE']), v.trade);
      return reply.code(204).send();
    },
  };
}
