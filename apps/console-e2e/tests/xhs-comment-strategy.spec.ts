import { expect, test } from '@playwright/test';
import { api, tokenFor } from './api-helper';
import { addRow, choose, runNow } from './crud-helper';
import { loginAsAdmin } from './login-helper';

// The Xiaohongshu flagship, end to end against the reference server and its simulated Yingdao and Feishu (as
// `npm start` has them): an operator imports search keywords, runs a keyword comment task that uses the customer's
// control strategy, watches the simulated robot comment only as many times as the hourly cap allows, counts the
// logs per robot account and exports them to a (simulated) Feishu sheet, where the rows are.

test('a keyword comment task runs within the control strategy, its logs are counted and exported to Feishu', async ({
  page,
  request,
}) => {
  const stamp = Date.now() % 100_000_000;
  const unit = `小红书账号${stamp}`;
  const task = `关键词评论${stamp}`;
  const token = await tokenFor(request, 'admin', 'admin');
  // the customer's strategy: two comments an hour per unit (the task asks for five a run)
  const me = await api<{ id?: string; userId?: string }>(request, token, 'GET', 'smart-user/info');
  await api(request, token, 'POST', 'smart-xshComm/xsh_comm_control_strategy/submit', {
    ydUserId: String(me.id ?? me.userId),
    dailyMaxPerAccount: 20,
    hourlyMaxPerAccount: 2,
    perNoteMax: 1,
    aiEnabled: 1,
  });

  await loginAsAdmin(page);
  await addRow(page, '/xhs/xsh_comm_arr', async (dialog) => {
    await dialog.getByLabel('名称', { exact: true }).fill(unit);
    await dialog.getByLabel('影刀机器人账号').fill('sim-03@sandbox');
  });
  await addRow(page, '/xhs/xsh_comm', async (dialog) => {
    await dialog.getByLabel('任务名称').fill(task);
    await choose(page, dialog, '执行账号', unit);
    await page.keyboard.press('Escape');
    await dialog.getByLabel('影刀应用UUID').fill('sandbox-app');
    await choose(page, dialog, '目标来源', '关键词搜索');
    await choose(page, dialog, '评论方式', 'AI 评论');
    await dialog.getByLabel('单次评论数').fill('5');
    await choose(page, dialog, '使用控制策略', '是');
  });

  // The keywords: imported into the task's pool, one a line.
  await page.goto('/xhs/xsh_comm_keyword');
  await page.getByRole('button', { name: '导入' }).click();
  const importing = page.getByRole('dialog', { name: '导入关键词' });
  await importing.getByRole('combobox', { name: '评论任务' }).click();
  await page.getByRole('option', { name: task, exact: true }).click();
  await importing.getByLabel('关键词（每行一个）').fill(['早八通勤妆', '伪素颜', '露营装备'].join('\n'));
  await importing.getByRole('button', { name: '导入 3 行' }).click();
  await expect(importing.locator('[data-slot="import-summary"] dd').first()).toHaveText('3');
  await importing.getByRole('button', { name: '完成' }).click();

  // Run now: the run comments twice (the hourly cap), and says why.
  await runNow(page, '/xhs/xsh_comm', task);
  const run = page.getByRole('row', { name: new RegExp(task) });
  await expect(run.getByText('成功', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(run).toContainText('2 / 0 / 0');

  // The logs of today, per robot account.
  await page.goto('/xhs/xsh_comm_log');
  await page.getByRole('button', { name: '统计' }).click();
  const counting = page.getByRole('dialog', { name: '评论日志统计' });
  await counting.getByRole('button', { name: '统计' }).click();
  await expect(counting.getByRole('row', { name: /sim-03@sandbox/ })).toContainText('2');
  await page.keyboard.press('Escape');
  await expect(counting).toBeHidden();

  // Exported to a Feishu sheet; the simulated Feishu shows the rows.
  await page.getByRole('button', { name: '导出到飞书' }).click();
  const exporting = page.getByRole('dialog', { name: '导出评论日志到飞书表格' });
  await exporting.getByLabel('飞书表格').fill(`shtcnE2e${stamp}`);
  await exporting.getByLabel('工作表ID').fill('logs');
  await exporting.getByRole('button', { name: '导出到飞书' }).click();
  await expect(exporting.getByText(/^已导出 \d+ 行$/)).toBeVisible();
  const link = exporting.getByRole('link', { name: '打开飞书表格' });
  const href = await link.getAttribute('href');
  expect(href).toContain(`/sandbox-feishu/sheets/shtcnE2e${stamp}`);
  await page.goto(href!);
  await expect(page.getByText('模拟飞书', { exact: false })).toBeVisible();
  await expect(page.getByRole('table')).toContainText('sim-03@sandbox');
});
