import { userResetPassword, userUnlock } from '@smart/api-sdk';
import { userEntity } from '@smart/api-sdk/entities';
import { CrudPage, useCrudContext, type CrudToolbarContext } from '@smart/crud';
import { Button, useBusyAction, useConfirm } from '@smart/ui';
import { KeyRound, LockOpen, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RoleGrantDialog } from './RoleGrantDialog';
import { UserExcelActions } from './UserExcelActions';
import { UserPlatformAction } from './UserPlatformDialog';
import { UserStatusActions } from './UserStatusActions';
import { userAdapter } from './user.adapter';
import { userResource } from './user.resource';

/**
 * The selected users' roles (one dialog for all of them), password reset (to the tenant's initial password, parameter
 * `account.initPassword`) and unlock (their failed sign-ins forgotten), each after a question; for whoever may edit
 * users.
 */
function AccountActions({ page }: { page: CrudToolbarContext }) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const { can } = useCrudContext();
  const [granting, setGranting] = useState(false);
  const userIds = page.selectedIds.join(',');
  // a refusal is the HTTP layer's toast
  const reset = useBusyAction(() => userResetPassword({ userIds }), {
    done: t('system.user.resetDone'),
    onDone: page.reload,
  });
  const unlock = useBusyAction(() => userUnlock({ userIds }), {
    done: t('system.user.unlockDone'),
    onDone: page.reload,
  });
  if (!can(userEntity.buttons.edit ?? 'user_edit')) return null;
  const count = page.selectedIds.length;
  const busy = reset.busy || unlock.busy;

  const run = async (kind: 'reset' | 'unlock') => {
    const ok = await confirm({
      title: t(kind === 'reset' ? 'system.user.resetPassword' : 'system.user.unlock'),
      description: t(kind === 'reset' ? 'system.user.resetConfirm' : 'system.user.unlockConfirm', { count }),
    });
    if (ok) await (kind === 'reset' ? reset : unlock).run();
  };

  return (
    <>
      <Button
        data-action="user-reset"
        disabled={count === 0 || busy}
        loading={reset.busy}
        onClick={() => void run('reset')}
      >
        <KeyRound aria-hidden />
        {t('system.user.resetPassword')}
      </Button>
      <Button data-action="user-grant" disabled={count === 0} onClick={() => setGranting(true)}>
        <ShieldCheck aria-hidden />
        {t('system.user.grant')}
      </Button>
      <Button
        data-action="user-unlock"
        disabled={count === 0 || busy}
        loading={unlock.busy}
        onClick={() => void run('unlock')}
      >
        <LockOpen aria-hidden />
        {t('system.user.unlock')}
      </Button>
      <RoleGrantDialog
        userIds={page.selectedIds}
        open={granting}
        onOpenChange={setGranting}
        onGranted={page.reload}
      />
    </>
  );
}

// the server's export (导出, user.yaml `export-user`) replaces the kit's: the whole result with the names of roles,
// departments and posts, in the columns the import reads back
const resource = { ...userResource, export: false };

export default function UserPage() {
  return (
    <CrudPage
      resource={resource}
      adapter={userAdapter}
      rowActions={(row, page) => <UserPlatformAction row={row} page={page} />}
      toolbarExtra={(page) => (
        <>
          <UserExcelActions page={page} />
          <AccountActions page={page} />
          <UserStatusActions page={page} />
        </>
      )}
    />
  );
}
