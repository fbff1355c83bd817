import { dashboardTrends } from '@smart/api-sdk';
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
import { TrendChart } from '@smart/ui/chart';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import '../../i18n/page-texts';

/** The periods an operator picks from (the contract allows 7 to 90 days). */
export const TREND_PERIODS = [7, 14, 30, 90] as const;

/** A day `2026-11-27` on the axis: `11-27`. */
const shortDay = (date: string) => date.slice(5);

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
  const rows = useMemo(
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
  const sum = (k: 'runs' | 'actions' | 'powerSpent' | 'orders' | 'paidAmount') =>
    rows.reduce((n, r) => n + r[k], 0);
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
            <Panel
              className="lg:col-span-2"
              title={t('dashboard.trends.runs')}
              total={t('dashboard.trends.total', { value: number(sum('runs')) })}
              testId="trend-runs"
            >
              <TrendChart
                title={t('dashboard.trends.runs')}
                data={rows}
                xKey="date"
                formatX={shortDay}
                formatValue={formatValue}
                series={[
                  { key: 'runsDone', label: t('dashboard.trends.runsDone'), type: 'bar', stack: 'runs' },
                  {
                    key: 'runsFailed',
                    label: t('dashboard.trends.runsFailed'),
                    type: 'bar',
                    stack: 'runs',
                    colour: 'destructive',
                  },
                  {
                    key: 'actions',
                    label: t('dashboard.trends.actions'),
                    type: 'line',
                    axis: 'right',
                    colour: 'success',
                  },
                ]}
              />
            </Panel>
            <Panel
              title={t('dashboard.trends.power')}
              total={t('dashboard.trends.total', { value: number(sum('powerSpent')) })}
              testId="trend-power"
            >
              <TrendChart
                title={t('dashboard.trends.power')}
                data={rows}
                xKey="date"
                formatX={shortDay}
                formatValue={formatValue}
                height={200}
                series={[{ key: 'powerSpent', label: t('dashboard.trends.powerSpent'), type: 'area' }]}
              />
            </Panel>
            <Panel
              title={t('dashboard.trends.orders')}
              total={t('dashboard.trends.total', { value: number(sum('paidAmount'), 2) })}
              testId="trend-orders"
            >
              <TrendChart
                title={t('dashboard.trends.orders')}
                data={rows}
                xKey="date"
                formatX={shortDay}
                formatValue={formatValue}
                height={200}
                series={[
                  { key: 'orders', label: t('dashboard.trends.orderCount'), type: 'bar', colour: 'muted' },
                  {
                    key: 'paidAmount',
                    label: t('dashboard.trends.paidAmount'),
                    type: 'line',
                    axis: 'right',
                    colour: 'warning',
                  },
                ]}
              />
            </Panel>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function Panel({
  title,
  total,
  className,
  testId,
  children,
}: {
  title: string;
  total: string;
  className?: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <section className={className} data-testid={testId}>
      <h3 className="mb-1 flex items-baseline justify-between gap-3 text-sm font-medium">
        {title}
        <span className="text-xs font-normal text-muted-foreground" data-testid={`${testId}-total`}>
          {total}
        </span>
      </h3>
      {children}
    </section>
  );
}
