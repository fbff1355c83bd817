// The Douyin live task page: the task actions every task has, and "解析链接", which follows the pasted share link to
// its live room (dy_live getExpandUrl) and saves the room on the task (dy_live update).
import { dyLiveEntity } from '@smart/api-sdk/entities';
import { envelope, errorResponse } from '@smart/api-sdk/mocks';
import { memoryBackend } from '@smart/crud/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { liveTask } from '../fixtures';
import { renderEntityPage, setupMswServer } from '../test-utils';

const tasks = memoryBackend(dyLiveEntity, [liveTask()]);
let asked: unknown[] = [];
let answer: Response | undefined;

setupMswServer(
  ...tasks.handlers,
  http.post('*/api/smart-dy_live/dy_live/getExpandUrl', async ({ request }) => {
    asked.push(await request.json());
    return (
      answer ??
      HttpResponse.json(
        envelope({
          url: 'https://v.douyin.com/abcDEF1/',
          expandUrl: 'https://live.douyin.com/123456789012',
          webRid: '123456789012',
          roomId: '7301234567890123456',
        }),
      )
    );
  }),
);

beforeEach(() => {
  tasks.reset();
  asked = [];
  answer = undefined;
});

async function taskRow() {
  await renderEntityPage('/dy/dy_live');
  return (await screen.findByText('老王直播间')).closest('tr')!;
}

describe('a live task row', () => {
  it('has the task actions and resolves the pasted link to the room, saved on the task', async () => {
    const user = userEvent.setup();
    const row = await taskRow();
    expect(within(row).getByRole('button', { name: /定时设置/ })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: /立即执行/ })).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: /解析链接/ }));
    await waitFor(() => expect(tasks.rows()[0]!.expandUrl).toBe('https://live.douyin.com/123456789012'));
    expect(asked).toEqual([{ url: '8- 长按复制此条消息 https://v.douyin.com/abcDEF1/' }]);
    expect(tasks.rows()[0]).toMatchObject({ webRid: '123456789012', roomId: '7301234567890123456' });
    expect(await screen.findByText('已解析直播间：https://live.douyin.com/123456789012')).toBeInTheDocument();
  });

  it('leaves the task as it was when the link leads to no live room', async () => {
    const user = userEvent.setup();
    answer = errorResponse(400, '链接不是抖音直播间');
    const row = await taskRow();
    await user.click(within(row).getByRole('button', { name: /解析链接/ }));
    // the refusal is the HTTP layer's toast; nothing is written
    await waitFor(() => expect(asked).toHaveLength(1));
    await waitFor(() => expect(within(row).getByRole('button', { name: /解析链接/ })).toBeEnabled());
    expect(tasks.rows()[0]!.expandUrl).toBe('');
    expect(tasks.calls.submit).toEqual([]);
  });

  it('is offered only to whoever may edit the task', async () => {
    await renderEntityPage('/dy/dy_live', {}, (code) => code !== 'dy_live_edit');
    const row = (await screen.findByText('老王直播间')).closest('tr')!;
    expect(within(row).queryByRole('button', { name: /解析链接/ })).not.toBeInTheDocument();
    expect(within(row).getByRole('button', { name: /运行统计/ })).toBeInTheDocument();
  });
});
