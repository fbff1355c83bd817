import {
  tenantPackageDetail,
  tenantPackageList,
  tenantPackageRemove,
  tenantPackageSave,
  tenantPackageUpdate,
  type TenantPackage,
  type TenantPackageFields,
} from '@smart/api-sdk';
import type { CrudAdapter } from '@smart/crud';

/** The dialog's values: name, comma-joined menu ids (the kit joins the tree selection) and remark. */
export type TenantPackageForm = TenantPackageFields & { id?: string };

// Only the writable fields go out: a detail carries the audit columns, which the contract does not accept.
const body = (form: TenantPackageForm) => ({
  packageName: form.packageName ?? '',
  menuId: form.menuId ?? '',
  remark: form.remark ?? '',
});

/** Tenant packages through the SDK: the contract has save and update rather than one submit. */
export const tenantPackageAdapter: CrudAdapter<TenantPackage, TenantPackageForm> = {
  async list({ current, size, ...filters }) {
    const page = await tenantPackageList({ current, size, ...filters });
    return { records: page.records, total: page.total };
  },
  detail: (id) => tenantPackageDetail({ id }),
  create: (form) => tenantPackageSave(body(form)),
  update: (form) => tenantPackageUpdate({ ...body(form), id: form.id }),
  remove: (ids) => tenantPackageRemove({ ids: ids.join(',') }),
};
