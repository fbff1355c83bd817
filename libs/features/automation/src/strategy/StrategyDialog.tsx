import { zodResolver } from '@hookform/resolvers/zod';
import {
  xshCommControlStrategyDetailByUser,
  xshCommControlStrategyUpdateByUser,
  ydUserList,
  type XshCommControlStrategy,
} from '@smart/api-sdk';
import { CrudControl, useCrudContext, useRemoteOptions, type RemoteOptions } from '@smart/crud';
import {
  Button,
  Combobox,
  Field,
  Form,
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
  SimpleDialog,
  Spinner,
  useBusyAction,
} from '@smart/ui';
import { useEffect, useId, useMemo, useState, type CSSProperties } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  STRATEGY_COLUMNS,
  labelKey,
  strategyBody,
  strategySchema,
  strategyValues,
  type StrategyMessages,
  type StrategyValues,
} from './strategy-form';

/**
 * The customers whose strategy may be edited besides one's own: the tenant's customers (yd_user), as the server
 * accepts them (xsh-comm-control-strategy.module.ts `customerOf`). One page of the largest size the contract allows;
 * read silently, so an operator who may not list customers edits only their own strategy.
 */
const CUSTOMERS: RemoteOptions = {
  key: ['yd_user', 'strategy-customers'],
  load: async (signal) => {
    const page = await ydUserList({ current: 1, size: 1000 }, { silent: true }, signal);
    return (page.records ?? []).map((u) => ({
      value: u.id,
      label: u.nickname ? `${u.nickname} (${u.account})` : u.account,
    }));
  },
};

/** Settings with a line of help under them: what an empty or zero value means, the format to type. */
const HELP: Readonly<Record<string, string>> = {
  activeStartTime: 'automation.strategy.help.window',
  dedupeDays: 'automation.strategy.help.dedupeDays',
  cooldownMinutes: 'automation.strategy.help.cooldown',
  sensitiveWords: 'automation.strategy.help.sensitiveWords',
};

type Load = 'loading' | 'failed' | 'ready';

export interface StrategyDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** After a save (the strategy page lists again). */
  onSaved?: (row: XshCommControlStrategy) => void;
}

/**
 * "风控策略": the Xiaohongshu comment control strategy of the signed-in user, or of a customer picked above the form
 * (`detailByUser` / `updateByUser`, openapi/paths/smart-xshComm/xsh_comm_control_strategy.yaml). The server answers
 * a stored strategy even for a customer without one (saved with the defaults first), so the form always starts from
 * what the engine enforces now. Every setting is the kit's control of its contract field (strategy-form.ts), checked
 * on blur and on save by the contract's bounds; a refusal of the server is the HTTP layer's error toast and the
 * dialog stays open.
 */
export function StrategyDialog({ open, onOpenChange, onSaved }: StrategyDialogProps) {
  const { t } = useTranslation();
  // the generated entity catalogue's labels and placeholders are the kit's, translated by its context
  const { t: entityT } = useCrudContext();
  const formId = useId();
  const loaded = useRemoteOptions(open ? CUSTOMERS : undefined);
  const customers = useMemo(() => loaded.map((o) => ({ label: o.label, value: String(o.value) })), [loaded]);
  const [ydUserId, setYdUserId] = useState('');
  const [attempt, setAttempt] = useState(0);
  const [load, setLoad] = useState<Load>('loading');

  const schema = useMemo(() => {
    const messages: StrategyMessages = {
      label: (field) => entityT(labelKey(field)),
      required: (label) => t('automation.strategy.required', { label }),
      whole: (label) => t('automation.strategy.whole', { label }),
      range: (label, min, max) => t('automation.strategy.range', { label, min, max }),
      tooLong: (label, max) => t('automation.strategy.tooLong', { label, max }),
      time: (label) => t('automation.strategy.time', { label }),
      format: (label) => t('automation.strategy.format', { label }),
      intervalOrder: t('automation.strategy.intervalOrder'),
    };
    return strategySchema(messages);
  }, [t, entityT]);
  const form = useForm<StrategyValues>({
    mode: 'onBlur',
    defaultValues: strategyValues(null),
    resolver: zodResolver(schema),
  });

  // the customer's strategy, read again when the dialog opens or another customer is picked
  useEffect(() => {
    if (!open) return;
    const abort = new AbortController();
    setLoad('loading');
    xshCommControlStrategyDetailByUser(ydUserId ? { ydUserId } : undefined, undefined, abort.signal).then(
      (row) => {
        form.reset(strategyValues(row));
        setLoad('ready');
      },
      () => {
        // the HTTP layer has shown why (a cancelled read is quiet)
        if (!abort.signal.aborted) setLoad('failed');
      },
    );
    return () => abort.abort();
  }, [open, ydUserId, attempt, form]);

  const close = (next: boolean) => {
    if (!next) {
      setYdUserId('');
      form.clearErrors();
    }
    onOpenChange(next);
  };

  // a refusal: the HTTP layer has shown the server's reason; the operator may correct and save again
  const { run: save, busy: saving } = useBusyAction(
    (values: StrategyValues) => xshCommControlStrategyUpdateByUser(strategyBody(values, ydUserId)),
    {
      done: t('automation.strategy.saved'),
      onDone: (row) => {
        onSaved?.(row);
        close(false);
      },
    },
  );
  const submit = form.handleSubmit((values) => save(values));

  const ready = load === 'ready';
  return (
    <SimpleDialog
      open={open}
      onOpenChange={close}
      width={760}
      data-slot="strategy-dialog"
      title={t('automation.strategy.title')}
      description={t('automation.strategy.hint')}
      footer={
        <>
          <Button onClick={() => close(false)}>{t('automation.schedule.cancel')}</Button>
          <Button
            type="submit"
            form={formId}
            variant="primary"
            data-action="strategy-save"
            loading={saving}
            disabled={!ready}
          >
            {t('automation.strategy.save')}
          </Button>
        </>
      }
    >
      <div className="grid gap-4">
        {customers.length ? (
          <Field label={entityT(labelKey('ydUserId'))} description={t('automation.strategy.customerHelp')}>
            {(control) => (
              <Combobox
                {...control}
                options={customers}
                value={ydUserId || undefined}
                onChange={(v) => setYdUserId(v ?? '')}
                placeholder={t('automation.strategy.me')}
              />
            )}
          </Field>
        ) : null}
        {load === 'failed' ? (
          <div className="flex items-center gap-3 text-sm text-muted-foreground" role="status">
            {t('automation.strategy.loadFailed')}
            <Button size="sm" onClick={() => setAttempt((n) => n + 1)}>
              {t('automation.strategy.retry')}
            </Button>
          </div>
        ) : null}
        <div className="relative">
          <Form {...form}>
            <form
              id={formId}
              noValidate
              aria-busy={load === 'loading'}
              className="grid grid-cols-24 gap-x-0 gap-y-4 py-1 sm:gap-x-4"
              onSubmit={(event) => {
                event.preventDefault();
                if (ready) void submit(event);
              }}
            >
              {STRATEGY_COLUMNS.map((column) => {
                const span = column.span ?? (column.type === 'textarea' ? 24 : 12);
                const help = HELP[column.prop];
                return (
                  <FormField
                    key={column.prop}
                    control={form.control}
                    name={column.prop}
                    render={({ field }) => (
                      <FormItem
                        data-field={column.prop}
                        className="col-span-24 sm:col-(--span)"
                        style={{ '--span': `span ${span} / span ${span}` } as CSSProperties}
                      >
                        <FormLabel>{entityT(column.label)}</FormLabel>
                        <FormControl>
                          <CrudControl
                            column={column}
                            name={field.name}
                            ref={field.ref}
                            value={field.value}
                            onChange={field.onChange}
                            onBlur={field.onBlur}
                            disabled={!ready || saving}
                          />
                        </FormControl>
                        {help ? <FormDescription>{t(help)}</FormDescription> : null}
                        <FormMessage />
                      </FormItem>
                    )}
                  />
                );
              })}
            </form>
          </Form>
          {load === 'loading' ? (
            <div className="absolute inset-0 flex items-center justify-center bg-background/60">
              <Spinner label={t('automation.strategy.loading')} />
            </div>
          ) : null}
        </div>
      </div>
    </SimpleDialog>
  );
}
