/** The views of a tenant and of a tenant package (contract `Tenant`, `TenantPackage`). */
import type { tenant, tenantPackage } from '../../../db/schema';
import { auditVO, formatDateTime } from '../../../util';

export type TenantRow = typeof tenant.$inferSelect;
export type PackageRow = typeof tenantPackage.$inferSelect;

export function toTenantVO(t: TenantRow) {
  return {
    id: t.id.toString(),
    tenantId: t.tenantId,
    accountNumber: t.accountNumber,
    expireTime: formatDateTime(t.expireTime),
    packageId: t.packageId === null ? null : t.packageId.toString(),
    datasourceId: t.datasourceId === null ? null : t.datasourceId.toString(),
    licenseKey: t.licenseKey,
    tenantName: t.tenantName,
    domain: t.domain,
    backgroundUrl: t.backgroundUrl,
    linkman: t.linkman,
    contactNumber: t.contactNumber,
    address: t.address,
    ...auditVO(t),
  };
}

export function toPackageVO(p: PackageRow) {
  return {
    id: p.id.toString(),
    packageName: p.packageName,
    menuId: p.menuId,
    remark: p.remark,
    ...auditVO(p),
  };
}
