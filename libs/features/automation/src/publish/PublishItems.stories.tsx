// The publish items page as the console shows it after "run now" (the generic entity page with the publish item
// extension), against the contract's in-memory backend: items on their way move on while the page polls, the post
// becomes a link, and a failed item is published again from its row.
import { dyArrEntity, dyPublishEntity, dyPublishTaskEntity } from '@smart/api-sdk/entities';
import type { EntityManifest } from '@smart/api-sdk/manifest';
import { envelope } from '@smart/api-sdk/mocks';
import { entityPagesFeature } from '@smart/crud';
import { memoryBackend } from '@smart/crud/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import type { ComponentType } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { publishItem } from '../fixtures';
import { feature } from '../index';
import { withAutomationShell } from '../story-shell';

const initial = [
  publishItem('1', 2),
  publishItem('2', 1),
  publishItem('3', 4),
  publishItem('4', 0, { scheduleTime: '2026-11-23 20:00:00' }),
];
const items = memoryBackend(dyPublishTaskEntity, initial);
const plans = memoryBackend(dyPublishEntity, [{ id: '4201', taskName: '露营发布' } as never]);
const accounts = memoryBackend(dyArrEntity, [{ id: '3001', arrName: '山野户外' } as never]);
const retry = http.post('*/api/smart-dyPublish/dy_publish_task/retry', ({ request }) => {
  const ids = new URL(request.url).searchParams.get('ids')!.split(',');
  return HttpResponse.json(envelope({ retried: ids.length }));
});

const pages = entityPagesFeature(
  { '/dy/dy_publish_task': async () => dyPublishTaskEntity as unknown as EntityManifest },
  [feature],
);
let Page: ComponentType = () => null;

function PublishItems() {
  return <Page />;
}

const meta = {
  title: 'Features/Automation/PublishItems',
  component: PublishItems,
  parameters: {
    layout: 'padded',
    msw: { handlers: [...items.handlers, ...plans.handlers, ...accounts.handlers, retry] },
  },
  decorators: [withAutomationShell],
  loaders: [
    async () => {
      Page = (await pages.resolve!('/dy/dy_publish_task')!.load()).default;
      return {};
    },
  ],
  beforeEach: () => items.reset(initial),
} satisfies Meta<typeof PublishItems>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Two items on their way: the list is asked again every 2 s until both are published, then stops. */
export const Publishing: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('发布中', {}, { timeout: 5000 });
    items.reset([
      publishItem('1', 3),
      publishItem('2', 3),
      publishItem('3', 4),
      publishItem('4', 0, { scheduleTime: '2026-11-23 20:00:00' }),
    ]);
    await waitFor(() => expect(canvas.getAllByRole('link', { name: /douyin\.com\/video/ })).toHaveLength(2), {
      timeout: 5000,
    });
    await waitFor(() => expect(items.calls.list.length).toBe(1));
  },
};

/** A failed item shows its step and reason, and 重新发布 puts it back to pending. */
export const Retry: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const row = (await canvas.findByText('露营视频3', {}, { timeout: 5000 })).closest('tr')!;
    await expect(within(row).getByText('verify: 提交后未在作品列表找到该作品')).toBeVisible();
    await userEvent.click(within(row).getByRole('button', { name: /重新发布/ }));
    // (the toast is found as it slides in, before it is fully visible)
    await expect(
      await within(canvasElement.ownerDocument.body).findByText('1 条已重新加入待发布'),
    ).toBeInTheDocument();
  },
};
