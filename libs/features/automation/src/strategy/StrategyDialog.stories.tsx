// The control strategy's editor against MSW: `detailByUser` answering a stored strategy, `updateByUser` refusing a
// shortest pause above the longest as the reference server does (xsh-comm-control-strategy.module.ts), and the
// tenant's customers to pick among (yd_user/list).
import type { XshCommControlStrategy, XshCommControlStrategyByUser } from '@smart/api-sdk';
import { envelope, errorResponse } from '@smart/api-sdk/mocks';
import { Button } from '@smart/ui';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { withAutomationShell } from '../story-shell';
import { StrategyDialog } from './StrategyDialog';

const BASE = '*/api/smart-xshComm/xsh_comm_control_strategy';
const saved: XshCommControlStrategyByUser[] = [];
const stored = {
  id: '1790000000000010037',
  tenantId: '000000',
  ydUserId: '1123598821738675201',
  dailyMaxPerAccount: 30,
  hourlyMaxPerAccount: 8,
  perNoteMax: 1,
  minIntervalSec: 90,
  maxIntervalSec: 300,
  activeStartTime: '09:00',
  activeEndTime: '23:00',
  dedupeDays: 30,
  aiEnabled: 1,
  aiFallbackToPool: 1,
  pictureRate: 10,
  likeBeforeComment: 1,
  maxConsecutiveFail: 3,
  cooldownMinutes: 120,
  sensitiveWords: '微信,加V',
  minNoteLikes: 20,
  createUser: '1123598821738675201',
  createDept: '1123598813738675201',
  createTime: '2026-11-22 10:30:00',
  updateUser: '1123598821738675201',
  updateTime: '2026-11-22 10:30:00',
  status: 1,
  isDeleted: 0,
} as XshCommControlStrategy;

const handlers = [
  http.get(`${BASE}/detailByUser`, () => HttpResponse.json(envelope(stored))),
  http.post(`${BASE}/updateByUser`, async ({ request }) => {
    const body = (await request.json()) as XshCommControlStrategyByUser;
    saved.push(body);
    if ((body.minIntervalSec ?? 0) > (body.maxIntervalSec ?? 0))
      return errorResponse(400, '最短间隔不能大于最长间隔');
    return HttpResponse.json(envelope({ ...stored, ...body }));
  }),
  http.get('*/api/smart-yingdao/yd_user/list', () =>
    HttpResponse.json(
      envelope({
        records: [{ id: '1790000000000000001', tenantId: '000000', account: 'shop01', nickname: '美妆小店' }],
        total: 1,
        size: 1000,
        current: 1,
        pages: 1,
      }),
    ),
  ),
];

function Demo() {
  const [open, setOpen] = useState(true);
  return (
    <>
      <Button onClick={() => setOpen(true)}>风控策略</Button>
      <StrategyDialog open={open} onOpenChange={setOpen} />
    </>
  );
}

const meta = {
  title: 'Features/Automation/StrategyDialog',
  component: Demo,
  parameters: { msw: { handlers } },
  decorators: [withAutomationShell],
  beforeEach: () => {
    saved.length = 0;
  },
} satisfies Meta<typeof Demo>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The signed-in user's strategy, a cap lowered, saved whole. */
export const Saves: Story = {
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: '风控策略' });
    const daily = within(dialog).getByLabelText('单号每日上限');
    await waitFor(() => expect(daily).toHaveValue('30'));
    await userEvent.clear(daily);
    await userEvent.type(daily, '3');
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    await expect(saved[0]).toMatchObject({ dailyMaxPerAccount: 3, hourlyMaxPerAccount: 8, aiEnabled: 1 });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  },
};

/** A value out of the contract's bounds is named under its field, and nothing is sent. */
export const Checks: Story = {
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: '风控策略' });
    const hourly = within(dialog).getByLabelText('单号每小时上限');
    await waitFor(() => expect(hourly).toHaveValue('8'));
    await userEvent.clear(hourly);
    await userEvent.type(hourly, '5000');
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await expect(await within(dialog).findByText('单号每小时上限须在 1 到 1000 之间')).toBeInTheDocument();
    await expect(saved).toEqual([]);
  },
};
