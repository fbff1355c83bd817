/**
 * What happens when a channel tells us about a trade (a verified notification or a query answer), and how unpaid
 * orders close. The one rule that matters: an order leaves UNPAID (or CLOSED) for PAID only through a conditional
 * UPDATE, in the same transaction as the credit of the customer, so whichever of notification, poll and sweep sees
 * the payment first credits it and every other one finds nothing left to do.
 */
import { and, eq, inArray, lte, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../db/index';
import { balanceLog, order, pay, user } from '../db/schema';
import { changePower, PowerChange } from '../engine/power/ledger';
import { nextId } from '../util';
import { ChannelUnavailable, type ChannelTrade } from './channel';
import { fenToYuan, toFen } from './money';
import {
  EXPIRED_REASON,
  ORDER_STATUS,
  PAY_STATUS,
  type OrderRow,
  type PayContext,
  type PayRow,
} from './states';

const RAW_LIMIT = 16_000;
const clip = (s: string, n: number) => (s.length > n ? s.slice(0, n) : s);

export type ApplyResult =
  /** the order was completed (or paid) by this call */
  | 'settled'
  /** the payment was already known; nothing changed */
  | 'already'
  /** the order had been completed by another attempt: this payment needs a refund by hand */
  | 'duplicate'
  /** a non-final or failed state was recorded */
  | 'recorded'
  /** the channel's amount differs from the attempt's: refused, nothing credited */
  | 'amount-mismatch';

/** Records a channel report on an attempt and acts on it (see the module comment). */
export async function applyTrade(
  ctx: PayContext,
  p: PayRow,
  t: ChannelTrade,
  source: 'notify' | 'query',
): Promise<ApplyResult> {
  const now = new Date();
  const audit =
    source === 'notify'
      ? {
          notifyCount: sql`${pay.notifyCount} + 1`,
          lastNotifyTime: now,
          notifyRaw: clip(t.raw, RAW_LIMIT),
        }
      : { queryRaw: clip(t.raw, RAW_LIMIT) };
  const expected = toFen(p.amount);
  // a successful trade must say how much was paid; any amount it states must be the attempt's
  const badAmount =
    t.amountFen === undefined
      ? t.state === 'SUCCESS'
      : !Number.isFinite(t.amountFen) || t.amountFen !== expected;
  if (badAmount) {
    await ctx.db
      .update(pay)
      .set({
        ...audit,
        failReason: clip(`金额不符: 渠道 ${String(t.amountFen)} 分, 应为 ${expected} 分`, 255),
      })
      .where(eq(pay.id, p.id));
    ctx.log(`pay ${p.payNo}: channel amount ${String(t.amountFen)} differs from ${expected} fen`);
    return 'amount-mismatch';
  }
  if (t.state === 'SUCCESS') {
    await ctx.db.update(pay).set(audit).where(eq(pay.id, p.id));
    return settle(ctx.db, p, t, now);
  }
  const channelStatus = clip(t.channelStatus, 32);
  let status: number | undefined;
  let from: number[] = [PAY_STATUS.PENDING];
  if (t.state === 'CLOSED' || t.state === 'REFUNDED') {
    // a trade the channel closes after it was paid has been refunded there (Alipay TRADE_CLOSED, WeChat REFUND)
    status = t.state === 'REFUNDED' ? PAY_STATUS.REFUNDED : PAY_STATUS.CLOSED;
    if (p.payStatus === PAY_STATUS.SUCCESS) {
      status = PAY_STATUS.REFUNDED;
      from = [PAY_STATUS.SUCCESS];
    }
  } else if (t.state === 'FAILED') status = PAY_STATUS.FAILED;
  await ctx.db
    .update(pay)
    .set({ ...audit, channelStatus, updateTime: now })
    .where(and(eq(pay.id, p.id), inArray(pay.payStatus, [PAY_STATUS.PENDING, p.payStatus])));
  if (status !== undefined) {
    await ctx.db
      .update(pay)
      .set({ payStatus: status, updateTime: now })
      .where(and(eq(pay.id, p.id), inArray(pay.payStatus, from)));
  }
  return 'recorded';
}

/**
 * The payment succeeded: mark the attempt, move the order to PAID, credit the customer, then COMPLETED, in one
 * transaction. The two conditional updates make a second caller (a replayed notification, a racing poll, another
 * instance) a no-op: the attempt is already SUCCESS, or the order is no longer UNPAID/CLOSED.
 */
export async function settle(db: Db, p: PayRow, t: ChannelTrade, now: Date): Promise<ApplyResult> {
  return db.transaction(async (tx) => {
    const [won] = await tx
      .update(pay)
      .set({
        payStatus: PAY_STATUS.SUCCESS,
        channelStatus: clip(t.channelStatus, 32),
        channelTradeNo: clip(t.tradeNo, 64),
        buyerId: clip(t.buyerId, 64),
        successTime: t.successTime ?? now,
        updateTime: now,
      })
      .where(and(eq(pay.id, p.id), notInArray(pay.payStatus, [PAY_STATUS.SUCCESS, PAY_STATUS.REFUNDED])))
      .returning();
    if (!won) return 'already';
    // an order closed by expiry can still be paid at the channel in its last seconds: the money is taken, so the
    // order is delivered rather than left closed
    const [o] = await tx
      .update(order)
      .set({
        orderStatus: ORDER_STATUS.PAID,
        paidTime: won.successTime,
        payChannel: won.channel,
        closeTime: null,
        closeReason: '',
        updateTime: now,
      })
      .where(
        and(
          eq(order.id, won.orderId),
          inArray(order.orderStatus, [ORDER_STATUS.UNPAID, ORDER_STATUS.CLOSED]),
        ),
      )
      .returning();
    if (!o) {
      await tx.update(pay).set({ failReason: '订单已由其他支付完成,本笔需退款' }).where(eq(pay.id, won.id));
      return 'duplicate';
    }
    if (await credit(tx, o, won, now)) {
      await tx
        .update(order)
        .set({ orderStatus: ORDER_STATUS.COMPLETED, deliverStatus: 1, deliverTime: now })
        .where(and(eq(order.id, o.id), eq(order.orderStatus, ORDER_STATUS.PAID)));
    }
    return 'settled';
  });
}

/**
 * Credits what the order bought to its customer (a user of the order's tenant): power (type 1) or days of validity
 * (type 2, from the later of now and the current expiry; an unlimited account stays unlimited), and records the
 * money in the balance ledger as a recharge and its consumption by the order (net zero: the money paid the order;
 * a balance payment's consumption is its own row, ./balance.ts).
 * False when the customer no longer exists: the order stays PAID, undelivered, for someone to look at.
 *
 * Power goes through the power ledger (src/engine/power/ledger.ts), as a grant's does
 * (src/modules/order/grant-record/grant-record.module.ts): every change of a customer's power is one `power_logs`
 * row with its before and after. It runs inside `settle`'s transaction, after the conditional updates that only
 * one of notification, poll and sweep wins, so an order writes its row exactly once.
 */
async function credit(tx: Db, o: OrderRow, p: PayRow, now: Date): Promise<boolean> {
  const [u] = await tx
    .select({ id: user.id, balance: user.balance, expireTime: user.expireTime })
    .from(user)
    .where(and(eq(user.id, o.ydUserId), eq(user.tenantId, o.tenantId), eq(user.isDeleted, 0)))
    .for('update');
  if (!u) return false;
  const days = o.productType === 2 ? o.memberDays : 0;
  const power = o.productType === 1 ? o.powerAmount : 0;
  const expireTime =
    days > 0 && u.expireTime
      ? new Date(Math.max(u.expireTime.getTime(), now.getTime()) + days * 24 * 3600 * 1000)
      : u.expireTime;
  if (power > 0) {
    await changePower(tx, {
      tenantId: o.tenantId,
      userId: u.id,
      delta: power,
      changeType: PowerChange.RECHARGE,
      bizType: 'ORDER',
      bizId: String(o.id),
      remark: `${o.productName} (${o.orderNo})`,
    });
  }
  if (days > 0) await tx.update(user).set({ expireTime }).where(eq(user.id, u.id));
  const paid = toFen(o.payAmount);
  // a balance payment wrote its own consumption row (./balance.ts): the money came from the balance, not a channel
  if (paid > 0 && p.channel !== 'BALANCE') {
    const before = toFen(u.balance);
    const row = {
      tenantId: o.tenantId,
      ydUserId: o.ydUserId,
      bizType: 'ORDER',
      bizNo: o.orderNo,
      remark: clip(`${o.productName} (${p.channel} ${p.payNo})`, 500),
      createUser: o.ydUserId,
      updateUser: o.ydUserId,
      createTime: now,
      updateTime: now,
    };
    await tx.insert(balanceLog).values([
      {
        ...row,
        id: nextId(),
        changeType: 1,
        amount: fenToYuan(paid),
        balanceBefore: fenToYuan(before),
        balanceAfter: fenToYuan(before + paid),
      },
      {
        ...row,
        id: nextId(),
        changeType: 2,
        amount: fenToYuan(-paid),
        balanceBefore: fenToYuan(before + paid),
        balanceAfter: fenToYuan(before),
      },
    ]);
  }
  return true;
}

/**
 * Closes an unpaid order: each pending attempt is asked first (one the channel reports paid completes the order
 * instead), then closed at its channel, then locally; last the order, if still unpaid. False when the order did not
 * close. A channel that cannot be reached stops the close (`ChannelUnavailable`): the trade might have been paid.
 */
export async function closeOrder(ctx: PayContext, o: OrderRow, reason: string): Promise<boolean> {
  const pending = await ctx.db
    .select()
    .from(pay)
    .where(and(eq(pay.orderId, o.id), eq(pay.payStatus, PAY_STATUS.PENDING)));
  for (const p of pending) {
    if (!(await closeAttempt(ctx, p))) return false;
  }
  const now = new Date();
  const [closed] = await ctx.db
    .update(order)
    .set({ orderStatus: ORDER_STATUS.CLOSED, closeTime: now, closeReason: clip(reason, 64), updateTime: now })
    .where(and(eq(order.id, o.id), eq(order.orderStatus, ORDER_STATUS.UNPAID)))
    .returning({ id: order.id });
  return !!closed;
}

/** Closes one pending attempt (see `closeOrder`); false when the channel says it was paid. */
export async function closeAttempt(ctx: PayContext, p: PayRow): Promise<boolean> {
  const client = ctx.runtime.channel(p.channel);
  // a channel no longer configured cannot be asked, and no payment can start through us any more
  if (client) {
    const t = await client.query(p.payNo);
    const applied = await applyTrade(ctx, p, t, 'query');
    if (t.state === 'SUCCESS' || applied === 'amount-mismatch') return false;
    if (t.state === 'PENDING') await client.close(p.payNo);
  }
  await ctx.db
    .update(pay)
    .set({ payStatus: PAY_STATUS.CLOSED, updateTime: new Date() })
    .where(and(eq(pay.id, p.id), eq(pay.payStatus, PAY_STATUS.PENDING)));
  return true;
}

/**
 * Closes the expired unpaid orders of a tenant that have no pending attempt (nothing to ask a channel about), in
 * one statement: what a list read does first (a detail closes through the channel).
 */
export async function closeExpiredIdle(db: Db, tenantId: string): Promise<void> {
  const now = new Date();
  await db
    .update(order)
    .set({ orderStatus: ORDER_STATUS.CLOSED, closeTime: now, closeReason: EXPIRED_REASON, updateTime: now })
    .where(
      and(
        eq(order.tenantId, tenantId),
        eq(order.orderStatus, ORDER_STATUS.UNPAID),
        lte(order.expireTime, now),
        sql`not exists (select 1 from ${pay} where ${pay.orderId} = ${order.id} and ${pay.payStatus} = ${PAY_STATUS.PENDING})`,
      ),
    );
}

/** Closes up to `limit` expired unpaid orders of every tenant; answers how many closed. */
export async function sweepExpired(ctx: PayContext, limit = 100): Promise<number> {
  const due = await ctx.db
    .select()
    .from(order)
    .where(and(eq(order.orderStatus, ORDER_STATUS.UNPAID), lte(order.expireTime, new Date())))
    .limit(limit);
  let closed = 0;
  for (const o of due) {
    try {
      if (await closeOrder(ctx, o, EXPIRED_REASON)) closed++;
    } catch (err) {
      // the next sweep (or a poll) tries again; an unreachable channel must not stop the others
      if (!(err instanceof ChannelUnavailable)) ctx.log(`closing order ${o.orderNo} failed`, err);
    }
  }
  return closed;
}

/**
 * Claims the right to ask the channel about an attempt now: at most one query per attempt every `intervalMs`
 * across polls and instances (a conditional update of `last_query_time`).
 */
export async function claimQuery(db: Db, p: PayRow, intervalMs: number): Promise<boolean> {
  const now = new Date();
  const [row] = await db
    .update(pay)
    .set({ lastQueryTime: now })
    .where(
      and(
        eq(pay.id, p.id),
        eq(pay.payStatus, PAY_STATUS.PENDING),
        sql`(${pay.lastQueryTime} is null or ${pay.lastQueryTime} <= ${new Date(now.getTime() - intervalMs).toISOString()}::timestamp)`,
      ),
    )
    .returning({ id: pay.id });
  return !!row;
}
