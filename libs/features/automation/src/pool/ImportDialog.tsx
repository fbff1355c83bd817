import type { ImportResult } from '@smart/api-sdk';
import { Button, Field, SimpleDialog, Textarea, useBusyAction } from '@smart/ui';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImportSummary } from '../import-summary';
import { IMPORT_MAX_ROWS, linesToRows, type PoolKind } from './pool-entities';
import { TaskPicker } from '../TaskPicker';

export interface ImportDialogProps {
  kind: PoolKind;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Rows were inserted: list the pool again. */
  onImported?: (result: ImportResult) => void;
}

/**
 * "导入": one link or keyword a line, for one comment task or all of them; the server's counts after (inserted,
 * duplicates skipped, refused lines with their reasons). Repeated lines are dropped before sending; more lines than
 * one call takes are refused here, with the limit, rather than cut.
 */
export function ImportDialog({ kind, open, onOpenChange, onImported }: ImportDialogProps) {
  const { t } = useTranslation();
  const [commId, setCommId] = useState('');
  const [text, setText] = useState('');
  const [result, setResult] = useState<ImportResult | undefined>();
  const rows = useMemo(() => linesToRows(kind, text, commId), [kind, text, commId]);
  const long = rows.filter((r) => ('url' in r ? r.url : r.keyword).length > kind.maxLength).length;
  const error =
    rows.length > IMPORT_MAX_ROWS
      ? t('automation.pool.tooMany', { max: IMPORT_MAX_ROWS })
      : long > 0
        ? t('automation.pool.tooLong', { count: long, max: kind.maxLength })
        : undefined;

  const close = (next: boolean) => {
    if (!next) {
      setResult(undefined);
      setText('');
    }
    onOpenChange(next);
  };

  // a refusal: the HTTP layer has shown why
  const { run: submit, busy } = useBusyAction(() => kind.import.call(rows), {
    onDone: (answer) => {
      setResult(answer);
      if (answer.inserted > 0) onImported?.(answer);
    },
  });

  const what = t(`automation.pool.${kind.text}`);
  return (
    <SimpleDialog
      open={open}
      onOpenChange={close}
      width={560}
      title={t('automation.pool.importTitle', { what })}
      footer={
        result ? (
          <Button variant="primary" onClick={() => close(false)}>
            {t('automation.pool.done')}
          </Button>
        ) : (
          <>
            <Button onClick={() => close(false)}>{t('automation.schedule.cancel')}</Button>
            <Button
              variant="primary"
              data-action="pool-import-submit"
              loading={busy}
              disabled={rows.length === 0 || !!error}
              onClick={() => void submit()}
            >
              {t('automation.pool.importCount', { count: rows.length })}
            </Button>
          </>
        )
      }
    >
      {result ? (
        <ImportSummary result={result} />
      ) : (
        <div className="grid gap-4">
          <TaskPicker
            entity={kind.entity}
            value={commId}
            onChange={setCommId}
            description={t('automation.pool.taskHelp')}
          />
          <Field
            label={t('automation.pool.lines', { what })}
            description={t(`automation.pool.${kind.text}Help`)}
            error={error}
          >
            {(control) => (
              <Textarea
                {...control}
                rows={10}
                value={text}
                onChange={(e) => setText(e.target.value)}
                className="font-mono text-xs"
              />
            )}
          </Field>
        </div>
      )}
    </SimpleDialog>
  );
}
