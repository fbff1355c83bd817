// A task row's actions against MSW: "立即执行" confirms, fires `dy_comm/triggerJob` and shows the runs it started,
// with the way to the run monitor; "定时设置" opens the schedule dialog (ScheduleDialog.stories.tsx).
import type { TriggerJobResult } from '@smart/api-sdk';
import { envelope } from '@smart/api-sdk/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, screen, within } from 'storybook/test';
import { TASK_KINDS } from '../automation-entities';
import { withAutomationShell } from '../story-shell';
import { cronServer } from '../test-server';
import { TaskActions } from './TaskActions';

const answer: TriggerJobResult = {
  taskId: '4001',
  triggerTime: '2026-11-22 10:31:00',
  runs: [
    { runId: '5001', arrId: '3001', runStatus: 'WAITING', errorMsg: '' },
    { runId: '5002', arrId: '3002', runStatus: 'WAITING', errorMsg: '' },
    { runId: '5003', arrId: '3003', runStatus: 'SKIPPED', errorMsg: '不在执行时间段内（09:00–22:00）' },
    { runId: '5004', arrId: '3004', runStatus: 'START_FAILED', errorMsg: '影刀机器人不存在或已离线' },
  ],
};

const meta = {
  title: 'Features/Automation/TaskActions',
  component: TaskActions,
  parameters: {
    msw: {
      handlers: [
        ...cronServer({ '0 0 9,14,20 * * ?': 300 }).handlers,
        http.post('*/api/smart-dyComm/dy_comm/triggerJob', () => HttpResponse.json(envelope(answer))),
      ],
    },
  },
  decorators: [withAutomationShell],
  args: { kind: TASK_KINDS.dy_comm, task: { id: '4001', taskName: '美妆评论', cron: '0 0 9,14,20 * * ?' } },
} satisfies Meta<typeof TaskActions>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Run now: confirm, then 2 started, 1 skipped and 1 failed to start, each with its reason; then to the runs. */
export const RunNow: Story = {
  play: async ({ canvasElement, userEvent }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: '立即执行' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: '确定' }),
    );
    const result = await screen.findByRole('dialog', { name: '已触发 · 美妆评论' }, { timeout: 5000 });
    await expect(within(result).getByText(/影刀机器人不存在或已离线/)).toBeInTheDocument();
    await userEvent.click(within(result).getByRole('button', { name: '查看运行记录' }));
    await expect(canvas.getByTestId('href')).toHaveTextContent('/dy/dy_comm_log_group?commId_equal=4001');
  },
};
