import {
  tenantPackageDetailByTenant,
  tenantPackageSelect,
  tenantPackageSetting,
  type Tenant,
} from '@smart/api-sdk';
import { tenantEntity } from '@smart/api-sdk/entities';
import { useCrudContext } from '@smart/crud';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { TenantPickDialog, type PickChoices } from './TenantPickDialog';

/** The operation that sets a package; `x-entity.actions` of `tenant` names the button it needs. */
export const PACKAGE_OP = 'tenantPackageSetting';

/** The choice "no package" (a select's value cannot be empty; no package id looks like this). */
const NONE = 'none';

export interface TenantPackageDialogProps {
  tenant: Pick<Tenant, 'id' | 'tenantId' | 'tenantName'>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved: () => void;
}

/**
 * The package of a tenant (tenant.yaml `packageDetail`, `packageSetting`): its current package is read by the tenant's
 * row id, the package is set by its code, and "no package" sends none, which removes it (tenant.yaml: "an empty
 * `packageId` removes it"). The packages are the tenant-package select's (tenant-package.yaml `select`).
 */
export function TenantPackageDialog({ tenant, open, onOpenChange, onSaved }: TenantPackageDialogProps) {
  const { t } = useTranslation();
  const { t: entityT } = useCrudContext();

  const load = useCallback(
    async (signal: AbortSignal): Promise<PickChoices> => {
      const [packages, current] = await Promise.all([
        tenantPackageSelect(undefined, signal),
        tenantPackageDetailByTenant({ tenantId: tenant.id }, undefined, signal),
      ]);
      if (packages.length === 0) return { options: [] };
      return {
        options: [
          { label: t('system.tenant.noPackage'), value: NONE },
          ...packages.map((p) => ({ label: p.packageName, value: p.id })),
        ],
        // `{}` when the tenant has none
        current: current.id ?? NONE,
      };
    },
    [tenant.id, t],
  );

  const save = useCallback(
    (packageId: string) =>
      tenantPackageSetting({
        tenantId: tenant.tenantId,
        ...(packageId === NONE ? {} : { packageId }),
      }),
    [tenant.tenantId],
  );

  return (
    <TenantPickDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('system.tenant.package')}
      description={t('system.tenant.packageHint', { name: tenant.tenantName, code: tenant.tenantId })}
      label={entityT(`${tenantEntity.i18n}.packageId`)}
      placeholder={t('system.tenant.placeholders.packageId')}
      emptyText={t('system.tenant.noPackages')}
      load={load}
      save={save}
      doneText={t('system.tenant.packageDone')}
      onSaved={onSaved}
      action="tenant-package-save"
    />
  );
}
