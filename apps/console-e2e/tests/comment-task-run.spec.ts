import { expect, test } from '@playwright/test';
import { api, tokenFor } from './api-helper';
import { addRow, choose, runNow } from './crud-helper';
import { downloadOf, templateWorkbook } from './excel-helper';
import { loginAsAdmin } from './login-helper';

// The product's purpose, end to end against the reference server and its simulated Yingdao (ENGINE_SANDBOX, as
// `npm start` has it): an operator creates a comment account and a comment task, imports its links and switches one
// off, adds more from an Excel sheet, presses "run now", and watches the simulated robot run it — the run ends in success on the enabled links
// only, its action logs appear, the customer's compute power goes down by one per comment, and the task's statistics
// count the run and its comments.

test('a comment task created in the console runs on the simulated robot, logs its comments and spends power', async ({
  page,
  request,
}, testInfo) => {
  // a whole flow of six pages and a robot run: 30 s alone, past the default minute on a loaded machine
  test.slow();
  const stamp = Date.now() % 100_000_000;
  const unit = `模拟账号${stamp}`;
  const task = `评论任务${stamp}`;
  const token = await tokenFor(request, 'admin', 'admin');
  const powerBefore = (await api<{ power: number }>(request, token, 'GET', 'smart-user/info')).power;

  await loginAsAdmin(page);
  await addRow(page, '/dy/dy_comm_arr', async (dialog) => {
    await dialog.getByLabel('名称', { exact: true }).fill(unit);
    await dialog.getByLabel('影刀机器人账号').fill('sim-02@sandbox');
  });
  await addRow(page, '/dy/dy_comm', async (dialog) => {
    await dialog.getByLabel('任务名称').fill(task);
    await choose(page, dialog, '执行账号', unit);
    await page.keyboard.press('Escape');
    await dialog.getByLabel('影刀应用UUID').fill('sandbox-app');
    await choose(page, dialog, '目标来源', '链接列表');
    await choose(page, dialog, '评论方式', 'AI 评论');
    await dialog.getByLabel('单次评论数').fill('2');
    await dialog.getByLabel('单条消耗算力').fill('1');
  });
  // The links: imported one a line (a repeat and a line that is no link among them), then one switched off.
  // Douyin item ids are 19 digits (the server checks the shape)
  const link = (n: number) =>
    `https://www.douyin.com/video/728085493264${String(stamp).padStart(6, '0').slice(-6)}${n}`;
  await page.goto('/dy/dy_comm_url');
  await page.getByRole('button', { name: '导入' }).click();
  const importing = page.getByRole('dialog', { name: '导入链接' });
  await importing.getByRole('combobox', { name: '评论任务' }).click();
  await page.getByRole('option', { name: task, exact: true }).click();
  await importing
    .getByLabel('链接（每行一个）')
    .fill([link(1), link(2), link(1), 'not a link', link(3)].join('\n'));
  await importing.getByRole('button', { name: '导入 4 行' }).click();
  // the refused line is named by its line of the paste
  await expect(importing.getByText('第 4 行（not a link）：', { exact: false })).toBeVisible();
  await expect(importing.locator('[data-slot="import-summary"] dd').first()).toHaveText('3');
  await importing.getByRole('button', { name: '完成' }).click();

  // More links from an Excel sheet filled in from the template: a new one with its sort, and a repeat.
  await page.getByRole('button', { name: '导入' }).click();
  await importing.getByRole('combobox', { name: '评论任务' }).click();
  await page.getByRole('option', { name: task, exact: true }).click();
  await importing.getByRole('tab', { name: 'Excel 文件' }).click();
  const template = await downloadOf(
    page,
    importing.getByRole('button', { name: '下载模板' }),
    '链接导入模板.xlsx',
  );
  const book = await templateWorkbook(template);
  const sheet = book.worksheets[0]!;
  expect(sheet.getRow(1).values).toEqual([undefined, '链接', '排序']);
  sheet.spliceRows(2, sheet.rowCount);
  sheet.addRow([link(4), 9]);
  sheet.addRow([link(1), null]);
  const file = testInfo.outputPath('links.xlsx');
  await book.xlsx.writeFile(file);
  await importing.getByLabel('Excel 文件（.xlsx）').setInputFiles(file);
  await expect(importing.getByText('已读取「links.xlsx」：2 行可导入')).toBeVisible();
  await importing.getByRole('button', { name: '导入 2 行' }).click();
  await expect(importing.locator('[data-slot="import-summary"] dd')).toHaveText(['1', '1', '0']);
  await importing.getByRole('button', { name: '完成' }).click();
  const off = page.getByRole('switch', { name: `启用 ${link(3)}` });
  await expect(off).toBeChecked();
  await off.click();
  await expect(off).not.toBeChecked();

  // Run now: one unit, one run started.
  await runNow(page, '/dy/dy_comm', task);

  // The run monitor, filtered by the task, follows the run until it succeeds.
  await expect(page).toHaveURL(/\/dy\/dy_comm_log_group\?/);
  const run = page.getByRole('row', { name: new RegExp(task) });
  await expect(run).toHaveCount(1);
  await expect(run.getByText('成功', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(run).toContainText('2 / 0 / 0');

  // Its action logs: the two comments the robot posted with AI texts.
  await run.getByText('操作日志').click();
  await expect(page).toHaveURL(/\/dy\/dy_comm_log\?groupId_equal=/);
  const logs = page.getByRole('table').getByRole('row');
  await expect(logs).toHaveCount(3); // header + 2
  await expect(page.getByRole('table')).toContainText(unit);

  // One power per comment, each a row of the ledger.
  const powerAfter = (await api<{ power: number }>(request, token, 'GET', 'smart-user/info')).power;
  expect(powerBefore - powerAfter).toBe(2);

  // The task's statistics: today one run, succeeded, with its two comments.
  await page.goto('/dy/dy_comm');
  await page
    .getByRole('row', { name: new RegExp(task) })
    .getByRole('button', { name: '运行统计' })
    .click();
  const stats = page.getByRole('dialog', { name: `运行统计 · ${task}` });
  await expect(stats.locator('[data-slot="task-trend-totals"] dd')).toHaveText(['1', '0', '2', '0']);
  // today's row of the runs chart's table: succeeded, failed, other
  const runsTable = stats.getByRole('table', { name: '每日运行' });
  await expect(runsTable.getByRole('row').last().getByRole('cell')).toHaveText(['1', '0', '0']);
});
