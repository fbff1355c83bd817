import { userPlatformDetail, userUpdatePlatform, type User } from '@smart/api-sdk';
import { userEntity } from '@smart/api-sdk/entities';
import { useCrudContext, useOptions, type CrudRowActionContext } from '@smart/crud';
import {
  Button,
  Field,
  SimpleDialog,
  SimpleSelect,
  Spinner,
  Textarea,
  useBusyAction,
  useUiLocale,
} from '@smart/ui';
import { MonitorSmartphone } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The extension is JSON text (user.yaml `update-platform`): the server refuses anything else with this message. */
export function isJsonText(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

type Load = { state: 'loading' } | { state: 'failed' } | { state: 'ready' };

/**
 * 平台配置 of one user (user.yaml `platform-detail`, `update-platform`): the platform (dictionary `user_type`) and
 * that platform's extension, a JSON document the platform's own client reads. Opens with the user's platform and its
 * stored extension; checked as JSON before it is sent. For whoever may edit users.
 */
export function UserPlatformAction({ row, page }: { row: User; page: CrudRowActionContext }) {
  const { t } = useTranslation();
  const { can, t: entityT } = useCrudContext();
  const { messages } = useUiLocale();
  const platforms = useOptions('user_type', undefined, true);
  const [open, setOpen] = useState(false);
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [userType, setUserType] = useState(String(row.userType));
  const [ext, setExt] = useState('');
  const [error, setError] = useState<string>();

  useEffect(() => {
    if (!open) return;
    const abort = new AbortController();
    setLoad({ state: 'loading' });
    setError(undefined);
    userPlatformDetail({ id: row.id }, undefined, abort.signal).then(
      (detail) => {
        setUserType(String(detail.userType));
        setExt(detail.userExt);
        setLoad({ state: 'ready' });
      },
      // the HTTP layer showed why; nothing to edit
      () => !abort.signal.aborted && setLoad({ state: 'failed' }),
    );
    return () => abort.abort();
  }, [open, row.id]);

  // a refusal is the HTTP layer's toast and the dialog stays open
  const { run: save, busy } = useBusyAction(
    (text: string) =>
      userUpdatePlatform({ userId: row.id, userType: Number(userType) as 1 | 2 | 3, userExt: text }),
    {
      done: t('system.user.platformDone'),
      onDone: () => {
        setOpen(false);
        page.reload();
      },
    },
  );

  if (!can(userEntity.buttons.edit ?? 'user_edit')) return null;

  const submit = () => {
    const text = ext.trim() || '{}';
    if (!isJsonText(text)) {
      setError(t('system.user.platformJson'));
      return;
    }
    void save(text);
  };

  const label = (field: 'userType' | 'userExt') => entityT(`${userEntity.i18n}.${field}`);
  return (
    <>
      <Button variant="link" size="xs" data-action="user-platform" onClick={() => setOpen(true)}>
        <MonitorSmartphone aria-hidden />
        {t('system.user.platform')}
      </Button>
      <SimpleDialog
        open={open}
        onOpenChange={setOpen}
        width={560}
        title={t('system.user.platform')}
        description={t('system.user.platformHint', { account: row.account })}
        footer={
          <>
            <Button onClick={() => setOpen(false)}>{messages.cancel}</Button>
            <Button
              variant="primary"
              data-action="user-platform-save"
              disabled={load.state !== 'ready'}
              loading={busy}
              onClick={submit}
            >
              {messages.save}
            </Button>
          </>
        }
      >
        {load.state === 'loading' ? (
          <Spinner className="mx-auto size-5" label={messages.loading} />
        ) : load.state === 'failed' ? (
          <p role="alert" className="text-sm text-muted-foreground">
            {t('system.user.platformLoadFailed')}
          </p>
        ) : (
          <div className="grid gap-4">
            <Field label={label('userType')} required>
              {(control) => (
                <SimpleSelect
                  {...control}
                  options={platforms.map((o) => ({ label: o.label, value: String(o.value) }))}
                  value={userType}
                  onValueChange={setUserType}
                  disabled={busy}
                />
              )}
            </Field>
            <Field label={label('userExt')} description={t('system.user.platformExtHelp')} error={error}>
              {(control) => (
                <Textarea
                  {...control}
                  rows={8}
                  className="font-mono"
                  value={ext}
                  placeholder='{"key": "value"}'
                  disabled={busy}
                  onChange={(event) => {
                    setExt(event.target.value);
                    setError(undefined);
                  }}
                />
              )}
            </Field>
          </div>
        )}
      </SimpleDialog>
    </>
  );
}
