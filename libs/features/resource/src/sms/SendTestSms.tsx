import { smsSendMessage, type Sms } from '@smart/api-sdk';
import { smsEntity } from '@smart/api-sdk/entities';
import { useCanAct } from '@smart/crud';
import { Button, Field, Input, SimpleDialog, Textarea, useBusyAction } from '@smart/ui';
import { Send } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The contract's `phones`: 11-digit mobile numbers, comma-separated (sms.yaml sendMessage). */
const PHONES = /^1[0-9]{10}(,1[0-9]{10})*$/;

/**
 * The phones as the contract takes them, from what an operator types or pastes: commas (also the Chinese one),
 * spaces or new lines between numbers; undefined when one is not a mobile number.
 */
export function normalisePhones(text: string): string | undefined {
  const joined = text
    .split(/[\s,，;；]+/)
    .filter(Boolean)
    .join(',');
  return PHONES.test(joined) ? joined : undefined;
}

/** The template variables as the contract takes them (a JSON object of texts, numbers, booleans), or undefined. */
export function templateParams(text: string): string | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const ok = Object.values(value).every((v) => ['string', 'number', 'boolean'].includes(typeof v));
  return ok ? JSON.stringify(value) : undefined;
}

/**
 * "测试发送" on an SMS config: one message with the config's template (`sms/endpoint/send-message`), to check the
 * account and the template before users sign in with it. The server answers `发送成功`, or `发送失败` when the
 * provider refuses; that answer is the toast. Sending costs money, so it needs what editing the configs needs.
 */
export function SendTestSms({ row }: { row: Sms }) {
  const { t } = useTranslation();
  const canAct = useCanAct(smsEntity);
  const [open, setOpen] = useState(false);
  const [phones, setPhones] = useState('');
  const [params, setParams] = useState('');
  const [errors, setErrors] = useState<{ phones?: string; params?: string }>({});

  const close = (next: boolean) => {
    if (!next) {
      setPhones('');
      setParams('');
      setErrors({});
    }
    setOpen(next);
  };

  // the HTTP layer has shown why (发送失败, a bad template variable); the dialog stays for a correction
  const { run, busy } = useBusyAction(
    (to: string, vars: string) =>
      smsSendMessage({ code: row.smsCode, phones: to, ...(vars ? { params: vars } : {}) }),
    { done: t('resource.sms.sent'), onDone: () => close(false) },
  );
  if (!canAct('smsSendMessage')) return null;

  const send = async () => {
    const to = normalisePhones(phones);
    const vars = params.trim() ? templateParams(params.trim()) : '';
    const problems = {
      phones: !phones.trim() ? 'resource.sms.phonesRequired' : to ? undefined : 'resource.sms.phonesInvalid',
      params: vars === undefined ? 'resource.sms.paramsInvalid' : undefined,
    };
    setErrors(problems);
    if (!to || vars === undefined) return;
    await run(to, vars);
  };

  const error = (key: keyof typeof errors) => (errors[key] ? t(errors[key]) : undefined);
  return (
    <>
      <Button variant="link" size="xs" data-action="sms-test" onClick={() => setOpen(true)}>
        <Send aria-hidden />
        {t('resource.sms.test')}
      </Button>
      <SimpleDialog
        open={open}
        onOpenChange={close}
        width={520}
        title={t('resource.sms.title')}
        description={t('resource.sms.hint', { code: row.smsCode })}
        footer={
          <>
            <Button onClick={() => close(false)}>{t('resource.sms.cancel')}</Button>
            <Button variant="primary" data-action="sms-send" loading={busy} onClick={() => void send()}>
              {t('resource.sms.send')}
            </Button>
          </>
        }
      >
        <div className="grid gap-4">
          <Field label={t('resource.sms.phones')} required error={error('phones')}>
            {(control) => (
              <Input
                {...control}
                value={phones}
                inputMode="tel"
                placeholder={t('resource.sms.phonesPlaceholder')}
                onChange={(e) => setPhones(e.target.value)}
              />
            )}
          </Field>
          <Field label={t('resource.sms.params')} error={error('params')}>
            {(control) => (
              <Textarea
                {...control}
                value={params}
                rows={3}
                placeholder={t('resource.sms.paramsPlaceholder')}
                onChange={(e) => setParams(e.target.value)}
              />
            )}
          </Field>
        </div>
      </SimpleDialog>
    </>
  );
}
