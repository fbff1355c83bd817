import { expect, test } from '@playwright/test';
import { axeViolations } from './a11y-helper';
import { choose } from './crud-helper';
import { loginAsAdmin } from './login-helper';

// The menu page against the reference server (menu.yaml): a menu's icon is picked among the icons the console renders,
// searched by name, and the list shows the icon beside its name.
test('the administrator gives a new menu an icon from the picker, sees it listed, and removes the menu', async ({
  page,
}) => {
  await loginAsAdmin(page);
  await page.goto('/system/menu');
  const code = `e2e_icon_${Date.now() % 100000}`;
  await page.getByRole('button', { name: '新增', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('菜单名称').fill('端到端图标');
  await dialog.getByLabel('菜单编号').fill(code);
  await dialog.getByLabel('菜单别名').fill('menu');
  await dialog.getByLabel('路由地址').fill(`/e2e/${code}`);
  await choose(page, dialog, '菜单类型', '菜单');
  await dialog.getByLabel('排序').fill('99');
  await dialog.getByRole('combobox', { name: '菜单图标' }).click();
  // the list holds exactly the console's icons, searched by name
  await page.keyboard.type('map-p');
  await expect(page.getByRole('option')).toHaveCount(1);
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('option', { name: 'map-pin' }).click();
  await expect(dialog.getByRole('combobox', { name: '菜单图标' })).toContainText('map-pin');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('新增成功')).toBeVisible();

  const search = page.getByRole('search');
  await search.getByLabel('菜单编号').fill(code);
  await search.getByRole('button', { name: '搜索' }).click();
  const row = page.getByTestId('page').getByRole('row', { name: /端到端图标/ });
  await expect(row).toContainText('map-pin');
  await expect(row.locator('[data-slot="crud-cell-icon"] svg')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  await row.getByRole('button', { name: '删除' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('删除成功')).toBeVisible();
  await expect(row).toHaveCount(0);
});
