/**
 * `rpa_card_password/redeem` (openapi/paths/smart-rpa/rpa_card_password.yaml; docs/automation-domain.md §4.4): a card
 * credits its group's face value to one customer, once.
 *
 * Checked before any write: the number and secret (one message for an unknown number and a wrong secret, and an
 * unknown number costs the same HMAC, src/kernel/card-secret.ts), then what is wrong with the card, said only to
 * whoever holds its secret. Wrong tries are counted per operator in the database's fixed windows
 * (src/auth/rate-limit.ts); a right secret gives its unit back, as a successful login does.
 *
 * Then one transaction: the group's `used_count` first (its row lock orders a redemption against the group's remove,
 * src/modules/rpa/rpa-card-group/rpa-card-group.module.ts), the card's conditional update 0 → 1 (of concurrent
 * redemptions exactly one matches it; the others roll back with `卡密已被使用`), the credit: power through the
 * ledger (src/engine/power/ledger.ts, change type 2 CARD, the card's id), or service days moved on from the later of
 * now and the expiry, as a grant does (src/modules/order/grant-record/grant-record.module.ts).
 */
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { TokenClaims } from '../../../auth/tokens';
import { RateLimiter } from '../../../auth/rate-limit';
import type { Db } from '../../../db/index';
import { rpaCardGroup, rpaCardPassword, user } from '../../../db/schema';
import { changePower, PowerChange } from '../../../engine/power/ledger';
import { cardSecretBox, cardSecretMatches } from '../../../kernel/card-secret';
import { requireCustomer } from '../../../kernel/customer';
import { BizError, formatDateTime, parseId, str } from '../../../util';
import { CardStatus } from './card-view';

export const WRONG_CARD_MSG = '卡号或卡密错误';
export const TOO_MANY_TRIES_MSG = '卡密错误次数过多,请稍后再试';
export const USED_MSG = '卡密已被使用';
const DISABLED_MSG = '卡密已停用';
const EXPIRED_MSG = '卡密已过期';

/** Wrong numbers or secrets an operator may send per window before being refused until it ends. */
export const REDEEM_TRIES = { perAccount: 20, perAddress: 0, windowMs: 15 * 60_000 };
/** card_type (rpa-card-group.yaml). */
const CardType = { POWER: 1, DAYS: 2 } as const;
const DAY_MS = 24 * 3600 * 1000;
const daysLeft = (expire: Date, now: Date) =>
  Math.max(0, Math.ceil((expire.getTime() - now.getTime()) / DAY_MS));

type Body = Record<string, unknown>;
type Card = typeof rpaCardPassword.$inferSelect;
type Group = typeof rpaCardGroup.$inferSelect;

/** Why a card whose secret was right cannot be redeemed now, if it cannot. */
function refusal(card: Card, group: Group, now: Date): string | undefined {
  if (card.cardStatus === CardStatus.USED) return USED_MSG;
  if (card.cardStatus === CardStatus.DISABLED) return DISABLED_MSG;
  if (card.cardStatus === CardStatus.EXPIRED) return EXPIRED_MSG;
  if (group.expireTime && group.expireTime.getTime() <= now.getTime()) return EXPIRED_MSG;
  if (group.validFrom && group.validFrom.getTime() > now.getTime()) return '卡密尚未生效';
  if (group.cardType !== CardType.POWER && group.cardType !== CardType.DAYS) return '机器人额度卡不能兑换';
  return undefined;
}

export function cardRedeemer(db: Db, limiter = new RateLimiter(db, REDEEM_TRIES)) {
  const box = cardSecretBox(db);

  /** The live card of this number in the tenant, with its live group. */
  async function find(tenantId: string, cardNo: string) {
    const [row] = await db
      .select({ card: rpaCardPassword, group: rpaCardGroup })
      .from(rpaCardPassword)
      .innerJoin(
        rpaCardGroup,
        and(eq(rpaCardGroup.id, rpaCardPassword.groupId), eq(rpaCardGroup.isDeleted, 0)),
      )
      .where(
        and(
          eq(rpaCardPassword.tenantId, tenantId),
          eq(rpaCardPassword.cardNo, cardNo),
          eq(rpaCardPassword.isDeleted, 0),
        ),
      )
      .limit(1);
    return row;
  }

  return async function redeem(a: TokenClaims, b: Body) {
    const bucket = `card:${a.tenant_id}:${a.user_id}`;
    if (!(await limiter.hit(bucket, REDEEM_TRIES.perAccount))) throw new BizError(TOO_MANY_TRIES_MSG);
    const found = await find(a.tenant_id, (str(b.cardNo) ?? '').trim().toUpperCase());
    if (!(await cardSecretMatches(box, found?.card.cardPassword, str(b.cardSecret) ?? '')) || !found)
      throw new BizError(WRONG_CARD_MSG);
    // the right secret: no guess, whatever follows
    await limiter.refund([bucket]);
    const { card, group } = found;
    const now = new Date();
    const why = refusal(card, group, now);
    if (why) throw new BizError(why);
    const customer = await requireCustomer(db, a, str(b.ydUserId) || a.user_id);
    const operator = parseId(a.user_id) ?? null;

    return db.transaction(async (txn) => {
      const tx = txn as unknown as Db;
      const [counted] = await tx
        .update(rpaCardGroup)
        .set({ usedCount: sql`${rpaCardGroup.usedCount} + 1` })
        .where(
          and(
            eq(rpaCardGroup.id, group.id),
            eq(rpaCardGroup.isDeleted, 0),
            or(isNull(rpaCardGroup.expireTime), gt(rpaCardGroup.expireTime, now)),
          ),
        )
        .returning({ id: rpaCardGroup.id });
      // removed meanwhile (its cards with it) or its expiry moved back
      if (!counted) throw new BizError(EXPIRED_MSG);
      const [used] = await tx
        .update(rpaCardPassword)
        .set({
          cardStatus: CardStatus.USED,
          usedUserId: customer,
          usedTime: now,
          updateUser: operator,
          updateTime: now,
        })
        .where(
          and(
            eq(rpaCardPassword.id, card.id),
            eq(rpaCardPassword.isDeleted, 0),
            eq(rpaCardPassword.cardStatus, CardStatus.UNUSED),
          ),
        )
        .returning({ id: rpaCardPassword.id });
      if (!used) {
        const [now2] = await tx
          .select({ status: rpaCardPassword.cardStatus, isDeleted: rpaCardPassword.isDeleted })
          .from(rpaCardPassword)
          .where(eq(rpaCardPassword.id, card.id));
        if (!now2 || now2.isDeleted) throw new BizError(WRONG_CARD_MSG);
        throw new BizError(now2.status === CardStatus.DISABLED ? DISABLED_MSG : USED_MSG);
      }

      const result = {
        cardId: String(card.id),
        cardNo: card.cardNo,
        cardType: group.cardType,
        faceValue: group.faceValue,
        ydUserId: String(customer),
      };
      if (group.cardType === CardType.POWER) {
        const { before, after } = await changePower(tx, {
          tenantId: a.tenant_id,
          userId: customer,
          delta: group.faceValue,
          changeType: PowerChange.CARD,
          bizType: 'CARD',
          bizId: String(card.id),
          remark: card.cardNo,
          operatorId: operator,
        });
        return { ...result, beforeValue: before, afterValue: after, expireTime: '' };
      }
      const [u] = await tx
        .select({ expireTime: user.expireTime })
        .from(user)
        .where(and(eq(user.id, customer), eq(user.tenantId, a.tenant_id), eq(user.isDeleted, 0)))
        .for('update');
      if (!u) throw new BizError('客户不存在');
      // an account without an expiry is unlimited: days would mean nothing
      if (!u.expireTime) throw new BizError('该客户没有到期时间（不限期），无需兑换天数');
      const from = new Date(Math.max(u.expireTime.getTime(), now.getTime()));
      const expireTime = new Date(from.getTime() + group.faceValue * DAY_MS);
      await tx.update(user).set({ expireTime }).where(eq(user.id, customer));
      return {
        ...result,
        beforeValue: daysLeft(u.expireTime, now),
        afterValue: daysLeft(expireTime, now),
        expireTime: formatDateTime(expireTime),
      };
    });
  };
}
