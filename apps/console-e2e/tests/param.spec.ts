import { expect, test } from '@playwright/test';
import { axeViolations } from './a11y-helper';
import { loginAsAdmin } from './login-helper';

test('the administrator manages parameters from the menu', async ({ page }) => {
  await loginAsAdmin(page);
  await expect(
    page.getByRole('navigation', { name: '已打开的页面' }).getByRole('button', { name: '首页' }),
  ).toBeVisible();

  // Open the page from the server menu.
  const nav = page.getByRole('navigation', { name: '主菜单' });
  await nav.getByRole('button', { name: '系统管理' }).click();
  await nav.getByRole('link', { name: '参数管理' }).click();
  await expect(page).toHaveURL(/\/system\/param$/);
  await expect(page).toHaveTitle(/^参数管理-/);
  await expect(
    page
      .getByRole('navigation', { name: '已打开的页面' })
      .getByRole('button', { name: '参数管理', exact: true }),
  ).toBeVisible();
  const table = page.getByRole('table');
  await expect(table.getByText('account.registerUser')).toBeVisible();

  // Add, with the rule message on blur first.
  const key = `e2e.key.${Date.now()}`;
  await page.getByRole('button', { name: '新增' }).click();
  let dialog = page.getByRole('dialog');
  await dialog.getByLabel('参数名称').focus();
  await dialog.getByLabel('参数名称').blur();
  await expect(dialog.getByText('请输入参数名称')).toBeVisible();
  await dialog.getByLabel('参数名称').fill('端到端参数');
  await dialog.getByLabel('参数键名').fill(key);
  await dialog.getByLabel('参数键值').fill('first value');
  await dialog.getByRole('button', { name: /确定|提交|保存/ }).click();
  await expect(page.getByText('新增成功')).toBeVisible();
  await expect(dialog).toBeHidden();

  // Search for it.
  const search = page.getByRole('search');
  await search.getByLabel('参数键名').fill(key);
  await search.getByRole('button', { name: '搜索' }).click();
  await expect(table.getByRole('row')).toHaveCount(2); // header + the one hit
  const row = table.getByRole('row', { name: new RegExp(key.replace(/\./g, '\\.')) });
  await expect(row).toContainText('first value');

  // Edit it.
  await row.getByRole('button', { name: '编辑' }).click();
  dialog = page.getByRole('dialog');
  await dialog.getByLabel('参数键值').fill('second value');
  await dialog.getByRole('button', { name: /确定|提交|保存/ }).click();
  await expect(page.getByText('更新成功')).toBeVisible();
  await expect(row).toContainText('second value');

  expect(await axeViolations(page)).toEqual([]);

  // Delete it, after the confirmation.
  await row.getByRole('button', { name: '删除' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm.getByText('确定将选择数据删除?')).toBeVisible();
  await confirm.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('删除成功')).toBeVisible();
  await expect(table.getByText(key)).toHaveCount(0);
});

test('batch delete with nothing selected warns', async ({ page }) => {
  await loginAsAdmin(page);
  await page.goto('/system/param');
  await expect(page.getByRole('table').getByText('account.registerUser')).toBeVisible();
  await page.locator('[data-action="batch-delete"]').click();
  await expect(page.getByText('请选择至少一条数据')).toBeVisible();
});

test('an unknown page inside the console goes to 404; logging out returns to login', async ({ page }) => {
  await loginAsAdmin(page);
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/404$/);
  await page.goto('/wel/index');
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: '确定' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/system/param');
  await expect(page).toHaveURL(/\/login$/);
});
