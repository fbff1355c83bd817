import { expect, test } from '@playwright/test';
import { axeViolations } from './a11y-helper';
import { choose } from './crud-helper';
import { loginAsAdmin } from './login-helper';

// Scheduled jobs, declared in the contract (x-entity scheduler_job) and served by the scheduler's module: the
// generic page adds a job whose form starts from the contract's defaults, the server plans its next firing, a cron
// that does not parse is refused with the server's reason and changes nothing, and the job is deleted.
test('the administrator schedules a job, sees its next firing, and a bad cron is refused', async ({
  page,
}) => {
  await loginAsAdmin(page);
  await page.goto('/rpa/scheduler_job');
  const main = page.getByTestId('page');
  const table = main.getByRole('table');
  await expect(table).toBeVisible();

  const name = `e2e-job-${Date.now() % 1_000_000_000}`;
  await main.getByRole('button', { name: '新增' }).click();
  const dialog = page.getByRole('dialog');
  // the contract's defaults: misfire "do nothing", concurrency forbidden, the job running
  await expect(dialog.getByLabel('错过策略', { exact: true })).not.toHaveText(/请选择/);
  await expect(dialog.getByLabel('任务状态', { exact: true })).not.toHaveText(/请选择/);
  await dialog.getByLabel('任务名称').fill(name);
  await choose(page, dialog, '任务分组', '系统');
  await dialog.getByLabel('调用目标').fill("systemTask.cleanup('e2e')");
  // 03:00 on 1 January: planned, but never due while the test runs
  await dialog.getByLabel('Cron 表达式').fill('0 0 3 1 1 ?');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('新增成功')).toBeVisible();
  await expect(dialog).toBeHidden();

  const search = page.getByRole('search');
  await search.getByLabel('任务名称').fill(name);
  await search.getByRole('button', { name: '搜索' }).click();
  await expect(table.getByRole('row')).toHaveCount(2);
  const row = table.getByRole('row', { name: new RegExp(name) });
  // (crons read China time, DateTime is the server's local time: 03:00 in Shanghai is 19:00 on a UTC server)
  await expect(row).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:00:00/);
  expect(await axeViolations(page)).toEqual([]);

  // a cron that does not parse: the server's reason, the dialog stays open, the job keeps its cron
  await row.getByRole('button', { name: '编辑' }).click();
  await expect(dialog.getByLabel('Cron 表达式')).toHaveValue('0 0 3 1 1 ?');
  await dialog.getByLabel('Cron 表达式').fill('0 0 25 * * ?');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText(/Cron 表达式无效/)).toBeVisible();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('0 0 3 1 1 ?');

  await row.getByRole('button', { name: '删除' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('删除成功')).toBeVisible();
  await expect(table.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
});
