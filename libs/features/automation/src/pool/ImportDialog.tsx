import type { ImportResult } from '@smart/api-sdk';
import {
  Button,
  Field,
  SimpleDialog,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
  Textarea,
  useBusyAction,
} from '@smart/ui';
import { Download } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImportSummary } from '../import-summary';
import { TaskPicker } from '../TaskPicker';
import { downloadPoolTemplate, readPoolSheet, type SheetRead } from './excel-rows';
import { IMPORT_MAX_ROWS, pasteRows, type PoolKind, type SourcedRow } from './pool-entities';

const XLSX_ACCEPT = '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface ImportDialogProps {
  kind: PoolKind;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Rows were inserted: list the pool again. */
  onImported?: (result: ImportResult) => void;
}

type Source = 'paste' | 'excel';

/**
 * "导入": links or keywords pasted one a line, or the rows of an Excel sheet filled in from the template, for one
 * comment task or all of them; the server's counts after (inserted, duplicates skipped, refused rows with their
 * reasons, each named by its line of the paste or row of the sheet). Repeated rows are dropped before sending; more
 * rows than one call takes are refused here, with the limit, rather than cut; sheet rows that cannot be sent (a text
 * too long, a sort that is no whole number) are listed before sending.
 */
export function ImportDialog({ kind, open, onOpenChange, onImported }: ImportDialogProps) {
  const { t } = useTranslation();
  const [commId, setCommId] = useState('');
  const [source, setSource] = useState<Source>('paste');
  const [text, setText] = useState('');
  const [sheet, setSheet] = useState<{ name: string; read: SheetRead } | undefined>();
  const [unreadable, setUnreadable] = useState(false);
  const [result, setResult] = useState<{ answer: ImportResult; sent: SourcedRow[] } | undefined>();
  const pasted = useMemo(() => pasteRows(kind, text, commId), [kind, text, commId]);
  // the task may be picked after the file: the rows follow it
  const sheetRows = useMemo(
    () => sheet?.read.rows.map((r) => ({ ...r, row: { ...r.row, commId } })) ?? [],
    [sheet, commId],
  );
  const rows = source === 'paste' ? pasted : sheetRows;
  const long = pasted.filter((r) => r.text.length > kind.maxLength).length;
  const what = t(`automation.pool.${kind.text}`);
  const error =
    rows.length > IMPORT_MAX_ROWS
      ? t('automation.pool.tooMany', { max: IMPORT_MAX_ROWS })
      : source === 'paste' && long > 0
        ? t('automation.pool.tooLong', { count: long, max: kind.maxLength })
        : source === 'excel' && sheet?.read.noHeader
          ? t('automation.pool.noHeader', { heading: t(`automation.pool.heading.${kind.text}`) })
          : source === 'excel' && unreadable
            ? t('automation.pool.unreadable')
            : undefined;

  const close = (next: boolean) => {
    if (!next) {
      setResult(undefined);
      setText('');
      setSheet(undefined);
      setUnreadable(false);
    }
    onOpenChange(next);
  };

  // a refusal: the HTTP layer has shown why
  const { run: submit, busy } = useBusyAction(
    (sent: SourcedRow[]) => kind.import.call(sent.map((r) => r.row)).then((answer) => ({ answer, sent })),
    {
      onDone: (done) => {
        setResult(done);
        if (done.answer.inserted > 0) onImported?.(done.answer);
      },
    },
  );

  const pick = async (file: File | undefined) => {
    setSheet(undefined);
    setUnreadable(false);
    if (!file) return;
    try {
      setSheet({ name: file.name, read: await readPoolSheet(kind, file, commId) });
    } catch {
      setUnreadable(true);
    }
  };

  const headings = { text: t(`automation.pool.heading.${kind.text}`), sort: t('automation.pool.sort') };
  const { run: template } = useBusyAction(() =>
    downloadPoolTemplate(kind, headings, t('automation.pool.templateFile', { what })),
  );

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
              onClick={() => void submit(rows)}
            >
              {t('automation.pool.importCount', { count: rows.length })}
            </Button>
          </>
        )
      }
    >
      {result ? (
        <ImportSummary
          result={result.answer}
          source={(row) => result.sent[row - 1]}
          unit={source === 'excel' ? 'sheet' : 'line'}
        />
      ) : (
        <div className="grid gap-4">
          <TaskPicker
            entity={kind.entity}
            value={commId}
            onChange={setCommId}
            description={t('automation.pool.taskHelp')}
          />
          <Tabs value={source} onValueChange={(v) => setSource(v as Source)}>
            <TabsList>
              <TabsTrigger value="paste">{t('automation.pool.fromPaste')}</TabsTrigger>
              <TabsTrigger value="excel">{t('automation.pool.fromExcel')}</TabsTrigger>
            </TabsList>
            <TabsContent value="paste">
              <Field
                label={t('automation.pool.lines', { what })}
                description={t(`automation.pool.${kind.text}Help`)}
                error={source === 'paste' ? error : undefined}
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
            </TabsContent>
            <TabsContent value="excel" className="grid gap-3">
              <div>
                <Button
                  variant="link"
                  className="px-0"
                  data-action="pool-import-template"
                  onClick={() => void template()}
                >
                  <Download aria-hidden />
                  {t('automation.pool.template')}
                </Button>
              </div>
              <Field
                label={t('automation.pool.file')}
                description={t(`automation.pool.${kind.text}SheetHelp`)}
                error={source === 'excel' ? error : undefined}
              >
                {(control) => (
                  <input
                    {...control}
                    type="file"
                    accept={XLSX_ACCEPT}
                    data-testid="pool-import-file"
                    className="text-sm file:mr-3 file:cursor-pointer file:rounded-md file:border file:border-input file:bg-background file:px-3 file:py-1.5 file:text-sm"
                    onChange={(e) => void pick(e.target.files?.[0])}
                  />
                )}
              </Field>
              {sheet && !sheet.read.noHeader ? (
                <div className="grid gap-1 text-sm" data-slot="sheet-read" aria-live="polite">
                  <p>{t('automation.pool.sheetRead', { count: sheet.read.rows.length, name: sheet.name })}</p>
                  {sheet.read.problems.length > 0 ? (
                    <ul className="grid max-h-40 gap-1 overflow-auto text-destructive">
                      {sheet.read.problems.map((p) => (
                        <li key={p.line} className="[overflow-wrap:anywhere]">
                          {t('automation.pool.sheetRow', {
                            row: p.line,
                            text: p.text,
                            reason: t(`automation.pool.sheetProblem.${p.code}`, { max: kind.maxLength }),
                          })}
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </div>
              ) : null}
            </TabsContent>
          </Tabs>
        </div>
      )}
    </SimpleDialog>
  );
}
