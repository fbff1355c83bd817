import { expect, test, type Page } from '@playwright/test';
import { pickDateTime } from './crud-helper';
import { loginAsAdmin } from './login-helper';

// The "我的事务" pages end to end: the admin starts a leave request from 发起事务 with the operator as approver
// (as leave.spec.ts), finds it in 已发; the operator claims it in 待签, handles it from 待办 and finds it in 办结;
// the admin then sees it finished. The operator's role has no 我的事务 menu (apps/server/src/db/seed-perm.ts), so
// the operator opens the pages by their paths.

/** The newest row of the work list on screen (the lists answer newest first). */
const newest = (page: Page) => page.getByRole('table').getByRole('row').nth(1);

test('a leave request through 发起事务, 已发, 待签, 待办 and 办结', async ({ page, browser }) => {
  await loginAsAdmin(page);
  const nav = page.getByRole('navigation', { name: '主菜单' });
  await nav.getByRole('button', { name: '我的事务' }).click();
  await nav.getByRole('link', { name: '发起事务' }).click();
  await expect(page).toHaveURL(/\/work\/start$/);
  const leaveRow = page.getByRole('table').getByRole('row', { name: /Leave/ });
  await expect(leaveRow).toContainText('请假流程');
  await leaveRow.getByRole('button', { name: '发起' }).click();

  // the start form of the process chosen
  await expect(page.getByText('流程定义: Leave:1:4')).toBeVisible();
  await page.getByRole('combobox', { name: '审批人' }).click();
  await page.getByRole('option', { name: /运维人员/ }).click();
  await pickDateTime(page, '开始时间', 1, 9);
  await pickDateTime(page, '结束时间', 3, 18);
  const reason = `e2e 事务 ${Date.now()}`;
  await page.getByLabel('请假理由').fill(reason);
  await page.getByRole('button', { name: '提交申请' }).click();

  // on to 已发: the new request leads, still in approval
  await expect(page).toHaveURL(/\/work\/send$/);
  await expect(newest(page)).toContainText('未完成');
  await expect(newest(page)).toContainText('审批');
  await newest(page).getByRole('button', { name: '详情' }).click();
  await expect(page.getByText(reason)).toBeVisible();
  await expect(page.getByTestId('leave-state')).toHaveText('审批中');

  const operator = await browser.newContext({ locale: 'zh-CN' });
  const op = await operator.newPage();
  const comment = `同意,e2e ${Date.now()}`;
  try {
    await op.goto('/login');
    await op.getByLabel('账号').fill('operator');
    await op.getByLabel('密码', { exact: true }).fill('operator');
    await op.getByRole('button', { name: '登录' }).click();
    await expect(op).toHaveURL(/\/wel\/index$/);

    // 待签: claim it, after the confirmation
    await op.goto('/work/claim');
    await expect(newest(op)).toContainText('admin');
    const pending = await op.getByRole('table').getByRole('row').count();
    await newest(op).getByRole('button', { name: '签收' }).click();
    await op.getByRole('alertdialog').getByRole('button', { name: '确定' }).click();
    await expect(op.getByText('签收事务成功')).toBeVisible();
    await expect(op.getByRole('table').getByRole('row')).toHaveCount(Math.max(2, pending - 1));

    // 待办: handle it, approve with a comment
    await op.goto('/work/todo');
    await newest(op).getByRole('button', { name: '办理' }).click();
    await expect(op.getByText(reason)).toBeVisible();
    await op.getByLabel('审批意见').fill(comment);
    await op.getByRole('button', { name: '同意', exact: true }).click();
    await expect(op).toHaveURL(/\/work\/process\/leave\/detail\//);
    await expect(op.getByTestId('leave-state').filter({ visible: true })).toHaveText('已通过');

    // 办结: the task done, with the comment, and its history
    await op.goto('/work/done');
    const done = op.getByRole('table').getByRole('row', { name: new RegExp(comment) });
    await expect(done).toContainText('已完成');
    await done.getByRole('button', { name: '流程记录' }).click();
    const dialog = op.getByRole('dialog');
    await expect(dialog.getByTestId('leave-history')).toContainText('审批通过');
    await expect(dialog.getByTestId('leave-history')).toContainText(comment);
  } finally {
    await operator.close();
  }

  // the applicant's 已发 shows it finished (a fresh load: the open tab keeps the rows it loaded)
  await page.goto('/work/send');
  await expect(newest(page)).toContainText('已完成');
  await expect(newest(page)).toContainText('审批通过');
});
