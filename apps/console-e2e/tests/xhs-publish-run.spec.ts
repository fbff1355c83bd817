import { expect, test } from '@playwright/test';
import { addRow, choose, runNow } from './crud-helper';
import { loginAsAdmin } from './login-helper';

// A Xiaohongshu image note end to end against the reference server and its simulated Yingdao: an account, a plan of
// image notes and one note with two images (one link a line) are added in the console, "run now" sends the note to
// the robot, and it ends published with its Xiaohongshu link; its run is a row of the plan's run monitor.

test('a Xiaohongshu image note added in the console is published by the simulated robot', async ({
  page,
}) => {
  // a whole flow of five pages and a robot run: more than the default minute on a loaded machine
  test.slow();
  const stamp = Date.now() % 100_000_000;
  const unit = `小红书账号${stamp}`;
  const plan = `图文计划${stamp}`;
  const title = `露营图文${stamp}`;

  await loginAsAdmin(page);
  await addRow(page, '/xhs/xsh_arr', async (dialog) => {
    await dialog.getByLabel('名称', { exact: true }).fill(unit);
    await dialog.getByLabel('影刀机器人账号').fill('sim-02@sandbox');
  });
  await addRow(page, '/xhs/xhs_publish', async (dialog) => {
    await dialog.getByLabel('任务名称').fill(plan);
    await choose(page, dialog, '执行账号', unit);
    await page.keyboard.press('Escape');
    await dialog.getByLabel('影刀应用UUID').fill('sandbox-app-xhs_publish');
    await choose(page, dialog, '内容类型', '图文');
  });
  await addRow(page, '/xhs/xhs_publish_task', async (dialog) => {
    await choose(page, dialog, '发布计划', plan);
    await choose(page, dialog, '发布账号', unit);
    await dialog.getByLabel('标题', { exact: true }).fill(title);
    await dialog.getByLabel('话题').fill('露营,户外');
    // the note's images, one link a line
    await dialog
      .getByLabel('图片')
      .fill(
        'https://bucket.oss-cn-hangzhou.aliyuncs.com/pub/1.jpg\nhttps://bucket.oss-cn-hangzhou.aliyuncs.com/pub/2.jpg\n',
      );
  });

  await runNow(page, '/xhs/xhs_publish', plan);

  // the run monitor of the plan follows the run to success, one item published
  await expect(page).toHaveURL(/\/xhs\/xhs_publish_log_group\?/);
  const run = page.getByRole('row', { name: new RegExp(plan) });
  await expect(run.getByText('成功', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(run).toContainText('1 / 0 / 0');

  await page.goto('/xhs/xhs_publish_task');
  const item = page.getByRole('row', { name: new RegExp(title) });
  await expect(item.getByText('成功', { exact: true })).toBeVisible();
  await expect(item.getByRole('link', { name: /xiaohongshu\.com\/explore/ })).toHaveAttribute(
    'href',
    /^https:\/\/www\.xiaohongshu\.com\/explore\/[0-9a-f]{24}$/,
  );
});
