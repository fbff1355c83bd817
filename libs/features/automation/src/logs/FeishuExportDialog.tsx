import { xshCommLogAppLogToFeiShu, type XshCommLogToFeiShu } from '@smart/api-sdk';
import type { EntityManifestData } from '@smart/api-sdk/manifest';
import { Button, Checkbox, Field, Input, SimpleDialog, useBusyAction } from '@smart/ui';
import { ExternalLink } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LogFilterFields, rangeError } from './LogFilterFields';
import { readSheet, safeHref } from './feishu-sheet';
import { rangeBody, today, type LogFilter } from './log-range';

/** Calls one export makes at most (5000 rows each, xsh_comm_log.yaml appLogToFeiShu): then the operator goes on. */
const MAX_CALLS = 20;

export interface FeishuExportDialogProps {
  entity: EntityManifestData;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Rows were marked exported: list the logs again. */
  onExported?: () => void;
}

interface Progress {
  exported: number;
  remaining: number;
  last?: XshCommLogToFeiShu;
}

/**
 * "导出到飞书": the comment logs of some days (and a task) appended to a Feishu sheet, 5000 rows a call until none is
 * left, with the progress and, at the end, the link to the sheet.
 */
export function FeishuExportDialog({ entity, open, onOpenChange, onExported }: FeishuExportDialogProps) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<LogFilter>({ days: [today(), today()], commId: '' });
  const [sheetText, setSheetText] = useState('');
  const [sheetId, setSheetId] = useState('');
  const [onlyUnsynced, setOnlyUnsynced] = useState(true);
  const [progress, setProgress] = useState<Progress | undefined>();
  const sheet = readSheet(sheetText);
  const sheetError = sheetText.trim() && !sheet ? t('automation.logs.badSheet') : undefined;

  const changeSheet = (text: string) => {
    setSheetText(text);
    const read = readSheet(text);
    if (read?.sheetId) setSheetId(read.sheetId);
  };

  // a failed call ends the loop (the HTTP layer has shown why); what was exported before stays counted
  const { run: exportAll, busy } = useBusyAction(async (spreadsheetToken: string) => {
    let done: Progress = { exported: 0, remaining: 0 };
    setProgress(done);
    for (let i = 0; i < MAX_CALLS; i++) {
      const r = await xshCommLogAppLogToFeiShu({
        ...rangeBody(filter),
        spreadsheetToken,
        sheetId: sheetId.trim(),
        // after the first call only unexported rows are left to take, whatever was asked
        onlyUnsynced: onlyUnsynced || i > 0,
      });
      done = { exported: done.exported + r.exported, remaining: r.remaining, last: r };
      setProgress(done);
      if (r.exported > 0) onExported?.();
      if (r.remaining === 0 || r.exported === 0) break;
    }
  });
  const run = () => {
    if (sheet) void exportAll(sheet.token);
  };

  const href = progress?.last?.sheetUrl ? safeHref(progress.last.sheetUrl) : undefined;
  const total = progress ? progress.exported + progress.remaining : 0;
  return (
    <SimpleDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setProgress(undefined);
        onOpenChange(next);
      }}
      width={640}
      title={t('automation.logs.exportTitle')}
      footer={
        <>
          <Button onClick={() => onOpenChange(false)}>{t('automation.run.close')}</Button>
          <Button
            variant="primary"
            data-action="log-export-submit"
            loading={busy}
            disabled={!sheet || !sheetId.trim() || rangeError(filter)}
            onClick={run}
          >
            {t('automation.logs.export')}
          </Button>
        </>
      }
    >
      <div className="grid gap-4">
        <LogFilterFields entity={entity} value={filter} onChange={setFilter} />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label={t('automation.logs.sheet')}
            description={t('automation.logs.sheetHelp')}
            error={sheetError}
          >
            {(control) => (
              <Input {...control} value={sheetText} onChange={(e) => changeSheet(e.target.value)} />
            )}
          </Field>
          <Field label={t('automation.logs.sheetId')}>
            {(control) => <Input {...control} value={sheetId} onChange={(e) => setSheetId(e.target.value)} />}
          </Field>
        </div>
        <label className="flex items-center gap-2 text-sm">
          <Checkbox checked={onlyUnsynced} onCheckedChange={(on) => setOnlyUnsynced(on === true)} />
          {t('automation.logs.onlyUnsynced')}
        </label>
        {progress ? (
          <div className="grid gap-2 text-sm" data-slot="export-progress" aria-live="polite">
            <progress
              className="h-2 w-full accent-primary"
              max={Math.max(total, 1)}
              value={progress.exported}
              aria-label={t('automation.logs.exportProgress')}
            />
            <p>
              {busy
                ? t('automation.logs.exporting', { done: progress.exported, total })
                : t('automation.logs.exported', { count: progress.exported })}
            </p>
            {href && !busy ? (
              <a
                href={href}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-1 text-primary-text underline-offset-4 hover:underline"
              >
                <ExternalLink aria-hidden className="size-4" />
                {t('automation.logs.openSheet')}
              </a>
            ) : null}
          </div>
        ) : null}
      </div>
    </SimpleDialog>
  );
}
