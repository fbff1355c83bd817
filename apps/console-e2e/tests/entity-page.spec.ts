import { expect, test } from '@playwright/test';
import { loginAsAdmin } from './login-helper';

// A declared entity without a page of its own opens the CRUD kit's generic page (libs/crud entity-pages.ts): the
// comment groups, end to end against the reference server.
test('the administrator manages comment groups on the generic page of their declaration', async ({
  page,
}) => {
  await loginAsAdmin(page);

  const nav = page.getByRole('navigation', { name: '主菜单' });
  await nav.getByRole('button', { name: '评论库' }).click();
  await nav.getByRole('link', { name: '评论分组' }).click();
  await expect(page).toHaveURL(/\/comment\/comment_group$/);
  await expect(page).toHaveTitle(/^评论分组-/);
  const table = page.getByRole('table');
  await expect(table).toBeVisible();

  // Add one: labels, the platform choices and the rules come from the contract.
  const name = `端到端分组${Date.now() % 100_000_000}`;
  await page.getByRole('button', { name: '新增' }).click();
  let dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: /确定|提交|保存/ }).click();
  await expect(dialog.getByText('请输入分组名称')).toBeVisible();
  await dialog.getByLabel('分组名称').fill(name);
  await dialog.getByRole('combobox', { name: /适用平台/ }).click();
  await page.getByRole('option', { name: 'xhs' }).click();
  await dialog.getByRole('button', { name: /确定|提交|保存/ }).click();
  await expect(page.getByText('新增成功')).toBeVisible();
  await expect(dialog).toBeHidden();

  // Find it by a contains-match of its name.
  const search = page.getByRole('search');
  await search.getByLabel('分组名称').fill(name.slice(2));
  await search.getByRole('button', { name: '搜索' }).click();
  await expect(table.getByRole('row')).toHaveCount(2); // header + the one hit
  const row = table.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('xhs');

  // Edit it.
  await row.getByRole('button', { name: '编辑' }).click();
  dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('分组名称')).toHaveValue(name);
  await dialog.getByLabel('备注').fill('端到端备注');
  await dialog.getByRole('button', { name: /确定|提交|保存/ }).click();
  await expect(page.getByText('更新成功')).toBeVisible();
  // the remark is a long text, listed only on demand: the view dialog shows it
  await row.getByRole('button', { name: '查看' }).click();
  dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('备注')).toHaveValue('端到端备注');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // Delete it, after the confirmation.
  await row.getByRole('button', { name: '删除' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('删除成功')).toBeVisible();
  await expect(table.getByText(name)).toHaveCount(0);
});
