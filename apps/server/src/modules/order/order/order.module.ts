/**
 * Orders (contract smart-order/order; docs/automation-domain.md §2.6, §4.4), tenant-owned: the generic module from
 * the contract's `order` declaration (src/crud/define-module.ts), plus what the contract cannot say:
 *
 * - `list`, `detail`: expired unpaid orders are closed before they are read: in one statement when no attempt is
 *   pending, through the channel otherwise (detail).
 * - `placeOrder`, `getOrderPayStatus`: the customer's own, for every signed-in user (src/pay/orders.ts);
 *   `priceList`: what `placeOrder` prices with (src/pay/pricing.ts), for the recharge page.
 * - `submit`, `remove`: order management, behind the order page's buttons (`order_add` / `order_edit` /
 *   `order_delete`, src/auth/button-guard.ts derives them from the declaration). A hand-made order is priced from
 *   its body (that is what the buttons are for) and its customer must be a user of the tenant; once it left UNPAID
 *   only `remark` and `closeReason` change. Removing an unpaid order closes it first (at the channel too); paid,
 *   completed and refunding orders cannot be removed.
 */
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { TokenClaims } from '../../../auth/tokens';
import { defineCrudModule } from '../../../crud/define-module';
import type { EntityRegistry } from '../../../crud/entities';
import { caller, type PageQuery } from '../../../crud/index';
import type { Db } from '../../../db/index';
import { order, pay } from '../../../db/schema';
import { customerFilter, customerFilterOff, requireCustomer } from '../../../kernel/customer';
import { fenToYuan, toFen } from '../../../pay/money';
import { payWithBalance } from '../../../pay/balance';
import { payStatus, placeOrder, type PayBody, type PlaceOrderBody } from '../../../pay/orders';
import { priceListOf } from '../../../pay/pricing';
import { ChannelRefusal, ChannelUnavailable } from '../../../pay/channel';
import { closeExpiredIdle, closeOrder } from '../../../pay/settle';
import {
  EXPIRED_REASON,
  ORDER_NOT_FOUND_MSG,
  ORDER_STATUS,
  ORDER_TTL_MS,
  PAY_STATUS,
  businessNo,
  isExpired,
  type OrderRow,
  type PayContext,
} from '../../../pay/states';
import { BizError, formatDateTime, num, ok, parseId, str } from '../../../util';

type Body = Record<string, unknown>;

export function orderModule(db: Db, entities: EntityRegistry, ctx: PayContext) {
  /**
   * Column values of a validated submit body (see the module comment): computed, not copied from the form, so
   * they replace the generic form values (`fields`) rather than adjust them.
   */
  async function fields(b: Body, existing: OrderRow | undefined, a: TokenClaims): Promise<Body> {
    const text: Body = {
      ...(b.remark !== undefined ? { remark: b.remark } : {}),
      ...(b.closeReason !== undefined ? { closeReason: b.closeReason } : {}),
    };
    if (existing && existing.orderStatus !== ORDER_STATUS.UNPAID) return text;

    const quantity = num(b.quantity) ?? 1;
    const unitFen = toFen(num(b.unitPrice) ?? 0);
    const discountFen =
      b.discountAmount !== undefined
        ? toFen(num(b.discountAmount) ?? 0)
        : toFen(existing?.discountAmount ?? 0);
    const totalFen = unitFen * quantity;
    if (discountFen > totalFen) throw new BizError('优惠金额不能大于订单金额');
    const priced = {
      quantity,
      unitPrice: fenToYuan(unitFen),
      totalAmount: fenToYuan(totalFen),
      discountAmount: fenToYuan(discountFen),
      payAmount: fenToYuan(totalFen - discountFen),
    };
    if (existing && toFen(existing.payAmount) !== totalFen - discountFen) {
      // a pending attempt was started for the old amount: the channel would be paid that
      const [pending] = await db
        .select({ id: pay.id })
        .from(pay)
        .where(and(eq(pay.orderId, existing.id), eq(pay.payStatus, PAY_STATUS.PENDING)))
        .limit(1);
      if (pending) throw new BizError('订单支付中,不能修改金额');
    }
    const productId = str(b.productId);
    return {
      ydUserId: await requireCustomer(db, a, b.ydUserId),
      productType: b.productType,
      ...(productId !== undefined
        ? { productId: productId === '' ? null : (parseId(productId) ?? null) }
        : {}),
      productName: b.productName,
      ...priced,
      ...(b.powerAmount !== undefined ? { powerAmount: b.powerAmount } : {}),
      ...(b.payChannel !== undefined ? { payChannel: b.payChannel } : {}),
      ...text,
      ...(existing
        ? {}
        : {
            orderNo: businessNo('PO'),
            orderStatus: ORDER_STATUS.UNPAID,
            expireTime: new Date(Date.now() + ORDER_TTL_MS),
          }),
    };
  }

  /** Before a remove: unpaid orders close (at their channel first); paid ones refuse the whole call. */
  async function beforeRemove(ids: bigint[]): Promise<void> {
    const rows = await db.select().from(order).where(inArray(order.id, ids));
    const paid = [ORDER_STATUS.PAID, ORDER_STATUS.COMPLETED, ORDER_STATUS.REFUNDING] as number[];
    if (rows.some((o) => paid.includes(o.orderStatus))) throw new BizError('已支付的订单不能删除');
    for (const o of rows.filter((r) => r.orderStatus === ORDER_STATUS.UNPAID)) {
      let closed: boolean;
      try {
        closed = await closeOrder(ctx, o, '已删除');
      } catch (err) {
        if (err instanceof ChannelUnavailable || err instanceof ChannelRefusal) {
          throw new BizError('订单的支付状态暂时无法确认,请稍后再删除');
        }
        throw err;
      }
      if (!closed) throw new BizError('订单已支付,不能删除');
    }
  }

  const m = defineCrudModule(db, entities.get('order'), order, {
    notFoundMessage: ORDER_NOT_FOUND_MSG,
    // the contract declares only the suffixed kinds; the plain keys (`orderStatus=0`, `createTime=…`) filter too
    filters: {
      productType: { column: order.productType, plain: 'equal', kinds: ['equal'] },
      orderStatus: { column: order.orderStatus, plain: 'equal', kinds: ['equal'] },
      payChannel: { column: order.payChannel, plain: 'equal', kinds: ['equal'] },
      createTime: { column: order.createTime, plain: 'dateequal', kinds: ['dategt', 'datelt'] },
      ydUserId: customerFilterOff(order.ydUserId),
    },
    sortable: {
      id: order.id,
      order_no: order.orderNo,
      order_status: order.orderStatus,
      pay_amount: order.payAmount,
      paid_time: order.paidTime,
      create_time: order.createTime,
      update_time: order.updateTime,
    },
    fields,
    beforeRemove: (ids) => beforeRemove(ids),
  });

  return {
    // detail, submit (answering the saved order) and remove as declared
    ...m.handlers,

    async orderList(req: FastifyRequest) {
      const a = caller(req);
      await closeExpiredIdle(db, a.tenant_id);
      const q = req.query as PageQuery & Record<string, unknown>;
      return ok(await m.page(a, q, customerFilter(order.ydUserId, q)));
    },

    async orderDetail(req: FastifyRequest) {
      const a = caller(req);
      let o = await m.findOwn(a, parseId((req.query as { id: string }).id));
      if (o.orderStatus === ORDER_STATUS.UNPAID && isExpired(o)) {
        try {
          await closeOrder(ctx, o, EXPIRED_REASON);
        } catch (err) {
          // the channel cannot say now whether it was paid: answer the order as it is
          if (!(err instanceof ChannelUnavailable) && !(err instanceof ChannelRefusal)) throw err;
        }
        o = await m.findOwn(a, o.id);
      }
      return ok(m.toVO(o));
    },

    /** Every attempt of an order the caller can read (as its detail), newest first (contract `payAttempts`). */
    async orderPayAttempts(req: FastifyRequest) {
      const o = await m.findOwn(caller(req), parseId((req.query as { id: string }).id));
      const rows = await db
        .select()
        .from(pay)
        .where(eq(pay.orderId, o.id))
        .orderBy(desc(pay.createTime), desc(pay.id))
        .limit(1000);
      return ok(
        rows.map((p) => ({
          id: String(p.id),
          payNo: p.payNo,
          channel: p.channel,
          amount: p.amount,
          payStatus: p.payStatus,
          channelStatus: p.channelStatus,
          channelTradeNo: p.channelTradeNo,
          buyerId: p.buyerId,
          successTime: formatDateTime(p.successTime),
          expireTime: formatDateTime(p.expireTime),
          notifyCount: p.notifyCount,
          failReason: p.failReason,
          createTime: formatDateTime(p.createTime),
        })),
      );
    },

    /**
     * `smart-pay/balance/pay` (src/pay/balance.ts): answered here, as the completed order, beside the order's other
     * payment operations that answer an order.
     */
    async balancePay(req: FastifyRequest) {
      return ok(m.toVO(await payWithBalance(ctx, caller(req), req.body as PayBody)));
    },

    async orderPlaceOrder(req: FastifyRequest) {
      return ok(m.toVO(await placeOrder(ctx, caller(req), req.body as PlaceOrderBody, req.ip)));
    },

    async orderPriceList(req: FastifyRequest) {
      const productType = Number((req.query as { productType: number | string }).productType);
      const list = await priceListOf(db, caller(req).tenant_id, productType);
      const packages = list?.packages ?? [];
      return ok({
        productType,
        onSale: packages.length > 0 || !!list?.open,
        packages,
        ...(list?.open ? { open: list.open } : {}),
      });
    },

    async orderGetOrderPayStatus(req: FastifyRequest) {
      const q = req.query as { id?: string; orderNo?: string };
      const { order: o, latest } = await payStatus(ctx, caller(req), q);
      return ok({
        orderId: o.id.toString(),
        orderNo: o.orderNo,
        orderStatus: o.orderStatus,
        payStatus: latest?.payStatus ?? -1,
        payChannel: latest?.channel ?? '',
        channelStatus: latest?.channelStatus ?? '',
        payAmount: o.payAmount,
        paidTime: formatDateTime(o.paidTime),
        finished: o.orderStatus !== ORDER_STATUS.UNPAID,
      });
    },
  };
}
