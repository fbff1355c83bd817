import { expect, test, type APIRequestContext } from '@playwright/test';
import { api, tokenFor } from './api-helper';
import { choose } from './crud-helper';
import { loginAsAdmin } from './login-helper';

// Grants to customers (smart-grant/grantRecord) against the real server: an administrator grants power and service
// days from the grant records' page; the customer's figures move, the record lists with its before and after, and
// the power ledger has the grant's row.

interface Figures {
  power: number;
  expireTime: string;
}

const figures = (request: APIRequestContext, token: string) =>
  api<Figures>(request, token, 'GET', 'smart-auth/oauth/user-info');

test('an administrator grants power and days; the figures move and the records list', async ({
  page,
  request,
}) => {
  const reason = `补偿${Date.now() % 100_000_000}`;
  const token = await tokenFor(request, 'admin', 'admin');
  const before = await figures(request, token);

  await loginAsAdmin(page);
  await page.goto('/commerce/grant_record');
  await page.getByRole('button', { name: '赠送', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '赠送给客户' });
  await choose(page, dialog, '客户', '管理员 (admin)');
  // power is counted in whole uses: the form says so before anything is sent
  await dialog.getByLabel(/赠送数量/).fill('1.5');
  await dialog.getByLabel('赠送原因').fill(reason);
  await dialog.getByRole('button', { name: '确认赠送' }).click();
  await expect(dialog.getByText('须为大于 0 的整数')).toBeVisible();
  await dialog.getByLabel(/赠送数量/).fill('200');
  await dialog.getByRole('button', { name: '确认赠送' }).click();
  await expect(page.getByText(`已赠送:${before.power} → ${before.power + 200}`)).toBeVisible();
  await expect(dialog).toBeHidden();
  expect((await figures(request, token)).power).toBe(before.power + 200);

  // thirty days more, counted on from the current expiry
  await page.getByRole('button', { name: '赠送', exact: true }).click();
  await choose(page, dialog, '客户', '管理员 (admin)');
  await dialog.getByRole('radio', { name: '服务天数' }).click();
  await dialog.getByLabel(/赠送数量/).fill('30');
  await dialog.getByLabel('赠送原因').fill(reason);
  await dialog.getByRole('button', { name: '确认赠送' }).click();
  await expect(dialog).toBeHidden();
  const after = await figures(request, token);
  const moved =
    Date.parse(after.expireTime.replace(' ', 'T')) - Date.parse(before.expireTime.replace(' ', 'T'));
  expect(moved).toBe(30 * 24 * 3600 * 1000);

  // both records list, newest first, with the reason and the operator
  const rows = page.getByRole('row').filter({ hasText: reason });
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('管理员');

  // the power ledger has the grant's row
  const ledger = await api<{ records: { bizType: string; power: number; remark: string }[] }>(
    request,
    token,
    'GET',
    `smart-ai/power_logs/list?bizType_equal=GRANT&size=5`,
  );
  expect(ledger.records.find((r) => r.remark === reason)).toMatchObject({ power: 200 });
});
