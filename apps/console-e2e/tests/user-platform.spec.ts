import { expect, test } from '@playwright/test';
import { axeViolations } from './a11y-helper';
import { loginAsAdmin } from './login-helper';

// 平台配置 on the user page (user.yaml platform-detail, update-platform): a user's extension of a platform, JSON
// text checked before it is sent, stored by the server and shown again when the dialog reopens.

test('the administrator sets a user’s platform extension, which reads back', async ({ page }) => {
  await loginAsAdmin(page);
  await page.goto('/system/user');
  const row = page
    .getByTestId('page')
    .getByRole('table')
    .getByRole('row', { name: /operator/ });
  await row.getByRole('button', { name: '平台配置' }).click();
  const dialog = page.getByRole('dialog', { name: '平台配置' });
  const ext = dialog.getByRole('textbox', { name: '用户拓展' });
  await expect(ext).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  await ext.fill('{ not json');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog.getByText('用户拓展信息须为 JSON')).toBeVisible();

  const value = `{"shift":${Date.now() % 1000}}`;
  await ext.fill(value);
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('平台配置成功')).toBeVisible();
  await expect(dialog).toBeHidden();

  await row.getByRole('button', { name: '平台配置' }).click();
  await expect(dialog.getByRole('textbox', { name: '用户拓展' })).toHaveValue(value);
});
