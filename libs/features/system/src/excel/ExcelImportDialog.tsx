import { getHttpConfig } from '@smart/api-sdk';
import {
  Button,
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  Field,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  toast,
  useBusyAction,
  useUiLocale,
} from '@smart/ui';
import { Download } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

const XLSX_ACCEPT = '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** What an import answers (user.yaml `import-user`, region.yaml `import-region`): counts and the refused rows. */
export interface ImportReport<Failure> {
  total: number;
  created: number;
  updated: number;
  failed: Failure[];
}

export interface ExcelImportDialogProps<Failure extends { row: number; msg: string }> {
  /** The entity: `data-dialog` `<name>-import`, test ids `<name>-import-file`, `-cover`, `-report`. */
  name: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  hint: string;
  /** Whether the caller may update existing rows (the page's edit button): the overwrite switch needs it. */
  canCover: boolean;
  /** Sends the workbook; `isCovered` 1 overwrites existing rows. */
  upload: (file: File, isCovered: 0 | 1) => Promise<ImportReport<Failure>>;
  /** Downloads the template the import reads. */
  template: () => Promise<void>;
  /** The refused row's key column (an account, a code) and its heading. */
  keyOf: (failure: Failure) => string;
  keyLabel: string;
  /** Called once rows were written, so the list reads again. */
  onImported: () => void;
}

/**
 * Rows from an Excel file: the file, whether existing rows are overwritten, the template to fill in; then the
 * server's report — how many were added and updated, and each refused row with its row number and reason (in the
 * operator's language, as the HTTP layer words the server's messages). A refusal of the whole file (not a workbook,
 * no header, too many rows) is the HTTP layer's toast.
 */
export function ExcelImportDialog<Failure extends { row: number; msg: string }>({
  name,
  open,
  onOpenChange,
  title,
  hint,
  canCover,
  upload,
  template,
  keyOf,
  keyLabel,
  onImported,
}: ExcelImportDialogProps<Failure>) {
  const { t } = useTranslation();
  const { messages } = useUiLocale();
  const [file, setFile] = useState<File | undefined>();
  const [cover, setCover] = useState(false);
  const [report, setReport] = useState<ImportReport<Failure> | undefined>();

  useEffect(() => {
    if (!open) return;
    setFile(undefined);
    setCover(false);
    setReport(undefined);
  }, [open]);

  const { run: send, busy } = useBusyAction((chosen: File) => upload(chosen, cover && canCover ? 1 : 0), {
    onDone: (result) => {
      setReport(result);
      const summary = t('system.excel.importSummary', {
        total: result.total,
        created: result.created,
        updated: result.updated,
        failed: result.failed.length,
      });
      if (result.failed.length === 0) toast.success(summary);
      else toast.warning(summary);
      if (result.created + result.updated > 0) onImported();
    },
  });
  // a refusal of the download is the HTTP layer's toast
  const { run: downloadTemplate } = useBusyAction(template);

  const translate = getHttpConfig().translateMessage;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent width={640} data-dialog={`${name}-import`}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{hint}</DialogDescription>
        </DialogHeader>
        <DialogBody className="flex flex-col gap-4">
          <div>
            <Button
              variant="link"
              className="px-0"
              data-action={`${name}-import-template`}
              onClick={() => void downloadTemplate()}
            >
              <Download aria-hidden />
              {t('system.excel.importTemplate')}
            </Button>
          </div>
          <Field label={t('system.excel.importFile')}>
            {(control) => (
              <input
                {...control}
                type="file"
                accept={XLSX_ACCEPT}
                data-testid={`${name}-import-file`}
                className="text-sm file:mr-3 file:cursor-pointer file:rounded-md file:border file:border-input file:bg-background file:px-3 file:py-1.5 file:text-sm"
                onChange={(e) => {
                  setFile(e.target.files?.[0]);
                  setReport(undefined);
                }}
              />
            )}
          </Field>
          <Field
            label={t('system.excel.importCover')}
            description={t('system.excel.importCoverHint')}
            orientation="horizontal"
          >
            {(control) => (
              <Switch
                {...control}
                data-testid={`${name}-import-cover`}
                checked={cover && canCover}
                disabled={!canCover}
                onCheckedChange={setCover}
              />
            )}
          </Field>
          {report ? (
            <section data-testid={`${name}-import-report`} className="flex flex-col gap-2" aria-live="polite">
              <p className="text-sm font-medium">
                {t('system.excel.importSummary', {
                  total: report.total,
                  created: report.created,
                  updated: report.updated,
                  failed: report.failed.length,
                })}
              </p>
              {report.failed.length > 0 ? (
                <Table aria-label={t('system.excel.importFailedTitle')}>
                  <TableHeader>
                    <TableRow>
                      <TableHead className="w-16">{t('system.excel.importRow')}</TableHead>
                      <TableHead className="w-40">{keyLabel}</TableHead>
                      <TableHead>{t('system.excel.importReason')}</TableHead>
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {report.failed.map((f) => (
                      <TableRow key={f.row}>
                        <TableCell>{f.row}</TableCell>
                        <TableCell className="break-all">{keyOf(f)}</TableCell>
                        <TableCell>{translate(f.msg)}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              ) : null}
            </section>
          ) : null}
        </DialogBody>
        <DialogFooter>
          <Button onClick={() => onOpenChange(false)}>{messages.close}</Button>
          <Button
            variant="primary"
            data-action={`${name}-import-start`}
            disabled={!file}
            loading={busy}
            onClick={() => file && void send(file)}
          >
            {t('system.excel.importStart')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
