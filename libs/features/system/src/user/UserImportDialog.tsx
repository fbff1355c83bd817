import { getHttpConfig, userImport, type UserImportReport } from '@smart/api-sdk';
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
import { downloadUserTemplate } from './user-excel-download';

/**
 * The workbook that `import-user` reads (user.yaml): at most 1000 users, a header row of the template's columns; a
 * big file writes a slow password hash per new user, so the call may take longer than the usual timeout.
 */
const IMPORT_TIMEOUT_MS = 300_000;
const XLSX_ACCEPT = '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface UserImportDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Whether the caller may update existing users (the page's edit button): the overwrite switch needs it. */
  canCover: boolean;
  /** Called once users were written, so the list reads again. */
  onImported: () => void;
}

/**
 * Users from an Excel file (user.yaml `import-user`): the file, whether existing accounts are overwritten, the
 * template to fill in; then the server's report — how many were added and updated, and each refused row with its
 * row number and reason (in the operator's language, as the HTTP layer words the server's messages).
 */
export function UserImportDialog({ open, onOpenChange, canCover, onImported }: UserImportDialogProps) {
  const { t } = useTranslation();
  const { messages } = useUiLocale();
  const [file, setFile] = useState<File | undefined>();
  const [cover, setCover] = useState(false);
  const [report, setReport] = useState<UserImportReport | undefined>();

  useEffect(() => {
    if (!open) return;
    setFile(undefined);
    setCover(false);
    setReport(undefined);
  }, [open]);

  // a refusal (not a workbook, no header, too many rows) is the HTTP layer's toast
  const { run: upload, busy } = useBusyAction(
    (chosen: File) =>
      userImport({ file: chosen, isCovered: cover && canCover ? 1 : 0 }, { timeoutMs: IMPORT_TIMEOUT_MS }),
    {
      onDone: (result) => {
        setReport(result);
        const summary = t('system.user.importSummary', {
          total: result.total,
          created: result.created,
          updated: result.updated,
          failed: result.failed.length,
        });
        if (result.failed.length === 0) toast.success(summary);
        else toast.warning(summary);
        if (result.created + result.updated > 0) onImported();
      },
    },
  );

  const template = async () => {
    try {
      await downloadUserTemplate(t('system.user.templateFile'));
    } catch {
      // the HTTP layer showed why
    }
  };

  const translate = getHttpConfig().translateMessage;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent width={640} data-dialog="user-import">
        <DialogHeader>
          <DialogTitle>{t('system.user.importTitle')}</DialogTitle>
          <DialogDescription>{t('system.user.importHint')}</DialogDescription>
        </DialogHeader>
        <DialogBody className="flex flex-col gap-4">
          <div>
            <Button
              variant="link"
              className="px-0"
              data-action="user-import-template"
              onClick={() => void template()}
            >
              <Download aria-hidden />
              {t('system.user.importTemplate')}
            </Button>
          </div>
          <Field label={t('system.user.importFile')}>
            {(control) => (
              <input
                {...control}
                type="file"
                accept={XLSX_ACCEPT}
                data-testid="user-import-file"
                className="text-sm file:mr-3 file:cursor-pointer file:rounded-md file:border file:border-input file:bg-background file:px-3 file:py-1.5 file:text-sm"
                onChange={(e) => {
                  setFile(e.target.files?.[0]);
                  setReport(undefined);
                }}
              />
            )}
          </Field>
          <Field
            label={t('system.user.importCover')}
            description={t('system.user.importCoverHint')}
            orientation="horizontal"
          >
            {(control) => (
              <Switch
                {...control}
                data-testid="user-import-cover"
                checked={cover && canCover}
                disabled={!canCover}
                onCheckedChange={setCover}
              />
            )}
          </Field>
          {report ? (
            <section data-testid="user-import-report" className="flex flex-col gap-2" aria-live="polite">
              <p className="text-sm font-medium">
                {t('system.user.importSummary', {
                  total: report.total,
                  created: report.created,
                  updated: report.updated,
                  failed: report.failed.length,
                })}
              </p>
              {report.failed.length > 0 ? (
                <Table aria-label={t('system.user.importFailedTitle')}>
                  <TableHeader>
                    <TableRow>
                      <TableHead className="w-16">{t('system.user.importRow')}</TableHead>
                      <TableHead className="w-40">{t('system.user.importAccount')}</TableHead>
                      <TableHead>{t('system.user.importReason')}</TableHead>
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {report.failed.map((f) => (
                      <TableRow key={f.row}>
                        <TableCell>{f.row}</TableCell>
                        <TableCell className="break-all">{f.account}</TableCell>
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
            data-action="user-import-start"
            disabled={!file}
            loading={busy}
            onClick={() => file && void upload(file)}
          >
            {t('system.user.importStart')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
