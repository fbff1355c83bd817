/**
 * Customers (docs/automation-domain.md §2.5: `yd_user`), tenant-owned: the generic module from the contract's
 * `yd_user` declaration (src/crud/define-module.ts; the account is unique in the tenant, and the write-only password
 * is in no answer), plus what the contract says beyond it (yd-user.yaml, smart-yingdao/yd_user.yaml):
 * - the password travels as the console sends it and is stored as its argon2id hash (src/auth/password.ts); it is
 *   required on create, and an update that sends none (or '') keeps the stored one;
 * - creating a customer creates its profile (`yd_user_info`, src/db/schema-rpa.ts), and a renamed account renames
 *   the profile's copy of it (after the customer's write, not in its transaction: the crud kit has none);
 * - `getSelectList` lists the live customers as options.
 */
import { and, asc, eq, ilike, or } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { hashPassword } from '../../../auth/password';
import { defineCrudModule } from '../../../crud/define-module';
import type { EntityRegistry } from '../../../crud/entities';
import { caller } from '../../../crud/index';
import type { Db } from '../../../db/index';
import { ydUser, ydUserInfo } from '../../../db/schema';
import { BizError, escapeLike, nextId, ok, parseId, str } from '../../../util';

export const PASSWORD_REQUIRED_MSG = '请输入密码';
/** The contract's options are at most 1000 (yd-user.yaml YdUserOptionListEnvelope). */
const MAX_OPTIONS = 1000;

export function ydUserModule(db: Db, entities: EntityRegistry) {
  const m = defineCrudModule(db, entities.get('yd_user'), ydUser, {
    form: async (values, _body, existing) => {
      const { password, ...rest } = values;
      const sent = str(password) ?? '';
      if (sent === '') {
        if (!existing) throw new BizError(PASSWORD_REQUIRED_MSG);
        return rest;
      }
      return { ...rest, password: await hashPassword(sent) };
    },
    afterWrite: async (row, existing, a) => {
      const userId = parseId(a.user_id) ?? null;
      const now = new Date();
      if (!existing) {
        await db.insert(ydUserInfo).values({
          id: nextId(),
          tenantId: row.tenantId,
          ydUserId: row.id,
          account: row.account,
          createUser: userId,
          createDept: row.createDept,
          createTime: now,
          updateUser: userId,
          updateTime: now,
        });
      } else if (existing.account !== row.account) {
        await db
          .update(ydUserInfo)
          .set({ account: row.account, updateUser: userId, updateTime: now })
          .where(
            and(
              eq(ydUserInfo.tenantId, row.tenantId),
              eq(ydUserInfo.ydUserId, row.id),
              eq(ydUserInfo.isDeleted, 0),
            ),
          );
      }
    },
  });

  return {
    ...m.handlers,

    /** Live customers by account; `account` narrows them by a contains-match on account or nickname. */
    async ydUserGetSelectList(req: FastifyRequest) {
      const a = caller(req);
      const q = str((req.query as Record<string, unknown>).account)?.trim() ?? '';
      const like = `%${escapeLike(q)}%`;
      const rows = await db
        .select({
          id: ydUser.id,
          account: ydUser.account,
          nickname: ydUser.nickname,
          ydLoginAccount: ydUser.ydLoginAccount,
        })
        .from(ydUser)
        .where(and(m.scope(a), q ? or(ilike(ydUser.account, like), ilike(ydUser.nickname, like)) : undefined))
        .orderBy(asc(ydUser.account), asc(ydUser.id))
        .limit(MAX_OPTIONS);
      return ok(rows.map((r) => ({ ...r, id: String(r.id) })));
    },
  };
}
