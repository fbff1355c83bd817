import { expect, test } from '@playwright/test';
import { axeViolations } from './a11y-helper';

test.describe('login', () => {
  test('a wrong password shows the server message and stays on the login page', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page).toHaveTitle(/^登录/);
    await page.getByLabel('账号').fill('admin');
    await page.getByLabel('密码', { exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: '登录' }).click();
    await expect(page.getByText('用户名或密码错误')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('in English, a wrong password shows the server message in English', async ({ page }) => {
    await page.goto('/login');
    await page.getByTestId('language-switch').click();
    await page.getByLabel('Account').fill('admin');
    await page.getByLabel('Password', { exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    // the server answers 用户名或密码错误; the contract's error catalogue gives its English text
    await expect(page.getByText('Wrong user name or password')).toBeVisible();
    await expect(page.getByText('用户名或密码错误')).toHaveCount(0);
  });

  test('required fields say so on blur', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('账号').focus();
    await page.getByLabel('账号').blur();
    await expect(page.getByText('请输入账号')).toBeVisible();
  });

  test('the login page has no accessibility violations', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: '登录' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  test('switches to English and back', async ({ page }) => {
    await page.goto('/login');
    await page.getByTestId('language-switch').click();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expect(page).toHaveTitle(/^Login-Smart Console/);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await page.getByTestId('language-switch').click();
    await expect(page.getByRole('button', { name: '登录' })).toBeVisible();
  });
});
