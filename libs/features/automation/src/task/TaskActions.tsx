import type { TriggerJobResult } from '@smart/api-sdk';
import { Button, useBusyAction, useConfirm } from '@smart/ui';
import { ChartColumn, CalendarClock, Play } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { actionBySuffix, useCanAct } from '@smart/crud';
import { listLink, type TaskKind } from '../automation-entities';
import { RunResultDialog } from './RunResultDialog';
import { ScheduleDialog, type ScheduledTask } from './ScheduleDialog';

// the charts bring Recharts: their own chunk, loaded when an operator opens them
const TaskTrendsDialog = lazy(() => import('./TaskTrendsDialog'));

export interface TaskActionsProps {
  kind: TaskKind;
  task: ScheduledTask;
  /** The row changed (its cron, next run time or last run status): list the rows again. */
  onChanged?: () => void;
  /** Pause before the cron editor asks the server (tests and stories shorten it). */
  debounceMs?: number;
}

/**
 * The task row's "定时设置" and "立即执行", each to whoever holds the button the contract asks for it (x-entity.actions
 * of the task: its edit button, as both change the task), and "运行统计" to whoever sees the row (a read).
 */
export function TaskActions({ kind, task, onChanged, debounceMs }: TaskActionsProps) {
  const canAct = useCanAct(kind.entity);
  const allowed = (suffix: string) => canAct(actionBySuffix(kind.entity, suffix));
  return (
    <>
      {allowed('UpdateCron') ? (
        <ScheduleButton
          kind={kind}
          task={task}
          {...(onChanged ? { onChanged } : {})}
          debounceMs={debounceMs}
        />
      ) : null}
      {allowed('TriggerJob') ? (
        <RunNowButton kind={kind} task={task} {...(onChanged ? { onChanged } : {})} />
      ) : null}
      <TrendsButton kind={kind} task={task} />
    </>
  );
}

/** "运行统计": the task's runs and actions per day, in a dialog (./TaskTrendsDialog.tsx). */
export function TrendsButton({ kind, task }: Pick<TaskActionsProps, 'kind' | 'task'>) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // mounted from the first opening on, so closing keeps the dialog's exit animation
  const [loaded, setLoaded] = useState(false);
  return (
    <>
      <Button
        variant="link"
        size="xs"
        data-action="task-trends"
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
      >
        <ChartColumn aria-hidden />
        {t('automation.trends.action')}
      </Button>
      {loaded ? (
        <Suspense fallback={null}>
          <TaskTrendsDialog
            taskType={kind.name}
            taskId={task.id}
            taskName={task.taskName || task.id}
            open={open}
            onOpenChange={setOpen}
          />
        </Suspense>
      ) : null}
    </>
  );
}

export function ScheduleButton({ kind, task, onChanged, debounceMs }: TaskActionsProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="link" size="xs" data-action="task-schedule" onClick={() => setOpen(true)}>
        <CalendarClock aria-hidden />
        {t('automation.schedule.action')}
      </Button>
      <ScheduleDialog
        kind={kind}
        task={task}
        open={open}
        onOpenChange={setOpen}
        {...(onChanged ? { onSaved: () => onChanged() } : {})}
        {...(debounceMs !== undefined ? { debounceMs } : {})}
      />
    </>
  );
}

/**
 * "立即执行": after a confirmation, `<tag>TriggerJob` fires the task once (trigger type manual); the answer lists one run
 * per unit, shown by outcome with the way to the runs. A refusal (a disabled task) is the HTTP layer's error toast.
 */
export function RunNowButton({ kind, task, onChanged }: Omit<TaskActionsProps, 'debounceMs'>) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const navigate = useNavigate();
  const [result, setResult] = useState<TriggerJobResult | undefined>();
  const [open, setOpen] = useState(false);
  const name = task.taskName || task.id;
  const monitor = listLink(kind.runs, task.id);

  // a refusal: the HTTP layer has shown why
  const { run: trigger, busy } = useBusyAction(() => kind.triggerJob({ id: task.id }), {
    onDone: (answer) => {
      setResult(answer);
      setOpen(true);
      onChanged?.();
    },
  });

  const run = async () => {
    const ok = await confirm({
      title: t('automation.run.confirmTitle'),
      description: t('automation.run.confirm', { name }),
    });
    if (!ok) return;
    await trigger();
  };

  return (
    <>
      <Button variant="link" size="xs" data-action="task-run-now" loading={busy} onClick={() => void run()}>
        {busy ? null : <Play aria-hidden />}
        {t('automation.run.action')}
      </Button>
      <RunResultDialog
        taskName={name}
        result={result}
        open={open}
        onOpenChange={setOpen}
        {...(monitor
          ? {
              onMonitor: () => {
                setOpen(false);
                void navigate(monitor);
              },
            }
          : {})}
      />
    </>
  );
}
