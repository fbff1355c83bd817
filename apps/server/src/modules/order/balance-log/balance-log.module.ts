/**
 * The money-balance ledger (contract smart-order/balance_log), tenant-owned.
 *
 * Rows come from completed orders (src/pay/settle.ts: a recharge and its consumption, `bizType` ORDER) and from
 * `submit` without an id: a manual change applied to the customer's balance in the same transaction (row lock on
 * the user), recorded as `bizType` ADJUST with a generated `bizNo`, refused when it would take the balance below
 * zero. `submit` with an id changes the remark only; `remove` hides a row without undoing its change.
 *
 * Writes move money or rewrite its history: they need the balance-log page's `balance_log_add` / `balance_log_edit`
 * / `balance_log_delete` buttons (src/auth/button-guard.ts derives them from the declaration). The seeded page has
 * no add or edit button, so manual changes are for administrators and tenant administrators (who pass every
 * button).
 *
 * The generic module from the contract's `balance_log` declaration (src/crud/define-module.ts) serves the detail,
 * the remark edit and remove, and the list with the customer filter (src/kernel/customer.ts); the manual change and
 * the order behind a row (`detorderl`) are this module's.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { TokenClaims } from '../../../auth/tokens';
import { defineCrudModule } from '../../../crud/define-module';
import type { EntityRegistry } from '../../../crud/entities';
import { auditStamp, caller, type PageQuery } from '../../../crud/index';
import type { Db } from '../../../db/index';
import { balanceLog, order, user } from '../../../db/schema';
import { customerFilter, customerFilterOff, requireCustomer } from '../../../kernel/customer';
import { fenToYuan, toFen } from '../../../pay/money';
import { BizError, nextId, ok, parseId } from '../../../util';

type BalanceLogRow = typeof balanceLog.$inferSelect;
type Body = Record<string, unknown>;

const NOT_FOUND_MSG = '余额记录不存在';

export function balanceLogModule(db: Db, entities: EntityRegistry) {
  const m = defineCrudModule(db, entities.get('balance_log'), balanceLog, {
    notFoundMessage: NOT_FOUND_MSG,
    // the contract declares only the suffixed kinds; the plain keys (`changeType=4`, `createTime=…`) filter too
    filters: {
      changeType: { column: balanceLog.changeType, plain: 'equal', kinds: ['equal'] },
      bizType: { column: balanceLog.bizType, plain: 'equal', kinds: ['equal'] },
      createTime: { column: balanceLog.createTime, plain: 'dateequal', kinds: ['dategt', 'datelt'] },
      ydUserId: customerFilterOff(balanceLog.ydUserId),
    },
    sortable: {
      id: balanceLog.id,
      amount: balanceLog.amount,
      change_type: balanceLog.changeType,
      create_time: balanceLog.createTime,
      update_time: balanceLog.updateTime,
    },
    // updates: the remark only (the amounts are history; a new row is `adjust`, never the generic insert)
    fields: (b) => (b.remark !== undefined ? { remark: b.remark } : {}),
  });
  /** The order behind a row answers as the order module's detail does: the view of the contract's `order`. */
  const orderVO = defineCrudModule(db, entities.get('order'), order).toVO;

  /** A manual change: applied to the customer's balance and recorded, in one transaction. */
  async function adjust(a: TokenClaims, b: Body): Promise<BalanceLogRow> {
    const customer = await requireCustomer(db, a, b.ydUserId);
    const amountFen = toFen(typeof b.amount === 'number' ? b.amount : NaN);
    if (!Number.isFinite(amountFen) || amountFen === 0) throw new BizError('变动金额不能为 0');
    const operator = parseId(a.user_id) ?? null;
    return db.transaction(async (tx) => {
      const [u] = await tx
        .select({ balance: user.balance })
        .from(user)
        .where(and(eq(user.id, customer), eq(user.tenantId, a.tenant_id), eq(user.isDeleted, 0)))
        .for('update');
      if (!u) throw new BizError('客户不存在');
      const beforeFen = toFen(u.balance);
      const afterFen = beforeFen + amountFen;
      if (afterFen < 0) throw new BizError('余额不足');
      await tx
        .update(user)
        .set({ balance: fenToYuan(afterFen) })
        .where(eq(user.id, customer));
      const id = nextId();
      const now = new Date();
      const [row] = await tx
        .insert(balanceLog)
        .values({
          id,
          tenantId: a.tenant_id,
          ydUserId: customer,
          changeType: b.changeType as number,
          amount: fenToYuan(amountFen),
          balanceBefore: fenToYuan(beforeFen),
          balanceAfter: fenToYuan(afterFen),
          bizType: 'ADJUST',
          bizNo: `ADJ${id}`,
          operatorId: operator,
          remark: typeof b.remark === 'string' ? b.remark : '',
          ...auditStamp(a, now, operator),
        })
        .returning();
      if (!row) throw new Error('insert returned nothing');
      return row;
    });
  }

  return {
    // detail and remove as declared
    ...m.handlers,

    async balanceLogList(req: FastifyRequest) {
      const q = req.query as PageQuery & Record<string, unknown>;
      return ok(await m.page(caller(req), q, customerFilter(balanceLog.ydUserId, q)));
    },

    async balanceLogSubmit(req: FastifyRequest) {
      const a = caller(req);
      const body = req.body as Body;
      const editing = typeof body.id === 'string' && body.id !== '';
      const row = editing ? await m.submit(a, body, 'submit') : await adjust(a, body);
      return ok(m.toVO(row));
    },

    /** The order a ledger row came from (`bizType` ORDER or REFUND, `bizNo` its number). */
    async balanceLogDetorderl(req: FastifyRequest) {
      const a = caller(req);
      const row = await m.findOwn(a, parseId((req.query as { id: string }).id));
      if ((row.bizType !== 'ORDER' && row.bizType !== 'REFUND') || !row.bizNo) {
        throw new BizError('该记录没有关联订单');
      }
      const [o] = await db
        .select()
        .from(order)
        .where(and(eq(order.tenantId, a.tenant_id), eq(order.orderNo, row.bizNo), eq(order.isDeleted, 0)))
        .limit(1);
      if (!o) throw new BizError('订单不存在');
      return ok(orderVO(o));
    },
  };
}
