/**
 * Settings of tenants: the account quota and expiry with their licence blob (`tenant/setting`), the data source,
 * and the package a tenant is bound to.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { caller, NOT_FOUND_MSG, requireAll } from '../../../crud/index';
import type { Db } from '../../../db/index';
import { tenant, tenantPackage } from '../../../db/schema';
import { ADMIN_TENANT } from '../../../db/seed-data';
import { BizError, formatDateTime, ok, parseDateTime, parseId, parseIds } from '../../../util';
import type { TenantRow } from './tenant-vo';

/** Refusal of a quota or an expiry for tenant 000000 (it can never be limited). */
export const ADMIN_TENANT_LIMIT_MSG = '管理租户不可设置账号额度或过期时间';

/** Opaque licence blob of `tenant/setting` (upstream: DES hex of the same facts). */
const licenseKey = (id: bigint, accountNumber: number, expireTime: Date | null) =>
  Buffer.from(
    JSON.stringify({ id: id.toString(), accountNumber, expireTime: formatDateTime(expireTime) }),
  ).toString('hex');

export function tenantSettingHandlers(db: Db) {
  async function liveTenantByCode(code: string): Promise<TenantRow> {
    const [t] = await db
      .select()
      .from(tenant)
      .where(and(eq(tenant.tenantId, code), eq(tenant.isDeleted, 0)))
      .limit(1);
    if (!t) throw new BizError(NOT_FOUND_MSG);
    return t;
  }

  return {
    async tenantSetting(req: FastifyRequest) {
      const a = caller(req);
      const q = req.query as { ids: string; accountNumber: number; expireTime?: string };
      const expire = q.expireTime ? parseDateTime(q.expireTime) : null;
      const ids = parseIds(q.ids);
      const rows = ids.length
        ? await db
            .select({ id: tenant.id, code: tenant.tenantId })
            .from(tenant)
            .where(and(inArray(tenant.id, ids), eq(tenant.isDeleted, 0)))
        : [];
      requireAll(
        ids,
        rows.map((r) => r.id),
      );
      // the platform administrator's tenant signs everyone in who can repair the others: a quota or an end on it
      // would lock every account of the platform out for good (`租户授权已过期` at login), so it stays unlimited
      const limits = q.accountNumber !== -1 || expire !== null;
      if (limits && rows.some((r) => r.code === ADMIN_TENANT)) throw new BizError(ADMIN_TENANT_LIMIT_MSG);
      for (const r of rows) {
        await db
          .update(tenant)
          .set({
            accountNumber: q.accountNumber,
            expireTime: expire,
            licenseKey: licenseKey(r.id, q.accountNumber, expire),
            updateUser: parseId(a.user_id) ?? null,
            updateTime: new Date(),
          })
          .where(eq(tenant.id, r.id));
      }
      return ok({});
    },
    async tenantDatasource(req: FastifyRequest) {
      const q = req.query as { tenantId: string; datasourceId: string };
      const t = await liveTenantByCode(q.tenantId);
      await db
        .update(tenant)
        .set({ datasourceId: parseId(q.datasourceId) ?? null, updateTime: new Date() })
        .where(eq(tenant.id, t.id));
      return ok({});
    },
    async tenantPackageSetting(req: FastifyRequest) {
      const q = req.query as { tenantId: string; packageId?: string };
      const t = await liveTenantByCode(q.tenantId);
      let packageId: bigint | null = null;
      if (q.packageId) {
        packageId = parseId(q.packageId) ?? null;
        const [p] =
          packageId === null
            ? []
            : await db
                .select({ id: tenantPackage.id })
                .from(tenantPackage)
                .where(and(eq(tenantPackage.id, packageId), eq(tenantPackage.isDeleted, 0)))
                .limit(1);
        if (!p) throw new BizError('产品包不存在');
      }
      await db.update(tenant).set({ packageId, updateTime: new Date() }).where(eq(tenant.id, t.id));
      return ok({});
    },
  };
}
