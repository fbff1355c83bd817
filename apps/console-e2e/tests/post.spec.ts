import { expect, test } from '@playwright/test';
import { api, tokenFor } from './api-helper';
import { loginAsAdmin } from './login-helper';

test('the administrator manages posts from the menu', async ({ page }) => {
  await loginAsAdmin(page);

  // Open the page from the server menu.
  const nav = page.getByRole('navigation', { name: '主菜单' });
  await nav.getByRole('button', { name: '系统管理' }).click();
  await nav.getByRole('link', { name: '岗位管理' }).click();
  await expect(page).toHaveURL(/\/system\/post$/);
  await expect(page).toHaveTitle(/^岗位管理-/);
  const table = page.getByRole('table');
  await expect(table.getByRole('row').nth(1)).toBeVisible();

  // Add one: the kind from the seeded post_category dictionary.
  const code = `E2E${Date.now() % 100_000_000}`;
  await page.getByRole('button', { name: '新增' }).click();
  let dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: /岗位类型/ }).click();
  await page.getByRole('option', { name: '基层' }).click();
  await dialog.getByLabel('岗位编号').fill(code);
  await dialog.getByLabel('岗位名称').fill('端到端岗位');
  await dialog.getByLabel('岗位排序').fill('99');
  await dialog.getByRole('button', { name: /确定|提交|保存/ }).click();
  await expect(page.getByText('新增成功')).toBeVisible();
  await expect(dialog).toBeHidden();

  // Find it by its code.
  const search = page.getByRole('search');
  await search.getByLabel('岗位编号').fill(code);
  await search.getByRole('button', { name: '搜索' }).click();
  await expect(table.getByRole('row')).toHaveCount(2); // header + the one hit
  const row = table.getByRole('row', { name: new RegExp(code) });
  await expect(row).toContainText('端到端岗位');
  await expect(row).toContainText('基层');

  // Edit it.
  await row.getByRole('button', { name: '编辑' }).click();
  dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('岗位名称')).toHaveValue('端到端岗位');
  await dialog.getByLabel('岗位名称').fill('端到端岗位改');
  await dialog.getByRole('button', { name: /确定|提交|保存/ }).click();
  await expect(page.getByText('更新成功')).toBeVisible();
  await expect(row).toContainText('端到端岗位改');

  // Delete it, after the confirmation.
  await row.getByRole('button', { name: '删除' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('删除成功')).toBeVisible();
  await expect(table.getByText(code)).toHaveCount(0);
});

// Every seeded entry has its page now; a menu an administrator adds for a page the console does not have (yet)
// still opens inside the layout, with its own tab and title, instead of a 404.
test('a menu entry whose page is not built yet opens an in-layout "not available" page', async ({
  page,
  request,
}) => {
  const token = await tokenFor(request, 'admin', 'admin');
  const stamp = Date.now() % 1_000_000;
  const name = `稍后开放${stamp}`;
  const { id } = await api<{ id: string }>(request, token, 'POST', 'smart-system/menu/submit', {
    parentId: '0',
    code: `e2e_later_${stamp}`,
    name,
    alias: 'menu',
    path: `/later/e2e${stamp}`,
    source: 'clock',
    sort: 99,
    category: 1,
    action: 0,
    isOpen: 1,
    remark: '',
  });
  try {
    await loginAsAdmin(page);
    const nav = page.getByRole('navigation', { name: '主菜单' });
    await nav.getByRole('link', { name }).click();
    // (a top-level entry without children opens at its path + /index, apps/console/src/shell/menu.ts)
    await expect(page).toHaveURL(new RegExp(`/later/e2e${stamp}(/index)?$`));
    await expect(page.getByTestId('page').getByRole('heading', { name: '页面暂未开放' })).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: '已打开的页面' }).getByRole('button', { name, exact: true }),
    ).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`^${name}-`));
  } finally {
    await api(request, token, 'POST', `smart-system/menu/remove?ids=${id}`);
  }
});
