import { useId } from 'react';
import { Area, Bar, CartesianGrid, ComposedChart, Legend, Line, Tooltip, XAxis, YAxis } from 'recharts';
import { cn } from '../lib/utils';
import { useUiLocale } from '../locale/ui-locale';

/** A theme colour of the kit (src/styles/theme.css), so a chart follows the theme and dark mode. */
export type ChartColour = 'primary' | 'success' | 'destructive' | 'warning' | 'muted';

const COLOURS: Record<ChartColour, string> = {
  primary: 'var(--primary)',
  success: 'var(--success)',
  destructive: 'var(--destructive)',
  warning: 'var(--warning)',
  muted: 'var(--muted-foreground)',
};

export interface TrendSeries<T> {
  /** The field of a row holding the series' value. */
  key: keyof T & string;
  label: string;
  /** `bar` (counts), `line` (a rate or a second measure), `area` (an amount over time). */
  type: 'bar' | 'line' | 'area';
  colour?: ChartColour;
  /** `right` draws the series against a second axis (an amount beside counts). */
  axis?: 'left' | 'right';
  /** Bars with the same stack id are stacked. */
  stack?: string;
}

export interface TrendChartProps<T> {
  /** What the chart shows: its accessible name and the caption of its table. */
  title: string;
  data: readonly T[];
  /** The field of a row naming its point on the x axis (a day). */
  xKey: keyof T & string;
  series: readonly TrendSeries<T>[];
  height?: number;
  /** How an x value reads on the axis and in the tooltip (a day as `11-27`). */
  formatX?: (value: string) => string;
  /** How a value reads in the tooltip and the table. */
  formatValue?: (value: number, key: string) => string;
  className?: string;
}

/**
 * A chart of values over time (Recharts): bars, lines and areas over one x axis, with a second axis when a series
 * asks for it, in the theme's colours. Screen readers get the same figures as a table (visually hidden), so the
 * chart itself is only decoration to them. Import it from `@smart/ui/chart`, which only the pages drawing charts
 * load.
 */
export function TrendChart<T extends object>({
  title,
  data,
  xKey,
  series,
  height = 240,
  formatX = (v) => v,
  formatValue = (v) => v.toLocaleString(),
  className,
}: TrendChartProps<T>) {
  const { messages } = useUiLocale();
  const captionId = useId();
  const right = series.some((s) => s.axis === 'right');
  const rows = data as readonly Record<string, unknown>[];
  const colour = (s: TrendSeries<T>) => COLOURS[s.colour ?? 'primary'];
  return (
    <figure className={cn('grid gap-2', className)} aria-labelledby={captionId} data-slot="trend-chart">
      <div aria-hidden="true">
        <ComposedChart
          responsive
          // the table below is the accessible form; the drawing stays out of the tab order and the reading order
          accessibilityLayer={false}
          data={rows as Record<string, unknown>[]}
          style={{ width: '100%', height }}
          margin={{ top: 8, right: right ? 0 : 8, bottom: 0, left: -8 }}
        >
          <CartesianGrid vertical={false} stroke="var(--border)" strokeDasharray="3 3" />
          <XAxis
            dataKey={xKey as string}
            tickFormatter={(v: string) => formatX(String(v))}
            tick={{ fill: 'var(--muted-foreground)', fontSize: 12 }}
            tickLine={false}
            axisLine={{ stroke: 'var(--border)' }}
            minTickGap={12}
          />
          <YAxis
            yAxisId="left"
            allowDecimals={false}
            tick={{ fill: 'var(--muted-foreground)', fontSize: 12 }}
            tickLine={false}
            axisLine={false}
            width={48}
          />
          {right ? (
            <YAxis
              yAxisId="right"
              orientation="right"
              tick={{ fill: 'var(--muted-foreground)', fontSize: 12 }}
              tickLine={false}
              axisLine={false}
              width={56}
            />
          ) : null}
          <Tooltip
            labelFormatter={(v) => formatX(String(v))}
            formatter={(v, _name, item) => formatValue(Number(v), String(item.dataKey))}
            contentStyle={{
              background: 'var(--popover)',
              borderColor: 'var(--border)',
              color: 'var(--popover-foreground)',
              borderRadius: 6,
              fontSize: 12,
            }}
            cursor={{ fill: 'var(--accent)', opacity: 0.4 }}
          />
          {/* in the order the series are given, not sorted by name */}
          <Legend wrapperStyle={{ fontSize: 12 }} itemSorter={null} />
          {series.map((s) => {
            const common = {
              dataKey: s.key as string,
              name: s.label,
              yAxisId: s.axis ?? 'left',
              isAnimationActive: false,
            };
            if (s.type === 'bar')
              return (
                <Bar key={s.key} {...common} fill={colour(s)} stackId={s.stack} maxBarSize={28} radius={2} />
              );
            if (s.type === 'area')
              return (
                <Area
                  key={s.key}
                  {...common}
                  type="monotone"
                  stroke={colour(s)}
                  fill={colour(s)}
                  fillOpacity={0.15}
                />
              );
            return (
              <Line key={s.key} {...common} type="monotone" stroke={colour(s)} strokeWidth={2} dot={false} />
            );
          })}
        </ComposedChart>
      </div>
      <table className="sr-only">
        <caption id={captionId}>{title}</caption>
        <thead>
          <tr>
            <th scope="col">{messages.chartX}</th>
            {series.map((s) => (
              <th key={s.key} scope="col">
                {s.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={series.length + 1}>{messages.noData}</td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={String(row[xKey])}>
                <th scope="row">{formatX(String(row[xKey]))}</th>
                {series.map((s) => (
                  <td key={s.key}>{formatValue(Number(row[s.key] ?? 0), s.key)}</td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </figure>
  );
}
