import { expect, test } from '@playwright/test';
import { api, tokenFor } from './api-helper';
import { addRow, choose, runNow } from './crud-helper';
import { loginAsAdmin } from './login-helper';

// A Douyin live task end to end against the reference server and its sandboxes (as `npm start` has them): an
// operator adds a live account and a danmaku phrase, creates a live task from a pasted share link, resolves the link
// to its room (the simulated Douyin answers the redirect), presses "run now", and watches the simulated robot visit
// the room — enter, the phrase as danmaku, likes, leave — each step a row of the live log. Phrases cost no power.

test('a live task created in the console visits the room on the simulated robot and logs each step', async ({
  page,
  request,
}) => {
  test.slow();
  const stamp = Date.now() % 100_000_000;
  const unit = `直播账号${stamp}`;
  const task = `直播任务${stamp}`;
  const phrase = `主播讲得好${stamp}`;
  const token = await tokenFor(request, 'admin', 'admin');
  const powerBefore = (await api<{ power: number }>(request, token, 'GET', 'smart-user/info')).power;

  await loginAsAdmin(page);
  await addRow(page, '/dy/dy_live_arr', async (dialog) => {
    await dialog.getByLabel('名称', { exact: true }).fill(unit);
    await dialog.getByLabel('影刀机器人账号').fill('sim-03@sandbox');
  });
  await addRow(page, '/dy/dy_live', async (dialog) => {
    await dialog.getByLabel('任务名称').fill(task);
    await choose(page, dialog, '执行账号', unit);
    await page.keyboard.press('Escape');
    await dialog.getByLabel('影刀应用UUID').fill('sandbox-app');
    await dialog.getByLabel('直播链接').fill(`8- 长按复制此条消息 https://v.douyin.com/live${stamp}/`);
    await dialog.getByLabel('停留时长(分)').fill('30');
    await choose(page, dialog, '弹幕方式', '直播话术');
    await dialog.getByLabel('弹幕条数').fill('2');
    await dialog.getByLabel('点赞次数').fill('20');
  });
  // the phrase is bound to this task only
  await addRow(page, '/dy/dy_live_common', async (dialog) => {
    await dialog.getByLabel('弹幕内容').fill(phrase);
    await choose(page, dialog, '直播任务', task);
  });

  // The pasted share text is followed to its live room, which is saved on the task.
  await page.goto('/dy/dy_live');
  const row = page.getByRole('row', { name: new RegExp(task) });
  await row.getByRole('button', { name: '解析链接' }).click();
  await expect(page.getByText(/已解析直播间：https:\/\/live\.douyin\.com\/[0-9]{12}/)).toBeVisible();

  // Run now: one unit, one visit; the run monitor, filtered by the task, follows it until it succeeds.
  await runNow(page, '/dy/dy_live', task);
  await expect(page).toHaveURL(/\/dy\/dy_live_log_group\?liveId_equal=/);
  const run = page.getByRole('row', { name: new RegExp(task) });
  await expect(run).toHaveCount(1);
  await expect(run.getByText('成功', { exact: true })).toBeVisible({ timeout: 30_000 });
  // enter, two danmaku, the likes, leave
  await expect(run).toContainText('5 / 0 / 0');

  // Its steps in the live log, each named by the dictionary, the danmaku being the task's phrase.
  await run.getByText('操作日志').click();
  await expect(page).toHaveURL(/\/dy\/dy_live_log\?groupId_equal=/);
  const table = page.getByRole('table');
  await expect(table.getByRole('row')).toHaveCount(6); // header + 5
  await expect(table).toContainText('进入直播间');
  await expect(table).toContainText('离开直播间');
  await expect(table.getByRole('row').filter({ hasText: phrase })).toHaveCount(2);

  const powerAfter = (await api<{ power: number }>(request, token, 'GET', 'smart-user/info')).power;
  expect(powerAfter).toBe(powerBefore);

  // The task's statistics count the visit and its five steps.
  await page.goto('/dy/dy_live');
  await page
    .getByRole('row', { name: new RegExp(task) })
    .getByRole('button', { name: '运行统计' })
    .click();
  const stats = page.getByRole('dialog', { name: `运行统计 · ${task}` });
  await expect(stats.locator('[data-slot="task-trend-totals"] dd')).toHaveText(['1', '0', '5', '0']);
});
