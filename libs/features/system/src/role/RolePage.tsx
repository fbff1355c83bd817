import { roleEntity } from '@smart/api-sdk/entities';
import { isPlatformAdministrator, useSession } from '@smart/auth';
import { CrudPage, useCrudContext, type CrudToolbarContext } from '@smart/crud';
import { Button } from '@smart/ui';
import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { allTenantsRoleResource, roleAdapter, roleResource } from './role.resource';
import { RolePermissionDialog } from './RolePermissionDialog';

/**
 * 权限设置 of the selected roles, one dialog for all of them; for whoever may edit roles, the button the server asks
 * of a grant (openapi.yaml role `actions`: `roleGrant` is an edit).
 */
function PermissionAction({ page }: { page: CrudToolbarContext }) {
  const { t } = useTranslation();
  const { can } = useCrudContext();
  const [open, setOpen] = useState(false);
  if (!can(roleEntity.buttons.edit ?? 'role_edit')) return null;
  return (
    <>
      <Button data-action="role-grant" disabled={page.selectedIds.length === 0} onClick={() => setOpen(true)}>
        <ShieldCheck aria-hidden />
        {t('system.role.grant')}
      </Button>
      <RolePermissionDialog roleIds={page.selectedIds} open={open} onOpenChange={setOpen} />
    </>
  );
}

export default function RolePage() {
  const allTenants = useSession((s) => isPlatformAdministrator(s.userInfo));
  return (
    <CrudPage
      resource={allTenants ? allTenantsRoleResource : roleResource}
      adapter={roleAdapter}
      toolbarExtra={(page) => <PermissionAction page={page} />}
    />
  );
}
