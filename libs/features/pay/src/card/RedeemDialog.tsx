import { rpaCardPasswordRedeem } from '@smart/api-sdk';
import { useCustomerOptions } from '@smart/crud';
import { Button, Combobox, Field, Input, SimpleDialog, useBusyAction } from '@smart/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface RedeemDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** After a card was redeemed (the page lists again). */
  onRedeemed?: () => void;
}

/**
 * "兑换" (rpa_card_password/redeem): an operator redeems a customer's card number and secret for them (no customer:
 * for the operator's own account, as the contract says). The server credits power or days in one transaction; its
 * refusals (a wrong secret, a used card) come back as the HTTP layer's error toast and the dialog stays open.
 */
export function RedeemDialog({ open, onOpenChange, onRedeemed }: RedeemDialogProps) {
  const { t } = useTranslation();
  const customers = useCustomerOptions(open);
  const [cardNo, setCardNo] = useState('');
  const [cardSecret, setCardSecret] = useState('');
  const [ydUserId, setYdUserId] = useState('');
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});

  const close = () => {
    setCardNo('');
    setCardSecret('');
    setYdUserId('');
    setErrors({});
    onOpenChange(false);
  };

  // a refusal: the HTTP layer has shown why; the operator may correct and send again
  const { run, busy } = useBusyAction(
    () => rpaCardPasswordRedeem({ cardNo: cardNo.trim(), cardSecret: cardSecret.trim(), ydUserId }),
    {
      done: (done) =>
        t('pay.card.redeemed', {
          before: done.beforeValue,
          after: done.afterValue,
          unit: t(`pay.card.units.${done.cardType}`),
        }),
      onDone: () => {
        close();
        onRedeemed?.();
      },
    },
  );

  const submit = async () => {
    const problems = {
      cardNo: cardNo.trim() ? undefined : 'pay.card.cardNoRequired',
      cardSecret: cardSecret.trim() ? undefined : 'pay.card.cardSecretRequired',
    };
    setErrors(problems);
    if (Object.values(problems).some(Boolean)) return;
    await run();
  };

  const error = (key: string) => (errors[key] ? t(errors[key]) : undefined);
  return (
    <SimpleDialog
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      width={480}
      title={t('pay.card.redeemTitle')}
      description={t('pay.card.redeemHint')}
      footer={
        <>
          <Button onClick={close}>{t('pay.card.cancel')}</Button>
          <Button
            variant="primary"
            data-action="card-redeem-submit"
            loading={busy}
            onClick={() => void submit()}
          >
            {t('pay.card.redeemSubmit')}
          </Button>
        </>
      }
    >
      <div className="grid gap-4">
        <Field label={t('pay.card.cardNo')} required error={error('cardNo')}>
          {(control) => (
            <Input
              {...control}
              maxLength={40}
              autoComplete="off"
              value={cardNo}
              onChange={(e) => setCardNo(e.target.value)}
            />
          )}
        </Field>
        <Field label={t('pay.card.cardSecret')} required error={error('cardSecret')}>
          {(control) => (
            <Input
              {...control}
              maxLength={64}
              autoComplete="off"
              value={cardSecret}
              onChange={(e) => setCardSecret(e.target.value)}
            />
          )}
        </Field>
        <Field label={t('pay.card.customer')} description={t('pay.card.customerHint')}>
          {(control) => (
            <Combobox
              {...control}
              options={customers}
              value={ydUserId || undefined}
              onChange={(v) => setYdUserId(v ?? '')}
              placeholder={t('pay.card.customerPlaceholder')}
            />
          )}
        </Field>
      </div>
    </SimpleDialog>
  );
}
