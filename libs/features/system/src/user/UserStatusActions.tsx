import { userStatus } from '@smart/api-sdk';
import { userEntity } from '@smart/api-sdk/entities';
import { useCrudContext, type CrudToolbarContext } from '@smart/crud';
import { Button, useBusyAction, useConfirm } from '@smart/ui';
import { Ban, CircleCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** The values `status` takes (user.yaml, dictionary `user_status`). */
const ENABLED = 1;
const DISABLED = 2;

/**
 * 停用 and 启用 of the selected users (user.yaml `status`), for whoever may edit users. Disabling asks first: those
 * users' logins end at once. A pending sign-up is approved by 角色配置 (a grant), which enabling leaves alone; the
 * status column and filter show who is waiting.
 */
export function UserStatusActions({ page }: { page: CrudToolbarContext }) {
  const { t } = useTranslation();
  const { can } = useCrudContext();
  const confirm = useConfirm();
  const count = page.selectedIds.length;
  // a refusal (the caller's own account) is the HTTP layer's toast
  const { run, busy } = useBusyAction(
    (status: typeof ENABLED | typeof DISABLED) =>
      userStatus({ userIds: page.selectedIds.join(','), status }).then(() => status),
    {
      done: (status) => t(status === DISABLED ? 'system.user.disableDone' : 'system.user.enableDone'),
      onDone: page.reload,
    },
  );
  if (!can(userEntity.buttons.edit ?? 'user_edit')) return null;

  const disable = async () => {
    const ok = await confirm({
      title: t('system.user.disable'),
      description: t('system.user.disableConfirm', { count }),
    });
    if (ok) await run(DISABLED);
  };

  return (
    <>
      <Button data-action="user-enable" disabled={count === 0 || busy} onClick={() => void run(ENABLED)}>
        <CircleCheck aria-hidden />
        {t('system.user.enable')}
      </Button>
      <Button data-action="user-disable" disabled={count === 0 || busy} onClick={() => void disable()}>
        <Ban aria-hidden />
        {t('system.user.disable')}
      </Button>
    </>
  );
}
