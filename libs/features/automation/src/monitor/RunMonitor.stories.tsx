// A run log group's page as the console shows it (the generic entity page with the run monitor extension), against
// the contract's in-memory backend: runs in progress move on by themselves while the page polls.
import { dyCommLogGroupEntity } from '@smart/api-sdk/entities';
import type { EntityManifest } from '@smart/api-sdk/manifest';
import { entityPagesFeature } from '@smart/crud';
import { memoryBackend } from '@smart/crud/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import type { ComponentType } from 'react';
import { expect, waitFor, within } from 'storybook/test';
import { commentRun } from '../fixtures';
import { feature } from '../index';
import { withAutomationShell } from '../story-shell';

const runs = memoryBackend(dyCommLogGroupEntity, [
  commentRun('5001', 'RUNNING'),
  commentRun('5002', 'WAITING'),
  commentRun('5003', 'SUCCESS'),
  commentRun('5004', 'FAILED', { errorMsg: '机器人离线', successCount: 3, failCount: 0, skipCount: 0 }),
  commentRun('5005', 'SKIPPED', { errorMsg: '算力不足', successCount: 0, failCount: 0, skipCount: 0 }),
]);

// the page as the console resolves its menu path: the generic one, extended by this feature
const pages = entityPagesFeature(
  { '/dy/dy_comm_log_group': async () => dyCommLogGroupEntity as unknown as EntityManifest },
  [feature],
);
let Page: ComponentType = () => null;

function Monitor() {
  return <Page />;
}

const meta = {
  title: 'Features/Automation/RunMonitor',
  component: Monitor,
  parameters: { layout: 'padded', msw: { handlers: runs.handlers } },
  decorators: [withAutomationShell],
  loaders: [
    async () => {
      Page = (await pages.resolve!('/dy/dy_comm_log_group')!.load()).default;
      return {};
    },
  ],
  beforeEach: () => runs.reset(),
} satisfies Meta<typeof Monitor>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Two runs in progress: the list is asked again every 2 s; once they end, it stops. */
export const Polling: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('机器人离线', {}, { timeout: 5000 });
    runs.reset([
      commentRun('5001', 'SUCCESS'),
      commentRun('5002', 'SUCCESS'),
      commentRun('5003', 'SUCCESS'),
      commentRun('5004', 'FAILED', { errorMsg: '机器人离线' }),
    ]);
    await waitFor(() => expect(canvas.queryByText('运行中')).toBeNull(), { timeout: 5000 });
    await waitFor(() => expect(runs.calls.list.length).toBe(1));
  },
};
