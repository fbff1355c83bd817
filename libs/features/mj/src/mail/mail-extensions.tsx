import { mjjAppConfigTestEmail, sendEmailLogRetry, type SendEmailLog } from '@smart/api-sdk';
import { mjjAppConfigEntity, sendEmailLogEntity } from '@smart/api-sdk/entities';
import { useCanAct, type CrudRowActionContext, type EntityPageExtension, type EntityRow } from '@smart/crud';
import { Button, toast, useBusyAction } from '@smart/ui';
import { MailCheck, RotateCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** The contract's operations (x-entity.actions: each needs its page's edit button). */
const TEST_OP = 'mjjAppConfigTestEmail';
const RETRY_OP = 'sendEmailLogRetry';
/** send_email_log.send_status (contract email_send_status): 2 failed. */
const FAILED = 2;

/** The outcome of a send as the operator reads it: sent, or failed with the reason the server logged. */
function useSendOutcome() {
  const { t } = useTranslation();
  return (log: SendEmailLog) =>
    log.sendStatus === FAILED
      ? toast.error(t('mj.mail.failed', { reason: log.errorMsg }))
      : toast.success(t('mj.mail.sent', { to: log.toAddress }));
}

/** 发送测试邮件 on a settings row: the configured mail, marked as a test, to the configured recipients. */
function TestEmailButton({ row, page }: { row: EntityRow; page: CrudRowActionContext }) {
  const { t } = useTranslation();
  const canAct = useCanAct(mjjAppConfigEntity);
  const outcome = useSendOutcome();
  const { run, busy } = useBusyAction(() => mjjAppConfigTestEmail({ id: String(row['id']) }), {
    onDone: (log) => {
      outcome(log);
      page.reload();
    },
  });
  if (!canAct(TEST_OP)) return null;
  return (
    <Button variant="link" size="xs" data-action="mj-test-email" loading={busy} onClick={() => void run()}>
      <MailCheck aria-hidden />
      {t('mj.mail.test')}
    </Button>
  );
}

/** 重发 on a failed mail: sent again through its app's current settings. */
function RetryButton({ row, page }: { row: EntityRow; page: CrudRowActionContext }) {
  const { t } = useTranslation();
  const canAct = useCanAct(sendEmailLogEntity);
  const outcome = useSendOutcome();
  const { run, busy } = useBusyAction(() => sendEmailLogRetry({ id: String(row['id']) }), {
    onDone: (log) => {
      outcome(log);
      page.reload();
    },
  });
  if (row['sendStatus'] !== FAILED || !canAct(RETRY_OP)) return null;
  return (
    <Button variant="link" size="xs" data-action="mail-retry" loading={busy} onClick={() => void run()}>
      <RotateCw aria-hidden />
      {t('mj.mail.retry')}
    </Button>
  );
}

/** The app settings' page with the test mail. */
export const appConfigExtension: EntityPageExtension = {
  rowActions: (row, page) => <TestEmailButton row={row} page={page} />,
  menuWidth: 280,
};

/** The e-mail log's page: the rows are the mail module's (no form), a failed one may be sent again. */
export const emailLogExtension: EntityPageExtension = {
  readOnly: true,
  listColumns: ['bizType', 'toAddress', 'subject', 'sendStatus', 'retryCount', 'errorMsg', 'sendTime'],
  rowActions: (row, page) => <RetryButton row={row} page={page} />,
  menuWidth: 220,
};
