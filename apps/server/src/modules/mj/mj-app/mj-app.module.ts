/**
 * Image-generation apps (docs/automation-domain.md §2.7: `mj_app`), tenant-owned: the generic module from the
 * contract's `mj_app` declaration (src/crud/define-module.ts; the LinkAI token is an x-secret, masked in every
 * answer and sealed at rest by that module), plus the two operations the contract adds: `enable`, which switches
 * `status` (1 enabled, 0 disabled), and `getSelect`, the enabled apps as options of the pickers of phrases, prompts
 * and configs.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { defineCrudModule } from '../../../crud/define-module';
import type { EntityRegistry } from '../../../crud/entities';
import { caller } from '../../../crud/index';
import type { Db } from '../../../db/index';
import { mjApp } from '../../../db/schema';
import { ok, parseId } from '../../../util';

/** The contract's options are at most 1000 (mj-app.yaml MjAppOptionListEnvelope). */
const MAX_OPTIONS = 1000;

export function mjAppModule(db: Db, entities: EntityRegistry) {
  const m = defineCrudModule(db, entities.get('mj_app'), mjApp);

  return {
    ...m.handlers,

    /** Sets the status of one app of the caller's tenant; an unknown id answers 400 as the detail does. */
    async mjAppEnable(req: FastifyRequest) {
      const a = caller(req);
      const q = req.query as { id: string; status?: number };
      const app = await m.findOwn(a, parseId(q.id));
      await db
        .update(mjApp)
        .set({ status: q.status ?? 1, updateUser: parseId(a.user_id) ?? null, updateTime: new Date() })
        .where(and(m.scope(a), eq(mjApp.id, app.id)));
      return ok({});
    },

    async mjAppGetSelect(req: FastifyRequest) {
      const a = caller(req);
      const rows = await db
        .select({ id: mjApp.id, appName: mjApp.appName, appCode: mjApp.appCode })
        .from(mjApp)
        .where(and(m.scope(a), eq(mjApp.status, 1)))
        .orderBy(asc(mjApp.appName), asc(mjApp.id))
        .limit(MAX_OPTIONS);
      return ok(rows.map((r) => ({ id: String(r.id), appName: r.appName, appCode: r.appCode })));
    },
  };
}
