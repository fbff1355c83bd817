import { expect, test } from '@playwright/test';
import { addRow, choose, runNow } from './crud-helper';
import { loginAsAdmin } from './login-helper';

// The Xiaohongshu flagship, end to end in the console against the reference server and its simulated Yingdao and
// Feishu (as `npm start` has them): an operator imports 100 search keywords, sets the control strategy in the
// console's editor (风控策略) with a daily cap below what a run asks for, runs a keyword comment task that uses it,
// watches the simulated robot stop at the cap with the strategy's reason, counts the task's logs per robot account
// and exports them to a (simulated) Feishu sheet, where the rows are.

/** What the strategy allows a unit a day, below the run's 单次评论数 (10) and the 100 keywords. */
const DAILY_CAP = 3;

test('a keyword comment task runs within the control strategy set in the console, its logs are counted and exported to Feishu', async ({
  page,
}) => {
  // seven pages, a 100-line import and a robot run: a minute on a quiet machine, three under load
  test.setTimeout(240_000);
  const stamp = Date.now() % 100_000_000;
  const unit = `小红书账号${stamp}`;
  const task = `关键词评论${stamp}`;

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
    await dialog.getByLabel('单次评论数').fill('10');
    await choose(page, dialog, '使用控制策略', '是');
  });

  // The signed-in user's strategy (the payer of the tasks they create), set in the editor on the comment task page
  // (the control strategy page has the same button).
  await page.getByRole('button', { name: '风控策略' }).click();
  const strategy = page.getByRole('dialog', { name: '风控策略' });
  const daily = strategy.getByLabel('单号每日上限');
  await expect(daily).toBeEnabled();
  // a value past the contract's bounds is named and not sent
  await daily.fill('0');
  await daily.blur();
  await expect(strategy.getByText('单号每日上限须在 1 到 10000 之间')).toBeVisible();
  await daily.fill(String(DAILY_CAP));
  await strategy.getByLabel('单号每小时上限').fill('10');
  await strategy.getByLabel('最短间隔(秒)').fill('0');
  await strategy.getByLabel('最长间隔(秒)').fill('0');
  await strategy.getByLabel('活跃开始时间').fill('');
  await strategy.getByLabel('活跃结束时间').fill('');
  await strategy.getByLabel('连续失败上限').fill('3');
  await strategy.getByLabel('冷却时长(分)').fill('30');
  await strategy.getByLabel('敏感词').fill('微信,加V');
  // the task comments with AI only when the strategy lets it (else from the comment pools, empty here)
  const ai = strategy.getByRole('switch', { name: '启用AI' });
  if ((await ai.getAttribute('aria-checked')) !== 'true') await ai.click();
  await expect(ai).toBeChecked();
  await strategy.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('风控策略已保存')).toBeVisible();
  await expect(strategy).toBeHidden();

  // 100 keywords: imported into the task's pool, one a line.
  const keywords = Array.from({ length: 100 }, (_, i) => `通勤妆${stamp}-${i + 1}`);
  await page.goto('/xhs/xsh_comm_keyword');
  await page.getByRole('button', { name: '导入' }).click();
  const importing = page.getByRole('dialog', { name: '导入关键词' });
  await importing.getByRole('combobox', { name: '评论任务' }).click();
  await page.getByRole('option', { name: task, exact: true }).click();
  await importing.getByLabel('关键词（每行一个）').fill(keywords.join('\n'));
  await importing.getByRole('button', { name: '导入 100 行' }).click();
  await expect(importing.locator('[data-slot="import-summary"] dd').first()).toHaveText('100');
  await importing.getByRole('button', { name: '完成' }).click();

  // Run now: ten comments asked, the robot comments up to the daily cap, and the run says why it did fewer.
  await runNow(page, '/xhs/xsh_comm', task);
  const run = page.getByRole('row', { name: new RegExp(task) });
  await expect(run.getByText('成功', { exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(run).toContainText(`${DAILY_CAP} / 0 / 0`);
  // the monitor lists the run's error column (monitor/monitor-extension.tsx), where a shortened run says why
  await expect(run).toContainText(`风控限制：每日评论上限 ${DAILY_CAP}，本次最多 ${DAILY_CAP} 条`);

  // The task's logs of today, per robot account.
  await page.goto('/xhs/xsh_comm_log');
  await page.getByRole('button', { name: '统计' }).click();
  const counting = page.getByRole('dialog', { name: '评论日志统计' });
  await counting.getByRole('combobox', { name: '评论任务' }).click();
  await page.getByRole('option', { name: task, exact: true }).click();
  await counting.getByRole('button', { name: '统计' }).click();
  const perApp = counting.getByRole('table', { name: '按机器人账号' });
  await expect(perApp.getByRole('row', { name: /sim-03@sandbox/ }).getByRole('cell')).toHaveText([
    'sim-03@sandbox',
    String(DAILY_CAP),
    String(DAILY_CAP),
    '0',
    '0',
  ]);
  await page.keyboard.press('Escape');
  await expect(counting).toBeHidden();

  // Exported to a Feishu sheet; the simulated Feishu shows the rows.
  await page.getByRole('button', { name: '导出到飞书' }).click();
  const exporting = page.getByRole('dialog', { name: '导出评论日志到飞书表格' });
  await exporting.getByRole('combobox', { name: '评论任务' }).click();
  await page.getByRole('option', { name: task, exact: true }).click();
  await exporting.getByLabel('飞书表格').fill(`shtcnE2e${stamp}`);
  await exporting.getByLabel('工作表ID').fill('logs');
  await exporting.getByRole('button', { name: '导出到飞书' }).click();
  await expect(exporting.getByText(`已导出 ${DAILY_CAP} 行`)).toBeVisible();
  const link = exporting.getByRole('link', { name: '打开飞书表格' });
  const href = await link.getAttribute('href');
  expect(href).toContain(`/sandbox-feishu/sheets/shtcnE2e${stamp}`);
  await page.goto(href!);
  await expect(page.getByText('模拟飞书', { exact: false })).toBeVisible();
  await expect(page.getByRole('heading', { name: /logs/ })).toContainText(`${DAILY_CAP} 行`);
  await expect(page.getByRole('table')).toContainText('sim-03@sandbox');
});
