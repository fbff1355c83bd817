// @smart/ui/chart: the kit's charts, apart from the main entry so that only pages drawing charts load Recharts.
export { TrendChart, type ChartColour, type TrendChartProps, type TrendSeries } from './trend-chart';
