// "停止" and "重试" on the Douyin comment runs page (RunActions.tsx): on which rows, for whom, what they send and
// what the operator is told, against the contract's in-memory backend and handlers of the log group's stop and retry.
import type { StopRunResult, TriggerJobResult } from '@smart/api-sdk';
import { dyCommLogGroupEntity } from '@smart/api-sdk/entities';
import { envelope, errorResponse } from '@smart/api-sdk/mocks';
import { memoryBackend } from '@smart/crud/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { commentRun } from '../fixtures';
import { renderEntityPage, setupMswServer } from '../test-utils';

const RUNS = () => [
  commentRun('5001', 'RUNNING', { robotAccount: 'robot-run' }),
  commentRun('5002', 'FAILED', { robotAccount: 'robot-failed', errorMsg: '机器人离线' }),
  commentRun('5003', 'SUCCESS', { robotAccount: 'robot-done' }),
  commentRun('5004', 'STOPPING', { robotAccount: 'robot-stopping' }),
];
const runs = memoryBackend(dyCommLogGroupEntity, RUNS());
let stops: string[] = [];
let retries: string[] = [];
let stopAnswer: StopRunResult | undefined;
let retryAnswer: TriggerJobResult | undefined;

setupMswServer(
  ...runs.handlers,
  http.post('*/api/smart-dyComm/dy_comm_log_group/stop', ({ request }) => {
    const id = new URL(request.url).searchParams.get('id') ?? '';
    stops.push(id);
    if (!stopAnswer) return errorResponse(400, '运行已结束，无法停止');
    runs.reset(RUNS().map((r) => (r.id === id ? { ...r, runStatus: stopAnswer!.runStatus } : r)));
    return HttpResponse.json(envelope(stopAnswer));
  }),
  http.post('*/api/smart-dyComm/dy_comm_log_group/retry', ({ request }) => {
    retries.push(new URL(request.url).searchParams.get('id') ?? '');
    return HttpResponse.json(envelope(retryAnswer));
  }),
);

beforeEach(() => {
  runs.reset();
  stops = [];
  retries = [];
  stopAnswer = { runId: '5001', runStatus: 'STOPPING' };
  retryAnswer = {
    taskId: '4001',
    triggerTime: '2026-11-22 11:00:00',
    runs: [{ runId: '5101', arrId: '3001', runStatus: 'WAITING', errorMsg: '' }],
  };
});

const rowOf = async (robot: string) => (await screen.findByText(robot)).closest('tr')!;
const button = (row: HTMLElement, name: RegExp) => within(row).queryByRole('button', { name });

describe('the run row actions', () => {
  it('offer 停止 on a run in progress and 重试 on a failed one, nothing on a finished or stopping one', async () => {
    await renderEntityPage('/dy/dy_comm_log_group');
    const running = await rowOf('robot-run');
    expect(button(running, /停止/)).toBeInTheDocument();
    expect(button(running, /重试/)).not.toBeInTheDocument();
    const failed = await rowOf('robot-failed');
    expect(button(failed, /重试/)).toBeInTheDocument();
    expect(button(failed, /停止/)).not.toBeInTheDocument();
    for (const robot of ['robot-done', 'robot-stopping']) {
      const row = await rowOf(robot);
      expect(button(row, /停止|重试/), robot).not.toBeInTheDocument();
      // the way to the action logs stays on every row
      expect(button(row, /操作日志/), robot).toBeInTheDocument();
    }
  });

  it('stops a run after a confirmation, and lists the rows again', async () => {
    const user = userEvent.setup();
    await renderEntityPage('/dy/dy_comm_log_group');
    const running = await rowOf('robot-run');

    // a confirmation that names the run; cancelling it sends nothing
    await user.click(button(running, /停止/)!);
    let confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent('停止「美妆评论」在 robot-run 上的运行？');
    await user.click(within(confirm).getByRole('button', { name: '取消' }));
    expect(stops).toEqual([]);

    await user.click(button(running, /停止/)!);
    confirm = await screen.findByRole('alertdialog');
    await user.click(within(confirm).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(stops).toEqual(['5001']));
    expect(await screen.findByText('已通知影刀停止，状态稍后更新')).toBeInTheDocument();
    // the list is asked again: the run is stopping, and offers nothing any more
    const stopping = await waitFor(async () => {
      const row = await rowOf('robot-run');
      expect(within(row).getByText('停止中')).toBeInTheDocument();
      return row;
    });
    expect(button(stopping, /停止/)).not.toBeInTheDocument();
  });

  it('says so when a run without a job was cancelled at once; a refused stop leaves the row as it was', async () => {
    const user = userEvent.setup();
    stopAnswer = { runId: '5001', runStatus: 'CANCELLED' };
    await renderEntityPage('/dy/dy_comm_log_group');
    await user.click(button(await rowOf('robot-run'), /停止/)!);
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('运行已取消')).toBeInTheDocument();

    stopAnswer = undefined;
    runs.reset();
    await waitFor(async () => expect(button(await rowOf('robot-run'), /停止/)).toBeInTheDocument());
    await user.click(button(await rowOf('robot-run'), /停止/)!);
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(stops).toHaveLength(2));
    // the HTTP layer's error toast says why (the shell's); the row stays as it was, its button ready again
    const row = await rowOf('robot-run');
    expect(within(row).getByText('运行中')).toBeInTheDocument();
    await waitFor(() => expect(button(row, /停止/)).toBeEnabled());
  });

  it('retries a failed run and tells how the new run went', async () => {
    const user = userEvent.setup();
    await renderEntityPage('/dy/dy_comm_log_group');
    await user.click(button(await rowOf('robot-failed'), /重试/)!);
    await waitFor(() => expect(retries).toEqual(['5002']));
    expect(await screen.findByText('已重新启动一次运行')).toBeInTheDocument();

    // the new run met what any run meets: skipped, with the reason
    retryAnswer = {
      taskId: '4001',
      triggerTime: '2026-11-22 11:01:00',
      runs: [{ runId: '5102', arrId: '3001', runStatus: 'SKIPPED', errorMsg: '算力不足，需要 2' }],
    };
    await user.click(button(await rowOf('robot-failed'), /重试/)!);
    expect(await screen.findByText('新的运行已跳过：算力不足，需要 2')).toBeInTheDocument();
    expect(retries).toEqual(['5002', '5002']);
  });

  it('are not offered to an operator without the run page edit button (x-entity.actions)', async () => {
    await renderEntityPage('/dy/dy_comm_log_group', {}, (code) => code !== 'dy_comm_log_group_edit');
    for (const robot of ['robot-run', 'robot-failed']) {
      const row = await rowOf(robot);
      expect(button(row, /停止|重试/), robot).not.toBeInTheDocument();
      expect(button(row, /操作日志/), robot).toBeInTheDocument();
    }
  });
});
