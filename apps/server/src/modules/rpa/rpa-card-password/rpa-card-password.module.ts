/**
 * Card keys (docs/automation-domain.md §2.5 `rpa_card_password`, §4.4; contract smart-rpa/rpa_card_password),
 * tenant-owned. Cards are made by the groups' `generate` (src/modules/rpa/rpa-card-group/) and have no form; this
 * module serves what the contract says of them beyond the generic list, detail and remove:
 * - answers and the `cardStatus_equal` filter show an unused card of an expired group as expired, with the name of
 *   the customer a card went to (./card-view.ts);
 * - remove refuses used cards and takes the removed ones off their groups' `totalCount`, in one transaction;
 * - `enable` moves a card between unused and disabled, by one conditional update;
 * - `redeem` (./redeem-card.ts).
 * `enable` and `redeem` need the page's edit button (the declaration's `actions`, src/auth/button-guard.ts).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { TokenClaims } from '../../../auth/tokens';
import { defineCrudModule } from '../../../crud/define-module';
import type { EntityRegistry } from '../../../crud/entities';
import { caller, requireAll, type PageQuery } from '../../../crud/index';
import type { Db } from '../../../db/index';
import { rpaCardGroup, rpaCardPassword } from '../../../db/schema';
import { BizError, ok, parseId, parseIds } from '../../../util';
import { CardStatus, cardStatusFilter, presentCards } from './card-view';
import { cardRedeemer } from './redeem-card';

export function rpaCardPasswordModule(db: Db, entities: EntityRegistry) {
  const m = defineCrudModule(db, entities.get('rpa_card_password'), rpaCardPassword, {
    // filled by presentCards; here for its place in the contract's order
    view: () => ({ usedUserName: '' }),
    // the state as answered is not the column's (./card-view.ts): the derived filter steps aside
    filters: { cardStatus: { column: rpaCardPassword.cardStatus, plain: null, kinds: [] } },
  });
  const present = (a: TokenClaims, rows: (typeof rpaCardPassword.$inferSelect)[]) =>
    presentCards(db, a.tenant_id, rows.map(m.toVO) as Record<string, unknown>[]);
  const redeem = cardRedeemer(db);

  /**
   * Locks the cards' groups before the cards, in id order, as a redemption (group, then card) and the groups' remove
   * do, so a remove and a redemption of one group wait for each other instead of deadlocking.
   */
  async function remove(a: TokenClaims, idsParam: string) {
    const ids = parseIds(idsParam);
    const operator = parseId(a.user_id) ?? null;
    const mine = and(m.scope(a), inArray(rpaCardPassword.id, ids.length ? ids : [0n]));
    await db.transaction(async (tx) => {
      const groupIds = (
        await tx.selectDistinct({ id: rpaCardPassword.groupId }).from(rpaCardPassword).where(mine)
      ).flatMap((r) => (r.id === null ? [] : [r.id]));
      if (groupIds.length)
        await tx
          .select({ id: rpaCardGroup.id })
          .from(rpaCardGroup)
          .where(inArray(rpaCardGroup.id, groupIds))
          .orderBy(rpaCardGroup.id)
          .for('update');
      const own = await tx
        .select({
          id: rpaCardPassword.id,
          groupId: rpaCardPassword.groupId,
          status: rpaCardPassword.cardStatus,
        })
        .from(rpaCardPassword)
        .where(mine)
        .for('update');
      requireAll(
        ids,
        own.map((r) => r.id),
      );
      if (own.some((r) => r.status === CardStatus.USED)) throw new BizError('已使用的卡密不能删除');
      await tx
        .update(rpaCardPassword)
        .set({ isDeleted: 1, updateUser: operator, updateTime: new Date() })
        .where(mine);
      const perGroup = new Map<bigint, number>();
      for (const r of own)
        if (r.groupId !== null) perGroup.set(r.groupId, (perGroup.get(r.groupId) ?? 0) + 1);
      for (const [groupId, n] of perGroup)
        await tx
          .update(rpaCardGroup)
          .set({ totalCount: sql`greatest(${rpaCardGroup.totalCount} - ${n}, 0)` })
          .where(and(eq(rpaCardGroup.id, groupId), eq(rpaCardGroup.tenantId, a.tenant_id)));
    });
  }

  /** 0 ⇄ 2 on the stored state: only an unused card is disabled, only a disabled one enabled. */
  async function setStatus(a: TokenClaims, id: bigint | undefined, next: number) {
    const card = await m.findOwn(a, id);
    const from = next === CardStatus.DISABLED ? CardStatus.UNUSED : CardStatus.DISABLED;
    const [row] = await db
      .update(rpaCardPassword)
      .set({ cardStatus: next, updateUser: parseId(a.user_id) ?? null, updateTime: new Date() })
      .where(and(m.scope(a), eq(rpaCardPassword.id, card.id), eq(rpaCardPassword.cardStatus, from)))
      .returning();
    if (!row)
      throw new BizError(next === CardStatus.DISABLED ? '只能停用未使用的卡密' : '只能启用已停用的卡密');
    return row;
  }

  return {
    ...m.handlers,

    async rpaCardPasswordList(req: FastifyRequest) {
      const a = caller(req);
      const q = req.query as PageQuery & Record<string, unknown>;
      const page = await m.page(a, q, cardStatusFilter(db, q.cardStatus_equal));
      const records = await presentCards(db, a.tenant_id, page.records as Record<string, unknown>[]);
      return ok({ ...page, records });
    },

    async rpaCardPasswordDetail(req: FastifyRequest) {
      const a = caller(req);
      const row = await m.findOwn(a, parseId((req.query as { id: string }).id));
      return ok((await present(a, [row]))[0]);
    },

    async rpaCardPasswordRemove(req: FastifyRequest) {
      await remove(caller(req), (req.query as { ids: string }).ids);
      return ok({});
    },

    async rpaCardPasswordEnable(req: FastifyRequest) {
      const a = caller(req);
      const b = req.body as { id: string; cardStatus: number };
      return ok((await present(a, [await setStatus(a, parseId(b.id), b.cardStatus)]))[0]);
    },

    async rpaCardPasswordRedeem(req: FastifyRequest) {
      return ok(await redeem(caller(req), req.body as Record<string, unknown>));
    },
  };
}
