import { expect, test } from '@playwright/test';
import { loginAsAdmin } from './login-helper';

// The logs are read-only declared entities (openapi.yaml tags log-usual, log-api, log-error): the generic page lists
// what the server wrote, filters it, and shows one row; nothing is added, edited or deleted there.
test('the administrator reads the API log the console itself produced', async ({ page }) => {
  await loginAsAdmin(page);

  const nav = page.getByRole('navigation', { name: '主菜单' });
  await nav.getByRole('button', { name: '系统监控' }).click();
  await nav.getByRole('link', { name: '接口日志' }).click();
  await expect(page).toHaveURL(/\/monitor\/log\/api$/);
  const table = page.getByRole('table');
  // logging in and opening the page are API calls of their own
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByRole('button', { name: '新增', exact: true })).toHaveCount(0);

  // A contains-match on the request URI keeps only matching rows.
  const search = page.getByRole('search');
  await search.getByLabel('请求接口').fill('log/api');
  const rows = table.getByRole('row');
  // the server writes its logs in batches, about once a second (apps/server/src/logging/writer.ts)
  await expect(async () => {
    await search.getByRole('button', { name: '搜索' }).click();
    await expect(rows.nth(1)).toContainText('/api/smart-log/api/list', { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  // the contract's first columns (x-entity.columns): the title of the operation, then its method and URI
  await expect(table.getByRole('columnheader').nth(2)).toContainText('日志名');
  for (const text of await rows.allInnerTexts())
    if (text.includes('/api/')) expect(text).toContain('log/api');

  // One row, read only.
  await rows.nth(1).getByRole('button', { name: '查看' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('请求接口')).toHaveValue(/\/api\/smart-log\/api\/list/);
  await expect(dialog.getByRole('button', { name: /确定|提交|保存/ })).toHaveCount(0);
  await expect(rows.first().getByRole('button', { name: '删除' })).toHaveCount(0);
});
