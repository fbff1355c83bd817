/**
 * `copyDevelopApp` (smart-yingdao/yd_user_develop.yaml): a customer who came with a promoter's invite key is
 * recorded as that promoter's invitee and gets the promoter's Yingdao app bindings, in one transaction:
 * 1. the key resolves to a live promoter's record, the customer is a live customer of the tenant, neither the
 *    promoter nor one of the promoter's uplines, and neither the customer nor its own referral record has an upline
 *    yet (else 400, nothing written);
 * 2. the customer's upline is set by a conditional update, so of two racing calls one wins and the other answers
 *    400; its referral record (created with a fresh key if it has none) gets the upline at level 1, and the
 *    promoter's record counts one more invitee;
 * 3. the `appMap` of the promoter's Yingdao credentials (src/db/schema-yingdao.ts `yingdao_auth`, its rows merged
 *    oldest first) is written over the same modules of each of the customer's own credentials. A customer without
 *    credentials of its own runs on the tenant's default ones, which are not the customer's to change: nothing is
 *    copied and the answer says so (`copiedAppCount` 0).
 */
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { TokenClaims } from '../../../auth/tokens';
import { isUniqueViolation } from '../../../crud/index';
import type { Db } from '../../../db/index';
import { yingdaoAuth, ydUser, ydUserDevelop } from '../../../db/schema';
import { BizError, nextId, parseId } from '../../../util';
import { freshInviteKey, shareLinkOf } from './share-link';

export const UNKNOWN_KEY_MSG = '邀请码不存在';
export const UNKNOWN_CUSTOMER_MSG = '客户不存在';
export const SELF_INVITE_MSG = '不能使用自己的邀请码';
export const HAS_UPLINE_MSG = '该客户已有上级';
export const CIRCLE_MSG = '不能邀请自己的上级';
/** How far up the chain of uplines a circle is looked for; deeper chains are not what referrals make. */
const MAX_CHAIN = 100;
/** The contract's app maps hold at most 100 modules (yingdao-auth.yaml, yd-user-develop.yaml `appMap`). */
const MAX_APPS = 100;

type AppMap = Record<string, string>;

export interface CopyResult {
  ydUserId: string;
  parentUserId: string;
  inviteKey: string;
  copiedAppCount: number;
  appMap: AppMap;
}

/** `own` with `copied` written over it, within the 100 modules a map holds (the copied ones first). */
function merged(own: AppMap, copied: AppMap): AppMap {
  const kept = Object.entries(own).filter(([k]) => !Object.hasOwn(copied, k));
  return Object.fromEntries([...Object.entries(copied), ...kept].slice(0, MAX_APPS));
}

export async function copyDevelopApp(
  db: Db,
  a: TokenClaims,
  body: { inviteKey: string; ydUserId: string },
): Promise<CopyResult> {
  const tenant = a.tenant_id;
  const userId = parseId(a.user_id) ?? null;
  const customerId = parseId(body.ydUserId);
  try {
    return await db.transaction(async (tx) => {
      const now = new Date();
      const [promoter] = await tx
        .select({ record: ydUserDevelop })
        .from(ydUserDevelop)
        .innerJoin(ydUser, and(eq(ydUser.id, ydUserDevelop.ydUserId), eq(ydUser.isDeleted, 0)))
        .where(
          and(
            eq(ydUserDevelop.tenantId, tenant),
            eq(ydUserDevelop.isDeleted, 0),
            eq(ydUserDevelop.inviteKey, body.inviteKey),
            eq(ydUser.tenantId, tenant),
          ),
        )
        .limit(1);
      if (!promoter) throw new BizError(UNKNOWN_KEY_MSG);
      const upline = promoter.record.ydUserId;
      if (customerId === undefined) throw new BizError(UNKNOWN_CUSTOMER_MSG);
      if (customerId === upline) throw new BizError(SELF_INVITE_MSG);
      // the customer must not be above the promoter already: the invitation would close a circle
      let above: bigint | null = upline;
      for (let hops = 0; above !== null && hops < MAX_CHAIN; hops++) {
        const [u]: { inviterId: bigint | null }[] = await tx
          .select({ inviterId: ydUser.inviterId })
          .from(ydUser)
          .where(and(eq(ydUser.tenantId, tenant), eq(ydUser.id, above)))
          .limit(1);
        above = u?.inviterId ?? null;
        if (above === customerId) throw new BizError(CIRCLE_MSG);
      }

      // the customer's upline, set only where none is: the row lock decides between racing calls
      const [customer] = await tx
        .update(ydUser)
        .set({ inviterId: upline, updateUser: userId, updateTime: now })
        .where(
          and(
            eq(ydUser.tenantId, tenant),
            eq(ydUser.isDeleted, 0),
            eq(ydUser.id, customerId),
            isNull(ydUser.inviterId),
          ),
        )
        .returning({ id: ydUser.id, createDept: ydUser.createDept });
      if (!customer) {
        const [exists] = await tx
          .select({ id: ydUser.id })
          .from(ydUser)
          .where(and(eq(ydUser.tenantId, tenant), eq(ydUser.isDeleted, 0), eq(ydUser.id, customerId)))
          .limit(1);
        throw new BizError(exists ? HAS_UPLINE_MSG : UNKNOWN_CUSTOMER_MSG);
      }

      const recordOf = and(
        eq(ydUserDevelop.tenantId, tenant),
        eq(ydUserDevelop.isDeleted, 0),
        eq(ydUserDevelop.ydUserId, customerId),
      );
      const [own] = await tx.select().from(ydUserDevelop).where(recordOf).limit(1);
      if (own?.parentUserId !== null && own?.parentUserId !== undefined) throw new BizError(HAS_UPLINE_MSG);
      if (own) {
        await tx
          .update(ydUserDevelop)
          .set({ parentUserId: upline, level: 1, updateUser: userId, updateTime: now })
          .where(and(recordOf, eq(ydUserDevelop.id, own.id)));
      } else {
        const key = await freshInviteKey(tx, tenant);
        await tx.insert(ydUserDevelop).values({
          id: nextId(),
          tenantId: tenant,
          ydUserId: customerId,
          inviteKey: key,
          shareLink: await shareLinkOf(tx, tenant, key),
          parentUserId: upline,
          level: 1,
          createUser: userId,
          createDept: customer.createDept,
          createTime: now,
          updateUser: userId,
          updateTime: now,
        });
      }
      await tx
        .update(ydUserDevelop)
        .set({ invitedCount: sql`${ydUserDevelop.invitedCount} + 1`, updateUser: userId, updateTime: now })
        .where(eq(ydUserDevelop.id, promoter.record.id));

      const credentials = (ydUserId: bigint) =>
        and(
          eq(yingdaoAuth.tenantId, tenant),
          eq(yingdaoAuth.isDeleted, 0),
          eq(yingdaoAuth.ydUserId, ydUserId),
        );
      const theirs = await tx
        .select({ appMap: yingdaoAuth.appMap })
        .from(yingdaoAuth)
        .where(credentials(upline))
        .orderBy(asc(yingdaoAuth.createTime), asc(yingdaoAuth.id));
      const apps = merged(
        {},
        theirs.reduce<AppMap>((all, r) => ({ ...all, ...r.appMap }), {}),
      );
      const mine = await tx
        .select({ id: yingdaoAuth.id, appMap: yingdaoAuth.appMap })
        .from(yingdaoAuth)
        .where(credentials(customerId));
      for (const c of mine)
        await tx
          .update(yingdaoAuth)
          .set({ appMap: merged(c.appMap, apps), updateUser: userId, updateTime: now })
          .where(eq(yingdaoAuth.id, c.id));
      const copied = mine.length ? apps : {};
      return {
        ydUserId: String(customerId),
        parentUserId: String(upline),
        inviteKey: promoter.record.inviteKey,
        copiedAppCount: Object.keys(copied).length,
        appMap: copied,
      };
    });
  } catch (e) {
    // a racing write took the customer's record or the fresh key (the partial unique indexes)
    if (isUniqueViolation(e)) throw new BizError(HAS_UPLINE_MSG);
    throw e;
  }
}
