import { expect, test, type Page } from '@playwright/test';
import { axeViolations } from './a11y-helper';
import { loginAsAdmin, signIn, signOut } from './login-helper';

// The administrator's user page against the reference server (user.yaml): add an account with a role and a
// department, find it, edit it; the new account signs in with its password; after a reset it signs in with the
// tenant's initial password (parameter account.initPassword, 123456 as seeded); then it is deleted.

async function pickInTree(page: Page, field: ReturnType<Page['getByRole']>, name: string) {
  await field.click();
  await page.getByRole('tree').getByRole('treeitem', { name }).click();
  await page.keyboard.press('Escape');
}

test('the administrator adds, finds, edits, resets and deletes a user, who signs in between', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await loginAsAdmin(page);
  const nav = page.getByRole('navigation', { name: '主菜单' });
  await nav.getByRole('button', { name: '系统管理' }).click();
  await nav.getByRole('link', { name: '用户管理' }).click();
  await expect(page).toHaveURL(/\/system\/user$/);
  const table = page.getByTestId('page').getByRole('table');
  await expect(table.getByRole('row', { name: /admin/ })).toBeVisible();

  // Add: the confirmation must repeat the password.
  const account = `e2e${Date.now() % 1_000_000_000}`;
  await page.getByRole('button', { name: '新增' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('登录账号').fill(account);
  await dialog.getByLabel('密码', { exact: true }).fill('First#2026');
  await dialog.getByLabel('确认密码').fill('Other#2026');
  await dialog.getByLabel('用户昵称').fill('端到端');
  await dialog.getByLabel('用户姓名').fill('测试员');
  await pickInTree(page, dialog.getByRole('combobox', { name: '所属角色' }), '用户');
  await pickInTree(page, dialog.getByRole('combobox', { name: '所属部门' }), '刀锋科技');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog.getByText('两次输入密码不一致!')).toBeVisible();
  await dialog.getByLabel('确认密码').fill('First#2026');
  expect(await axeViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('新增成功')).toBeVisible();
  await expect(dialog).toBeHidden();

  // Find it by its account: its role and department by name.
  const search = page.getByRole('search');
  await search.getByLabel('登录账号').fill(account);
  await search.getByRole('button', { name: '搜索' }).click();
  await expect(table.getByRole('row')).toHaveCount(2);
  const row = table.getByRole('row', { name: new RegExp(account) });
  /** Signs the administrator in again and finds the account on the user page. */
  const findAsAdmin = async () => {
    await loginAsAdmin(page);
    await page.goto('/system/user');
    await search.getByLabel('登录账号').fill(account);
    await search.getByRole('button', { name: '搜索' }).click();
    await expect(table.getByRole('row')).toHaveCount(2);
  };
  await expect(row).toContainText('用户');
  await expect(row).toContainText('刀锋科技');

  // Edit the real name; the password fields are not in the edit dialog.
  await row.getByRole('button', { name: '编辑' }).click();
  await expect(dialog.getByLabel('用户姓名')).toHaveValue('测试员');
  await expect(dialog.getByLabel('确认密码')).toHaveCount(0);
  await dialog.getByLabel('用户姓名').fill('测试员乙');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('更新成功')).toBeVisible();
  await expect(row).toContainText('测试员乙');

  // Its roles, from the role tree: exactly the checked one.
  await row.getByRole('checkbox').check();
  await page.getByRole('button', { name: '角色配置' }).click();
  const grant = page.getByRole('dialog', { name: '角色配置' });
  await grant.getByRole('treeitem', { name: '运维' }).getByText('运维').click();
  await grant.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('角色配置成功')).toBeVisible();
  await expect(row).toContainText('运维');
  await expect(row).not.toContainText(/(^|[^运])用户/);
  expect(await axeViolations(page)).toEqual([]);

  // The new account signs in with its own password.
  await signOut(page);
  await signIn(page, account, 'First#2026');
  await expect(page).toHaveURL(/\/wel\/index$/);
  await signOut(page);

  // The administrator resets its password to the initial one.
  await findAsAdmin();
  await row.getByRole('checkbox').check();
  await page.getByRole('button', { name: '密码重置' }).click();
  const ask = page.getByRole('alertdialog');
  await expect(ask).toContainText('确定将选择的 1 个账号的密码重置为初始密码?');
  await ask.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('密码重置成功')).toBeVisible();
  await signOut(page);
  await signIn(page, account, 'First#2026');
  await expect(page.getByText('用户名或密码错误')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, account, '123456');
  await expect(page).toHaveURL(/\/wel\/index$/);
  await signOut(page);

  // And deletes it.
  await findAsAdmin();
  await row.getByRole('button', { name: '删除' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('删除成功')).toBeVisible();
  await expect(table.getByRole('row', { name: new RegExp(account) })).toHaveCount(0);
});
