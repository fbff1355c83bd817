import { expect, test } from '@playwright/test';
import { axeViolations } from './a11y-helper';
import { CLIENT } from './api-helper';
import { loginAsAdmin, signIn, signOut } from './login-helper';

// The administrator's approval, disabling and enabling of accounts on the user page (user.yaml `status`, `grant`):
// a sign-up waits as 待审核 until 角色配置 gives it a role; a disabled account cannot sign in until enabled again.

test('a sign-up is approved from the pending list, then disabled and enabled again', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const account = `wait${Date.now() % 1_000_000_000}`;
  const password = 'Wait#2026';
  const registered = await request.post('/api/smart-user/register', {
    headers: { Authorization: CLIENT },
    data: { tenantId: '000000', account, password, password2: password, name: '候审' },
  });
  expect(registered.status()).toBe(200);

  await loginAsAdmin(page);
  await page.goto('/system/user');
  const table = page.getByTestId('page').getByRole('table');
  const search = page.getByRole('search');
  await search.getByLabel('状态', { exact: true }).click();
  await page.getByRole('option', { name: '待审核', exact: true }).click();
  await search.getByRole('button', { name: '搜索' }).click();
  const row = table.getByRole('row', { name: new RegExp(account) });
  await expect(row).toContainText('待审核');
  await expect(table.getByRole('row', { name: /admin/ })).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);

  // approve: a role for it
  await row.getByRole('checkbox').check();
  await page.getByRole('button', { name: '角色配置' }).click();
  const grant = page.getByRole('dialog', { name: '角色配置' });
  await grant.getByRole('treeitem', { name: '用户' }).getByText('用户', { exact: true }).click();
  await grant.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('角色配置成功')).toBeVisible();
  // no longer pending
  await expect(row).toHaveCount(0);

  // find it by account: active; disable it after the question
  await page.goto('/system/user');
  await search.getByLabel('登录账号').fill(account);
  await search.getByRole('button', { name: '搜索' }).click();
  await expect(row).toContainText('正常');
  await row.getByRole('checkbox').check();
  await page.getByRole('button', { name: '停用' }).click();
  const ask = page.getByRole('alertdialog');
  await expect(ask).toContainText('确定停用选择的 1 个账号?');
  expect(await axeViolations(page)).toEqual([]);
  await ask.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('账号停用成功')).toBeVisible();
  await expect(row).toContainText('停用');

  // the administrator cannot disable themselves: the server's reason, nothing changed
  await search.getByLabel('登录账号').fill('admin');
  await search.getByRole('button', { name: '搜索' }).click();
  const adminRow = table.getByRole('row', { name: /admin/ });
  await adminRow.getByRole('checkbox').check();
  await page.getByRole('button', { name: '停用' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('不能停用本账号!')).toBeVisible();
  await expect(adminRow).toContainText('正常');

  await signOut(page);
  await signIn(page, account, password);
  await expect(page.getByText('账号已被停用,请联系管理员')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  // enabled again, it signs in
  await loginAsAdmin(page);
  await page.goto('/system/user');
  await search.getByLabel('登录账号').fill(account);
  await search.getByRole('button', { name: '搜索' }).click();
  await row.getByRole('checkbox').check();
  await page.getByRole('button', { name: '启用' }).click();
  await expect(page.getByText('账号启用成功')).toBeVisible();
  await expect(row).toContainText('正常');
  await signOut(page);
  await signIn(page, account, password);
  await expect(page).toHaveURL(/\/wel\/index$/);
});
