/**
 * Commerce tables (spec "payments", docs/automation-domain.md §1.6, §2.6, §4.4): orders, their pay attempts at a channel,
 * and the money-balance ledger. Tenant-owned. The "customer" of an order (`yd_user_id`) is a user of the tenant on
 * this server: the `smart_user` row holds the power, balance and validity that a completed order credits.
 *
 * Money is `numeric(12,2)` yuan (read as JS numbers; the pay code compares amounts in integer fen).
 */
import { sql } from 'drizzle-orm';
import { bigint, index, integer, numeric, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { audit, id, ts } from './columns';

const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' });

/**
 * A business order. `order_status`: 0 unpaid, 1 paid, 2 completed (credited), 3 closed, 4 refunding, 5 refunded.
 * Leaving 0 happens only through conditional updates (`where order_status = 0`), which is what makes the credit
 * of a payment happen once when a notification and a poll race.
 */
export const order = pgTable(
  'smart_order',
  {
    id: id(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    orderNo: varchar('order_no', { length: 32 }).notNull(),
    ydUserId: bigint('yd_user_id', { mode: 'bigint' }).notNull(),
    /** 1 power package, 2 membership, 3 robot quota, 4 card purchase. */
    productType: integer('product_type').notNull(),
    productId: bigint('product_id', { mode: 'bigint' }),
    productName: varchar('product_name', { length: 64 }).notNull(),
    quantity: integer('quantity').notNull().default(1),
    unitPrice: money('unit_price').notNull(),
    totalAmount: money('total_amount').notNull(),
    discountAmount: money('discount_amount').notNull().default(0),
    payAmount: money('pay_amount').notNull(),
    /** Power credited on completion (product type 1). */
    powerAmount: bigint('power_amount', { mode: 'number' }).notNull().default(0),
    /** Days of validity credited on completion (product type 2); not part of the contract's view. */
    memberDays: integer('member_days').notNull().default(0),
    payChannel: varchar('pay_channel', { length: 16 }).notNull().default(''),
    orderStatus: integer('order_status').notNull().default(0),
    paidTime: ts('paid_time'),
    expireTime: ts('expire_time'),
    closeTime: ts('close_time'),
    closeReason: varchar('close_reason', { length: 64 }).notNull().default(''),
    deliverStatus: integer('deliver_status').notNull().default(0),
    deliverTime: ts('deliver_time'),
    clientIp: varchar('client_ip', { length: 64 }).notNull().default(''),
    remark: varchar('remark', { length: 500 }).notNull().default(''),
    ...audit(),
  },
  (t) => [
    // order numbers are global: a pay attempt names its order by number in channel payloads
    uniqueIndex('smart_order_no_uq').on(t.orderNo),
    index('smart_order_tenant_idx')
      .on(t.tenantId, t.createTime)
      .where(sql`is_deleted = 0`),
    // the expiry sweep reads only unpaid orders
    index('smart_order_unpaid_idx')
      .on(t.expireTime)
      .where(sql`order_status = 0`),
  ],
);

/**
 * One attempt to pay an order at a channel; `pay_no` is our `out_trade_no`, unique across tenants because the
 * channel's notification names nothing else. `pay_status`: 0 pending, 1 success, 2 closed, 3 failed, 4 refunded.
 */
export const pay = pgTable(
  'smart_pay',
  {
    id: id(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    payNo: varchar('pay_no', { length: 32 }).notNull(),
    orderId: bigint('order_id', { mode: 'bigint' }).notNull(),
    orderNo: varchar('order_no', { length: 32 }).notNull(),
    ydUserId: bigint('yd_user_id', { mode: 'bigint' }).notNull(),
    /** ALIPAY_PC, ALIPAY_QR or WECHAT_NATIVE. */
    channel: varchar('channel', { length: 16 }).notNull(),
    amount: money('amount').notNull(),
    currency: varchar('currency', { length: 8 }).notNull().default('CNY'),
    payStatus: integer('pay_status').notNull().default(0),
    /** Raw Alipay `trade_status` / WeChat `trade_state` last seen. */
    channelStatus: varchar('channel_status', { length: 32 }).notNull().default(''),
    channelTradeNo: varchar('channel_trade_no', { length: 64 }).notNull().default(''),
    qrCode: varchar('qr_code', { length: 512 }).notNull().default(''),
    payForm: text('pay_form').notNull().default(''),
    buyerId: varchar('buyer_id', { length: 64 }).notNull().default(''),
    successTime: ts('success_time'),
    expireTime: ts('expire_time'),
    notifyCount: integer('notify_count').notNull().default(0),
    lastNotifyTime: ts('last_notify_time'),
    /** When the channel was last asked (polls ask at most every few seconds). */
    lastQueryTime: ts('last_query_time'),
    notifyRaw: text('notify_raw').notNull().default(''),
    queryRaw: text('query_raw').notNull().default(''),
    failReason: varchar('fail_reason', { length: 255 }).notNull().default(''),
    ...audit(),
  },
  (t) => [
    uniqueIndex('smart_pay_no_uq').on(t.payNo),
    index('smart_pay_order_idx').on(t.orderId, t.createTime),
  ],
);

/**
 * The money-balance ledger: one row per change of a customer's balance, with the balance before and after.
 * `(biz_type, biz_no, change_type)` is unique per tenant (also among removed rows), so crediting the same business
 * event twice fails instead of moving money twice.
 */
export const balanceLog = pgTable(
  'smart_balance_log',
  {
    id: id(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    ydUserId: bigint('yd_user_id', { mode: 'bigint' }).notNull(),
    /** 1 recharge, 2 consume, 3 refund, 4 grant, 5 commission, 6 adjust. */
    changeType: integer('change_type').notNull(),
    amount: money('amount').notNull(),
    balanceBefore: numeric('balance_before', { precision: 14, scale: 2, mode: 'number' }).notNull(),
    balanceAfter: numeric('balance_after', { precision: 14, scale: 2, mode: 'number' }).notNull(),
    bizType: varchar('biz_type', { length: 16 }).notNull().default(''),
    bizNo: varchar('biz_no', { length: 64 }).notNull().default(''),
    operatorId: bigint('operator_id', { mode: 'bigint' }),
    remark: varchar('remark', { length: 500 }).notNull().default(''),
    ...audit(),
  },
  (t) => [
    uniqueIndex('smart_balance_log_biz_uq')
      .on(t.tenantId, t.bizType, t.bizNo, t.changeType)
      .where(sql`biz_no <> ''`),
    index('smart_balance_log_tenant_idx')
      .on(t.tenantId, t.createTime)
      .where(sql`is_deleted = 0`),
  ],
);

/**
 * An administrator's grant to a customer (contract tag `grantRecord`): written once by `grantRecord/grant` in the
 * transaction that credits the customer, never edited. `before_value` / `after_value` hold power, yuan or whole days
 * left, by `grant_type` (1 power, 2 balance, 3 service days).
 */
export const grantRecord = pgTable(
  'smart_grant_record',
  {
    id: id(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    ydUserId: bigint('yd_user_id', { mode: 'bigint' }).notNull(),
    grantType: integer('grant_type').notNull(),
    amount: money('amount').notNull(),
    beforeValue: numeric('before_value', { precision: 14, scale: 2, mode: 'number' }).notNull(),
    afterValue: numeric('after_value', { precision: 14, scale: 2, mode: 'number' }).notNull(),
    reason: varchar('reason', { length: 255 }).notNull(),
    operatorId: bigint('operator_id', { mode: 'bigint' }),
    operatorName: varchar('operator_name', { length: 64 }).notNull().default(''),
    /** 1 effective, 2 revoked. */
    grantStatus: integer('grant_status').notNull().default(1),
    remark: varchar('remark', { length: 500 }).notNull().default(''),
    ...audit(),
  },
  (t) => [
    index('smart_grant_record_tenant_idx')
      .on(t.tenantId, t.createTime)
      .where(sql`is_deleted = 0`),
    index('smart_grant_record_user_idx').on(t.tenantId, t.ydUserId),
  ],
);

/**
 * Files of the report designer (contract tag `report`; Blade's `blade_report_file`). The contract's rows carry no
 * tenant id, but each tenant keeps its own files, so the table has one. The content is the designer's XML, which
 * this API never sends.
 */
export const reportFile = pgTable(
  'smart_report_file',
  {
    id: id(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    content: text('content').notNull().default(''),
    ...audit(),
  },
  (t) => [
    index('smart_report_file_tenant_idx')
      .on(t.tenantId, t.createTime)
      .where(sql`is_deleted = 0`),
  ],
);
