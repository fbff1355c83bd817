/**
 * Orders (contract smart-order/order; docs/automation-domain.md §2.6, §4.4), tenant-owned.
 *
 * - `list`, `detail`: the tenant's orders (the order-management page). Expired unpaid orders are closed before
 *   they are read: in one statement when no attempt is pending, through the channel otherwise (detail).
 * - `placeOrder`, `getOrderPayStatus`: the customer's own, for every signed-in user (src/pay/orders.ts).
 * - `submit`, `remove`: order management. They need the order page's buttons (`order_add` / `order_edit` /
 *   `order_delete`; administrators and tenant administrators pass), checked here with the rules of
 *   src/auth/button-guard.ts. A hand-made order is priced from its body (that is what the buttons are for) and its
 *   customer must be a user of the tenant; once it left UNPAID only `remark` and `closeReason` change. Removing an
 *   unpaid order closes it first (at the channel too); paid, completed and refunding orders cannot be removed.
 */
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import { buttonAllowed } from '../auth/button-guard';
import { scopeCache } from '../auth/permissions';
import type { TokenClaims } from '../auth/tokens';
import { NO_PERMISSION_MSG, caller, crud, type PageQuery } from '../crud/index';
import type { Db } from '../db/index';
import { order, pay, user } from '../db/schema';
import { fenToYuan, toFen } from '../pay/money';
import { payStatus, placeOrder, type PlaceOrderBody } from '../pay/orders';
import { ChannelRefusal, ChannelUnavailable } from '../pay/channel';
import { closeExpiredIdle, closeOrder } from '../pay/settle';
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
} from '../pay/states';
import { auditVO, BizError, formatDateTime, idStr, num, ok, parseId, str } from '../util';

type Body = Record<string, unknown>;

export function toOrderVO(r: OrderRow) {
  return {
    id: r.id.toString(),
    tenantId: r.tenantId,
    ydUserId: r.ydUserId.toString(),
    productType: r.productType,
    productId: idStr(r.productId),
    productName: r.productName,
    quantity: r.quantity,
    unitPrice: r.unitPrice,
    discountAmount: r.discountAmount,
    powerAmount: r.powerAmount,
    payChannel: r.payChannel,
    closeReason: r.closeReason,
    remark: r.remark,
    orderNo: r.orderNo,
    totalAmount: r.totalAmount,
    payAmount: r.payAmount,
    orderStatus: r.orderStatus,
    paidTime: formatDateTime(r.paidTime),
    expireTime: formatDateTime(r.expireTime),
    closeTime: formatDateTime(r.closeTime),
    deliverStatus: r.deliverStatus,
    deliverTime: formatDateTime(r.deliverTime),
    clientIp: r.clientIp,
    ...auditVO(r),
  };
}

/** The order page's button `code`, as the button guard grants it; 401 `缺失权限` without it. */
export async function requireButton(db: Db, a: TokenClaims, code: string): Promise<void> {
  if (!(await buttonAllowed(db, await scopeCache(db).get(), a, code)))
    throw new BizError(NO_PERMISSION_MSG, 401);
}

/** A live user of the caller's tenant (the customer of an order or balance change); 400 otherwise. */
export async function requireCustomer(db: Db, a: TokenClaims, ydUserId: unknown): Promise<bigint> {
  const id = parseId(str(ydUserId));
  const [u] = id
    ? await db
        .select({ id: user.id })
        .from(user)
        .where(and(eq(user.id, id), eq(user.tenantId, a.tenant_id), eq(user.isDeleted, 0)))
        .limit(1)
    : [];
  if (!u) throw new BizError('客户不存在');
  return u.id;
}

/** `ydUserId_equal`: an id outside int8 matches nothing instead of failing in the database. */
export function customerFilter(column: PgColumn, q: Record<string, unknown>): SQL[] {
  const v = str(q.ydUserId_equal);
  if (!v) return [];
  const id = parseId(v);
  return [id === undefined ? sql`false` : eq(column, id)];
}

export function orderHandlers(db: Db, ctx: PayContext) {
  /** Column values of a validated submit body (see the module comment). */
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

  const m = crud<OrderRow>(db, {
    table: order,
    id: order.id,
    isDeleted: order.isDeleted,
    tenantId: order.tenantId,
    audited: true,
    toVO: toOrderVO,
    filters: {
      orderNo: { column: order.orderNo, plain: 'like' },
      productName: { column: order.productName, plain: 'like' },
      productType: { column: order.productType, plain: 'equal', kinds: ['equal'] },
      orderStatus: { column: order.orderStatus, plain: 'equal', kinds: ['equal'] },
      payChannel: { column: order.payChannel, plain: 'equal', kinds: ['equal'] },
      createTime: { column: order.createTime, plain: 'dateequal', kinds: ['dategt', 'datelt'] },
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
    defaultOrder: [desc(order.createTime)],
    notFoundMessage: ORDER_NOT_FOUND_MSG,
    fields,
    beforeRemove: (ids) => beforeRemove(ids),
    ops: {},
  });

  return {
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
      return ok(toOrderVO(o));
    },

    async orderSubmit(req: FastifyRequest) {
      const a = caller(req);
      const body = req.body as Body;
      await requireButton(db, a, str(body.id) ? 'order_edit' : 'order_add');
      return ok(toOrderVO(await m.submit(a, body, 'submit')));
    },

    async orderRemove(req: FastifyRequest) {
      const a = caller(req);
      await requireButton(db, a, 'order_delete');
      await m.remove(a, (req.query as { ids: string }).ids);
      return ok({});
    },

    async orderPlaceOrder(req: FastifyRequest) {
      return ok(toOrderVO(await placeOrder(ctx, caller(req), req.body as PlaceOrderBody, req.ip)));
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
