/**
 * Invite keys and share links of referral records (yd-user-develop.yaml): a key is 8 characters of upper-case
 * letters and digits without the look-alikes 0/O and 1/I (it is read off posters and typed in), unique among the
 * tenant's live records; the link is the system parameter `yd.shareLinkBase` (the tenant's, else the platform
 * tenant's, as src/pay/pricing.ts reads its prices) followed by the key, `/r/<key>` when neither is set.
 */
import { randomInt } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/index';
import { param, ydUserDevelop } from '../../../db/schema';

export const SHARE_LINK_PARAM = 'yd.shareLinkBase';
const DEFAULT_BASE = '/r/';
const PLATFORM_TENANT = '000000';
const ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
const KEY_LENGTH = 8;
/** The contract's `shareLink` is at most 512 characters. */
const MAX_LINK = 512;

const randomKey = () =>
  Array.from({ length: KEY_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

/**
 * A key no live record of the tenant holds. 32^8 keys make a clash rare; the partial unique index
 * smart_yd_user_develop_key_uq refuses the one a racing write might still take.
 */
export async function freshInviteKey(db: Db, tenantId: string): Promise<string> {
  for (;;) {
    const key = randomKey();
    const [taken] = await db
      .select({ id: ydUserDevelop.id })
      .from(ydUserDevelop)
      .where(
        and(
          eq(ydUserDevelop.tenantId, tenantId),
          eq(ydUserDevelop.inviteKey, key),
          eq(ydUserDevelop.isDeleted, 0),
        ),
      )
      .limit(1);
    if (!taken) return key;
  }
}

/** The share link of `key` in the tenant. */
export async function shareLinkOf(db: Db, tenantId: string, key: string): Promise<string> {
  const rows = await db
    .select({ tenantId: param.tenantId, value: param.paramValue })
    .from(param)
    .where(
      and(
        inArray(param.tenantId, [tenantId, PLATFORM_TENANT]),
        eq(param.paramKey, SHARE_LINK_PARAM),
        eq(param.isDeleted, 0),
      ),
    );
  const own = rows.find((r) => r.tenantId === tenantId) ?? rows.find((r) => r.tenantId === PLATFORM_TENANT);
  const base = own?.value.trim() || DEFAULT_BASE;
  // a base that leaves no room for the key is unusable: the key must survive whole
  return base.length + key.length > MAX_LINK ? `${DEFAULT_BASE}${key}` : `${base}${key}`;
}
