/**
 * The money-balance ledger (contract smart-order/balance_log), tenant-owned.
 *
 * Rows come from completed orders (src/pay/settle.ts: a recharge and its consumption, `bizType` ORDER) and from
 * `submit` without an id: a manual change applied to the customer's balance in the same transaction (row lock on
 * the user), recorded as `bizType` ADJUST with a generated `bizNo`, refused when it would take the balance below
 * zero. `submit` with an id changes the remark only; `remove` hides a row without undoing its change.
 *
 * Writes move money or rewrite its history: they need the balance-log page's `balance_log_add` / `balance_log_edit`
 * / `balance_log_delete` buttons. The seeded page has no add or edit button, so manual changes are for
 * administrators and tenant administrators (who pass every button, as in src/auth/button-guard.ts).
 */
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { TokenClaims } from '../auth/tokens';
import { caller, crud, type PageQuery } from '../crud/index';
import type { Db } from '../db/index';
import { balanceLog, order, user } from '../db/schema';
import { fenToYuan, toFen } from '../pay/money';
import { auditVO, BizError, idStr, nextId, ok, parseId } from '../util';
import { customerFilter, requireButton, requireCustomer, toOrderVO } from './order';

type BalanceLogRow = typeof balanceLog.$inferSelect;
type Body = Record<string, unknown>;

const NOT_FOUND_MSG = '余额记录不存在';

export function toBalanceLogVO(r: BalanceLogRow) {
  return {
    id: r.id.toString(),
    tenantId: r.tenantId,
    ydUserId: r.ydUserId.toString(),
    changeType: r.changeType,
    amount: r.amount,
    bizType: r.bizType,
    bizNo: r.bizNo,
    remark: r.remark,
    balanceBefore: r.balanceBefore,
    balanceAfter: r.balanceAfter,
    operatorId: idStr(r.operatorId),
    ...auditVO(r),
  };
}

const firstId = (list: string) => parseId(list.split(',')[0]) ?? null;

export function balanceLogHandlers(db: Db) {
  const m = crud<BalanceLogRow>(db, {
    table: balanceLog,
    id: balanceLog.id,
    isDeleted: balanceLog.isDeleted,
    tenantId: balanceLog.tenantId,
    audited: true,
    toVO: toBalanceLogVO,
    filters: {
      changeType: { column: balanceLog.changeType, plain: 'equal', kinds: ['equal'] },
      bizType: { column: balanceLog.bizType, plain: 'equal', kinds: ['equal'] },
      bizNo: { column: balanceLog.bizNo, plain: 'like' },
      createTime: { column: balanceLog.createTime, plain: 'dateequal', kinds: ['dategt', 'datelt'] },
    },
    sortable: {
      id: balanceLog.id,
      amount: balanceLog.amount,
      change_type: balanceLog.changeType,
      create_time: balanceLog.createTime,
      update_time: balanceLog.updateTime,
    },
    defaultOrder: [desc(balanceLog.createTime)],
    notFoundMessage: NOT_FOUND_MSG,
    // updates: the remark only (the amounts are history)
    fields: (b) => (b.remark !== undefined ? { remark: b.remark } : {}),
    ops: { detail: 'balanceLogDetail' },
  });

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
          createUser: operator,
          createDept: firstId(a.dept_id),
          createTime: now,
          updateUser: operator,
          updateTime: now,
        })
        .returning();
      if (!row) throw new Error('insert returned nothing');
      return row;
    });
  }

  return {
    ...m.handlers,

    async balanceLogList(req: FastifyRequest) {
      const q = req.query as PageQuery & Record<string, unknown>;
      return ok(await m.page(caller(req), q, customerFilter(balanceLog.ydUserId, q)));
    },

    async balanceLogSubmit(req: FastifyRequest) {
      const a = caller(req);
      const body = req.body as Body;
      const editing = typeof body.id === 'string' && body.id !== '';
      await requireButton(db, a, editing ? 'balance_log_edit' : 'balance_log_add');
      const row = editing ? await m.submit(a, body, 'submit') : await adjust(a, body);
      return ok(toBalanceLogVO(row));
    },

    async balanceLogRemove(req: FastifyRequest) {
      const a = caller(req);
      await requireButton(db, a, 'balance_log_delete');
      await m.remove(a, (req.query as { ids: string }).ids);
      return ok({});
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
      return ok(toOrderVO(o));
    },
  };
}
