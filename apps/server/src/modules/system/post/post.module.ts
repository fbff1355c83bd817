/**
 * Posts (tenant-owned): the generic module from the contract's `post` declaration (src/crud/define-module.ts), plus
 * what the contract cannot say: the default order, the label of the category and the dropdown list `postSelect`.
 */
import { and, asc, desc, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { defineCrudModule } from '../../../crud/define-module';
import type { EntityRegistry } from '../../../crud/entities';
import { caller, isPlatformAdmin } from '../../../crud/index';
import type { Db } from '../../../db/index';
import { post } from '../../../db/schema';
import { ok } from '../../../util';

/** Labels of the dictionary `post_category` (seed-dicts.ts), the view's `categoryName`. */
const CATEGORY: Record<number, string> = { 1: '高层', 2: '中层', 3: '基层', 4: '其他' };

export function postModule(db: Db, entities: EntityRegistry) {
  const m = defineCrudModule(db, entities.get('post'), post, {
    defaultOrder: [asc(post.sort)],
    view: (p) => ({ categoryName: CATEGORY[p.category] ?? '' }),
  });
  return {
    ...m.handlers,
    /** Posts of `tenantId`: only the platform administrator may name another tenant (others get their own). */
    async postSelect(req: FastifyRequest) {
      const a = caller(req);
      const { tenantId } = req.query as { tenantId?: string };
      const t = tenantId && isPlatformAdmin(a) ? tenantId : a.tenant_id;
      const rows = await db
        .select()
        .from(post)
        .where(and(eq(post.tenantId, t), eq(post.isDeleted, 0)))
        .orderBy(asc(post.sort), desc(post.id));
      return ok(rows.map(m.toVO));
    },
  };
}
