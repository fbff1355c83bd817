import { datasourceSelect, tenantDatasource, type Tenant } from '@smart/api-sdk';
import { tenantEntity } from '@smart/api-sdk/entities';
import { useCrudContext } from '@smart/crud';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { TenantPickDialog, type PickChoices } from './TenantPickDialog';

/** The operation that binds a datasource; `x-entity.actions` of `tenant` names the button it needs. */
export const DATASOURCE_OP = 'tenantDatasource';

export interface TenantDatasourceDialogProps {
  tenant: Pick<Tenant, 'tenantId' | 'tenantName' | 'datasourceId'>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved: () => void;
}

/**
 * The datasource of a tenant (tenant.yaml `datasource`: the tenant by its code, a datasource id, both required), picked
 * among the develop module's datasources (datasource.yaml `select`); the tenant's own (`datasourceId` of its row)
 * is preselected.
 */
export function TenantDatasourceDialog({ tenant, open, onOpenChange, onSaved }: TenantDatasourceDialogProps) {
  const { t } = useTranslation();
  const { t: entityT } = useCrudContext();

  const load = useCallback(
    async (signal: AbortSignal): Promise<PickChoices> => {
      const datasources = await datasourceSelect(undefined, signal);
      return {
        options: datasources.map((d) => ({ label: d.name, value: d.id })),
        current: tenant.datasourceId ?? undefined,
      };
    },
    [tenant.datasourceId],
  );

  const save = useCallback(
    (datasourceId: string) => tenantDatasource({ tenantId: tenant.tenantId, datasourceId }),
    [tenant.tenantId],
  );

  return (
    <TenantPickDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('system.tenant.datasourceTitle')}
      description={t('system.tenant.datasourceHint', { name: tenant.tenantName, code: tenant.tenantId })}
      label={entityT(`${tenantEntity.i18n}.datasourceId`)}
      placeholder={t('system.tenant.placeholders.datasourceId')}
      emptyText={t('system.tenant.noDatasources')}
      load={load}
      save={save}
      doneText={t('system.tenant.datasourceDone')}
      onSaved={onSaved}
      action="tenant-datasource-save"
    />
  );
}
