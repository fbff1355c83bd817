/**
 * How cards are answered and filtered by their state (rpa-card-password.yaml `cardStatus`): an unused card of a
 * group whose expiry has passed is expired (3). It is computed when read, not stored, so moving a group's expiry on
 * revives its cards and no sweep has to run at the moment of expiry (docs/automation-domain.md §4.4: UNUSED →
 * EXPIRED after the group's `expire_time`).
 */
import { and, eq, exists, inArray, isNotNull, lte, not, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/index';
import { rpaCardGroup, rpaCardPassword, user } from '../../../db/schema';
import { parseId } from '../../../util';

/** card_status (rpa-card-password.yaml). */
export const CardStatus = { UNUSED: 0, USED: 1, DISABLED: 2, EXPIRED: 3 } as const;

type View = Record<string, unknown>;

/** Cards of a group whose expiry is at or before `now`. */
const ofExpiredGroup = (db: Db, now: Date): SQL =>
  exists(
    db
      .select({ id: rpaCardGroup.id })
      .from(rpaCardGroup)
      .where(
        and(
          eq(rpaCardGroup.id, rpaCardPassword.groupId),
          isNotNull(rpaCardGroup.expireTime),
          lte(rpaCardGroup.expireTime, now),
        ),
      ),
  );

/** The list's `cardStatus_equal` on the state as answered; none for an absent parameter. */
export function cardStatusFilter(db: Db, value: unknown, now = new Date()): SQL[] {
  if (value === undefined || value === '') return [];
  const status = Number(value);
  const stored = eq(rpaCardPassword.cardStatus, status);
  if (status === CardStatus.EXPIRED)
    return [or(stored, and(eq(rpaCardPassword.cardStatus, CardStatus.UNUSED), ofExpiredGroup(db, now)))!];
  if (status === CardStatus.UNUSED) return [and(stored, not(ofExpiredGroup(db, now)))!];
  return [stored];
}

/**
 * View objects as answered: the state with expiry applied, and the name (else account) of the customer a card was
 * redeemed for as it is now. Two queries for the lot, of the caller's tenant only.
 */
export async function presentCards(db: Db, tenantId: string, views: View[], now = new Date()) {
  const ids = <T>(key: string, pick: (v: string) => T | undefined) => [
    ...new Set(views.map((v) => pick(String(v[key] ?? ''))).filter((x): x is T => x !== undefined)),
  ];
  const groupIds = ids('groupId', parseId);
  const userIds = ids('usedUserId', parseId);
  const groups = groupIds.length
    ? await db
        .select({ id: rpaCardGroup.id, expireTime: rpaCardGroup.expireTime })
        .from(rpaCardGroup)
        .where(and(eq(rpaCardGroup.tenantId, tenantId), inArray(rpaCardGroup.id, groupIds)))
    : [];
  const users = userIds.length
    ? await db
        .select({ id: user.id, realName: user.realName, account: user.account })
        .from(user)
        .where(and(eq(user.tenantId, tenantId), inArray(user.id, userIds)))
    : [];
  const expired = new Set(
    groups.filter((g) => g.expireTime && g.expireTime.getTime() <= now.getTime()).map((g) => String(g.id)),
  );
  const names = new Map(users.map((u) => [String(u.id), (u.realName || u.account).slice(0, 64)]));
  return views.map((v) => ({
    ...v,
    cardStatus:
      v.cardStatus === CardStatus.UNUSED && expired.has(String(v.groupId))
        ? CardStatus.EXPIRED
        : v.cardStatus,
    usedUserName: names.get(String(v.usedUserId)) ?? '',
  }));
}
