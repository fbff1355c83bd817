import { useOptions } from '@smart/crud';
import { Button, Checkbox, SimpleDialog, useBusyAction } from '@smart/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PoolKind } from './pool-entities';
import { TaskPicker } from '../TaskPicker';

export interface EmptyDialogProps {
  kind: PoolKind;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onEmptied?: () => void;
}

/** Use states of a link (patterns.yaml UseStatus, dictionary url_use_status): 0 unused, 1 done, 2 failed, 3 skipped. */
const USE_STATES = [0, 1, 2, 3] as const;
/** What "clear out" offers at first: the links a run has consumed. */
const CONSUMED = [1, 2, 3];

/**
 * "清空链接" (xsh_comm_url.yaml emptyDelete): removes in one go the links of one comment task, or of all, in the use
 * states chosen (consumed ones at first). Runs in progress keep the link they took.
 */
export function EmptyDialog({ kind, open, onOpenChange, onEmptied }: EmptyDialogProps) {
  const { t } = useTranslation();
  const dict = useOptions('url_use_status', undefined, true);
  const [commId, setCommId] = useState('');
  const [states, setStates] = useState<number[]>(CONSUMED);
  const label = (s: number) => dict.find((o) => o.value === s)?.label ?? t(`automation.pool.useStatus.${s}`);

  // a refusal: the HTTP layer has shown why
  const { run, busy } = useBusyAction(
    async (empty: NonNullable<PoolKind['empty']>) =>
      (await empty.call({ commId, useStatus: states as (0 | 1 | 2 | 3)[] })) as { deleted?: number },
    {
      done: (answer) => t('automation.pool.emptied', { count: answer?.deleted ?? 0 }),
      onDone: () => {
        onOpenChange(false);
        onEmptied?.();
      },
    },
  );
  const submit = () => {
    const empty = kind.empty;
    if (empty) void run(empty);
  };

  return (
    <SimpleDialog
      open={open}
      onOpenChange={onOpenChange}
      width={480}
      title={t('automation.pool.emptyTitle')}
      description={t('automation.pool.emptyHint')}
      footer={
        <>
          <Button onClick={() => onOpenChange(false)}>{t('automation.schedule.cancel')}</Button>
          <Button
            variant="destructive"
            data-action="pool-empty-submit"
            loading={busy}
            disabled={states.length === 0}
            onClick={submit}
          >
            {t('automation.pool.empty')}
          </Button>
        </>
      }
    >
      <div className="grid gap-4">
        <TaskPicker entity={kind.entity} value={commId} onChange={setCommId} />
        <fieldset className="grid gap-2">
          <legend className="mb-2 text-sm font-medium">{t('automation.pool.states')}</legend>
          {USE_STATES.map((s) => (
            <label key={s} className="flex items-center gap-2 text-sm">
              <Checkbox
                checked={states.includes(s)}
                onCheckedChange={(on) =>
                  setStates((prev) => (on === true ? [...prev, s].sort() : prev.filter((x) => x !== s)))
                }
              />
              {label(s)}
            </label>
          ))}
        </fieldset>
      </div>
    </SimpleDialog>
  );
}
