import { mjAppGetSelect, mjPromptGenerate, type MjPrompt } from '@smart/api-sdk';
import { useRemoteOptions, type RemoteOptions } from '@smart/crud';
import { Button, Combobox, Field, SimpleDialog, useBusyAction } from '@smart/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The enabled apps (contract `mj_app/getSelect`), by name and code. */
const APPS: RemoteOptions = {
  key: ['mj_app', 'getSelect'],
  load: async (signal) =>
    (await mjAppGetSelect(undefined, signal)).map((a) => ({
      value: a.id,
      label: `${a.appName} (${a.appCode})`,
    })),
};

export interface GenerateDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onGenerated: (prompt: MjPrompt) => void;
}

/**
 * 生成提示词 (contract `mj_prompt/generate`): the operator picks an app; the server draws words from its phrase's
 * pools and has its AI configuration write the prompt. A refusal (no enabled phrase, no AI configuration) is the
 * HTTP layer's toast and the dialog stays open.
 */
export function GenerateDialog({ open, onOpenChange, onGenerated }: GenerateDialogProps) {
  const { t } = useTranslation();
  const apps = useRemoteOptions(open ? APPS : undefined);
  const [appId, setAppId] = useState('');
  const [error, setError] = useState<string>();
  const close = () => {
    setAppId('');
    setError(undefined);
    onOpenChange(false);
  };
  const { run, busy } = useBusyAction(() => mjPromptGenerate({ appId }), {
    done: t('mj.generated'),
    onDone: (p) => {
      close();
      onGenerated(p);
    },
  });
  const submit = () => {
    if (!appId) return setError(t('mj.appRequired'));
    setError(undefined);
    void run();
  };
  return (
    <SimpleDialog
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      width={480}
      title={t('mj.generateTitle')}
      description={t('mj.generateHint')}
      footer={
        <>
          <Button onClick={close}>{t('mj.cancel')}</Button>
          <Button variant="primary" data-action="mj-generate-submit" loading={busy} onClick={submit}>
            {t('mj.generate')}
          </Button>
        </>
      }
    >
      <Field label={t('mj.app')} required error={error}>
        {(control) => (
          <Combobox
            {...control}
            options={apps.map((o) => ({ label: o.label, value: String(o.value) }))}
            value={appId || undefined}
            onChange={(v) => setAppId(v ?? '')}
            placeholder={t('mj.appPlaceholder')}
          />
        )}
      </Field>
    </SimpleDialog>
  );
}
