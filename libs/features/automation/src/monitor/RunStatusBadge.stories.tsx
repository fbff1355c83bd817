// Every run state as the monitor shows it, and a run's counts.
import { RunStatus } from '@smart/api-sdk';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { withAutomationShell } from '../story-shell';
import { RunCounts } from './RunCounts';
import { RunStatusBadge } from './RunStatusBadge';

const meta = {
  title: 'Features/Automation/RunStatusBadge',
  component: RunStatusBadge,
  decorators: [withAutomationShell],
  args: { status: 'RUNNING' },
} satisfies Meta<typeof RunStatusBadge>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Running: Story = {};

/** Queued and running ones move; success green, failures red, the rest grey. */
export const AllStates: Story = {
  render: () => (
    <div className="flex flex-wrap gap-2">
      {Object.values(RunStatus).map((status) => (
        <RunStatusBadge key={status} status={status} />
      ))}
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('运行中').closest('[data-slot="badge"]')).toHaveAttribute(
      'data-tone',
      'running',
    );
    await expect(canvas.getByText('成功').closest('[data-slot="badge"]')).toHaveAttribute(
      'data-variant',
      'success',
    );
    await expect(canvas.getByText('启动失败').closest('[data-slot="badge"]')).toHaveAttribute(
      'data-tone',
      'failed',
    );
    await expect(canvas.getByText('已跳过').closest('[data-slot="badge"]')).toHaveAttribute(
      'data-tone',
      'idle',
    );
  },
};

/** Succeeded / failed / skipped, read out with the planned count. */
export const Counts: Story = {
  render: () => <RunCounts row={{ plannedCount: 30, successCount: 27, failCount: 2, skipCount: 1 }} />,
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('[data-slot="run-counts-figures"]')).toHaveTextContent(
      '27 / 2 / 1',
    );
  },
};
