import { expect, test } from '@playwright/test';
import { loginAsAdmin } from './login-helper';

// Departments are declared as a tree entity (openapi.yaml x-entity.tree): the generic page lists the forest, adds a
// child under a row with its parent preset, and expands the row to show it; end to end against the reference server.
test('the administrator builds a department under another on the tree page', async ({ page }) => {
  await loginAsAdmin(page);

  const nav = page.getByRole('navigation', { name: '主菜单' });
  await nav.getByRole('button', { name: '系统管理' }).click();
  await nav.getByRole('link', { name: '部门管理' }).click();
  await expect(page).toHaveURL(/\/system\/dept$/);
  const tree = page.getByRole('treegrid');
  await expect(tree).toBeVisible();

  const stamp = Date.now() % 100_000_000;
  const parent = `端到端公司${stamp}`;
  const child = `端到端小组${stamp}`;
  const fill = async (name: string, kind: string) => {
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('机构名称').fill(name);
    await dialog.getByLabel('机构全称').fill(`${name}全称`);
    await dialog.getByRole('combobox', { name: /机构类型/ }).click();
    await page.getByRole('option', { name: kind }).click();
    await dialog.getByLabel('排序').fill('1');
    await dialog.getByRole('button', { name: /确定|提交|保存/ }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('新增成功').last()).toBeVisible();
  };

  // A root department.
  await page.getByRole('button', { name: '新增', exact: true }).click();
  await fill(parent, '公司');
  const parentRow = tree.getByRole('row', { name: new RegExp(parent) });
  await expect(parentRow).toBeVisible();

  // A child through the row's own action: the parent is preset and shown by name.
  await parentRow.getByRole('button', { name: '新增子项' }).click();
  await expect(page.getByRole('dialog').getByText(parent)).toBeVisible();
  await fill(child, '小组');

  // The forest nests it: expanding the parent shows the child one level deeper.
  const toggle = parentRow.getByRole('button', { name: '展开' });
  if (await toggle.isVisible()) await toggle.click();
  const childRow = tree.getByRole('row', { name: new RegExp(child) });
  await expect(childRow).toBeVisible();
  await expect(childRow).toHaveAttribute('aria-level', '2');

  // A parent with children cannot go first; the child, then the parent.
  await childRow.getByRole('button', { name: '删除' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('删除成功').last()).toBeVisible();
  await expect(tree.getByText(child)).toHaveCount(0);
  await parentRow.getByRole('button', { name: '删除' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: '确定' }).click();
  await expect(tree.getByText(parent)).toHaveCount(0);
});
