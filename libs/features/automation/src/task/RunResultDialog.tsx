import type { TriggerJobResult, TriggerRun } from '@smart/api-sdk';
import { Button, SimpleDialog } from '@smart/ui';
import { useTranslation } from 'react-i18next';
import { CountTile } from '../count-tile';
import { RunStatusBadge } from '../monitor/RunStatusBadge';

export interface RunResultDialogProps {
  taskName: string;
  result: TriggerJobResult | undefined;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Opens the task's runs (the run monitor filtered by the task); absent when it has no such page. */
  onMonitor?: () => void;
}

/** A trigger's runs by outcome (patterns.yaml TriggerRun.runStatus: WAITING, SKIPPED or START_FAILED). */
export function summariseRuns(runs: readonly TriggerRun[]) {
  const skipped = runs.filter((r) => r.runStatus === 'SKIPPED');
  const failed = runs.filter((r) => r.runStatus === 'START_FAILED');
  return { started: runs.length - skipped.length - failed.length, skipped, failed };
}

/** What "run now" started: how many runs, which units were skipped or failed to start and why, and the way to follow them. */
export function RunResultDialog({ taskName, result, open, onOpenChange, onMonitor }: RunResultDialogProps) {
  const { t } = useTranslation();
  const runs = result?.runs ?? [];
  const { started, skipped, failed } = summariseRuns(runs);
  return (
    <SimpleDialog
      open={open}
      onOpenChange={onOpenChange}
      width={520}
      title={t('automation.run.title', { name: taskName })}
      description={result?.triggerTime}
      footer={
        <>
          <Button onClick={() => onOpenChange(false)}>{t('automation.run.close')}</Button>
          {onMonitor && runs.length > 0 ? (
            <Button variant="primary" onClick={onMonitor}>
              {t('automation.run.monitor')}
            </Button>
          ) : null}
        </>
      }
    >
      {runs.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('automation.run.none')}</p>
      ) : (
        <div className="grid gap-3 text-sm">
          <dl data-slot="run-summary" className="grid grid-cols-3 gap-2 text-center">
            <CountTile label={t('automation.run.started')} value={started} className="text-success" />
            <CountTile
              label={t('automation.run.skipped')}
              value={skipped.length}
              className="text-muted-foreground"
            />
            <CountTile
              label={t('automation.run.startFailed')}
              value={failed.length}
              className="text-destructive"
            />
          </dl>
          {[...failed, ...skipped].length > 0 ? (
            <ul className="grid gap-1.5">
              {[...failed, ...skipped].map((run) => (
                <li key={run.runId} className="flex items-start gap-2">
                  <RunStatusBadge status={run.runStatus} />
                  <span className="min-w-0 break-words">
                    {run.arrId ? `${t('automation.run.unit', { id: run.arrId })}: ` : ''}
                    {run.errorMsg}
                  </span>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      )}
    </SimpleDialog>
  );
}
