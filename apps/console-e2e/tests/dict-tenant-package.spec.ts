import { expect, test, type Page } from '@playwright/test';
import { axeViolations } from './a11y-helper';
import { loginAsAdmin } from './login-helper';

async function openFromMenu(page: Page, name: string, path: RegExp) {
  const nav = page.getByRole('navigation', { name: '主菜单' });
  await nav.getByRole('button', { name: '系统管理' }).click();
  await nav.getByRole('link', { name }).click();
  await expect(page).toHaveURL(path);
}

async function confirmDelete(page: Page) {
  const confirm = page.getByRole('alertdialog');
  await expect(confirm.getByText('确定将选择数据删除?')).toBeVisible();
  await confirm.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('删除成功').last()).toBeVisible();
}

async function expectNoAxeViolations(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
}

test('the administrator manages a dictionary and its items', async ({ page }) => {
  await loginAsAdmin(page);
  await openFromMenu(page, '系统字典', /\/system\/dict$/);
  const parents = page.getByRole('region', { name: '系统字典' });
  await expect(parents.getByRole('table').getByText('sex', { exact: true })).toBeVisible();

  // Add a dictionary, with a rule message on blur first.
  const code = `e2e_dict_${Date.now()}`;
  await parents.getByRole('button', { name: '新增' }).click();
  let dialog = page.getByRole('dialog');
  await dialog.getByLabel('字典编号').focus();
  await dialog.getByLabel('字典编号').blur();
  await expect(dialog.getByText('请输入字典编号')).toBeVisible();
  await dialog.getByLabel('字典编号').fill(code);
  await dialog.getByLabel('字典名称').fill('端到端字典');
  await dialog.getByLabel('字典排序').fill('99');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('新增成功').last()).toBeVisible();
  await expect(dialog).toBeHidden();

  // Find it and choose it.
  await parents.getByRole('search').getByLabel('字典编号').fill(code);
  await parents.getByRole('search').getByRole('button', { name: '搜索' }).click();
  const header = parents.getByRole('row', { name: new RegExp(code) });
  await expect(header).toContainText('端到端字典');
  await expect(parents.getByRole('table').getByRole('row')).toHaveCount(2); // header row + the hit
  await header.getByRole('button', { name: '字典配置' }).click();
  const items = page.getByRole('region', { name: /字典项/ });
  await expect(items.getByRole('heading')).toHaveText(`字典项 · 端到端字典 (${code})`);

  // Add an item: the code comes from the dictionary, the key is required.
  await items.getByRole('button', { name: '新增' }).click();
  dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('字典编号')).toHaveValue(code);
  await expect(dialog.getByLabel('字典编号')).toBeDisabled();
  await dialog.getByLabel('字典键值').focus();
  await dialog.getByLabel('字典键值').blur();
  await expect(dialog.getByText('请输入字典键值')).toBeVisible();
  await dialog.getByLabel('字典名称').fill('选项一');
  await dialog.getByLabel('字典键值').fill('1');
  await dialog.getByLabel('字典排序').fill('1');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('新增成功').last()).toBeVisible();
  await expect(dialog).toBeHidden();
  const item = items.getByRole('row', { name: /选项一/ });
  await expect(item).toBeVisible();

  // Seal the item right in the list; it stays sealed after a reload of the items.
  const sealed = item.getByRole('switch', { name: '字典封存: 选项一' });
  await expect(sealed).toHaveAttribute('aria-checked', 'false');
  await sealed.click();
  await expect(page.getByText('操作成功').last()).toBeVisible();
  await expect(sealed).toHaveAttribute('aria-checked', 'true');
  await items.locator('[data-action="refresh"]').click();
  await expect(items.getByRole('switch', { name: '字典封存: 选项一' })).toHaveAttribute(
    'aria-checked',
    'true',
  );

  await expectNoAxeViolations(page);

  // Delete the item, then the dictionary.
  await items
    .getByRole('row', { name: /选项一/ })
    .getByRole('button', { name: '删除' })
    .click();
  await confirmDelete(page);
  await expect(items.getByText('选项一')).toHaveCount(0);
  await header.getByRole('button', { name: '删除' }).click();
  await confirmDelete(page);
  await expect(parents.getByText(code)).toHaveCount(0);
  await expect(page.getByText('请在字典列表中点击“字典配置”,以维护它的字典项')).toBeVisible();
});

test('the administrator manages tenant packages over the menu tree', async ({ page }) => {
  await loginAsAdmin(page);
  await openFromMenu(page, '租户产品包', /\/system\/tenantpackage$/);
  const table = page.getByRole('table');
  await expect(page.getByRole('button', { name: '新增' })).toBeVisible();

  // Nothing selected: batch delete only warns.
  await page.locator('[data-action="batch-delete"]').click();
  await expect(page.getByText('请选择至少一条数据')).toBeVisible();

  // Add a package with two menus of the tree.
  const name = `e2e包${Date.now()}`;
  await page.getByRole('button', { name: '新增' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('产品包名称').focus();
  await dialog.getByLabel('产品包名称').blur();
  await expect(dialog.getByText('请输入产品包名称')).toBeVisible();
  await dialog.getByLabel('产品包名称').fill(name);
  await dialog.getByRole('combobox', { name: /菜单列表/ }).click();
  const tree = page.getByRole('tree');
  await expect(tree.getByRole('treeitem', { name: '系统管理' })).toBeVisible();
  const filter = page.getByRole('searchbox', { name: '搜索' });
  await filter.fill('参数管理');
  await tree.getByRole('treeitem', { name: '参数管理' }).click();
  await filter.fill('系统字典');
  await tree.getByRole('treeitem', { name: '系统字典' }).click();
  await page.keyboard.press('Escape');
  await expect(tree).toBeHidden();
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('新增成功').last()).toBeVisible();
  await expect(dialog).toBeHidden();

  const row = table.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('参数管理');
  await expect(row).toContainText('系统字典');
  await expect(row.getByRole('button', { name: '查看' })).toHaveCount(0);

  // Edit its remark.
  await row.getByRole('button', { name: '编辑' }).click();
  await expect(dialog.getByLabel('产品包名称')).toHaveValue(name);
  await dialog.getByLabel('备注').fill('端到端备注');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('更新成功').last()).toBeVisible();
  await expect(row).toContainText('端到端备注');

  await expectNoAxeViolations(page);

  // Delete it.
  await row.getByRole('button', { name: '删除' }).click();
  await confirmDelete(page);
  await expect(table.getByText(name)).toHaveCount(0);
});
