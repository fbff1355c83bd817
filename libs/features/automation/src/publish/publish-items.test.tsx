// The Douyin publish items page as the console shows it after "run now": the generic entity page, against the
// contract's in-memory backend, following the items live while a robot publishes them.
import { dyArrEntity, dyPublishEntity, dyPublishTaskEntity } from '@smart/api-sdk/entities';
import { envelope } from '@smart/api-sdk/mocks';
import { memoryBackend } from '@smart/crud/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { publishItem } from '../fixtures';
import { MONITOR_INTERVAL_MS } from '../monitor/run-status';
import { renderEntityPage, setupMswServer } from '../test-utils';
import { publishRefetch, publishTone, safeLink } from './publish-status';

const items = memoryBackend(dyPublishTaskEntity, [publishItem('1', 1), publishItem('2', 0)]);
// the plan and account columns name their rows (x-entity refs)
const plans = memoryBackend(dyPublishEntity, [{ id: '4201', taskName: '露营发布' } as never]);
const accounts = memoryBackend(dyArrEntity, [{ id: '3001', arrName: '山野户外' } as never]);
// retry as the server does it: failed and cancelled items back to pending (contract dy_publish_task retry)
let retried: string[] = [];
const retryHandler = http.post('*/api/smart-dyPublish/dy_publish_task/retry', ({ request }) => {
  const ids = new URL(request.url).searchParams.get('ids')!.split(',');
  retried.push(...ids);
  return HttpResponse.json(envelope({ retried: ids.length }));
});
setupMswServer(...items.handlers, ...plans.handlers, ...accounts.handlers, retryHandler);
beforeEach(() => {
  items.reset();
  retried = [];
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const badge = (text: string) => screen.getByText(text).closest('[data-slot="badge"]');

describe('the publish items page', () => {
  it('follows an item from submitted to published, then stops asking; the post is a link', async () => {
    await renderEntityPage('/dy/dy_publish_task', { publishId_equal: '4201' });
    const first = (await screen.findByText('露营视频1')).closest('tr')!;
    await waitFor(() => expect(first).toHaveTextContent('露营发布'));
    expect(first).toHaveTextContent('山野户外');
    expect(badge('已提交')).toHaveAttribute('data-tone', 'queued');
    expect(badge('待发布')).toHaveAttribute('data-tone', 'idle');
    expect(items.calls.list[0]?.get('publishId_equal')).toBe('4201');

    items.reset([publishItem('1', 2), publishItem('2', 0)]);
    await waitFor(() => expect(items.calls.list).toHaveLength(1), { timeout: MONITOR_INTERVAL_MS + 2000 });
    await screen.findByText('发布中');
    expect(badge('发布中')).toHaveAttribute('data-tone', 'running');

    items.reset([publishItem('1', 3), publishItem('2', 0)]);
    await waitFor(() => expect(items.calls.list).toHaveLength(1), { timeout: MONITOR_INTERVAL_MS + 2000 });
    const done = (await screen.findByText('成功')).closest('tr')!;
    const link = within(done).getByRole('link', { name: /douyin\.com\/video/ });
    expect(link).toHaveAttribute('href', 'https://www.douyin.com/video/7280854932641661');
    expect(link).toHaveAttribute('rel', 'noreferrer noopener');
    // nothing on screen is on its way any more: no more requests
    await sleep(MONITOR_INTERVAL_MS + 500);
    expect(items.calls.list).toHaveLength(1);
  }, 20_000);

  it('shows a reported link only when it is http(s)', async () => {
    items.reset([publishItem('1', 3, { publishedUrl: 'javascript:alert(1)' })]);
    await renderEntityPage('/dy/dy_publish_task');
    await screen.findByText('成功');
    expect(screen.queryByRole('link', { name: /javascript/ })).not.toBeInTheDocument();
    expect(safeLink('https://www.xiaohongshu.com/explore/1')).toBe('https://www.xiaohongshu.com/explore/1');
    expect(safeLink('data:text/html,x')).toBeUndefined();
    expect(safeLink('not a url')).toBeUndefined();
  });

  it('publishes a failed item again from its row, and only failed or cancelled rows offer it', async () => {
    const user = userEvent.setup();
    items.reset([publishItem('1', 4), publishItem('2', 3), publishItem('3', 5)]);
    await renderEntityPage('/dy/dy_publish_task');
    const failed = (await screen.findByText('露营视频1')).closest('tr')!;
    expect(within(failed).getByText('verify: 提交后未在作品列表找到该作品')).toBeInTheDocument();
    const published = screen.getByText('露营视频2').closest('tr')!;
    expect(within(published).queryByRole('button', { name: /重新发布/ })).not.toBeInTheDocument();
    expect(
      within(screen.getByText('露营视频3').closest('tr')!).getByRole('button', { name: /重新发布/ }),
    ).toBeInTheDocument();
    await user.click(within(failed).getByRole('button', { name: /重新发布/ }));
    await screen.findByText('1 条已重新加入待发布');
    expect(retried).toEqual(['1']);
  });

  it('polls only while an item is submitted or publishing', () => {
    expect(publishRefetch([{ publishStatus: 3 }, { publishStatus: 2 }])).toBe(MONITOR_INTERVAL_MS);
    expect(publishRefetch([{ publishStatus: 1 }])).toBe(MONITOR_INTERVAL_MS);
    expect(publishRefetch([0, 3, 4, 5].map((publishStatus) => ({ publishStatus })))).toBe(false);
    expect([0, 1, 2, 3, 4, 5].map(publishTone)).toEqual([
      'idle',
      'queued',
      'running',
      'success',
      'failed',
      'idle',
    ]);
  });
});
