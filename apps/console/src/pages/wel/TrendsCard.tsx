import { dashboardTrends, type DashboardDay } from '@smart/api-sdk';
import {
  Button,
  Card,
  CardAction,
  CardContent,
  CardHeader,
  CardTitle,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
  Skeleton,
} from '@smart/ui';
import { TrendChart, type TrendSeries } from '@smart/ui/chart';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../../i18n/page-texts';

/** The periods an operator picks from (the contract allows 7 to 90 days). */
export const TREND_PERIODS = [7, 14, 30, 90] as const;

/** A day `2026-11-27` on the axis: `11-27`. */
const shortDay = (date: string) => date.slice(5);

/** A day of the answer, with the runs that did not fail (the stack's lower part). */
type TrendRow = DashboardDay & { runsDone: number };
type TrendKey = 'runs' | 'actions' | 'powerSpent' | 'orders' | 'paidAmount';

/**
 * The three charts: what each draws (series labels are catalogue keys) and the figure its heading totals. Runs are
 * stacked bars (failed apart) with the actions as a line, power an area, orders bars with the amount paid as a line.
 */
const panels: {
  id: string;
  title: string;
  total: TrendKey;
  wide?: boolean;
  series: TrendSeries<TrendRow>[];
}[] = [
  {
    id: 'trend-runs',
    title: 'dashboard.trends.runs',
    total: 'runs',
    wide: true,
    series: [
      { key: 'runsDone', label: 'dashboard.trends.runsDone', type: 'bar', stack: 'runs' },
      {
        key: 'runsFailed',
        label: 'dashboard.trends.runsFailed',
        type: 'bar',
        stack: 'runs',
        colour: 'destructive',
      },
      { key: 'actions', label: 'dashboard.trends.actions', type: 'line', axis: 'right', colour: 'success' },
    ],
  },
  {
    id: 'trend-power',
    title: 'dashboard.trends.power',
    total: 'powerSpent',
    series: [{ key: 'powerSpent', label: 'dashboard.trends.powerSpent', type: 'area' }],
  },
  {
    id: 'trend-orders',
    title: 'dashboard.trends.orders',
    total: 'paidAmount',
    series: [
      { key: 'orders', label: 'dashboard.trends.orderCount', type: 'bar', colour: 'muted' },
      {
        key: 'paidAmount',
        label: 'dashboard.trends.paidAmount',
        type: 'line',
        axis: 'right',
        colour: 'warning',
      },
    ],
  },
];

/**
 * The dashboard's trends (`dashboard/trends`): task runs (failed apart) with the actions done, compute power spent,
 * orders with the amount paid, per day over the chosen period. Loaded apart from the dashboard (it brings the
 * charting library), so the figures above it show first.
 */
export default function TrendsCard() {
  const { t, i18n } = useTranslation();
  const [days, setDays] = useState<number>(14);
  const trends = useQuery({
    queryKey: ['wel-trends', days],
    queryFn: ({ signal }) => dashboardTrends({ days }, { silent: true }, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
  const rows = useMemo<TrendRow[]>(
    () =>
      (trends.data?.days ?? []).map((d) => ({
        ...d,
        runsDone: d.runs - d.runsFailed,
      })),
    [trends.data],
  );
  const number = (v: number, digits = 0) =>
    v.toLocaleString(i18n.language === 'en' ? 'en-US' : 'zh-CN', {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
  const sum = (k: TrendKey) => rows.reduce((n, r) => n + r[k], 0);
  const money = (key: string) => key === 'paidAmount';
  const formatValue = (v: number, key: string) => number(v, money(key) ? 2 : 0);

  return (
    <Card data-testid="trends">
      <CardHeader>
        <CardTitle>{t('dashboard.trends.title')}</CardTitle>
        <CardAction>
          <Select value={String(days)} onValueChange={(v) => setDays(Number(v))}>
            <SelectTrigger size="sm" className="w-auto min-w-32" aria-label={t('dashboard.trends.range')}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {TREND_PERIODS.map((p) => (
                <SelectItem key={p} value={String(p)}>
                  {t('dashboard.trends.lastDays', { count: p })}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </CardAction>
      </CardHeader>
      <CardContent>
        {trends.isPending ? (
          <Skeleton className="h-64 w-full" />
        ) : trends.isError ? (
          <div className="flex items-center gap-3 text-sm text-muted-foreground" role="alert">
            {t('dashboard.trends.failed')}
            <Button size="sm" variant="outline" onClick={() => void trends.refetch()}>
              {t('dashboard.trends.retry')}
            </Button>
          </div>
        ) : (
          <div className="grid gap-6 lg:grid-cols-2" aria-busy={trends.isFetching}>
            {panels.map((panel) => (
              <section
                key={panel.id}
                className={panel.wide ? 'lg:col-span-2' : undefined}
                data-testid={panel.id}
              >
                <h3 className="mb-1 flex items-baseline justify-between gap-3 text-sm font-medium">
                  {t(panel.title)}
                  <span
                    className="text-xs font-normal text-muted-foreground"
                    data-testid={`${panel.id}-total`}
                  >
                    {t('dashboard.trends.total', {
                      value: number(sum(panel.total), money(panel.total) ? 2 : 0),
                    })}
                  </span>
                </h3>
                <TrendChart
                  title={t(panel.title)}
                  data={rows}
                  xKey="date"
                  formatX={shortDay}
                  formatValue={formatValue}
                  {...(panel.wide ? {} : { height: 200 })}
                  series={panel.series.map(({ label, ...series }) => ({ ...series, label: t(label) }))}
                />
              </section>
            ))}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
