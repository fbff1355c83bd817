import { expect, test } from '@playwright/test';
import { loginAsAdmin } from './login-helper';

// Dictionary labels follow the interface language: the server answers its seeded items in English with lang=en,
// and a language switch reads them again (a search select of the grant records' page, its type column's labels).

test('dictionary labels switch with the language', async ({ page }) => {
  await loginAsAdmin(page);
  await page.goto('/commerce/grant_record');
  await page.getByLabel('赠送类型', { exact: true }).click();
  await expect(page.getByRole('option', { name: '服务天数', exact: true })).toBeVisible();
  await page.keyboard.press('Escape');

  await page.getByTestId('language-switch').click();
  await page.getByLabel('Grant type', { exact: true }).click();
  await expect(page.getByRole('option', { name: 'Service days', exact: true })).toBeVisible();
  await expect(page.getByRole('option', { name: '服务天数' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.getByTestId('language-switch').click();
});
