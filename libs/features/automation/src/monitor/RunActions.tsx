import { actionBySuffix, useCanAct } from '@smart/crud';
import { Button, toast, useBusyAction, useConfirm } from '@smart/ui';
import { RotateCcw, Square } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RunControl, RunKind } from '../automation-entities';
import { canRetryRun, canStopRun } from './run-status';

interface RunActionProps {
  kind: RunKind;
  row: Record<string, unknown>;
  /** The run changed: list the rows again. */
  onChanged?: () => void;
}

/**
 * A run row's "停止" (while it is in progress) and "重试" (once it failed), each to whoever holds the button the
 * contract asks for it (x-entity.actions of the log group: its edit button). The server decides again: a run that
 * moved on meanwhile is refused with its reason, which the HTTP layer shows.
 */
export function RunActions({ kind, row, onChanged }: RunActionProps) {
  const canAct = useCanAct(kind.entity);
  const control = kind.control;
  const status = row['runStatus'];
  const props = { control, row, ...(onChanged ? { onChanged } : {}) };
  if (canStopRun(status) && canAct(actionBySuffix(kind.entity, 'Stop'))) return <StopRunButton {...props} />;
  if (canRetryRun(status) && canAct(actionBySuffix(kind.entity, 'Retry')))
    return <RetryRunButton {...props} />;
  return null;
}

interface ButtonProps {
  control: RunControl;
  row: Record<string, unknown>;
  onChanged?: () => void;
}

/** What names a run to the operator: its task and its unit. */
const runNameParams = (row: Record<string, unknown>) => ({
  task: String(row['taskName'] || row['id']),
  unit: String(row['robotAccount'] || '-'),
});

/** After a confirmation, `<tag>Stop`: Yingdao is told to stop the job (or a run without one is cancelled). */
export function StopRunButton({ control, row, onChanged }: ButtonProps) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  // a refusal: the HTTP layer has shown why
  const { run, busy } = useBusyAction(() => control.stop({ id: String(row['id']) }), {
    done: ({ runStatus }) =>
      t(runStatus === 'CANCELLED' ? 'automation.runControl.cancelled' : 'automation.runControl.stopping'),
    onDone: () => onChanged?.(),
  });
  const stop = async () => {
    const ok = await confirm({
      title: t('automation.runControl.stopTitle'),
      description: t('automation.runControl.stopConfirm', {
        name: t('automation.runControl.name', runNameParams(row)),
      }),
    });
    if (!ok) return;
    await run();
  };
  return (
    <Button variant="link" size="xs" data-action="run-stop" loading={busy} onClick={() => void stop()}>
      {busy ? null : <Square aria-hidden />}
      {t('automation.runControl.stop')}
    </Button>
  );
}

/**
 * `<tag>Retry`: a new run of the task on the run's unit. It meets what any run meets, so it may be skipped or fail to
 * start: the answer says how it went.
 */
export function RetryRunButton({ control, row, onChanged }: ButtonProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const retry = async () => {
    setBusy(true);
    try {
      const { runs } = await control.retry({ id: String(row['id']) });
      const status = runs[0]?.runStatus ?? 'SKIPPED';
      if (status === 'WAITING') toast.success(t('automation.runControl.retried'));
      else
        toast.warning(
          t('automation.runControl.retryNotStarted', {
            status: t(`automation.status.${status}`),
            reason: runs[0]?.errorMsg || '-',
          }),
        );
      onChanged?.();
    } catch {
      // the HTTP layer has shown why
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="link" size="xs" data-action="run-retry" loading={busy} onClick={() => void retry()}>
      {busy ? null : <RotateCcw aria-hidden />}
      {t('automation.runControl.retry')}
    </Button>
  );
}
