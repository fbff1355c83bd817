import { isApiError, schedulerJobGetCronIntervalStatus, type UpdateCronResult } from '@smart/api-sdk';
import { Button, SimpleDialog, toast } from '@smart/ui';
import { TriangleAlert } from 'lucide-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TaskKind } from '../automation-entities';
import { CronEditor } from '../cron/CronEditor';
import { normaliseCron } from '../cron/presets';
import type { CronCheck } from '../cron/use-cron-check';

/** The task row fields the dialog reads (patterns.yaml: every task definition has them). */
export interface ScheduledTask {
  id: string;
  taskName?: string;
  cron?: string;
}

export interface ScheduleDialogProps {
  kind: Pick<TaskKind, 'jobGroup' | 'updateCron'>;
  task: ScheduledTask;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** After a save (the row's cron and next run time changed). */
  onSaved?: (result: UpdateCronResult) => void;
  /** Pause before the editor asks the server (tests and stories shorten it). */
  debounceMs?: number;
}

/**
 * "定时设置": the task's cron in the editor, saved through `<tag>UpdateCron`. The server refuses an expression that fires
 * more often than the task type allows with a 400 (dy_comm.yaml updateCron); the dialog then says so and offers to save
 * it anyway (`force: true`). An empty cron removes the schedule: the task then runs only by hand.
 */
export function ScheduleDialog({ kind, task, open, onOpenChange, onSaved, debounceMs }: ScheduleDialogProps) {
  const { t } = useTranslation();
  const [cron, setCron] = useState(task.cron ?? '');
  const [check, setCheck] = useState<CronCheck | undefined>();
  const [saving, setSaving] = useState(false);
  // the server's refusal of a too frequent cron, until the cron changes or the operator insists
  const [refusal, setRefusal] = useState<string | undefined>();

  // a new opening starts from the row's cron (the dialog stays mounted between openings)
  const [openedFor, setOpenedFor] = useState<string | undefined>();
  const opening = open ? `${task.id}:${task.cron ?? ''}` : undefined;
  if (opening !== openedFor) {
    setOpenedFor(opening);
    if (opening) {
      setCron(task.cron ?? '');
      setRefusal(undefined);
    }
  }

  const change = (next: string) => {
    setCron(next);
    setRefusal(undefined);
  };
  const onCheck = useCallback((next: CronCheck) => setCheck(next), []);

  const save = async (force: boolean) => {
    const expression = normaliseCron(cron);
    setSaving(true);
    try {
      const result = await kind.updateCron({ id: task.id, cron: expression, force }, { silent: true });
      if (result.cron) {
        toast.success(t('automation.schedule.saved'), {
          ...(result.nextRunTime
            ? { description: t('automation.schedule.next', { time: result.nextRunTime }) }
            : {}),
        });
      } else toast.success(t('automation.schedule.cleared'));
      onOpenChange(false);
      onSaved?.(result);
    } catch (error) {
      if (!isApiError(error) || error.code === 401) return; // a 401 has logged out already
      if (!force && error.code === 400 && expression && (await tooFrequent(expression))) {
        setRefusal(error.message);
        return;
      }
      toast.error(error.message);
    } finally {
      setSaving(false);
    }
  };

  /** Whether the server refused the cron for its interval (and not for its syntax or the task's state). */
  const tooFrequent = async (expression: string) => {
    try {
      const verdict = await schedulerJobGetCronIntervalStatus(
        { cronExpression: expression, jobGroup: kind.jobGroup },
        { silent: true },
      );
      return verdict.status === 'TOO_FREQUENT';
    } catch {
      return false;
    }
  };

  const broken = check?.verdict?.status === 'INVALID' || check?.verdict?.status === 'NEVER_FIRES';
  return (
    <SimpleDialog
      open={open}
      onOpenChange={onOpenChange}
      width={560}
      title={t('automation.schedule.title', { name: task.taskName ?? task.id })}
      footer={
        <>
          <Button onClick={() => onOpenChange(false)}>{t('automation.schedule.cancel')}</Button>
          {refusal ? (
            <Button variant="destructive" loading={saving} onClick={() => void save(true)}>
              {t('automation.schedule.force')}
            </Button>
          ) : (
            <Button variant="primary" loading={saving} disabled={broken} onClick={() => void save(false)}>
              {t('automation.schedule.save')}
            </Button>
          )}
        </>
      }
    >
      <div className="grid gap-4">
        <CronEditor
          value={cron}
          onChange={change}
          jobGroup={kind.jobGroup}
          onCheck={onCheck}
          disabled={saving}
          {...(debounceMs !== undefined ? { debounceMs } : {})}
        />
        {refusal ? (
          <div
            role="alert"
            data-slot="schedule-refusal"
            className="grid gap-1 rounded-md border border-warning/50 bg-warning/10 p-3 text-sm"
          >
            <p className="flex items-center gap-1.5 font-medium text-warning">
              <TriangleAlert aria-hidden className="size-4" />
              {t('automation.schedule.forceTitle')}
            </p>
            <p>{refusal}</p>
            <p className="text-muted-foreground">{t('automation.schedule.forceHint')}</p>
          </div>
        ) : null}
      </div>
    </SimpleDialog>
  );
}
