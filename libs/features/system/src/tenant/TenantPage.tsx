import type { Tenant } from '@smart/api-sdk';
import { tenantEntity } from '@smart/api-sdk/entities';
import { CrudPage, useCanAct, type CrudRowActionContext, type CrudToolbarContext } from '@smart/crud';
import { Button } from '@smart/ui';
import { Database, KeyRound, Package } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DATASOURCE_OP, TenantDatasourceDialog } from './TenantDatasourceDialog';
import { TenantLicenceDialog } from './TenantLicenceDialog';
import { PACKAGE_OP, TenantPackageDialog } from './TenantPackageDialog';
import { LICENCE_OP } from './tenant-licence';
import { tenantAdapter, tenantResource } from './tenant.resource';

/**
 * 授权配置: the licence of the selected tenants, for whoever holds the button the contract asks for it
 * (`x-entity.actions` of `tenant`, the same the server checks).
 */
function LicenceAction({ page }: { page: CrudToolbarContext }) {
  const { t } = useTranslation();
  const canAct = useCanAct(tenantEntity);
  const [open, setOpen] = useState(false);
  if (!canAct(LICENCE_OP)) return null;
  return (
    <>
      <Button
        data-action="tenant-licence"
        disabled={page.selectedIds.length === 0}
        onClick={() => setOpen(true)}
      >
        <KeyRound aria-hidden />
        {t('system.tenant.licence')}
      </Button>
      <TenantLicenceDialog ids={page.selectedIds} open={open} onOpenChange={setOpen} onSaved={page.reload} />
    </>
  );
}

/** 产品包配置 and 数据源 of a tenant's row, each for whoever holds its button. */
function RowActions({ row, page }: { row: Tenant; page: CrudRowActionContext }) {
  const { t } = useTranslation();
  const canAct = useCanAct(tenantEntity);
  const [open, setOpen] = useState<'package' | 'datasource' | undefined>();
  const close = (next: boolean) => !next && setOpen(undefined);
  return (
    <>
      {canAct(PACKAGE_OP) ? (
        <>
          <Button variant="link" size="xs" data-action="tenant-package" onClick={() => setOpen('package')}>
            <Package aria-hidden />
            {t('system.tenant.package')}
          </Button>
          <TenantPackageDialog
            tenant={row}
            open={open === 'package'}
            onOpenChange={close}
            onSaved={page.reload}
          />
        </>
      ) : null}
      {canAct(DATASOURCE_OP) ? (
        <>
          <Button
            variant="link"
            size="xs"
            data-action="tenant-datasource"
            onClick={() => setOpen('datasource')}
          >
            <Database aria-hidden />
            {t('system.tenant.datasource')}
          </Button>
          <TenantDatasourceDialog
            tenant={row}
            open={open === 'datasource'}
            onOpenChange={close}
            onSaved={page.reload}
          />
        </>
      ) : null}
    </>
  );
}

export default function TenantPage() {
  return (
    <CrudPage
      resource={tenantResource}
      adapter={tenantAdapter}
      toolbarExtra={(page) => <LicenceAction page={page} />}
      rowActions={(row, page) => <RowActions row={row} page={page} />}
    />
  );
}
