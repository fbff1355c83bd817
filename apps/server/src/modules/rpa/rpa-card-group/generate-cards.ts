/**
 * `rpa_card_group/generate` (openapi/paths/smart-rpa/rpa_card_group.yaml): `count` cards into an existing group or a
 * new one, in one transaction. The secrets are drawn and hashed before it opens (src/kernel/card-secret.ts), so the
 * transaction holds only the inserts; each plain secret leaves the server once, in this answer.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { TokenClaims } from '../../../auth/tokens';
import { auditStamp } from '../../../crud/index';
import type { Db } from '../../../db/index';
import { rpaCardGroup, rpaCardPassword } from '../../../db/schema';
import { cardSecretBox, hashCardSecret, newCardNo, newCardSecret } from '../../../kernel/card-secret';
import { BizError, nextId, parseId, str } from '../../../util';

type GroupRow = typeof rpaCardGroup.$inferSelect;
type Body = Record<string, unknown>;

/** Most cards one group holds (rpa-card-group.yaml `totalCount`). */
export const MAX_GROUP_CARDS = 100_000;
/** card_type of robot quota, which the platform keeps per customer nowhere (grant-record.yaml GrantRequest). */
const ROBOT_QUOTA = 3;
/** Rounds of new numbers for numbers found taken; 8 random digits a day make a second clash all but impossible. */
const NUMBER_ROUNDS = 5;

export interface GenerateDeps {
  /** The form values of a new group as the generic module stores them (dates parsed, batch number filled). */
  groupValues(group: Body, a: TokenClaims): Promise<Record<string, unknown>>;
  /** The live group `id` of the caller's tenant, locked for this transaction; 400 `数据不存在` otherwise. */
  lockGroup(tx: Db, a: TokenClaims, id: bigint | undefined): Promise<GroupRow>;
}

export interface GeneratedCard {
  id: string;
  cardNo: string;
  cardSecret: string;
}

function refuseGroup(g: GroupRow, count: number, now: Date) {
  if (g.cardType === ROBOT_QUOTA) throw new BizError('机器人额度卡不能生成卡密');
  if (g.expireTime && g.expireTime.getTime() <= now.getTime()) throw new BizError('卡组已过期，不能生成卡密');
  if (g.totalCount + count > MAX_GROUP_CARDS) throw new BizError(`卡组最多 ${MAX_GROUP_CARDS} 张卡密`);
}

export function cardGenerator(db: Db, deps: GenerateDeps) {
  const box = cardSecretBox(db);

  return async function generate(a: TokenClaims, body: Body) {
    const count = body.count as number;
    const groupId = str(body.groupId) ?? '';
    const newGroup = body.group as Body | undefined;
    if ((groupId === '') === (newGroup === undefined)) throw new BizError('请选择卡组或填写新卡组');
    const values = newGroup ? await deps.groupValues(newGroup, a) : undefined;
    const secrets = Array.from({ length: count }, newCardSecret);
    const hashes = await Promise.all(secrets.map((s) => hashCardSecret(box, s)));
    const operator = parseId(a.user_id) ?? null;

    return db.transaction(async (txn) => {
      const tx = txn as unknown as Db;
      const now = new Date();
      let group: GroupRow;
      if (values) {
        const [row] = await tx
          .insert(rpaCardGroup)
          .values({
            ...(values as Partial<GroupRow>),
            id: nextId(),
            tenantId: a.tenant_id,
            totalCount: 0,
            usedCount: 0,
            ...auditStamp(a, now, operator),
          })
          .returning();
        if (!row) throw new Error('insert returned nothing');
        group = row;
      } else group = await deps.lockGroup(tx, a, parseId(groupId));
      refuseGroup(group, count, now);

      // every card needs a number no live card of the tenant has: those the unique index turns away get new ones
      const cards: GeneratedCard[] = [];
      let pending = secrets.map((secret, i) => ({ secret, hash: hashes[i]! }));
      for (let round = 0; pending.length > 0; round++) {
        if (round === NUMBER_ROUNDS) throw new Error('no free card numbers');
        const numbers = new Set<string>();
        const batch = pending.map((p) => {
          let cardNo = newCardNo(group.cardPrefix, now);
          while (numbers.has(cardNo)) cardNo = newCardNo(group.cardPrefix, now);
          numbers.add(cardNo);
          return { ...p, id: nextId(), cardNo };
        });
        const inserted = await tx
          .insert(rpaCardPassword)
          .values(
            batch.map((c) => ({
              id: c.id,
              tenantId: a.tenant_id,
              groupId: group.id,
              cardNo: c.cardNo,
              cardPassword: c.hash,
              cardStatus: 0,
              exported: 1,
              groupName: group.groupName,
              ...auditStamp(a, now, operator),
            })),
          )
          .onConflictDoNothing()
          .returning({ id: rpaCardPassword.id });
        const made = new Set(inserted.map((r) => r.id));
        for (const c of batch)
          if (made.has(c.id)) cards.push({ id: String(c.id), cardNo: c.cardNo, cardSecret: c.secret });
        pending = batch.filter((c) => !made.has(c.id));
      }

      const [updated] = await tx
        .update(rpaCardGroup)
        .set({
          totalCount: sql`${rpaCardGroup.totalCount} + ${count}`,
          updateUser: operator,
          updateTime: now,
        })
        .where(and(eq(rpaCardGroup.id, group.id), eq(rpaCardGroup.tenantId, a.tenant_id)))
        .returning();
      if (!updated) throw new Error('the locked group is gone');
      cards.sort((x, y) => (x.cardNo < y.cardNo ? -1 : x.cardNo > y.cardNo ? 1 : 0));
      return { group: updated, cards };
    });
  };
}
