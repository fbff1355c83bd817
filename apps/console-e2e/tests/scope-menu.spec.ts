import { expect, test, type Locator, type Page } from '@playwright/test';
import { axeViolations } from './a11y-helper';
import { loginAsAdmin } from './login-helper';

// Data-scope rules belong to menus (scope.yaml): the page names each rule's menu, narrows the list to one menu's
// rules, and the form picks the menu in the menu tree, never by typing its id.

async function pickMenu(page: Page, field: Locator, name: string) {
  await field.click();
  await page.getByRole('searchbox', { name: '搜索' }).fill(name);
  await page.getByRole('tree').getByRole('treeitem', { name }).click();
}

test('the administrator adds a rule under a picked menu, finds it by that menu, and removes it', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await loginAsAdmin(page);
  await page.goto('/authority/datascope');
  const table = page.getByTestId('page').getByRole('table');
  await expect(table.getByRole('row', { name: /参数管理 \[本人可见\]/ })).toContainText('参数管理');

  // narrowed to one menu's rules
  const search = page.getByRole('search');
  await pickMenu(page, search.getByRole('combobox', { name: '菜单' }), '用户管理');
  await search.getByRole('button', { name: '搜索' }).click();
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('row').nth(1)).toContainText('用户管理 [所在机构及子级可见]');

  const name = `岗位 [e2e ${Date.now() % 100000}]`;
  await page.getByRole('button', { name: '新增' }).click();
  const dialog = page.getByRole('dialog');
  await pickMenu(page, dialog.getByRole('combobox', { name: '菜单' }), '岗位管理');
  await dialog.getByLabel('权限编号').fill('post');
  await dialog.getByLabel('权限名称').fill(name);
  await dialog.getByLabel('权限类名').fill('org.springblade.system.mapper.PostMapper.selectPostPage');
  await dialog.getByLabel('权限字段').fill('create_user');
  await dialog.getByLabel('规则类型').click();
  await page.getByRole('option', { name: '本人可见', exact: true }).click();
  expect(await axeViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('新增成功')).toBeVisible();

  await pickMenu(page, search.getByRole('combobox', { name: '菜单' }), '岗位管理');
  await search.getByRole('button', { name: '搜索' }).click();
  const row = table.getByRole('row', { name: new RegExp(name.replace(/[[\]]/g, '\\$&')) });
  await expect(row).toContainText('岗位管理');
  await expect(table.getByRole('row')).toHaveCount(2);

  await row.getByRole('button', { name: '删除' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('删除成功')).toBeVisible();
  await expect(row).toHaveCount(0);
});

test("a menu's row opens its scope rules: added there under that menu, found on the scope page, removed", async ({
  page,
}) => {
  await loginAsAdmin(page);
  await page.goto('/system/menu');
  const search = page.getByRole('search');
  await search.getByLabel('菜单名称').fill('岗位管理');
  await search.getByRole('button', { name: '搜索' }).click();
  const menuRow = page
    .getByTestId('page')
    .getByRole('treegrid')
    .getByRole('row', { name: /岗位管理/ })
    .first();
  await menuRow.getByRole('button', { name: '权限配置' }).click();
  const scopes = page.getByRole('dialog', { name: '岗位管理 的权限配置' });
  await expect(scopes.getByRole('tab', { name: '数据权限', selected: true })).toBeVisible();

  const name = `岗位 [面板 ${Date.now() % 100000}]`;
  await scopes.getByRole('button', { name: '新增' }).click();
  const form = page.getByRole('dialog', { name: /新增/ });
  // the rule belongs to the menu the panel is for: shown, not picked
  await expect(form.getByRole('combobox', { name: '菜单' })).toBeDisabled();
  await expect(form.getByRole('combobox', { name: '菜单' })).toContainText('岗位管理');
  await form.getByLabel('权限编号').fill('post');
  await form.getByLabel('权限名称').fill(name);
  await form.getByLabel('权限类名').fill('org.springblade.system.mapper.PostMapper.selectPostPage');
  await form.getByLabel('规则类型').click();
  await page.getByRole('option', { name: '本人可见', exact: true }).click();
  await form.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('新增成功')).toBeVisible();
  const ruleRow = scopes.getByRole('row', { name: new RegExp(name.replace(/[[\]]/g, '\\$&')) });
  await expect(ruleRow).toBeVisible();
  // only this menu's rules are listed
  await expect(scopes.getByRole('table').first()).not.toContainText('用户管理');
  await scopes.getByRole('tab', { name: '接口权限' }).click();
  await expect(scopes.getByRole('tabpanel', { name: '接口权限' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(scopes).toBeHidden();

  // the scope page lists it under that menu
  await page.goto('/authority/datascope');
  const table = page.getByTestId('page').getByRole('table');
  const listed = table.getByRole('row', { name: new RegExp(name.replace(/[[\]]/g, '\\$&')) });
  await page.getByRole('search').getByLabel('权限名称').fill(name);
  await page.getByRole('search').getByRole('button', { name: '搜索' }).click();
  await expect(listed).toContainText('岗位管理');
  await listed.getByRole('button', { name: '删除' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('删除成功')).toBeVisible();
  await expect(listed).toHaveCount(0);
});
