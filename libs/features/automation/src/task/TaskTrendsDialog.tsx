import { dashboardTaskTrends, type TaskTrendDay } from '@smart/api-sdk';
import {
  Button,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
  SimpleDialog,
  Skeleton,
} from '@smart/ui';
import { TrendChart, type TrendSeries } from '@smart/ui/chart';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TaskEntityName } from '../names';
import { CountTile } from '../count-tile';

/** The periods an operator picks from (the contract allows 7 to 90 days). */
export const TASK_TREND_PERIODS = [7, 14, 30, 90] as const;

/** A day of the answer with the runs neither succeeded nor failed (skipped, stopped, cancelled, on their way). */
type Row = TaskTrendDay & { runsOther: number };

const RUN_SERIES: TrendSeries<Row>[] = [
  {
    key: 'runsSucceeded',
    label: 'automation.trends.runsSucceeded',
    type: 'bar',
    stack: 'runs',
    colour: 'success',
  },
  {
    key: 'runsFailed',
    label: 'automation.trends.runsFailed',
    type: 'bar',
    stack: 'runs',
    colour: 'destructive',
  },
  { key: 'runsOther', label: 'automation.trends.runsOther', type: 'bar', stack: 'runs', colour: 'muted' },
];
const ACTION_SERIES: TrendSeries<Row>[] = [
  { key: 'actions', label: 'automation.trends.actions', type: 'bar', stack: 'actions', colour: 'success' },
  {
    key: 'actionsFailed',
    label: 'automation.trends.actionsFailed',
    type: 'bar',
    stack: 'actions',
    colour: 'destructive',
  },
];

export interface TaskTrendsDialogProps {
  taskType: TaskEntityName;
  taskId: string;
  taskName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * "运行统计" of a task row: its runs per day (succeeded, failed, the rest) and the actions its robots reported in them
 * (done, failed), over a chosen period (`dashboard/task-trends`). Loaded apart from the page, as it brings the
 * charting library.
 */
export default function TaskTrendsDialog({
  taskType,
  taskId,
  taskName,
  open,
  onOpenChange,
}: TaskTrendsDialogProps) {
  const { t, i18n } = useTranslation();
  const [days, setDays] = useState<number>(14);
  const trends = useQuery({
    queryKey: ['task-trends', taskType, taskId, days],
    queryFn: ({ signal }) => dashboardTaskTrends({ taskType, taskId, days }, { silent: true }, signal),
    placeholderData: keepPreviousData,
    enabled: open,
    staleTime: 30_000,
  });
  const rows = useMemo<Row[]>(
    () =>
      (trends.data?.days ?? []).map((d) => ({
        ...d,
        runsOther: Math.max(0, d.runs - d.runsSucceeded - d.runsFailed),
      })),
    [trends.data],
  );
  const sum = (k: keyof TaskTrendDay) => rows.reduce((n, r) => n + Number(r[k]), 0);
  const number = (v: number) => v.toLocaleString(i18n.language === 'en' ? 'en-US' : 'zh-CN');
  // a failure count is red only when there is one
  const failures = (n: number) => (n > 0 ? 'text-destructive' : '');
  const label = (series: TrendSeries<Row>[]) => series.map((s) => ({ ...s, label: t(s.label) }));

  return (
    <SimpleDialog
      open={open}
      onOpenChange={onOpenChange}
      width={760}
      title={t('automation.trends.title', { name: taskName })}
      footer={<Button onClick={() => onOpenChange(false)}>{t('automation.run.close')}</Button>}
    >
      <div className="grid gap-4" data-testid="task-trends">
        <Select value={String(days)} onValueChange={(v) => setDays(Number(v))}>
          <SelectTrigger
            size="sm"
            className="w-auto min-w-32 justify-self-start"
            aria-label={t('automation.trends.range')}
          >
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {TASK_TREND_PERIODS.map((p) => (
              <SelectItem key={p} value={String(p)}>
                {t('automation.trends.lastDays', { count: p })}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        {trends.isPending ? (
          <Skeleton className="h-64 w-full" />
        ) : trends.isError ? (
          <div className="flex items-center gap-3 text-sm text-muted-foreground" role="alert">
            {t('automation.trends.failed')}
            <Button size="sm" variant="outline" onClick={() => void trends.refetch()}>
              {t('automation.trends.retry')}
            </Button>
          </div>
        ) : (
          <div className="grid gap-4" aria-busy={trends.isFetching}>
            <dl data-slot="task-trend-totals" className="grid grid-cols-2 gap-2 text-center sm:grid-cols-4">
              <CountTile label={t('automation.trends.runs')} value={sum('runs')} className="" />
              <CountTile
                label={t('automation.trends.runsFailed')}
                value={sum('runsFailed')}
                className={failures(sum('runsFailed'))}
              />
              <CountTile
                label={t('automation.trends.actions')}
                value={sum('actions')}
                className="text-success"
              />
              <CountTile
                label={t('automation.trends.actionsFailed')}
                value={sum('actionsFailed')}
                className={failures(sum('actionsFailed'))}
              />
            </dl>
            <section data-testid="task-trend-runs">
              <h3 className="mb-1 text-sm font-medium">{t('automation.trends.runsTitle')}</h3>
              <TrendChart
                title={t('automation.trends.runsTitle')}
                data={rows}
                xKey="date"
                height={200}
                formatX={(d) => d.slice(5)}
                formatValue={number}
                series={label(RUN_SERIES)}
              />
            </section>
            <section data-testid="task-trend-actions">
              <h3 className="mb-1 text-sm font-medium">{t('automation.trends.actionsTitle')}</h3>
              <TrendChart
                title={t('automation.trends.actionsTitle')}
                data={rows}
                xKey="date"
                height={200}
                formatX={(d) => d.slice(5)}
                formatValue={number}
                series={label(ACTION_SERIES)}
              />
            </section>
          </div>
        )}
      </div>
    </SimpleDialog>
  );
}
