/**
 * Tenant packages (docs/platform-contract.md §3.8): the generic module from the contract's `tenant-package`
 * declaration (src/crud/define-module.ts), plus what the contract cannot say: the menu ids normalised, the select
 * list, and the package bound to a tenant. Reads and writes are the platform administrator's (tenant.module.ts).
 */
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { defineCrudModule } from '../../../crud/define-module';
import type { EntityRegistry } from '../../../crud/entities';
import { requirePlatformAdmin } from '../../../crud/index';
import type { Db } from '../../../db/index';
import { tenant, tenantPackage } from '../../../db/schema';
import { ok, parseId, parseIds } from '../../../util';

export function packageCrud(db: Db, entities: EntityRegistry) {
  return defineCrudModule(db, entities.get('tenant-package'), tenantPackage, {
    authorizeWrite: requirePlatformAdmin,
    // distinct valid ids, whatever order and repetition the tree selection sent
    form: (v) => (v.menuId === undefined ? v : { ...v, menuId: parseIds(String(v.menuId)).join(',') }),
  });
}

export function packageManageHandlers(db: Db, toVO: (row: typeof tenantPackage.$inferSelect) => object) {
  return {
    async tenantPackageDetailByTenant(req: FastifyRequest) {
      const id = parseId((req.query as { tenantId: string }).tenantId);
      const [row] =
        id === undefined
          ? []
          : await db
              .select({ p: tenantPackage })
              .from(tenant)
              .innerJoin(tenantPackage, eq(tenantPackage.id, tenant.packageId))
              .where(and(eq(tenant.id, id), eq(tenant.isDeleted, 0), eq(tenantPackage.isDeleted, 0)))
              .limit(1);
      return ok(row ? toVO(row.p) : {});
    },
    async tenantPackageSelect() {
      const rows = await db
        .select()
        .from(tenantPackage)
        .where(eq(tenantPackage.isDeleted, 0))
        .orderBy(desc(tenantPackage.createTime), desc(tenantPackage.id));
      return ok(rows.map(toVO));
    },
  };
}
