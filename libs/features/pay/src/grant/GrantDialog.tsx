import { grantRecordGrant, type GrantRequestGrantType } from '@smart/api-sdk';
import { useCustomerOptions, useOptions } from '@smart/crud';
import { Button, Combobox, Field, Input, RadioGroup, SimpleDialog, Textarea, useBusyAction } from '@smart/ui';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** What may be granted (contract GrantRequest.grantType): 1 power, 2 balance (yuan), 3 service days. */
export const GRANT_TYPES = [1, 2, 3] as const;
type GrantType = (typeof GRANT_TYPES)[number];

/** The catalogue key of the amount's problem for a grant type; power and days are whole numbers. */
export function grantAmountProblem(type: GrantType, value: string): string | undefined {
  const text = value.trim();
  if (!text) return 'pay.grant.amountRequired';
  const n = Number(text);
  const shape = type === 2 ? /^\d+(\.\d{1,2})?$/ : /^\d+$/;
  if (!shape.test(text) || n <= 0 || n > 1_000_000)
    return type === 2 ? 'pay.grant.amountMoney' : 'pay.grant.amountWhole';
  return undefined;
}

export interface GrantDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** After a grant was recorded (the page lists again). */
  onGranted?: () => void;
}

/**
 * "赠送" (grantRecord/grant): power, balance or service days to one customer, with the reason kept on the record and
 * the ledger row. The server credits and records in one transaction; its refusals (an unlimited account given days)
 * come back as the HTTP layer's error toast and the dialog stays open.
 */
export function GrantDialog({ open, onOpenChange, onGranted }: GrantDialogProps) {
  const { t } = useTranslation();
  const id = useId();
  const customers = useCustomerOptions(open);
  const [ydUserId, setYdUserId] = useState('');
  const [type, setType] = useState<GrantType>(1);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [remark, setRemark] = useState('');
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});

  // the names of the grant_type dictionary (in the interface language, as the console's dictionary loader reads it), of the types a grant
  // may give; the type's number until it has loaded
  const dict = useOptions('grant_type', undefined, true);
  const typeOptions = useMemo(
    () =>
      GRANT_TYPES.map((g) => ({
        value: String(g),
        label: dict.find((o) => o.value === g)?.label ?? String(g),
      })),
    [dict],
  );

  const reset = () => {
    setYdUserId('');
    setType(1);
    setAmount('');
    setReason('');
    setRemark('');
    setErrors({});
  };

  // a refusal: the HTTP layer has shown why; the operator may correct and send again
  const { run, busy } = useBusyAction(
    () =>
      grantRecordGrant({
        ydUserId,
        grantType: type as GrantRequestGrantType,
        amount: Number(amount.trim()),
        reason: reason.trim(),
        remark,
      }),
    {
      done: (record) => t('pay.grant.done', { before: record.beforeValue, after: record.afterValue }),
      onDone: () => {
        reset();
        onOpenChange(false);
        onGranted?.();
      },
    },
  );

  const submit = async () => {
    const problems = {
      ydUserId: ydUserId ? undefined : 'pay.grant.customerRequired',
      amount: grantAmountProblem(type, amount),
      reason: reason.trim() ? undefined : 'pay.grant.reasonRequired',
    };
    setErrors(problems);
    if (Object.values(problems).some(Boolean)) return;
    await run();
  };

  const error = (key: string) => (errors[key] ? t(errors[key]) : undefined);
  const unit = t(`pay.grant.units.${type}`);
  return (
    <SimpleDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) reset();
        onOpenChange(next);
      }}
      width={520}
      title={t('pay.grant.title')}
      description={t('pay.grant.hint')}
      footer={
        <>
          <Button onClick={() => onOpenChange(false)}>{t('pay.grant.cancel')}</Button>
          <Button variant="primary" data-action="grant-submit" loading={busy} onClick={() => void submit()}>
            {t('pay.grant.submit')}
          </Button>
        </>
      }
    >
      <div className="grid gap-4">
        <Field label={t('pay.grant.customer')} required error={error('ydUserId')}>
          {(control) => (
            <Combobox
              {...control}
              options={customers}
              value={ydUserId || undefined}
              onChange={(v) => setYdUserId(v ?? '')}
              placeholder={t('pay.grant.customerPlaceholder')}
            />
          )}
        </Field>
        <div className="grid gap-1.5">
          <span id={`${id}-type`} className="text-sm font-medium">
            {t('pay.grant.type')}
          </span>
          <RadioGroup
            aria-labelledby={`${id}-type`}
            value={String(type)}
            onValueChange={(v) => {
              setType(Number(v) as GrantType);
              setErrors((e) => ({ ...e, amount: undefined }));
            }}
            options={typeOptions}
          />
        </div>
        <Field label={`${t('pay.grant.amount')} (${unit})`} required error={error('amount')}>
          {(control) => (
            <Input
              {...control}
              inputMode={type === 2 ? 'decimal' : 'numeric'}
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
            />
          )}
        </Field>
        <Field label={t('pay.grant.reason')} required error={error('reason')}>
          {(control) => (
            <Input {...control} maxLength={255} value={reason} onChange={(e) => setReason(e.target.value)} />
          )}
        </Field>
        <Field label={t('pay.grant.remark')}>
          {(control) => (
            <Textarea
              {...control}
              maxLength={500}
              value={remark}
              onChange={(e) => setRemark(e.target.value)}
            />
          )}
        </Field>
      </div>
    </SimpleDialog>
  );
}
