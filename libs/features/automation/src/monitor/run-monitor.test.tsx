// The Douyin comment runs page as the console shows it: the generic entity page as a run monitor, against the
// contract's in-memory backend, opened as the "run now" result's link opens it (a tab query naming the task).
import { dyCommLogGroupEntity } from '@smart/api-sdk/entities';
import { memoryBackend } from '@smart/crud/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { commentRun } from '../fixtures';
import { renderEntityPage, setupMswServer } from '../test-utils';
import { MONITOR_INTERVAL_MS, monitorRefetch } from './run-status';

const runs = memoryBackend(dyCommLogGroupEntity, [
  commentRun('5001', 'SUCCESS'),
  commentRun('5002', 'FAILED', { errorMsg: '机器人离线', successCount: 3, failCount: 0, skipCount: 0 }),
  commentRun('5009', 'SKIPPED', { commId: '4002', taskName: '母婴评论' }),
]);
setupMswServer(...runs.handlers);
beforeEach(() => runs.reset());

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the run monitor', () => {
  it("opens filtered by the link's task, with states as badges and the counts in one cell", async () => {
    await renderEntityPage('/dy/dy_comm_log_group', { commId_equal: '4001' });
    const row = await rowOf('机器人离线');
    expect(within(row).getByText('失败').closest('[data-slot="badge"]')).toHaveAttribute(
      'data-tone',
      'failed',
    );
    // the filter is in the search bar, and the other task's run is not listed
    expect(runs.calls.list[0]?.get('commId_equal')).toBe('4001');
    // (a reference field: the task is picked by name, and shows its id while the tasks are not loaded)
    const filter = await within(screen.getByRole('search')).findByRole('combobox', { name: '评论任务' });
    await waitFor(() => expect(filter).toHaveTextContent(/4001|早间评论/));
    expect(screen.queryByText('母婴评论')).not.toBeInTheDocument();

    const done = screen
      .getAllByText('成功')
      .find((el) => el.closest('[data-slot="badge"]'))!
      .closest('tr')!;
    const counts = done.querySelector('[data-slot="run-counts"]')!;
    expect(counts.querySelector('[data-slot="run-counts-figures"]')).toHaveTextContent('27 / 2 / 1');
    expect(counts).toHaveTextContent('成功 27，失败 2，跳过 1，计划 30');
    expect(screen.getByRole('columnheader', { name: /成功 \/ 失败 \/ 跳过/ })).toBeInTheDocument();
    // the list was asked once: every run on screen is over
    await sleep(MONITOR_INTERVAL_MS + 500);
    expect(runs.calls.list).toHaveLength(1);
  });

  it('asks again every 2 s while a run on screen is in progress, and stops when all are over', async () => {
    runs.reset([commentRun('5001', 'RUNNING'), commentRun('5002', 'WAITING')]);
    await renderEntityPage('/dy/dy_comm_log_group');
    const running = await rowOf('运行中');
    expect(within(running).getByText('运行中').closest('[data-slot="badge"]')).toHaveAttribute(
      'data-tone',
      'running',
    );
    expect(screen.getByText('排队中').closest('[data-slot="badge"]')).toHaveAttribute('data-tone', 'queued');
    expect(running.querySelector('[data-slot="run-counts-figures"]')).toHaveTextContent('12 / 1 / 0');

    // the engine moves on: one run finishes, the other starts
    runs.reset([commentRun('5001', 'SUCCESS'), commentRun('5002', 'RUNNING')]);
    await waitFor(() => expect(runs.calls.list).toHaveLength(1), { timeout: MONITOR_INTERVAL_MS + 2000 });
    await screen.findByText('成功');
    // the refetch is quiet: same filters and page, no new search
    expect(runs.calls.list[0]?.get('current')).toBe('1');

    runs.reset([commentRun('5001', 'SUCCESS'), commentRun('5002', 'FAILED')]);
    await waitFor(() => expect(runs.calls.list).toHaveLength(1), { timeout: MONITOR_INTERVAL_MS + 2000 });
    await screen.findByText('失败');
    // every run on screen is over: no more requests
    await sleep(MONITOR_INTERVAL_MS + 500);
    expect(runs.calls.list).toHaveLength(1);
  }, 20_000);

  it("leads from a run to its action logs, filtered by the run's group", async () => {
    const user = userEvent.setup();
    await renderEntityPage('/dy/dy_comm_log_group');
    const row = await rowOf('机器人离线');
    await user.click(within(row).getByRole('button', { name: /操作日志/ }));
    expect(screen.getByTestId('href')).toHaveTextContent('/dy/dy_comm_log?groupId_equal=5002');
  });

  it('polls only while some row is in progress', () => {
    expect(monitorRefetch([{ runStatus: 'SUCCESS' }, { runStatus: 'STOPPING' }])).toBe(MONITOR_INTERVAL_MS);
    expect(monitorRefetch([{ runStatus: 'PENDING' }])).toBe(MONITOR_INTERVAL_MS);
    expect(
      monitorRefetch(
        ['SUCCESS', 'FAILED', 'STOPPED', 'CANCELLED', 'SKIPPED', 'START_FAILED', 'TIMEOUT'].map(
          (runStatus) => ({
            runStatus,
          }),
        ),
      ),
    ).toBe(false);
    expect(monitorRefetch([])).toBe(false);
  });
});
