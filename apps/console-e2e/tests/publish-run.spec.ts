import { expect, test, type Page } from '@playwright/test';
import { addRow, choose, runNow, type Dialog } from './crud-helper';
import { loginAsAdmin } from './login-helper';

// A publish plan end to end against the reference server and its simulated Yingdao (ENGINE_SANDBOX, as `npm start`
// has it): an operator adds a Douyin account, a publish plan over it and one video to publish, presses "run now",
// and follows the run through its item — submitted, then published with the post's link — and its step log.

/**
 * Signs in and adds, as an operator does, a Douyin account on `robot`, a publish plan over it (`plan` fills the
 * plan's scheduling fields) and one video for it; answers the names given.
 */
async function setUp(
  page: Page,
  kind: string,
  robot: string,
  plan: (dialog: Dialog) => Promise<void> = async () => {},
) {
  const stamp = Date.now() % 100_000_000;
  const names = { unit: `${kind}账号${stamp}`, plan: `${kind}计划${stamp}`, title: `${kind}视频${stamp}` };
  await loginAsAdmin(page);
  await addRow(page, '/dy/dy_arr', async (dialog) => {
    await dialog.getByLabel('名称', { exact: true }).fill(names.unit);
    await dialog.getByLabel('影刀机器人账号').fill(robot);
  });
  await addRow(page, '/dy/dy_publish', async (dialog) => {
    await dialog.getByLabel('任务名称').fill(names.plan);
    await choose(page, dialog, '执行账号', names.unit);
    await page.keyboard.press('Escape');
    await dialog.getByLabel('影刀应用UUID').fill('sandbox-app-dy_publish');
    await choose(page, dialog, '内容类型', '视频');
    await dialog.getByLabel('默认话题').fill('露营,户外');
    await plan(dialog);
  });
  await addRow(page, '/dy/dy_publish_task', async (dialog) => {
    await choose(page, dialog, '发布计划', names.plan);
    await choose(page, dialog, '发布账号', names.unit);
    await dialog.getByLabel('标题', { exact: true }).fill(names.title);
    await dialog.getByLabel('视频地址').fill('https://bucket.oss-cn-hangzhou.aliyuncs.com/pub/v1.mp4');
  });
  return names;
}

test('a Douyin video added in the console is published by the simulated robot, with its link and step log', async ({
  page,
}) => {
  // a whole flow of five pages and a robot run: more than the default minute on a loaded machine
  test.slow();
  const { plan, title } = await setUp(page, '发布', 'sim-01@sandbox');

  // Run now: the account's one pending item is sent to its robot.
  await runNow(page, '/dy/dy_publish', plan);

  // The plan's items, followed live: this one ends published, with the link the platform gave it.
  await expect(page).toHaveURL(/\/dy\/dy_publish_task\?/);
  const item = page.getByRole('row', { name: new RegExp(title) });
  await expect(item).toHaveCount(1);
  await expect(item.getByText('成功', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(item.getByRole('link', { name: /douyin\.com\/video/ })).toHaveAttribute(
    'href',
    /^https:\/\/www\.douyin\.com\/video\/7[0-9]{18}$/,
  );

  // The step log of the plan: upload, fill, submit and verify, all successful.
  await page.goto('/dy/dy_publish_log');
  const steps = page.getByRole('row', { name: new RegExp(title) });
  await expect(steps).toHaveCount(4);
});

test('a timed plan publishes its video for the first daily time after the days it waits', async ({
  page,
}) => {
  test.slow();
  const { plan, title } = await setUp(page, '定时', 'sim-02@sandbox', async (dialog) => {
    await choose(page, dialog, '定时发布', '是');
    await dialog.getByLabel('每日发布时间').fill('20:30,09:15');
    await dialog.getByLabel('延后天数').fill('2');
  });

  await runNow(page, '/dy/dy_publish', plan);

  // published on the platform for 09:15 China time, two days on: shown in the server's time as every datetime
  const china = new Date(Date.now() + 8 * 3600_000 + 2 * 86400_000).toISOString().slice(0, 10);
  const slot = new Date(`${china}T09:15:00+08:00`);
  const pad = (n: number) => String(n).padStart(2, '0');
  const shown = `${slot.getFullYear()}-${pad(slot.getMonth() + 1)}-${pad(slot.getDate())} ${pad(slot.getHours())}:${pad(slot.getMinutes())}:00`;
  const item = page.getByRole('row', { name: new RegExp(title) });
  await expect(item.getByText('成功', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(item).toContainText(shown);
});
