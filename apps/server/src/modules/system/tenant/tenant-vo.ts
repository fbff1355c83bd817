/** The view of a tenant (contract `Tenant`); a package's is the generic one (package-manage.ts). */
import type { tenant } from '../../../db/schema';
import { auditVO, formatDateTime } from '../../../util';

export type TenantRow = typeof tenant.$inferSelect;

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
