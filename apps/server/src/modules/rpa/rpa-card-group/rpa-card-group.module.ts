/**
 * Card groups (docs/automation-domain.md §2.5 `rpa_card_group`; contract smart-rpa/rpa_card_group), tenant-owned: the
 * generic module from the declaration, plus what the contract says beyond it:
 * - a new group's empty batch number is generated (`CG` and the time);
 * - `generate` makes a batch of card keys (./generate-cards.ts), guarded by the page's add button (`actions`);
 * - remove takes the group's cards with it in one transaction, and refuses a group with used cards, with the groups
 *   locked first as a redemption locks its group (src/modules/rpa/rpa-card-password/redeem-card.ts), so a card cannot
 *   be redeemed while its group is being removed.
 */
import { randomInt } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { TokenClaims } from '../../../auth/tokens';
import { defineCrudModule } from '../../../crud/define-module';
import type { EntityRegistry } from '../../../crud/entities';
import { caller, requireAll } from '../../../crud/index';
import type { Db } from '../../../db/index';
import { rpaCardGroup, rpaCardPassword } from '../../../db/schema';
import { BizError, formatDateTime, ok, parseId, parseIds, str } from '../../../util';
import { cardGenerator } from './generate-cards';

/** `CG20261122103000123`: the time of creation and 3 random digits. */
const newBatchNo = (now: Date) =>
  `CG${formatDateTime(now).replace(/\D/g, '')}${String(randomInt(1000)).padStart(3, '0')}`;

export function rpaCardGroupModule(db: Db, entities: EntityRegistry) {
  const m = defineCrudModule(db, entities.get('rpa_card_group'), rpaCardGroup, {
    form: (values, _body, existing) =>
      !existing && !str(values.batchNo) ? { ...values, batchNo: newBatchNo(new Date()) } : values,
  });

  const generate = cardGenerator(db, {
    groupValues: async (group, a) => m.spec.fields(group, undefined, a),
    lockGroup: async (tx, a, id) => {
      const [row] =
        id === undefined
          ? []
          : await tx
              .select()
              .from(rpaCardGroup)
              .where(and(m.scope(a), eq(rpaCardGroup.id, id)))
              .for('update');
      if (!row) throw new BizError('数据不存在');
      return row;
    },
  });

  async function remove(a: TokenClaims, idsParam: string) {
    const ids = parseIds(idsParam);
    const operator = parseId(a.user_id) ?? null;
    await db.transaction(async (tx) => {
      const own = ids.length
        ? await tx
            .select({ id: rpaCardGroup.id })
            .from(rpaCardGroup)
            .where(and(m.scope(a), inArray(rpaCardGroup.id, ids)))
            .orderBy(rpaCardGroup.id)
            .for('update')
        : [];
      requireAll(
        ids,
        own.map((r) => r.id),
      );
      const cards = and(
        eq(rpaCardPassword.tenantId, a.tenant_id),
        inArray(rpaCardPassword.groupId, ids),
        eq(rpaCardPassword.isDeleted, 0),
      );
      const [used] = await tx
        .select({ id: rpaCardPassword.id })
        .from(rpaCardPassword)
        .where(and(cards, eq(rpaCardPassword.cardStatus, 1)))
        .limit(1);
      if (used) throw new BizError('卡组中有已使用的卡密，不能删除');
      const now = new Date();
      const gone = { isDeleted: 1, updateUser: operator, updateTime: now };
      await tx.update(rpaCardPassword).set(gone).where(cards);
      await tx
        .update(rpaCardGroup)
        .set(gone)
        .where(and(m.scope(a), inArray(rpaCardGroup.id, ids)));
    });
  }

  return {
    ...m.handlers,

    async rpaCardGroupRemove(req: FastifyRequest) {
      await remove(caller(req), (req.query as { ids: string }).ids);
      return ok({});
    },

    async rpaCardGroupGenerate(req: FastifyRequest) {
      const { group, cards } = await generate(caller(req), req.body as Record<string, unknown>);
      return ok({ group: m.toVO(group), cards });
    },
  };
}
