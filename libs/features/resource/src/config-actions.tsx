import type { EntityManifestData } from '@smart/api-sdk/manifest';
import { useCanAct } from '@smart/crud';
import { Button, useBusyAction } from '@smart/ui';
import { CircleCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** `status` of a storage or SMS config (contract: 2 the tenant's active one, 1 not). */
const ACTIVE = 2;

export interface EnableConfigButtonProps {
  entity: EntityManifestData;
  /** The enable operation (x-entity.actions names the button it needs). */
  op: string;
  row: { id?: string; status?: number };
  /** What the active config serves, for the confirmation: `oss` uploads, `sms` messages. */
  what: 'oss' | 'sms';
  enable: (params: { id: string }) => Promise<unknown>;
  reload: () => void;
}

/**
 * "启用" on a config that is not the active one: the server makes it the tenant's only active config (the others
 * drop to 1), so the list reads again. Shown to whoever holds the button the contract names for the operation.
 */
export function EnableConfigButton({ entity, op, row, what, enable, reload }: EnableConfigButtonProps) {
  const { t } = useTranslation();
  const canAct = useCanAct(entity);
  // a refusal: the HTTP layer has shown why
  const { run, busy } = useBusyAction((id: string) => enable({ id }), {
    done: t('resource.enabled', { what: t(`resource.what.${what}`) }),
    onDone: () => reload(),
  });
  if (row.status === ACTIVE || !row.id || !canAct(op)) return null;
  const id = row.id;
  return (
    <Button
      variant="link"
      size="xs"
      data-action={`${what}-enable`}
      disabled={busy}
      onClick={() => void run(id)}
    >
      <CircleCheck aria-hidden />
      {t('resource.enable')}
    </Button>
  );
}
