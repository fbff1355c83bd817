import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';

import { TrendChart } from './trend-chart';

interface Day {
  date: string;
  done: number;
  failed: number;
  actions: number;
  amount: number;
}

// A fortnight of made-up figures, enough to show stacking, a second axis and a gap
const days: Day[] = Array.from({ length: 14 }, (_, i) => ({
  date: `2026-11-${String(i + 14).padStart(2, '0')}`,
  done: [4, 6, 5, 8, 7, 0, 0, 9, 11, 10, 12, 9, 13, 15][i]!,
  failed: [1, 0, 2, 1, 0, 0, 0, 1, 3, 0, 1, 0, 2, 1][i]!,
  actions: [20, 31, 24, 40, 36, 0, 0, 47, 52, 55, 61, 44, 66, 72][i]!,
  amount: [0, 99, 0, 0, 198, 0, 0, 49.5, 0, 99, 0, 0, 297, 9.9][i]!,
}));

const meta = {
  title: 'Components/TrendChart',
  component: TrendChart<Day>,
  args: {
    title: 'Task runs',
    data: days,
    xKey: 'date',
    formatX: (d: string) => d.slice(5),
    series: [
      { key: 'done', label: 'Succeeded', type: 'bar', stack: 'runs' },
      { key: 'failed', label: 'Failed', type: 'bar', stack: 'runs', colour: 'destructive' },
      { key: 'actions', label: 'Actions', type: 'line', axis: 'right', colour: 'success' },
    ],
  },
  decorators: [
    (Story) => (
      <div className="max-w-3xl">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof TrendChart<Day>>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Stacked bars (runs, failed ones apart) with a line against a second axis; screen readers get the table. */
export const RunsAndActions: Story = {
  play: async ({ canvas, canvasElement }) => {
    const table = canvas.getByRole('table', { name: 'Task runs' });
    await expect(table.querySelectorAll('tbody tr')).toHaveLength(14);
    await expect(table.querySelector('tbody tr')).toHaveTextContent('11-144120');
    // the drawing: 14 days × 2 stacked series, days without runs draw no bar
    await waitFor(() =>
      expect(canvasElement.querySelectorAll('.recharts-bar-rectangle').length).toBeGreaterThanOrEqual(12),
    );
    await expect(canvasElement.querySelectorAll('.recharts-line')).toHaveLength(1);
  },
};

/** One amount over time, as an area with two decimals in the tooltip and the table. */
export const Amount: Story = {
  args: {
    title: 'Amount paid',
    height: 180,
    series: [{ key: 'amount', label: 'Amount (yuan)', type: 'area', colour: 'warning' }],
    formatValue: (v: number) => v.toFixed(2),
  },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('table', { name: 'Amount paid' })).toHaveTextContent('297.00');
    await waitFor(() => expect(canvasElement.querySelector('.recharts-area')).not.toBeNull());
  },
};

/** No days: the axes stay, the table says there is no data. */
export const Empty: Story = {
  args: { data: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('table', { name: 'Task runs' })).toHaveTextContent('暂无数据');
  },
};
