import { tenantSelect } from '@smart/api-sdk';
import { roleEntity } from '@smart/api-sdk/entities';
import { defineResource, entityAdapter, type RemoteOptions } from '@smart/crud';

/** Every tenant by name (tenant.yaml `select`), read when the list first shows a tenant. */
const tenants: RemoteOptions = {
  key: ['tenant', 'select'],
  load: (signal) =>
    tenantSelect(undefined, signal).then((rows) =>
      rows.map((t) => ({ label: t.tenantName, value: t.tenantId })),
    ),
};

/**
 * The role page (role.yaml): the contract's tree of roles with its fields, filters and buttons; the parent is
 * picked in the form's tree of the roles on screen, so the list does not repeat it as an id.
 *
 * The administrator of the platform lists every tenant's roles (role.yaml `list`): for them the list names each
 * role's tenant and can be narrowed to one tenant's tree. Anyone else lists their own tenant's roles only, so the
 * column and the filter would say nothing (and the tenant list is not theirs to read).
 */
export const roleResource = defineResource(roleEntity, {
  columns: { parentId: { listHidden: true }, tenantId: false },
});

export const allTenantsRoleResource = defineResource(roleEntity, {
  columns: {
    parentId: { listHidden: true },
    tenantId: { type: 'select', remoteOptions: tenants, width: 140 },
  },
  order: ['roleName', 'tenantId'],
});

export const roleAdapter = entityAdapter(roleEntity);
