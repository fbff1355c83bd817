// The Douyin comment task page as the console shows it: the generic entity page with this feature's row actions,
// against the contract's in-memory backend and handlers of updateCron, triggerJob and the scheduler's cron checks.
import type { TriggerJobResult, UpdateCronRequest } from '@smart/api-sdk';
import { dyCommEntity } from '@smart/api-sdk/entities';
import { envelope, errorResponse } from '@smart/api-sdk/mocks';
import { memoryBackend } from '@smart/crud/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { commentTask } from '../fixtures';
import { cronServer, fireTimes } from '../test-server';
import { renderEntityPage, setupMswServer } from '../test-utils';

const FREQUENT = '0 0/5 * * * ?';
const cron = cronServer({ '0 0 9,14,20 * * ?': 300, [FREQUENT]: 5, '0 0 10 * * ?': 1440 });
const tasks = memoryBackend(dyCommEntity, [commentTask()]);
let saves: UpdateCronRequest[] = [];
let triggers: unknown[] = [];
let triggerAnswer: TriggerJobResult;
let trendQueries: URLSearchParams[] = [];

setupMswServer(
  ...tasks.handlers,
  ...cron.handlers,
  http.post('*/api/smart-dyComm/dy_comm/updateCron', async ({ request }) => {
    const body = (await request.json()) as UpdateCronRequest;
    saves.push(body);
    // dy_comm.yaml updateCron: a too frequent cron is refused unless forced
    if (body.cron === FREQUENT && !body.force) {
      return errorResponse(400, '执行间隔过短：最小间隔5分钟，评论任务至少30分钟');
    }
    return HttpResponse.json(
      envelope({
        id: body.id,
        cron: body.cron,
        intervalStatus: body.cron ? (body.cron === FREQUENT ? 'TOO_FREQUENT' : 'OK') : '',
        minIntervalSeconds: body.cron === FREQUENT ? 300 : 0,
        nextRunTime: body.cron ? '2026-11-22 10:05:00' : '',
        nextTimes: body.cron ? fireTimes(5, 5) : [],
      }),
    );
  }),
  http.get('*/api/smart-desk/dashboard/task-trends', ({ request }) => {
    const q = new URL(request.url).searchParams;
    trendQueries.push(q);
    const days = Number(q.get('days'));
    return HttpResponse.json(
      envelope({
        from: '2026-11-01',
        to: '2026-11-22',
        days: Array.from({ length: days }, (_, i) => ({
          date: `2026-11-${String(23 - days + i).padStart(2, '0')}`,
          runs: i === days - 1 ? 4 : 1,
          runsSucceeded: i === days - 1 ? 2 : 1,
          runsFailed: i === days - 1 ? 1 : 0,
          actions: 3,
          actionsFailed: i === days - 1 ? 2 : 0,
        })),
      }),
    );
  }),
  http.post('*/api/smart-dyComm/dy_comm/triggerJob', async ({ request }) => {
    triggers.push(await request.json());
    return HttpResponse.json(envelope(triggerAnswer));
  }),
);

beforeEach(() => {
  tasks.reset();
  saves = [];
  triggers = [];
  trendQueries = [];
  triggerAnswer = {
    taskId: '4001',
    triggerTime: '2026-11-22 10:31:00',
    runs: [
      { runId: '5001', arrId: '3001', runStatus: 'WAITING', errorMsg: '' },
      { runId: '5002', arrId: '3002', runStatus: 'WAITING', errorMsg: '' },
      { runId: '5003', arrId: '3003', runStatus: 'SKIPPED', errorMsg: '算力不足' },
    ],
  };
});

async function taskRow() {
  await renderEntityPage('/dy/dy_comm');
  return (await screen.findByText('美妆评论')).closest('tr')!;
}

describe('the schedule dialog of a task row', () => {
  it('offers to save a too frequent cron anyway after the server refuses it, then saves it forced', async () => {
    const user = userEvent.setup();
    const row = await taskRow();
    // the engine's schedule fields are listed
    expect(within(row).getByText('2026-11-22 14:00:00')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: /定时设置/ }));
    const dialog = await screen.findByRole('dialog', { name: '定时设置 · 美妆评论' });
    const input = within(dialog).getByLabelText('Cron 表达式');
    expect(input).toHaveValue('0 0 9,14,20 * * ?');

    await user.clear(input);
    await user.type(input, FREQUENT);
    expect(
      await within(dialog).findByText(/^执行过于频繁：最小间隔 5 分钟，低于 30 分钟/),
    ).toBeInTheDocument();
    const listsBefore = tasks.calls.list.length;
    await user.click(within(dialog).getByRole('button', { name: '保存' }));

    const refusal = await within(dialog).findByRole('alert');
    expect(refusal).toHaveTextContent('执行间隔过短：最小间隔5分钟，评论任务至少30分钟');
    // the refusal is the dialog's to explain, not an error toast of the HTTP layer
    expect(screen.getAllByText('执行间隔过短：最小间隔5分钟，评论任务至少30分钟')).toHaveLength(1);
    expect(saves).toEqual([{ id: '4001', cron: FREQUENT, force: false }]);
    await user.click(within(dialog).getByRole('button', { name: '仍然保存' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(saves[1]).toEqual({ id: '4001', cron: FREQUENT, force: true });
    expect(await screen.findByText('定时已保存')).toBeInTheDocument();
    expect(screen.getByText('下次执行：2026-11-22 10:05:00')).toBeInTheDocument();
    // the row's schedule changed: the list is asked again
    await waitFor(() => expect(tasks.calls.list.length).toBe(listsBefore + 1));
  });

  it('saves an acceptable cron at once, and a changed cron drops the offer to force', async () => {
    const user = userEvent.setup();
    const row = await taskRow();
    await user.click(within(row).getByRole('button', { name: /定时设置/ }));
    const dialog = await screen.findByRole('dialog');
    const input = within(dialog).getByLabelText('Cron 表达式');
    await user.clear(input);
    await user.type(input, FREQUENT);
    await within(dialog).findByText(/^执行过于频繁/);
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    await within(dialog).findByRole('button', { name: '仍然保存' });

    await user.clear(input);
    await user.type(input, '0 0 10 * * ?');
    expect(within(dialog).queryByRole('button', { name: '仍然保存' })).not.toBeInTheDocument();
    await within(dialog).findByText('最小间隔 1 天');
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(saves.at(-1)).toEqual({ id: '4001', cron: '0 0 10 * * ?', force: false });
  });

  it('removes the schedule with an empty cron', async () => {
    const user = userEvent.setup();
    const row = await taskRow();
    await user.click(within(row).getByRole('button', { name: /定时设置/ }));
    const dialog = await screen.findByRole('dialog');
    await user.clear(within(dialog).getByLabelText('Cron 表达式'));
    expect(within(dialog).getByText('不定时：任务只在手动执行时运行')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await screen.findByText('已取消定时，任务只在手动执行时运行')).toBeInTheDocument();
    expect(saves).toEqual([{ id: '4001', cron: '', force: false }]);
  });
});

describe('run now on a task row', () => {
  it('fires the task after a confirmation, shows the runs by outcome and leads to them', async () => {
    const user = userEvent.setup();
    const row = await taskRow();
    await user.click(within(row).getByRole('button', { name: /立即执行/ }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent('立即执行「美妆评论」？');
    expect(triggers).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: '确定' }));

    const result = await screen.findByRole('dialog', { name: '已触发 · 美妆评论' });
    expect(triggers).toEqual([{ id: '4001' }]);
    const summary = result.querySelector('[data-slot="run-summary"]')!;
    expect([...summary.querySelectorAll('dt')].map((dt) => dt.textContent)).toEqual([
      '已启动',
      '已跳过',
      '启动失败',
    ]);
    expect([...summary.querySelectorAll('dd')].map((dd) => dd.textContent)).toEqual(['2', '1', '0']);
    expect(within(result).getByText('账号 3003: 算力不足')).toBeInTheDocument();
    await user.click(within(result).getByRole('button', { name: '查看运行记录' }));
    expect(screen.getByTestId('href')).toHaveTextContent('/dy/dy_comm_log_group?commId_equal=4001');
  });

  it('does nothing when the confirmation is cancelled', async () => {
    const user = userEvent.setup();
    const row = await taskRow();
    await user.click(within(row).getByRole('button', { name: /立即执行/ }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(triggers).toEqual([]);
  });

  it('says so when the task has no unit to run', async () => {
    triggerAnswer = { taskId: '4001', triggerTime: '2026-11-22 10:31:00', runs: [] };
    const user = userEvent.setup();
    const row = await taskRow();
    await user.click(within(row).getByRole('button', { name: /立即执行/ }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: '确定' }));
    const result = await screen.findByRole('dialog');
    expect(within(result).getByText(/没有可执行的账号/)).toBeInTheDocument();
    expect(within(result).queryByRole('button', { name: '查看运行记录' })).not.toBeInTheDocument();
  });
});

describe('the statistics of a task row', () => {
  it("shows the task's runs and actions of the last 14 days, and of another period when asked", async () => {
    const user = userEvent.setup();
    const row = await taskRow();
    await user.click(within(row).getByRole('button', { name: /运行统计/ }));
    const dialog = await screen.findByRole('dialog', { name: '运行统计 · 美妆评论' });
    const totals = await within(dialog).findByText('运行次数');
    const tiles = totals.closest('dl')!;
    // 13 days of one run and a last day of 4; 3 actions a day; 2 failed actions on the last day
    expect([...tiles.querySelectorAll('dd')].map((dd) => dd.textContent)).toEqual(['17', '1', '42', '2']);
    expect(trendQueries.map((q) => Object.fromEntries(q))).toEqual([
      { taskType: 'dy_comm', taskId: '4001', days: '14' },
    ]);
    // the charts' figures are also tables, for screen readers
    expect(within(dialog).getByRole('table', { name: '每日运行' })).toBeInTheDocument();
    expect(within(dialog).getByRole('table', { name: '每日动作' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('combobox', { name: '统计范围' }));
    await user.click(await screen.findByRole('option', { name: '近 7 天' }));
    await waitFor(() =>
      expect([...tiles.querySelectorAll('dd')].map((dd) => dd.textContent)).toEqual(['10', '1', '21', '2']),
    );
    expect(trendQueries.at(-1)?.get('days')).toBe('7');
  });
});

describe('the task row actions and the permission the contract names', () => {
  it('are not offered to an operator without the task edit button (x-entity.actions)', async () => {
    await renderEntityPage('/dy/dy_comm', {}, (code) => code !== 'dy_comm_edit');
    const row = (await screen.findByText('美妆评论')).closest('tr')!;
    expect(within(row).queryByRole('button', { name: /定时设置/ })).not.toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /立即执行/ })).not.toBeInTheDocument();
    // the statistics are a read: whoever sees the row may open them
    expect(within(row).getByRole('button', { name: /运行统计/ })).toBeInTheDocument();
  });
});
