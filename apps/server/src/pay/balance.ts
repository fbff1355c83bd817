/**
 * Paying an order from the customer's money balance (contract `smart-pay/balance/pay`; channel BALANCE of
 * docs/automation-domain.md §4.4). One transaction: the order is locked, the balance debited by one conditional
 * update (`balance >= amount`, so concurrent payments never take it below zero), the consumption written to the
 * balance ledger (whose unique `(ORDER, order number, consume)` key refuses a second one), a BALANCE attempt
 * recorded, and the order settled as a channel payment is (./settle.ts: PAID, credited, COMPLETED). Any refusal
 * rolls all of it back.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { TokenClaims } from '../auth/tokens';
import { auditStamp } from '../crud/index';
import { balanceLog, order, pay, user } from '../db/schema';
import { BizError, nextId, parseId } from '../util';
import { fenToYuan, toFen } from './money';
import { payableOrder, type PayBody } from './orders';
import { settle } from './settle';
import {
  ORDER_NOT_FOUND_MSG,
  ORDER_STATUS,
  PAY_STATUS,
  withFreshNo,
  type OrderRow,
  type PayContext,
} from './states';

export const NOT_ENOUGH_BALANCE_MSG = '余额不足';

export async function payWithBalance(ctx: PayContext, a: TokenClaims, b: PayBody): Promise<OrderRow> {
  // a QR code still open at a channel could be paid as well: payableOrder closes it first
  const { order: o, dueFen } = await payableOrder(ctx, a, b);

  const me = parseId(a.user_id) ?? o.ydUserId;
  const now = new Date();
  const amount = fenToYuan(dueFen);
  await withFreshNo('PP', (payNo) =>
    ctx.db.transaction(async (tx) => {
      // the order row is the lock: two balance payments of one order queue here, the second finds it paid
      const [locked] = await tx
        .select({ status: order.orderStatus })
        .from(order)
        .where(eq(order.id, o.id))
        .for('update');
      if (!locked) throw new BizError(ORDER_NOT_FOUND_MSG);
      if (locked.status !== ORDER_STATUS.UNPAID) throw new BizError('订单已支付');
      const [debited] = await tx
        .update(user)
        .set({ balance: sql`${user.balance} - ${amount}` })
        .where(
          and(
            eq(user.id, o.ydUserId),
            eq(user.tenantId, o.tenantId),
            eq(user.isDeleted, 0),
            sql`${user.balance} >= ${amount}`,
          ),
        )
        .returning({ balance: user.balance });
      if (!debited) throw new BizError(NOT_ENOUGH_BALANCE_MSG);
      const after = toFen(debited.balance);
      await tx.insert(balanceLog).values({
        id: nextId(),
        tenantId: o.tenantId,
        ydUserId: o.ydUserId,
        changeType: 2,
        amount: fenToYuan(-dueFen),
        balanceBefore: fenToYuan(after + dueFen),
        balanceAfter: fenToYuan(after),
        bizType: 'ORDER',
        bizNo: o.orderNo,
        operatorId: me,
        remark: `${o.productName} (BALANCE ${payNo})`.slice(0, 500),
        createUser: me,
        updateUser: me,
        createTime: now,
        updateTime: now,
      });
      const [attempt] = await tx
        .insert(pay)
        .values({
          id: nextId(),
          tenantId: o.tenantId,
          payNo,
          orderId: o.id,
          orderNo: o.orderNo,
          ydUserId: o.ydUserId,
          channel: 'BALANCE',
          amount: o.payAmount,
          payStatus: PAY_STATUS.PENDING,
          expireTime: o.expireTime,
          ...auditStamp(a, now, me),
        })
        .returning();
      const result = await settle(
        tx,
        attempt!,
        {
          payNo,
          state: 'SUCCESS',
          channelStatus: 'BALANCE_PAID',
          tradeNo: payNo,
          amountFen: dueFen,
          buyerId: String(o.ydUserId),
          successTime: now,
          raw: '',
        },
        now,
      );
      if (result !== 'settled') throw new BizError('订单已支付');
    }),
  );
  const [done] = await ctx.db.select().from(order).where(eq(order.id, o.id)).limit(1);
  return done ?? o;
}
