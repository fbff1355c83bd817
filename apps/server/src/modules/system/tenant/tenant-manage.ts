/**
 * Tenants as rows: the generic list, detail and remove (never tenant 000000), the select list, and submit, which
 * updates a tenant or creates one with its initial data (./tenant-create.ts).
 */
import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { caller, crud, requirePlatformAdmin } from '../../../crud/index';
import type { Db } from '../../../db/index';
import { tenant } from '../../../db/schema';
import { ADMIN_TENANT } from '../../../db/seed-data';
import { BizError, ok } from '../../../util';
import { createTenant } from './tenant-create';
import { toTenantVO, type TenantRow } from './tenant-vo';

export function tenantCrud(db: Db) {
  return crud<TenantRow>(db, {
    table: tenant,
    id: tenant.id,
    isDeleted: tenant.isDeleted,
    audited: true,
    toVO: toTenantVO,
    filters: {
      tenantId: { column: tenant.tenantId },
      tenantName: { column: tenant.tenantName },
      contactNumber: { column: tenant.contactNumber },
    },
    sortable: {
      id: tenant.id,
      tenant_id: tenant.tenantId,
      tenant_name: tenant.tenantName,
      linkman: tenant.linkman,
      contact_number: tenant.contactNumber,
      account_number: tenant.accountNumber,
      expire_time: tenant.expireTime,
      create_time: tenant.createTime,
      update_time: tenant.updateTime,
    },
    defaultOrder: [desc(tenant.createTime)],
    authorizeWrite: requirePlatformAdmin,
    fields: (b) => ({
      tenantName: b.tenantName,
      linkman: b.linkman,
      ...(b.domain !== undefined ? { domain: b.domain } : {}),
      ...(b.backgroundUrl !== undefined ? { backgroundUrl: b.backgroundUrl } : {}),
      ...(b.contactNumber !== undefined ? { contactNumber: b.contactNumber } : {}),
      ...(b.address !== undefined ? { address: b.address } : {}),
    }),
    async beforeRemove(ids) {
      const rows = await db.select({ code: tenant.tenantId }).from(tenant).where(inArray(tenant.id, ids));
      if (rows.some((r) => r.code === ADMIN_TENANT)) throw new BizError('管理租户不可删除');
    },
    ops: { list: 'tenantList', detail: 'tenantDetail', remove: 'tenantRemove' },
  });
}

/** The operations beyond the generic ones; `tenants` is this module's generic module (./tenant.module.ts). */
export function tenantManageHandlers(db: Db, tenants: ReturnType<typeof tenantCrud>) {
  return {
    async tenantSelect() {
      const rows = await db
        .select()
        .from(tenant)
        .where(eq(tenant.isDeleted, 0))
        .orderBy(asc(tenant.tenantId));
      return ok(rows.map(toTenantVO));
    },
    async tenantSubmit(req: FastifyRequest) {
      const a = caller(req);
      requirePlatformAdmin(a);
      const b = req.body as Record<string, unknown> | undefined;
      if (!b || typeof b !== 'object') throw new BizError('参数校验失败');
      if (typeof b.id === 'string' && b.id) await tenants.submit(a, b, 'submit');
      else await createTenant(db, a, b);
      return ok({});
    },
  };
}
