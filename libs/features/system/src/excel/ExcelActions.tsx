import { Button, useBusyAction } from '@smart/ui';
import { FileDown, FileUp } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExcelImportDialog, type ExcelImportDialogProps } from './ExcelImportDialog';

export type ExcelActionsProps<Failure extends { row: number; msg: string }> = Omit<
  ExcelImportDialogProps<Failure>,
  'open' | 'onOpenChange' | 'canCover'
> & {
  /** The page's add button: importing creates rows. */
  canAdd: boolean;
  /** The page's edit button: overwriting existing rows updates them. */
  canEdit: boolean;
  /** Downloads what the list shows now (its filters), in the template's columns. */
  exportRows: () => Promise<void>;
};

/**
 * 导入 and 导出 on a page whose rows travel as Excel workbooks (users, regions): importing needs the page's add
 * button (and overwriting its edit button, as the server asks); exporting is for whoever sees the list.
 */
export function ExcelActions<Failure extends { row: number; msg: string }>({
  canAdd,
  canEdit,
  exportRows,
  ...dialog
}: ExcelActionsProps<Failure>) {
  const { t } = useTranslation();
  const [importing, setImporting] = useState(false);
  // a refusal (too many rows for one file) is the HTTP layer's toast
  const { run: runExport, busy: exporting } = useBusyAction(exportRows);
  return (
    <>
      {canAdd ? (
        <Button data-action={`${dialog.name}-import`} onClick={() => setImporting(true)}>
          <FileUp aria-hidden />
          {t('system.excel.import')}
        </Button>
      ) : null}
      <Button data-action={`${dialog.name}-export`} loading={exporting} onClick={() => void runExport()}>
        <FileDown aria-hidden />
        {t('system.excel.export')}
      </Button>
      {canAdd ? (
        <ExcelImportDialog {...dialog} open={importing} onOpenChange={setImporting} canCover={canEdit} />
      ) : null}
    </>
  );
}
