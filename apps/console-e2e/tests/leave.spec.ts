import { expect, test } from '@playwright/test';
import { CLIENT, tokenFor } from './api-helper';
import { pickDateTime } from './crud-helper';
import { loginAsAdmin } from './login-helper';

test('a leave request: the admin applies with the operator as approver, the operator claims and approves it', async ({
  page,
  browser,
  request,
}) => {
  await loginAsAdmin(page);
  await page.goto('/work/process/leave/form/Leave:1:4');
  await expect(page.getByText('流程定义: Leave:1:4')).toBeVisible();
  await page.getByRole('combobox', { name: '审批人' }).click();
  await page.getByRole('option', { name: /运维人员/ }).click();
  await pickDateTime(page, '开始时间', 1, 9);
  await pickDateTime(page, '结束时间', 3, 18);
  const reason = `e2e 请假 ${Date.now()}`;
  await page.getByLabel('请假理由').fill(reason);
  const started = page.waitForResponse((r) => r.url().includes('/leave/start-process'));
  await page.getByRole('button', { name: '提交申请' }).click();
  expect((await started).status()).toBe(200);

  // the task's ids straight from the API, for the handle page's address (work.spec.ts finds it in the work lists)
  const token = await tokenFor(request, 'operator', 'operator');
  const claims = await request.get('/api/smart-flow/work/claim-list', {
    headers: { authorization: CLIENT, 'smart-auth': `bearer ${token}` },
  });
  const records = (
    (await claims.json()) as {
      data: { records: { taskId: string; processInstanceId: string; businessId: string }[] };
    }
  ).data.records;
  expect(records.length).toBeGreaterThan(0);
  const task = records[0]!;

  const operator = await browser.newContext();
  const op = await operator.newPage();
  try {
    await op.goto('/login');
    await op.getByLabel('账号').fill('operator');
    await op.getByLabel('密码', { exact: true }).fill('operator');
    await op.getByRole('button', { name: '登录' }).click();
    await expect(op).toHaveURL(/\/wel\/index$/);
    await op.goto(`/work/process/leave/handle/${task.taskId}/${task.processInstanceId}/${task.businessId}`);
    await expect(op.getByText(reason)).toBeVisible();
    await expect(op.getByTestId('leave-state')).toHaveText('审批中');
    await op.getByRole('button', { name: '签收' }).click();
    await op.getByLabel('审批意见').fill('同意,注意安全');
    await op.getByRole('button', { name: '同意', exact: true }).click();
    await expect(op).toHaveURL(
      new RegExp(`/work/process/leave/detail/${task.processInstanceId}/${task.businessId}$`),
    );
    // the handle page stays mounted in its (hidden) tab: read the detail page on screen
    await expect(op.getByTestId('leave-state').filter({ visible: true })).toHaveText('已通过');
    await expect(op.getByTestId('leave-history').filter({ visible: true })).toContainText('同意,注意安全');
  } finally {
    await operator.close();
  }

  // the applicant sees the outcome on the detail page too
  await page.goto(`/work/process/leave/detail/${task.processInstanceId}/${task.businessId}`);
  await expect(page.getByTestId('leave-state')).toHaveText('已通过');
  await expect(page.getByTestId('leave-history')).toContainText('审批通过');
});
