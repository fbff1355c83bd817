/**
 * Control strategies of the Xiaohongshu comment tasks (docs/automation-domain.md §2.3 `xsh_comm_control_strategy`):
 * the generic module of the contract's declaration (src/crud/define-module.ts) plus the two operations by customer,
 * one row per (tenant, customer): `detailByUser` answers the customer's strategy, saving one with the defaults first
 * when there is none, and `updateByUser` creates or replaces it, unset properties taking the defaults. Both run in
 * one transaction under an advisory lock per tenant and customer, so concurrent first calls make one row.
 *
 * "The customer of the signed-in user" is the user itself, as for orders (src/pay/orders.ts `placeOrder`); any
 * other customer must be a live customer (yd_user) of the caller's tenant, else 400.
 */
import { and, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { TokenClaims } from '../../../auth/tokens';
import { defineCrudModule } from '../../../crud/define-module';
import type { EntityRegistry } from '../../../crud/entities';
import { caller } from '../../../crud/index';
import type { Db } from '../../../db/index';
import { xshCommControlStrategy, ydUser } from '../../../db/schema';
import { BizError, nextId, ok, parseId } from '../../../util';

/** Advisory lock of the upserts (src/kernel/active-config.ts uses the same two-key form). */
const UPSERT_LOCK = 86000505;

export const NO_CUSTOMER_MSG = '客户不存在';
export const INTERVAL_ORDER_MSG = '最短间隔不能大于最长间隔';

const t = xshCommControlStrategy;
type Row = typeof t.$inferSelect;

export function xshCommControlStrategyModule(db: Db, entities: EntityRegistry) {
  const entity = entities.get('xsh_comm_control_strategy');
  const m = defineCrudModule(db, entity, t);
  const columns = getTableColumns(t) as Record<string, PgColumn>;
  // the strategy's settings: the contract's form fields (XshCommControlStrategyFields) but the owner
  const settings = entity.fields
    .filter((f) => f.inForm && f.name !== 'ydUserId' && Object.hasOwn(columns, f.name))
    .map((f) => f.name);
  // "their defaults": the table's, the same a strategy created through submit without them gets
  const defaults = Object.fromEntries(settings.map((name) => [name, columns[name]!.default]));

  /** The customer a call names: the given one of the caller's tenant, or the signed-in user. */
  async function customerOf(a: TokenClaims, raw: string | undefined): Promise<bigint> {
    const me = parseId(a.user_id);
    if (!raw) {
      if (me === undefined) throw new BizError(NO_CUSTOMER_MSG);
      return me;
    }
    const id = parseId(raw);
    if (id === undefined) throw new BizError(NO_CUSTOMER_MSG);
    if (id === me) return id;
    const [c] = await db
      .select({ id: ydUser.id })
      .from(ydUser)
      .where(and(eq(ydUser.tenantId, a.tenant_id), eq(ydUser.isDeleted, 0), eq(ydUser.id, id)))
      .limit(1);
    if (!c) throw new BizError(NO_CUSTOMER_MSG);
    return id;
  }

  /**
   * The customer's strategy after `values` (all settings, or none to keep a stored row as it is): the newest live
   * row is updated (rows made through submit may be several), or a row is created.
   */
  async function upsert(a: TokenClaims, ydUserId: bigint, values?: Record<string, unknown>): Promise<Row> {
    const userId = parseId(a.user_id) ?? null;
    const now = new Date();
    return db.transaction(async (tx) => {
      await tx.execute(
        sql`select pg_advisory_xact_lock(${UPSERT_LOCK}, hashtext(${`${a.tenant_id}:${ydUserId}`}))`,
      );
      const [found] = await tx
        .select()
        .from(t)
        .where(and(m.scope(a), eq(t.ydUserId, ydUserId)))
        .orderBy(desc(t.createTime), desc(t.id))
        .limit(1);
      if (found && !values) return found;
      if (found) {
        const [row] = await tx
          .update(t)
          .set({ ...values, updateUser: userId, updateTime: now })
          .where(eq(t.id, found.id))
          .returning();
        return row!;
      }
      const [row] = await tx
        .insert(t)
        .values({
          ...defaults,
          ...values,
          id: nextId(),
          tenantId: a.tenant_id,
          ydUserId,
          createUser: userId,
          createDept: parseId(a.dept_id.split(',')[0]) ?? null,
          createTime: now,
          updateUser: userId,
          updateTime: now,
          status: 1,
          isDeleted: 0,
        })
        .returning();
      return row!;
    });
  }

  return {
    ...m.handlers,

    async xshCommControlStrategyDetailByUser(req: FastifyRequest) {
      const a = caller(req);
      const ydUserId = await customerOf(a, (req.query as { ydUserId?: string }).ydUserId);
      return ok(m.toVO(await upsert(a, ydUserId)));
    },

    async xshCommControlStrategyUpdateByUser(req: FastifyRequest) {
      const a = caller(req);
      const b = req.body as Record<string, unknown>;
      const ydUserId = await customerOf(a, b.ydUserId as string | undefined);
      const values = Object.fromEntries(
        settings.map((name) => [name, b[name] !== undefined ? b[name] : defaults[name]]),
      );
      if ((values.minIntervalSec as number) > (values.maxIntervalSec as number))
        throw new BizError(INTERVAL_ORDER_MSG);
      return ok(m.toVO(await upsert(a, ydUserId, values)));
    },
  };
}
