import { oauthSendLogs } from '@smart/api-sdk';
import {
  Badge,
  Button,
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  EmptyState,
  IconButton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  useConfirm,
} from '@smart/ui';
import { Bug, Trash2, Upload } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ERROR_BADGE_MAX, errorLog, useErrorLog, type ErrorLogEntry } from './error-log';
import { notifySuccess } from './toaster-host';

/** The contract takes at most 500 entries per call. */
const SEND_CHUNK = 500;

/** Sends the entries with the contract's send-logs call (POST oauth/logout with the array), in chunks. */
export async function uploadErrorLogs(entries: readonly ErrorLogEntry[]): Promise<void> {
  for (let i = 0; i < entries.length; i += SEND_CHUNK) {
    await oauthSendLogs(entries.slice(i, i + SEND_CHUNK));
  }
}

function ErrorLogTable({ logs }: { logs: readonly ErrorLogEntry[] }) {
  const { t } = useTranslation();
  return (
    <Table data-testid="error-log-table">
      <TableHeader>
        <TableRow>
          <TableHead className="w-16">{t('errorLog.type')}</TableHead>
          <TableHead className="w-56">{t('errorLog.url')}</TableHead>
          <TableHead>{t('errorLog.message')}</TableHead>
          <TableHead>{t('errorLog.stack')}</TableHead>
          <TableHead className="w-44">{t('errorLog.time')}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {[...logs].reverse().map((log, index) => (
          <TableRow key={`${log.time}-${index}`} className="align-top">
            <TableCell>
              <Badge variant="destructive">{log.type}</Badge>
            </TableCell>
            <TableCell className="max-w-56 break-all text-xs">{log.url}</TableCell>
            <TableCell className="break-words whitespace-pre-wrap">{log.message}</TableCell>
            <TableCell className="max-w-xl">
              {log.stack || log.info ? (
                <details>
                  <summary className="cursor-pointer text-xs text-muted-foreground">
                    {t('errorLog.showStack')}
                  </summary>
                  <pre className="mt-1 max-h-64 overflow-auto text-xs whitespace-pre-wrap">
                    {[log.stack, log.info].filter(Boolean).join('\n\n')}
                  </pre>
                </details>
              ) : null}
            </TableCell>
            <TableCell className="text-xs whitespace-nowrap tabular-nums">{log.time}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/**
 * The top bar's error-log viewer (docs/spec.md §2, §8): a badge with the count (capped at 99), a full-screen dialog with
 * type, url, message, stack and time, "upload to server" and "clear local logs", each after a confirmation.
 *
 * An operator's build shows the icon only while there are entries (the viewer opens only then, docs/console-behaviour.md
 * §12), so a debugging tool does not sit in the bar of a healthy console; a development build always shows it.
 */
export function ErrorLogButton({ always = import.meta.env.DEV }: { always?: boolean }) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const logs = useErrorLog();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const count = logs.length;

  const onUpload = async () => {
    if (!(await confirm({ title: t('common.tip'), description: t('errorLog.uploadConfirm') }))) return;
    setBusy(true);
    try {
      await uploadErrorLogs(logs);
      errorLog.clear();
      setOpen(false);
      void notifySuccess(t('errorLog.uploadDone'));
    } catch {
      // the HTTP layer showed the reason; the entries stay
    } finally {
      setBusy(false);
    }
  };

  const onClear = async () => {
    if (!(await confirm({ title: t('common.tip'), description: t('errorLog.clearConfirm') }))) return;
    errorLog.clear();
    setOpen(false);
    void notifySuccess(t('errorLog.clearDone'));
  };

  const label = count ? t('errorLog.count', { count }) : t('errorLog.none');
  return (
    <>
      {count === 0 && !always ? null : (
        <span className="relative inline-flex">
          <IconButton
            size="icon-sm"
            label={label}
            onClick={() => setOpen(true)}
            data-testid="error-log-button"
          >
            <Bug />
          </IconButton>
          <Badge
            variant="destructive"
            count={count}
            max={ERROR_BADGE_MAX}
            hideZero
            aria-hidden
            data-testid="error-log-badge"
            className="pointer-events-none absolute -top-1 -right-2 h-4 min-w-4 px-1 text-[10px]"
          />
        </span>
      )}
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent
          data-testid="error-log-dialog"
          className="rounded-none"
          style={{ width: '100vw', height: '100vh', maxHeight: '100vh' }}
        >
          <DialogHeader>
            <DialogTitle>{t('errorLog.title')}</DialogTitle>
            <DialogDescription>{label}</DialogDescription>
          </DialogHeader>
          <DialogBody>
            {count ? <ErrorLogTable logs={logs} /> : <EmptyState title={t('errorLog.none')} />}
          </DialogBody>
          <DialogFooter>
            <Button variant="primary" onClick={() => void onUpload()} disabled={!count} loading={busy}>
              <Upload aria-hidden />
              {t('errorLog.upload')}
            </Button>
            <Button variant="destructive" onClick={() => void onClear()} disabled={!count || busy}>
              <Trash2 aria-hidden />
              {t('errorLog.clear')}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
