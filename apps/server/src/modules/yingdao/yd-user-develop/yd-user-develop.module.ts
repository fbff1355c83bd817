/**
 * Referral records (docs/automation-domain.md §2.5: `yd_user_develop`), tenant-owned: the generic module from the
 * contract's `yd_user_develop` declaration (src/crud/define-module.ts; one record per customer and one per invite
 * key), plus what the contract says beyond it (yd-user-develop.yaml, smart-yingdao/yd_user_develop.yaml):
 * - an empty invite key is generated on create (an update that sends none keeps it), and the share link is always
 *   the server's (./share-link.ts);
 * - a record is not its own upline;
 * - `getShareLinkInfo` resolves a key of a live promoter; `copyDevelopApp` records an invitee (./copy-app.ts).
 *
 * The counters and totals of a record (invitees, paying invitees, reward power, commission) are the server's:
 * `copyDevelopApp` counts the invitees; the others stay 0 until payments credit referrals, which no part of this
 * server does yet (src/pay/settle.ts credits the payer only).
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { defineCrudModule } from '../../../crud/define-module';
import type { EntityRegistry } from '../../../crud/entities';
import { caller } from '../../../crud/index';
import type { Db } from '../../../db/index';
import { ydUser, ydUserDevelop } from '../../../db/schema';
import { BizError, ok, str } from '../../../util';
import { copyDevelopApp, UNKNOWN_KEY_MSG } from './copy-app';
import { freshInviteKey, shareLinkOf } from './share-link';

export const SELF_UPLINE_MSG = '上级客户不能是自己';

export function ydUserDevelopModule(db: Db, entities: EntityRegistry) {
  const m = defineCrudModule(db, entities.get('yd_user_develop'), ydUserDevelop, {
    form: async (values, _body, existing, a) => {
      const sent = str(values.inviteKey) ?? '';
      const inviteKey = sent || existing?.inviteKey || (await freshInviteKey(db, a.tenant_id));
      const promoter = values.ydUserId ?? existing?.ydUserId;
      const upline = values.parentUserId !== undefined ? values.parentUserId : existing?.parentUserId;
      if (upline !== null && upline !== undefined && upline === promoter) throw new BizError(SELF_UPLINE_MSG);
      return { ...values, inviteKey, shareLink: await shareLinkOf(db, a.tenant_id, inviteKey) };
    },
  });

  return {
    ...m.handlers,

    /** The record of a live promoter holding the key; any other key answers 400. */
    async ydUserDevelopGetShareLinkInfo(req: FastifyRequest) {
      const a = caller(req);
      const { inviteKey } = req.query as { inviteKey: string };
      const [hit] = await db
        .select({ record: ydUserDevelop, account: ydUser.account, nickname: ydUser.nickname })
        .from(ydUserDevelop)
        .innerJoin(
          ydUser,
          and(
            eq(ydUser.id, ydUserDevelop.ydUserId),
            eq(ydUser.tenantId, ydUserDevelop.tenantId),
            eq(ydUser.isDeleted, 0),
          ),
        )
        .where(and(m.scope(a), eq(ydUserDevelop.inviteKey, inviteKey)))
        .limit(1);
      if (!hit) throw new BizError(UNKNOWN_KEY_MSG);
      const { record } = hit;
      return ok({
        ydUserId: String(record.ydUserId),
        inviteKey: record.inviteKey,
        shareLink: record.shareLink,
        qrCodeUrl: record.qrCodeUrl,
        promoterAccount: hit.account,
        promoterNickname: hit.nickname,
        level: record.level,
      });
    },

    async ydUserDevelopCopyDevelopApp(req: FastifyRequest) {
      return ok(await copyDevelopApp(db, caller(req), req.body as { inviteKey: string; ydUserId: string }));
    },
  };
}
