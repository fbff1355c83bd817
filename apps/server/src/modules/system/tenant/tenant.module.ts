/**
 * Tenants and tenant packages (docs/platform-contract.md §3.7, §3.8, §4.6). Administered by the administrator of tenant
 * 000000 only (others get 401 `缺失权限`); `tenant/info` is tokenless (login page).
 *
 * For the other modules: `assertAccountQuota(db, tenantId)` (src/kernel/account-quota.ts) refuses a new user beyond
 * the tenant's `accountNumber`. (The menus a package allows: `packageMenuIds` in auth/permissions.)
 *
 * The parts: ./tenant-manage.ts (tenant rows, create), ./package-manage.ts (packages), ./tenant-settings.ts
 * (quota and expiry, data source, package binding); the views are in ./tenant-vo.ts.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { EntityRegistry } from '../../../crud/entities';
import { caller, requirePlatformAdmin } from '../../../crud/index';
import type { Db } from '../../../db/index';
import { tenant } from '../../../db/schema';
import { ok } from '../../../util';
import { packageCrud, packageManageHandlers } from './package-manage';
import { tenantCrud, tenantManageHandlers } from './tenant-manage';
import { tenantSettingHandlers } from './tenant-settings';

type Handler = (req: FastifyRequest) => Promise<unknown>;

export function tenantHandlers(db: Db, entities: EntityRegistry) {
  const tenants = tenantCrud(db);
  const packages = packageCrud(db, entities);

  const admin =
    (h: Handler): Handler =>
    async (req) => {
      requirePlatformAdmin(caller(req));
      return h(req);
    };

  const own: Record<string, Handler> = {
    ...tenantManageHandlers(db, tenants),
    ...tenantSettingHandlers(db),
    ...packageManageHandlers(db, packages.toVO),
  };

  const out: Record<string, Handler> = {};
  for (const [op, h] of Object.entries({ ...tenants.handlers, ...packages.handlers, ...own })) {
    out[op] = admin(h);
  }
  /** Tokenless (login page): the tenant bound to a domain, or `{}`. */
  out.tenantInfo = async (req) => {
    const domain = (req.query as { domain: string }).domain;
    const [t] = await db
      .select()
      .from(tenant)
      .where(and(eq(tenant.isDeleted, 0), eq(tenant.domain, domain)))
      .limit(1);
    return ok(t ? { tenantId: t.tenantId, domain: t.domain, backgroundUrl: t.backgroundUrl } : {});
  };
  return out;
}
