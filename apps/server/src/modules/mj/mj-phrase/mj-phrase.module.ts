/**
 * Image-generation phrases (docs/automation-domain.md §1.5, §2.7 `mj_phrase`): the generic module of the contract's
 * `mj_phrase` declaration (src/crud/define-module.ts) plus `enable`. Prompt generation uses the one enabled phrase of
 * an app, so enabling a phrase disables the app's other phrases (mj_phrase.yaml `enable`); the switch runs in one
 * transaction under an advisory lock per tenant, so two phrases of one app enabled at once leave one of them enabled.
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { defineCrudModule } from '../../../crud/define-module';
import type { EntityRegistry } from '../../../crud/entities';
import { caller, NOT_FOUND_MSG } from '../../../crud/index';
import type { Db } from '../../../db/index';
import { mjPhrase } from '../../../db/schema';
import { BizError, ok, parseId } from '../../../util';

/** Advisory lock of `enable` (src/kernel/active-config.ts uses the same two-key form). */
const ENABLE_LOCK = 86000504;

export function mjPhraseModule(db: Db, entities: EntityRegistry) {
  const m = defineCrudModule(db, entities.get('mj_phrase'), mjPhrase);
  const t = mjPhrase;
  return {
    ...m.handlers,

    /** Sets the status of one phrase of the caller's tenant; an unknown id answers 400 as the detail does. */
    async mjPhraseEnable(req: FastifyRequest) {
      const a = caller(req);
      const q = req.query as { id: string; status?: number };
      const status = q.status ?? 1;
      const audit = { updateUser: parseId(a.user_id) ?? null, updateTime: new Date() };
      await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${ENABLE_LOCK}, hashtext(${a.tenant_id}))`);
        // read inside the lock: a phrase moved to another app meanwhile is switched within its new app
        // (with the transaction's connection: PGlite runs one at a time, m.findOwn's would wait for this one)
        const id = parseId(q.id);
        const [phrase] = id
          ? await tx
              .select({ id: t.id, appId: t.appId })
              .from(t)
              .where(and(m.scope(a), eq(t.id, id)))
              .limit(1)
          : [];
        if (!phrase) throw new BizError(NOT_FOUND_MSG);
        if (status === 1 && phrase.appId !== null)
          await tx
            .update(t)
            .set({ status: 0, ...audit })
            .where(and(m.scope(a), eq(t.appId, phrase.appId), eq(t.status, 1), ne(t.id, phrase.id)));
        await tx
          .update(t)
          .set({ status, ...audit })
          .where(and(m.scope(a), eq(t.id, phrase.id)));
      });
      return ok({});
    },
  };
}
