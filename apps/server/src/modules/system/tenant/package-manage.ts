/**
 * Tenant packages (docs/platform-contract.md §3.8): the generic list, detail, save, update and remove, the select
 * list, and the package bound to a tenant.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { crud, requirePlatformAdmin } from '../../../crud/index';
import type { Db } from '../../../db/index';
import { tenant, tenantPackage } from '../../../db/schema';
import { ok, parseId, parseIds } from '../../../util';
import { toPackageVO, type PackageRow } from './tenant-vo';

export function packageCrud(db: Db) {
  return crud<PackageRow>(db, {
    table: tenantPackage,
    id: tenantPackage.id,
    isDeleted: tenantPackage.isDeleted,
    audited: true,
    toVO: toPackageVO,
    filters: { packageName: { column: tenantPackage.packageName, plain: 'equal', kinds: ['equal', 'like'] } },
    sortable: {
      id: tenantPackage.id,
      package_name: tenantPackage.packageName,
      create_time: tenantPackage.createTime,
      update_time: tenantPackage.updateTime,
    },
    defaultOrder: [desc(tenantPackage.createTime)],
    authorizeWrite: requirePlatformAdmin,
    fields: (b) => ({
      packageName: b.packageName,
      // normalised: distinct valid ids
      menuId: parseIds(String(b.menuId ?? '')).join(','),
      ...(b.remark !== undefined ? { remark: b.remark } : {}),
    }),
    ops: {
      list: 'tenantPackageList',
      detail: 'tenantPackageDetail',
      save: 'tenantPackageSave',
      update: 'tenantPackageUpdate',
      remove: 'tenantPackageRemove',
    },
  });
}

export function packageManageHandlers(db: Db) {
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
      return ok(row ? toPackageVO(row.p) : {});
    },
    async tenantPackageSelect() {
      const rows = await db
        .select()
        .from(tenantPackage)
        .where(eq(tenantPackage.isDeleted, 0))
        .orderBy(desc(tenantPackage.createTime), desc(tenantPackage.id));
      return ok(rows.map(toPackageVO));
    },
  };
}
