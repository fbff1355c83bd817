import { expect, test } from '@playwright/test';
import { api, tokenFor } from './api-helper';
import { runNow } from './crud-helper';
import { loginAsAdmin } from './login-helper';

// Stopping a run and running it again from the run monitor, against the reference server and its simulated Yingdao
// (ENGINE_SANDBOX, as `npm start` has it; apps/server/src/engine/README.md "Stopping and retrying a run"). The unit's
// robot is the sandbox's offline one, so a run waits in Yingdao's queue for as long as the test needs (a running
// robot's run is over in seconds, and is stopped in apps/server/src/engine/runs/run-control.test.ts).

test('a queued run is stopped from the run monitor, and retried as a new run', async ({ page, request }) => {
  test.slow();
  const stamp = Date.now() % 100_000_000;
  const unit = `停止账号${stamp}`;
  const task = `停止任务${stamp}`;
  const robot = 'sim-offline@sandbox';
  const token = await tokenFor(request, 'admin', 'admin');
  await api(request, token, 'POST', 'smart-dy/dy_arr/submit', { arrName: unit, robotAccount: robot });
  const units = await api<{ records: { id: string }[] }>(
    request,
    token,
    'GET',
    `smart-dy/dy_arr/list?arrName=${encodeURIComponent(unit)}`,
  );
  await api(request, token, 'POST', 'smart-dy/dy_browse/submit', {
    taskName: task,
    arrIds: units.records[0]!.id,
    robotUuid: 'sandbox-app-dy_browse',
    browseMode: 1,
    browseCount: 5,
    powerPerRun: 1,
  });

  await loginAsAdmin(page);
  await runNow(page, '/dy/dy_browse', task);
  await expect(page).toHaveURL(/\/dy\/dy_browe_log_group\?/);
  const runs = page.getByRole('row', { name: new RegExp(task) });
  await expect(runs).toHaveCount(1);
  const first = runs.first();
  await expect(first.getByText('排队中', { exact: true })).toBeVisible();
  // a run in progress offers a stop, not a retry
  await expect(first.getByRole('button', { name: '重试' })).toHaveCount(0);

  // 停止, confirmed: Yingdao is told and cancels the job no robot took; its callback ends the run
  await first.getByRole('button', { name: '停止' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText(`停止「${task}」在 ${robot} 上的运行？`);
  await confirm.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('已通知影刀停止，状态稍后更新')).toBeVisible();
  await expect(first.getByText('已取消', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(first.getByRole('button', { name: '停止' })).toHaveCount(0);

  // 重试: a new run of the task on the same unit, triggered as a retry; the cancelled run stays as it was
  await first.getByRole('button', { name: '重试' }).click();
  await expect(page.getByText('已重新启动一次运行')).toBeVisible();
  await expect(runs).toHaveCount(2);
  const retried = runs.filter({ hasText: '排队中' });
  await expect(retried).toHaveCount(1);
  await expect(retried.locator('[data-column="triggerType"]')).toHaveText('重试');
  const cancelled = runs.filter({ hasText: '已取消' });
  await expect(cancelled).toHaveCount(1);
  // a run is retried once: the server refuses the second, and says why
  await cancelled.getByRole('button', { name: '重试' }).click();
  await expect(page.getByText('该运行已重试')).toBeVisible();
  await expect(runs).toHaveCount(2);

  // the new run is stopped as well, so that no job is left in the queue
  await retried.getByRole('button', { name: '停止' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: '确定' }).click();
  await expect(runs.filter({ hasText: '已取消' })).toHaveCount(2, { timeout: 30_000 });
});
