/**
 * The customer's side of orders (contract `order/placeOrder`, `order/getOrderPayStatus`, `aliPay/*`, `wxPay/*`):
 * place an order at the server's price, start a pay attempt at a channel, and answer the payment state, asking the
 * channel when the attempt is still pending. Settlement and closing live in settle.ts.
 */
import { and, desc, eq, type SQL } from 'drizzle-orm';
import { buttonAllowed } from '../auth/button-guard';
import { scopeCache } from '../auth/permissions';
import type { TokenClaims } from '../auth/tokens';
import { order, pay } from '../db/schema';
import { auditStamp } from '../crud/index';
import { AuthError, BizError, nextId, parseId } from '../util';
import {
  ChannelRefusal,
  ChannelUnavailable,
  type PayChannelClient,
  type PayChannelCode,
  type StartedTrade,
} from './channel';
import { fenToYuan, toFen } from './money';
import { NOT_ON_SALE_MSG, UNKNOWN_PRODUCT_MSG, priceListOf, quote } from './pricing';
import { NOT_CONFIGURED_MSG, type NOTIFY_PATHS } from './runtime';
import { applyTrade, claimQuery, closeAttempt, closeOrder } from './settle';
import {
  EXPIRED_REASON,
  ORDER_NOT_FOUND_MSG,
  ORDER_STATUS,
  ORDER_TTL_MS,
  PAY_STATUS,
  isExpired,
  withFreshNo,
  type OrderRow,
  type PayContext,
  type PayRow,
} from './states';

export interface PlaceOrderBody {
  ydUserId?: string;
  productType: number;
  productId?: string;
  productName: string;
  quantity?: number;
  amount: number;
  payChannel?: string;
}

export interface PayBody {
  orderId: string;
  amount: number;
  subject?: string;
  returnUrl?: string;
}

function callerId(a: TokenClaims): bigint {
  const id = parseId(a.user_id);
  if (id === undefined) throw new AuthError();
  return id;
}

/**
 * Who may pay or poll an order: its customer, and whoever may edit the tenant's orders (the `order_edit` button,
 * the tenant's administrators). Anybody else is told the order does not exist.
 */
async function mayHandle(ctx: PayContext, a: TokenClaims, o: OrderRow): Promise<boolean> {
  if (o.ydUserId === callerId(a)) return true;
  return buttonAllowed(ctx.db, await scopeCache(ctx.db).get(), a, 'order_edit');
}

/** The caller's order by id or number (live, of its tenant, and its own or one it manages). */
export async function findOrderFor(
  ctx: PayContext,
  a: TokenClaims,
  by: { id?: string | undefined; orderNo?: string | undefined },
): Promise<OrderRow> {
  const conds: SQL[] = [eq(order.tenantId, a.tenant_id), eq(order.isDeleted, 0)];
  if (by.id) {
    const id = parseId(by.id);
    if (id === undefined) throw new BizError(ORDER_NOT_FOUND_MSG);
    conds.push(eq(order.id, id));
  } else if (by.orderNo) conds.push(eq(order.orderNo, by.orderNo));
  else throw new BizError('请传入订单 id 或订单号');
  const [o] = await ctx.db
    .select()
    .from(order)
    .where(and(...conds))
    .limit(1);
  if (!o || !(await mayHandle(ctx, a, o))) throw new BizError(ORDER_NOT_FOUND_MSG);
  return o;
}

const reload = async (ctx: PayContext, id: bigint): Promise<OrderRow> => {
  const [o] = await ctx.db.select().from(order).where(eq(order.id, id)).limit(1);
  if (!o) throw new BizError(ORDER_NOT_FOUND_MSG);
  return o;
};

export async function latestAttempt(ctx: PayContext, orderId: bigint): Promise<PayRow | undefined> {
  const [p] = await ctx.db
    .select()
    .from(pay)
    .where(eq(pay.orderId, orderId))
    .orderBy(desc(pay.createTime), desc(pay.id))
    .limit(1);
  return p;
}

/** `placeOrder`: an UNPAID order of the caller, priced by the server, payable for 15 minutes. */
export async function placeOrder(
  ctx: PayContext,
  a: TokenClaims,
  b: PlaceOrderBody,
  clientIp: string,
): Promise<OrderRow> {
  const me = callerId(a);
  // the customer bound to a console user is the user itself; ordering for someone else is `order/submit`
  if (b.ydUserId && parseId(b.ydUserId) !== me) throw new BizError('只能为本人下单');
  // product ids name card groups (type 4), which this server does not have
  if (b.productId) throw new BizError(UNKNOWN_PRODUCT_MSG);
  const list = await priceListOf(ctx.db, a.tenant_id, b.productType);
  if (!list) throw new BizError(NOT_ON_SALE_MSG);
  const q = quote(list, b.productType, {
    productName: b.productName,
    quantity: b.quantity ?? 1,
    amountFen: toFen(b.amount),
  });
  const now = new Date();
  return withFreshNo('PO', async (orderNo) => {
    const [row] = await ctx.db
      .insert(order)
      .values({
        id: nextId(),
        tenantId: a.tenant_id,
        orderNo,
        ydUserId: me,
        productType: b.productType,
        productId: null,
        productName: q.productName,
        quantity: q.quantity,
        unitPrice: fenToYuan(q.unitPriceFen),
        totalAmount: fenToYuan(q.totalFen),
        discountAmount: 0,
        payAmount: fenToYuan(q.totalFen),
        powerAmount: q.powerAmount,
        memberDays: q.memberDays,
        payChannel: b.payChannel ?? '',
        orderStatus: ORDER_STATUS.UNPAID,
        expireTime: new Date(now.getTime() + ORDER_TTL_MS),
        clientIp: clientIp.slice(0, 64),
        ...auditStamp(a, now, me),
      })
      .returning();
    if (!row) throw new Error('insert returned nothing');
    return row;
  });
}

export interface StartedAttempt {
  order: OrderRow;
  attempt: PayRow;
  started: StartedTrade;
}

/**
 * Closes the order's other pending attempts before a new one starts, so that one order is never payable twice at
 * once. If one of them turns out paid, the order is complete and the new attempt is refused.
 */
async function retireAttempts(ctx: PayContext, o: OrderRow): Promise<void> {
  const pending = await ctx.db
    .select()
    .from(pay)
    .where(and(eq(pay.orderId, o.id), eq(pay.payStatus, PAY_STATUS.PENDING)));
  for (const p of pending) {
    let closed: boolean;
    try {
      closed = await closeAttempt(ctx, p);
    } catch (err) {
      if (err instanceof ChannelUnavailable || err instanceof ChannelRefusal) {
        throw new BizError('上一笔支付尚未关闭,请稍后重试');
      }
      throw err;
    }
    if (!closed) throw new BizError('订单已支付');
  }
}

/**
 * The order a pay call (any channel, the balance included) is for, and what it owes in fen: the caller's UNPAID,
 * unexpired order (an expired one is closed), the amount the order's, its other pending attempts closed first so
 * that one order is never payable twice at once.
 */
export async function payableOrder(
  ctx: PayContext,
  a: TokenClaims,
  b: PayBody,
): Promise<{ order: OrderRow; dueFen: number }> {
  const o = await findOrderFor(ctx, a, { id: b.orderId });
  if (o.orderStatus === ORDER_STATUS.CLOSED) throw new BizError('订单已关闭');
  if (o.orderStatus !== ORDER_STATUS.UNPAID) throw new BizError('订单已支付');
  if (isExpired(o)) {
    await closeOrder(ctx, o, EXPIRED_REASON).catch((err: unknown) => ctx.log(`closing ${o.orderNo}`, err));
    throw new BizError('订单已过期,请重新下单');
  }
  const dueFen = toFen(o.payAmount);
  if (toFen(b.amount) !== dueFen) throw new BizError('支付金额与订单应付金额不一致');
  if (dueFen < 1) throw new BizError('订单应付金额为 0,无需支付');
  await retireAttempts(ctx, o);
  return { order: o, dueFen };
}

/** A pay call (`pcPay`, `tradePreCreatePay`, `scanCode`): a new attempt of an UNPAID order at `code`. */
export async function startPay(
  ctx: PayContext,
  a: TokenClaims,
  code: PayChannelCode,
  b: PayBody,
  notify: keyof typeof NOTIFY_PATHS,
): Promise<StartedAttempt> {
  const client: PayChannelClient | undefined = ctx.runtime.channel(code);
  if (!client) throw new BizError(NOT_CONFIGURED_MSG);
  const notifyUrl = ctx.runtime.notifyUrl(notify);
  const { order: o, dueFen } = await payableOrder(ctx, a, b);

  const me = callerId(a);
  const now = new Date();
  const attempt = await withFreshNo('PP', async (payNo) => {
    const [row] = await ctx.db
      .insert(pay)
      .values({
        id: nextId(),
        tenantId: o.tenantId,
        payNo,
        orderId: o.id,
        orderNo: o.orderNo,
        ydUserId: o.ydUserId,
        channel: code,
        amount: o.payAmount,
        payStatus: PAY_STATUS.PENDING,
        expireTime: o.expireTime,
        ...auditStamp(a, now, me),
      })
      .returning();
    if (!row) throw new Error('insert returned nothing');
    return row;
  });

  let started: StartedTrade;
  try {
    started = await client.start({
      payNo: attempt.payNo,
      amountFen: dueFen,
      subject: (b.subject?.trim() || o.productName).slice(0, 127),
      expireAt: o.expireTime ?? new Date(now.getTime() + ORDER_TTL_MS),
      notifyUrl,
      returnUrl: b.returnUrl || ctx.runtime.defaultReturnUrl(),
    });
  } catch (err) {
    if (err instanceof ChannelRefusal) {
      await ctx.db
        .update(pay)
        .set({ payStatus: PAY_STATUS.FAILED, failReason: err.message.slice(0, 255) })
        .where(eq(pay.id, attempt.id));
      throw new BizError(err.message);
    }
    if (err instanceof ChannelUnavailable) {
      // the trade may exist at the channel after all: it stays pending, for polls and closing to settle
      ctx.log(`pay ${attempt.payNo}: channel unavailable`, err);
      throw new BizError('支付渠道暂不可用,请稍后重试');
    }
    throw err;
  }
  const [saved] = await ctx.db
    .update(pay)
    .set({
      qrCode: (started.qrCode ?? '').slice(0, 512),
      payForm: started.payForm ?? '',
      queryRaw: started.raw,
    })
    .where(eq(pay.id, attempt.id))
    .returning();
  const [updated] = await ctx.db
    .update(order)
    .set({ payChannel: code, updateTime: new Date() })
    .where(and(eq(order.id, o.id), eq(order.orderStatus, ORDER_STATUS.UNPAID)))
    .returning();
  return { order: updated ?? o, attempt: saved ?? attempt, started };
}

/**
 * `getOrderPayStatus`: the order and its latest attempt. An unpaid order whose attempt is pending is first checked
 * at the channel (at most every `queryIntervalMs`), so a lost notification is caught; an expired one is closed.
 * Channel trouble is not the caller's problem here: the answer is the last known state, and polling goes on.
 */
export async function payStatus(
  ctx: PayContext,
  a: TokenClaims,
  by: { id?: string | undefined; orderNo?: string | undefined },
): Promise<{ order: OrderRow; latest: PayRow | undefined }> {
  let o = await findOrderFor(ctx, a, by);
  if (o.orderStatus === ORDER_STATUS.UNPAID) {
    const latest = await latestAttempt(ctx, o.id);
    const client = latest ? ctx.runtime.channel(latest.channel) : undefined;
    if (latest && client && latest.payStatus === PAY_STATUS.PENDING) {
      if (await claimQuery(ctx.db, latest, ctx.runtime.queryIntervalMs)) {
        try {
          await applyTrade(ctx, latest, await client.query(latest.payNo), 'query');
        } catch (err) {
          if (!(err instanceof ChannelUnavailable) && !(err instanceof ChannelRefusal)) throw err;
          ctx.log(`pay ${latest.payNo}: query failed`, err);
        }
      }
    }
    o = await reload(ctx, o.id);
    if (o.orderStatus === ORDER_STATUS.UNPAID && isExpired(o)) {
      try {
        await closeOrder(ctx, o, EXPIRED_REASON);
      } catch (err) {
        if (!(err instanceof ChannelUnavailable) && !(err instanceof ChannelRefusal)) throw err;
      }
      o = await reload(ctx, o.id);
    }
  }
  return { order: o, latest: await latestAttempt(ctx, o.id) };
}
