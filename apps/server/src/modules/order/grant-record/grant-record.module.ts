/**
 * Grants to customers (contract smart-grant/grantRecord), tenant-owned.
 *
 * `grant` credits a customer (a user of the caller's tenant) and writes its record in one transaction, with the row
 * lock on the user: power through the power ledger (src/engine/power/ledger.ts, `changeType` 3 GRANT), a balance
 * with a balance-ledger row (`changeType` 4), service days by moving the expiry on from the later of now and the
 * current one (as a paid membership does, src/pay/settle.ts). Anything refused writes nothing. Records are history:
 * the module has no update or remove.
 *
 * `grant` needs the page's `grant_record_add` button (the declaration's `actions`, src/auth/button-guard.ts); the
 * generic module serves the list, narrowed to one customer by `ydUserId_equal` (src/kernel/customer.ts).
 */
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { TokenClaims } from '../../../auth/tokens';
import { defineCrudModule } from '../../../crud/define-module';
import type { EntityRegistry } from '../../../crud/entities';
import { auditStamp, caller, type PageQuery } from '../../../crud/index';
import type { Db } from '../../../db/index';
import { balanceLog, grantRecord, user } from '../../../db/schema';
import { changePower, PowerChange } from '../../../engine/power/ledger';
import { customerFilter, customerFilterOff, requireCustomer } from '../../../kernel/customer';
import { fenToYuan, toFen } from '../../../pay/money';
import { BizError, nextId, ok, parseId, str } from '../../../util';

type Body = Record<string, unknown>;

/** grant_type (openapi/schemas/grant/grant-record.yaml GrantRequest). */
export const GrantType = { POWER: 1, BALANCE: 2, DAYS: 3 } as const;

const DAY_MS = 24 * 3600 * 1000;
/** Whole days left until `expire` (0 once past). */
const daysLeft = (expire: Date, now: Date) =>
  Math.max(0, Math.ceil((expire.getTime() - now.getTime()) / DAY_MS));

export function grantRecordModule(db: Db, entities: EntityRegistry) {
  const m = defineCrudModule(db, entities.get('grantRecord'), grantRecord, {
    filters: { ydUserId: customerFilterOff(grantRecord.ydUserId) },
  });

  /** View objects with each customer's name as it is now (one query for the lot). */
  async function withNames(tenantId: string, objects: object[]) {
    const vos = objects as Record<string, unknown>[];
    const ids = [...new Set(vos.map((v) => parseId(String(v.ydUserId))).filter((id) => id !== undefined))];
    const users = ids.length
      ? await db
          .select({ id: user.id, realName: user.realName, account: user.account })
          .from(user)
          .where(and(eq(user.tenantId, tenantId), inArray(user.id, ids), eq(user.isDeleted, 0)))
      : [];
    const names = new Map(users.map((u) => [String(u.id), (u.realName || u.account).slice(0, 64)]));
    return vos.map((v) => ({ ...v, ydUserName: names.get(String(v.ydUserId)) ?? '' }));
  }

  async function grant(a: TokenClaims, b: Body) {
    const customer = await requireCustomer(db, a, b.ydUserId);
    const type = b.grantType as number;
    const amount = b.amount as number;
    const reason = (str(b.reason) ?? '').trim();
    if (!reason) throw new BizError('请输入赠送原因');
    if ((type === GrantType.POWER || type === GrantType.DAYS) && !Number.isInteger(amount)) {
      throw new BizError(type === GrantType.POWER ? '赠送算力必须为整数' : '赠送天数必须为整数');
    }
    const operator = parseId(a.user_id) ?? null;
    const id = nextId();
    return db.transaction(async (tx) => {
      const [u] = await tx
        .select({ power: user.power, balance: user.balance, expireTime: user.expireTime })
        .from(user)
        .where(and(eq(user.id, customer), eq(user.tenantId, a.tenant_id), eq(user.isDeleted, 0)))
        .for('update');
      if (!u) throw new BizError('客户不存在');
      const now = new Date();
      let before: number;
      let after: number;
      if (type === GrantType.POWER) {
        ({ before, after } = await changePower(tx as unknown as Db, {
          tenantId: a.tenant_id,
          userId: customer,
          delta: amount,
          changeType: PowerChange.GRANT,
          bizType: 'GRANT',
          bizId: String(id),
          remark: reason,
          operatorId: operator,
        }));
      } else if (type === GrantType.BALANCE) {
        const beforeFen = toFen(u.balance);
        const afterFen = beforeFen + toFen(amount);
        before = fenToYuan(beforeFen);
        after = fenToYuan(afterFen);
        await tx.update(user).set({ balance: after }).where(eq(user.id, customer));
        await tx.insert(balanceLog).values({
          id: nextId(),
          tenantId: a.tenant_id,
          ydUserId: customer,
          changeType: 4,
          amount: fenToYuan(toFen(amount)),
          balanceBefore: before,
          balanceAfter: after,
          bizType: 'GRANT',
          bizNo: String(id),
          operatorId: operator,
          remark: reason,
          ...auditStamp(a, now, operator),
        });
      } else {
        // an account without an expiry is unlimited: days would mean nothing
        if (!u.expireTime) throw new BizError('该客户没有到期时间（不限期），无需赠送天数');
        const from = new Date(Math.max(u.expireTime.getTime(), now.getTime()));
        const expireTime = new Date(from.getTime() + amount * DAY_MS);
        before = daysLeft(u.expireTime, now);
        after = daysLeft(expireTime, now);
        await tx.update(user).set({ expireTime }).where(eq(user.id, customer));
      }
      const [row] = await tx
        .insert(grantRecord)
        .values({
          id,
          tenantId: a.tenant_id,
          ydUserId: customer,
          grantType: type,
          amount,
          beforeValue: before,
          afterValue: after,
          reason: reason.slice(0, 255),
          operatorId: operator,
          operatorName: (a.real_name || a.nick_name || a.account || '').slice(0, 64),
          grantStatus: 1,
          remark: (str(b.remark) ?? '').slice(0, 500),
          ...auditStamp(a, now, operator),
        })
        .returning();
      if (!row) throw new Error('insert returned nothing');
      return row;
    });
  }

  return {
    async grantRecordList(req: FastifyRequest) {
      const a = caller(req);
      const q = req.query as PageQuery & Record<string, unknown>;
      const page = await m.page(a, q, customerFilter(grantRecord.ydUserId, q));
      return ok({ ...page, records: await withNames(a.tenant_id, page.records) });
    },

    /** Every live record of one customer of the caller's tenant, newest first; none for an unknown customer. */
    async grantRecordGetGrantByUserId(req: FastifyRequest) {
      const a = caller(req);
      const userId = parseId((req.query as { userId: string }).userId);
      if (userId === undefined) return ok([]);
      const rows = await db
        .select()
        .from(grantRecord)
        .where(
          and(
            eq(grantRecord.tenantId, a.tenant_id),
            eq(grantRecord.ydUserId, userId),
            eq(grantRecord.isDeleted, 0),
          ),
        )
        .orderBy(desc(grantRecord.createTime), desc(grantRecord.id))
        .limit(10_000);
      return ok(await withNames(a.tenant_id, rows.map(m.toVO)));
    },

    async grantRecordGrant(req: FastifyRequest) {
      const a = caller(req);
      const [vo] = await withNames(a.tenant_id, [m.toVO(await grant(a, req.body as Body))]);
      return ok(vo);
    },
  };
}
