import { zodResolver } from '@hookform/resolvers/zod';
import { tenantDetail, tenantSetting } from '@smart/api-sdk';
import { tenantEntity } from '@smart/api-sdk/entities';
import { useCrudContext } from '@smart/crud';
import {
  Button,
  DateTimePicker,
  Form,
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
  NumberInput,
  SimpleDialog,
  Spinner,
  useBusyAction,
  useUiLocale,
} from '@smart/ui';
import { useEffect, useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { licenceParams, licenceSchema, licenceValues, type LicenceValues } from './tenant-licence';

export interface TenantLicenceDialogProps {
  /** Row ids of the chosen tenants. */
  ids: string[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** After a save (the page lists again). */
  onSaved: () => void;
}

/**
 * The account quota and licence end of the chosen tenants at once (tenant.yaml `setting`), checked on blur and on
 * save by the contract's bounds. One chosen tenant opens with its own licence. A refusal of the server (the platform's
 * own tenant cannot be limited: apps/server/src/modules/system/tenant/tenant-settings.ts) is the HTTP layer's error
 * toast and the dialog stays open.
 */
export function TenantLicenceDialog({ ids, open, onOpenChange, onSaved }: TenantLicenceDialogProps) {
  const { t } = useTranslation();
  // the generated entity catalogue's labels are the kit's, translated by its context
  const { t: entityT } = useCrudContext();
  const { messages } = useUiLocale();
  const formId = useId();
  const [loading, setLoading] = useState(false);
  const single = ids.length === 1 ? ids[0] : undefined;

  const schema = useMemo(
    () =>
      licenceSchema({
        accountNumber: t('system.tenant.rules.accountNumber'),
        expireTime: t('system.tenant.rules.expireTime'),
      }),
    [t],
  );
  const form = useForm<LicenceValues, unknown, z.output<typeof schema>>({
    mode: 'onBlur',
    defaultValues: licenceValues(),
    resolver: zodResolver(schema),
  });

  useEffect(() => {
    if (!open) return;
    form.reset(licenceValues());
    setLoading(!!single);
    if (!single) return;
    const abort = new AbortController();
    tenantDetail({ id: single }, undefined, abort.signal).then(
      (tenant) => {
        form.reset(licenceValues(tenant));
        setLoading(false);
      },
      () => {
        // the HTTP layer showed why; the operator types the licence
        if (!abort.signal.aborted) setLoading(false);
      },
    );
    return () => abort.abort();
  }, [open, single, form]);

  // a refusal is the HTTP layer's toast; the operator may correct and save again
  const { run: save, busy: saving } = useBusyAction(
    (values: z.output<typeof schema>) => tenantSetting(licenceParams(ids, values)),
    {
      done: t('system.tenant.licenceDone'),
      onDone: () => {
        onOpenChange(false);
        onSaved();
      },
    },
  );
  const submit = form.handleSubmit(async (values) => {
    await save(values);
  });

  const label = (field: 'accountNumber' | 'expireTime') => entityT(`${tenantEntity.i18n}.${field}`);
  const disabled = loading || saving;
  return (
    <SimpleDialog
      open={open}
      onOpenChange={onOpenChange}
      width={480}
      title={t('system.tenant.licence')}
      description={t('system.tenant.licenceHint', { count: ids.length })}
      footer={
        <>
          <Button onClick={() => onOpenChange(false)}>{messages.cancel}</Button>
          <Button
            type="submit"
            form={formId}
            variant="primary"
            data-action="tenant-licence-save"
            loading={saving}
            disabled={loading}
          >
            {messages.save}
          </Button>
        </>
      }
    >
      <div className="relative">
        <Form {...form}>
          <form
            id={formId}
            noValidate
            aria-busy={loading}
            className="grid gap-4 py-1"
            onSubmit={(event) => void submit(event)}
          >
            <FormField
              control={form.control}
              name="accountNumber"
              render={({ field }) => (
                <FormItem>
                  <FormLabel required>{label('accountNumber')}</FormLabel>
                  <FormControl>
                    <NumberInput
                      name={field.name}
                      ref={field.ref}
                      value={field.value ?? null}
                      onChange={field.onChange}
                      onBlur={field.onBlur}
                      min={-1}
                      precision={0}
                      placeholder={t('system.tenant.placeholders.accountNumber')}
                      disabled={disabled}
                    />
                  </FormControl>
                  <FormDescription>{t('system.tenant.accountNumberHelp')}</FormDescription>
                  <FormMessage />
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name="expireTime"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>{label('expireTime')}</FormLabel>
                  <FormControl>
                    <DateTimePicker
                      name={field.name}
                      ref={field.ref}
                      value={field.value || null}
                      onChange={(value) => field.onChange(value ?? '')}
                      onBlur={field.onBlur}
                      placeholder={t('system.tenant.placeholders.expireTime')}
                      disabled={disabled}
                    />
                  </FormControl>
                  <FormDescription>{t('system.tenant.expireTimeHelp')}</FormDescription>
                  <FormMessage />
                </FormItem>
              )}
            />
          </form>
        </Form>
        {loading ? (
          <div className="absolute inset-0 flex items-center justify-center bg-background/60">
            <Spinner label={t('system.tenant.loading')} />
          </div>
        ) : null}
      </div>
    </SimpleDialog>
  );
}
