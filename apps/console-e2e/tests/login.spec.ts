import { expect, test } from '@playwright/test';
import { axeViolations } from './a11y-helper';
import { loginAsAdmin } from './login-helper';

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

  test('the refresh token lives in an HttpOnly cookie: no script reads it, the refresh timer rotates it', async ({
    page,
  }) => {
    await loginAsAdmin(page);
    const refreshCookie = async () =>
      (await page.context().cookies()).find((c) => c.name === 'smart-refresh-token');
    const first = await refreshCookie();
    expect(first).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/smart-auth/oauth' });
    expect(first?.value).toMatch(/^ey/);
    // nothing a script can reach holds it
    const visible = await page.evaluate(() => ({
      cookies: document.cookie,
      stored: localStorage.getItem('saber-refreshToken') ?? sessionStorage.getItem('saber-refreshToken'),
      info: localStorage.getItem('saber-userInfo') ?? '',
    }));
    expect(visible.cookies).not.toContain(first?.value);
    expect(visible.stored).toBeNull();
    expect(visible.info).not.toContain(first?.value);

    // age the token past tokenTime: the timer's next tick (every 10 s) refreshes from the cookie
    const before = await page.evaluate(() => {
      const key = 'saber-token';
      const record = JSON.parse(localStorage.getItem(key) ?? '{}') as { content: string; datetime: number };
      localStorage.setItem(key, JSON.stringify({ ...record, datetime: record.datetime - 3600_000 }));
      return record.content;
    });
    await page.reload();
    await expect
      .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('saber-token') ?? '{}').content), {
        timeout: 25_000,
      })
      .not.toBe(before);
    const second = await refreshCookie();
    expect(second?.value).toMatch(/^ey/);
    expect(second?.value).not.toBe(first?.value);
    await expect(page.getByTestId('top-bar')).toBeVisible();
  });
});
