import { commentFeiShuImport, type ImportResult } from '@smart/api-sdk';
import type { EntityManifestData } from '@smart/api-sdk/manifest';
import { Button, Checkbox, Field, Input, RadioGroup, SimpleDialog, useBusyAction } from '@smart/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RefPicker } from '../RefPicker';
import { ImportSummary } from '../import-summary';
import { readFeishuDoc } from '../logs/feishu-sheet';

export interface FeishuImportDialogProps {
  /** The comment entity (its `groupId` refers to the groups). */
  entity: EntityManifestData;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onImported?: () => void;
}

type Source = 'sheet' | 'bitable';

/**
 * "从飞书导入" (comment/feiShuImport): the texts of one column of a Feishu sheet, or one field of a base table, into a
 * comment group; the server's counts after (inserted, already in the group, refused).
 */
export function FeishuImportDialog({ entity, open, onOpenChange, onImported }: FeishuImportDialogProps) {
  const { t } = useTranslation();
  const [groupId, setGroupId] = useState('');
  const [source, setSource] = useState<Source>('sheet');
  const [doc, setDoc] = useState('');
  const [table, setTable] = useState('');
  const [column, setColumn] = useState('A');
  const [skipHeader, setSkipHeader] = useState(true);
  const [result, setResult] = useState<ImportResult | undefined>();
  const read = readFeishuDoc(doc);
  const docError = doc.trim() && !read ? t('automation.comments.badDoc') : undefined;

  // a sheet's text sits in a column (A by default), a base's in a named field: nothing to assume there
  const changeSource = (next: Source) => {
    setSource(next);
    if (next === 'bitable' && column === 'A') setColumn('');
    if (next === 'sheet' && !column) setColumn('A');
  };

  const changeDoc = (text: string) => {
    setDoc(text);
    const r = readFeishuDoc(text);
    if (r?.kind) changeSource(r.kind);
    if (r?.table) setTable(r.table);
  };

  const close = (next: boolean) => {
    if (!next) setResult(undefined);
    onOpenChange(next);
  };

  // a refusal: the HTTP layer has shown why
  const { run, busy } = useBusyAction(
    (token: string) =>
      commentFeiShuImport({
        groupId,
        sourceType: source,
        token,
        sheetId: table.trim(),
        column: column.trim() || 'A',
        skipHeader,
      }),
    {
      onDone: (answer) => {
        setResult(answer);
        if (answer.inserted > 0) onImported?.();
      },
    },
  );
  const submit = () => {
    if (read) void run(read.token);
  };

  return (
    <SimpleDialog
      open={open}
      onOpenChange={close}
      width={600}
      title={t('automation.comments.importTitle')}
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
              data-action="comment-feishu-import-submit"
              loading={busy}
              disabled={!groupId || !read || !table.trim() || (source === 'bitable' && !column.trim())}
              onClick={submit}
            >
              {t('automation.comments.import')}
            </Button>
          </>
        )
      }
    >
      {result ? (
        <ImportSummary result={result} />
      ) : (
        <div className="grid gap-4">
          <RefPicker
            entity={entity}
            field="groupId"
            label={t('automation.comments.group')}
            value={groupId}
            onChange={setGroupId}
            required
          />
          <Field label={t('automation.comments.source')}>
            {(control) => (
              <RadioGroup
                {...control}
                value={source}
                onValueChange={(v: string) => changeSource(v as Source)}
                options={(['sheet', 'bitable'] as const).map((s) => ({
                  value: s,
                  label: t(`automation.comments.${s}`),
                }))}
              />
            )}
          </Field>
          <Field
            label={t('automation.comments.doc')}
            description={t('automation.comments.docHelp')}
            error={docError}
          >
            {(control) => <Input {...control} value={doc} onChange={(e) => changeDoc(e.target.value)} />}
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label={t(source === 'sheet' ? 'automation.logs.sheetId' : 'automation.comments.tableId')}>
              {(control) => <Input {...control} value={table} onChange={(e) => setTable(e.target.value)} />}
            </Field>
            <Field label={t(source === 'sheet' ? 'automation.comments.column' : 'automation.comments.field')}>
              {(control) => <Input {...control} value={column} onChange={(e) => setColumn(e.target.value)} />}
            </Field>
          </div>
          {source === 'sheet' ? (
            <label className="flex items-center gap-2 text-sm">
              <Checkbox checked={skipHeader} onCheckedChange={(on) => setSkipHeader(on === true)} />
              {t('automation.comments.skipHeader')}
            </label>
          ) : null}
        </div>
      )}
    </SimpleDialog>
  );
}
