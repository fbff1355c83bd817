import { mjPromptDraw, type MjPrompt } from '@smart/api-sdk';
import { useCustomerOptions } from '@smart/crud';
import { Button, Combobox, Field, SimpleDialog, useBusyAction } from '@smart/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface DrawDialogProps {
  prompt: Pick<MjPrompt, 'id' | 'prompt'> | undefined;
  onOpenChange: (open: boolean) => void;
  /** The prompt as submitted: the caller opens its drawing. */
  onDrawn: (prompt: MjPrompt) => void;
}

/**
 * 绘图 (contract `mj_prompt/draw`): the prompt goes to the Midjourney proxy and the customer's power pays for it (no
 * customer: the operator's own account). Not enough power, a banned word or a full queue come back as the HTTP
 * layer's toast, with the server's reason.
 */
export function DrawDialog({ prompt, onOpenChange, onDrawn }: DrawDialogProps) {
  const { t } = useTranslation();
  const open = prompt !== undefined;
  const customers = useCustomerOptions(open);
  const [ydUserId, setYdUserId] = useState('');
  const close = () => {
    setYdUserId('');
    onOpenChange(false);
  };
  const { run, busy } = useBusyAction(
    () => mjPromptDraw({ id: prompt!.id, ...(ydUserId ? { ydUserId } : {}) }),
    {
      done: t('mj.submitted'),
      onDone: (p) => {
        close();
        onDrawn(p);
      },
    },
  );
  return (
    <SimpleDialog
      open={open}
      onOpenChange={(next) => (next ? undefined : close())}
      width={520}
      title={t('mj.drawTitle')}
      description={t('mj.drawHint')}
      footer={
        <>
          <Button onClick={close}>{t('mj.cancel')}</Button>
          <Button variant="primary" data-action="mj-draw-submit" loading={busy} onClick={() => void run()}>
            {t('mj.draw')}
          </Button>
        </>
      }
    >
      <div className="grid gap-4">
        <p className="max-h-32 overflow-auto rounded-md bg-muted p-3 text-sm break-words whitespace-pre-wrap">
          {prompt?.prompt}
        </p>
        <Field label={t('mj.customer')} description={t('mj.customerHint')}>
          {(control) => (
            <Combobox
              {...control}
              options={customers}
              value={ydUserId || undefined}
              onChange={(v) => setYdUserId(v ?? '')}
              placeholder={t('mj.customerPlaceholder')}
            />
          )}
        </Field>
      </div>
    </SimpleDialog>
  );
}
