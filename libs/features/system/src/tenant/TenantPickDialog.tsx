import {
  Button,
  Field,
  SimpleDialog,
  SimpleSelect,
  Spinner,
  useBusyAction,
  useUiLocale,
  type SelectOption,
} from '@smart/ui';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** What the dialog offers: the choices, and the one the tenant has now (if any). */
export interface PickChoices {
  options: SelectOption[];
  current?: string;
}

export interface TenantPickDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  /** Label of the select. */
  label: string;
  placeholder: string;
  /** What the select says when there is nothing to choose. */
  emptyText: string;
  /** Reads the choices each time the dialog opens. */
  load: (signal: AbortSignal) => Promise<PickChoices>;
  /** Saves the chosen value; a rejection (the server refused) keeps the dialog open. */
  save: (value: string) => Promise<unknown>;
  doneText: string;
  /** After a save (the page lists again). */
  onSaved: () => void;
  /** `data-action` of the save button. */
  action: string;
}

type Load = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; options: SelectOption[] };

/**
 * One choice for one tenant among a list read when the dialog opens, the tenant's current one preselected: its
 * package, its datasource (TenantPackageDialog.tsx, TenantDatasourceDialog.tsx). A failed read or save is the HTTP
 * layer's error toast; the dialog stays open.
 */
export function TenantPickDialog({
  open,
  onOpenChange,
  title,
  description,
  label,
  placeholder,
  emptyText,
  load,
  save,
  doneText,
  onSaved,
  action,
}: TenantPickDialogProps) {
  const { t } = useTranslation();
  const { messages } = useUiLocale();
  const [choices, setChoices] = useState<Load>({ state: 'loading' });
  const [value, setValue] = useState('');
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!open) return;
    const abort = new AbortController();
    setChoices({ state: 'loading' });
    setValue('');
    load(abort.signal).then(
      ({ options, current }) => {
        setChoices({ state: 'ready', options });
        // a current choice that is no longer offered (removed since) is not preselected
        setValue(current && options.some((o) => o.value === current) ? current : '');
      },
      () => {
        // the HTTP layer showed why (a cancelled read is quiet)
        if (!abort.signal.aborted) setChoices({ state: 'failed' });
      },
    );
    return () => abort.abort();
  }, [open, load, attempt]);

  // a refusal is the HTTP layer's toast; the operator may choose again
  const { run: submit, busy: saving } = useBusyAction(save, {
    done: doneText,
    onDone: () => {
      onOpenChange(false);
      onSaved();
    },
  });

  const options = choices.state === 'ready' ? choices.options : [];
  return (
    <SimpleDialog
      open={open}
      onOpenChange={onOpenChange}
      width={480}
      title={title}
      description={description}
      footer={
        <>
          <Button onClick={() => onOpenChange(false)}>{messages.cancel}</Button>
          <Button
            variant="primary"
            data-action={action}
            disabled={!value}
            loading={saving}
            onClick={() => void submit(value)}
          >
            {messages.save}
          </Button>
        </>
      }
    >
      {choices.state === 'loading' ? (
        <Spinner className="mx-auto size-5" label={t('system.tenant.loading')} />
      ) : choices.state === 'failed' ? (
        <div role="status" className="flex items-center gap-3 text-sm text-muted-foreground">
          {t('system.tenant.loadFailed')}
          <Button size="sm" onClick={() => setAttempt((n) => n + 1)}>
            {t('system.tenant.retry')}
          </Button>
        </div>
      ) : (
        <Field label={label} required>
          {(control) => (
            <SimpleSelect
              {...control}
              options={options}
              value={value}
              onValueChange={setValue}
              placeholder={options.length ? placeholder : emptyText}
              disabled={options.length === 0 || saving}
            />
          )}
        </Field>
      )}
    </SimpleDialog>
  );
}
