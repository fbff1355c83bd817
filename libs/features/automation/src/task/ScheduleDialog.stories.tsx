// The schedule dialog of a Douyin comment task against MSW: the scheduler's checks and `dy_comm/updateCron`, which
// refuses a too frequent cron unless forced (dy_comm.yaml updateCron).
import type { UpdateCronRequest } from '@smart/api-sdk';
import { envelope, errorResponse } from '@smart/api-sdk/mocks';
import { Button } from '@smart/ui';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { expect, screen, waitFor, within } from 'storybook/test';
import { TASK_KINDS } from '../automation-entities';
import { withAutomationShell } from '../story-shell';
import { cronServer, fireTimes } from '../test-server';
import { ScheduleDialog } from './ScheduleDialog';

const FREQUENT = '0 0/5 * * * ?';
const cron = cronServer({ '0 0 9,14,20 * * ?': 300, [FREQUENT]: 5 });
const saves: UpdateCronRequest[] = [];
const updateCron = http.post('*/api/smart-dyComm/dy_comm/updateCron', async ({ request }) => {
  const body = (await request.json()) as UpdateCronRequest;
  saves.push(body);
  if (body.cron === FREQUENT && !body.force)
    return errorResponse(400, '执行间隔过短：最小间隔5分钟，评论任务至少30分钟');
  return HttpResponse.json(
    envelope({
      id: body.id,
      cron: body.cron,
      intervalStatus: body.cron === FREQUENT ? 'TOO_FREQUENT' : body.cron ? 'OK' : '',
      minIntervalSeconds: body.cron === FREQUENT ? 300 : 18000,
      nextRunTime: body.cron ? '2026-11-22 14:00:00' : '',
      nextTimes: body.cron ? fireTimes(5, 300) : [],
    }),
  );
});

function Demo({ cron: initial }: { cron: string }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <Button onClick={() => setOpen(true)}>定时设置</Button>
      <ScheduleDialog
        kind={TASK_KINDS.dy_comm}
        task={{ id: '4001', taskName: '美妆评论', cron: initial }}
        open={open}
        onOpenChange={setOpen}
        debounceMs={100}
      />
    </>
  );
}

const meta = {
  title: 'Features/Automation/ScheduleDialog',
  component: Demo,
  parameters: { msw: { handlers: [...cron.handlers, updateCron] } },
  decorators: [withAutomationShell],
  beforeEach: () => {
    saves.length = 0;
  },
  args: { cron: '0 0 9,14,20 * * ?' },
} satisfies Meta<typeof Demo>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The task's cron with its verdict and next fire times. */
export const Open: Story = {
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: '定时设置 · 美妆评论' });
    await expect(
      await within(dialog).findByText('最小间隔 5 小时', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
  },
};

/** Every 5 minutes: the server refuses, the dialog offers to save anyway, and the forced save goes through. */
export const SaveAnyway: Story = {
  args: { cron: FREQUENT },
  play: async ({ userEvent }) => {
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText(/执行过于频繁/, {}, { timeout: 5000 });
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await expect(await within(dialog).findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent(
      '执行间隔过短',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: '仍然保存' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 5000 });
    await expect(saves.map((s) => s.force)).toEqual([false, true]);
  },
};
