/**
 * The compute-power ledger (docs/automation-domain.md §1.1, §2.6 `power_logs`): a customer's power is the `power`
 * column of their user row (where a paid order credits it, src/pay/settle.ts), and every change of it is one
 * `smart_power_logs` row with the power before and after, written in the same transaction. A debit is one
 * conditional update (`power + delta >= 0`), so concurrent debits of one customer never take it below zero and
 * need no lock held across calls.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/index';
import { powerLogs, user } from '../../db/schema';
import { BizError, nextId } from '../../util';

/** power_logs.change_type (openapi/schemas/ai/power-logs.yaml). */
export const PowerChange = {
  RECHARGE: 1,
  CARD: 2,
  GRANT: 3,
  REFERRAL: 4,
  CONSUME: 5,
  REFUND: 6,
  EXPIRE: 7,
} as const;

export interface PowerChangeInput {
  tenantId: string;
  /** The customer: a user of the tenant. */
  userId: bigint;
  /** Signed: negative spends. */
  delta: number;
  changeType: (typeof PowerChange)[keyof typeof PowerChange];
  /** `AI_COMMENT`, `DY_BROWSE_RUN`, `ORDER`… (power-logs.yaml bizType). */
  bizType: string;
  bizId: string;
  platform?: string;
  remark?: string;
  /** Who caused it (defaults to the customer). */
  operatorId?: bigint | null;
}

export class InsufficientPowerError extends BizError {
  constructor(readonly needed: number) {
    super(`算力不足，需要 ${needed}`);
    this.name = 'InsufficientPowerError';
  }
}

/**
 * Applies one change and writes its log row; answers the balance after. A debit that would go below zero throws
 * InsufficientPowerError and changes nothing; an unknown or removed customer answers 400 `客户不存在`.
 * Call it inside the caller's transaction when the change belongs with other writes.
 */
export async function changePower(db: Db, c: PowerChangeInput): Promise<{ before: number; after: number }> {
  if (!Number.isInteger(c.delta)) throw new BizError('算力变动必须为整数');
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(user)
      .set({ power: sql`${user.power} + ${c.delta}` })
      .where(
        and(
          eq(user.id, c.userId),
          eq(user.tenantId, c.tenantId),
          eq(user.isDeleted, 0),
          sql`${user.power} + ${c.delta} >= 0`,
        ),
      )
      .returning({ power: user.power });
    if (!row) {
      const [exists] = await tx
        .select({ id: user.id })
        .from(user)
        .where(and(eq(user.id, c.userId), eq(user.tenantId, c.tenantId), eq(user.isDeleted, 0)));
      if (!exists) throw new BizError('客户不存在');
      throw new InsufficientPowerError(-c.delta);
    }
    const after = row.power;
    const before = after - c.delta;
    const now = new Date();
    await tx.insert(powerLogs).values({
      id: nextId(),
      tenantId: c.tenantId,
      ydUserId: c.userId,
      changeType: c.changeType,
      power: c.delta,
      bizType: c.bizType,
      bizId: c.bizId.slice(0, 64),
      platform: c.platform ?? '',
      remark: (c.remark ?? '').slice(0, 255),
      powerBefore: before,
      powerAfter: after,
      createUser: c.operatorId ?? c.userId,
      updateUser: c.operatorId ?? c.userId,
      createTime: now,
      updateTime: now,
    });
    return { before, after };
  });
}

/** The customer's power now (0 for an unknown customer). */
export async function powerOf(db: Db, tenantId: string, userId: bigint): Promise<number> {
  const [row] = await db
    .select({ power: user.power })
    .from(user)
    .where(and(eq(user.id, userId), eq(user.tenantId, tenantId), eq(user.isDeleted, 0)));
  return row?.power ?? 0;
}
