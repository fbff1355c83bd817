import { rpaCardPasswordEnable } from '@smart/api-sdk';
import { rpaCardPasswordEntity } from '@smart/api-sdk/entities';
import { useCanAct } from '@smart/crud';
import { Button, useBusyAction } from '@smart/ui';
import { Ban, CircleCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** card_status (rpa-card-password.yaml): only unused (0) and disabled (2) cards switch. */
const UNUSED = 0;
const DISABLED = 2;
export const ENABLE_OP = 'rpaCardPasswordEnable';

/** 停用 on an unused card, 启用 on a disabled one (rpa_card_password/enable); nothing on used or expired cards. */
export function CardStatusButton({
  id,
  status,
  onChanged,
}: {
  id: string;
  status: unknown;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const canAct = useCanAct(rpaCardPasswordEntity);
  const current = Number(status);
  const disable = current === UNUSED;
  // a refusal: the HTTP layer has shown why
  const { run: change, busy } = useBusyAction(
    () => rpaCardPasswordEnable({ id, cardStatus: disable ? DISABLED : UNUSED }),
    { done: t(disable ? 'pay.card.disabled' : 'pay.card.enabled'), onDone: () => onChanged() },
  );
  if (!canAct(ENABLE_OP) || (current !== UNUSED && current !== DISABLED)) return null;
  return (
    <Button
      variant="link"
      size="xs"
      data-action={disable ? 'card-disable' : 'card-enable'}
      loading={busy}
      onClick={() => void change()}
    >
      {disable ? <Ban aria-hidden /> : <CircleCheck aria-hidden />}
      {t(disable ? 'pay.card.disable' : 'pay.card.enable')}
    </Button>
  );
}
