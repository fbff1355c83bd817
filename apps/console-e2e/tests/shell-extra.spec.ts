import { expect, test, type Page } from '@playwright/test';
import { loginAsAdmin } from './login-helper';

// By test id: the strip's accessible name changes with the language.
const tabStrip = (page: Page) => page.getByTestId('tab-strip').getByRole('navigation');

/** Calls the server as the signed-in admin (the console's own token and client). */
async function api(page: Page, method: 'GET' | 'POST', path: string, data?: unknown) {
  const cookies = await page.context().cookies();
  const token = cookies.find((c) => c.name === 'saber-access-token')?.value ?? '';
  const response = await page.request.fetch(`/api/${path}`, {
    method,
    headers: {
      Authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`,
      'Smart-Auth': `bearer ${token}`,
    },
    ...(data === undefined ? {} : { data }),
  });
  const body = (await response.json()) as { code: number; data: unknown; msg: string };
  expect(body.code, body.msg).toBe(200);
  return body.data;
}

test.describe('console shell, more', () => {
  test('a server menu without children: its bare path leads to its index page', async ({ page }) => {
    await loginAsAdmin(page);
    const created = (await api(page, 'POST', 'smart-system/menu/submit', {
      parentId: '0',
      code: 'e2e_session_check',
      name: 'E2E 会话检查',
      alias: 'e2e',
      path: '/test',
      source: 'shield',
      sort: 999,
      category: 1,
    })) as { id: string };
    try {
      await page.goto('/wel/index'); // a fresh load fetches the menu again
      const nav = page.getByRole('navigation', { name: '主菜单' });
      await expect(nav.getByRole('link', { name: 'E2E 会话检查' })).toHaveAttribute('href', '/test/index');

      await page.goto('/test');
      await expect(page).toHaveURL(/\/test\/index$/);
      await expect(page.getByTestId('session-check')).toBeVisible();
      await expect(tabStrip(page).getByRole('button', { name: '测试页', exact: true })).toBeVisible();
      // A trailing slash and a query lead there too.
      await page.goto('/test/?from=e2e');
      await expect(page).toHaveURL(/\/test\/index\?from=e2e$/);
    } finally {
      await api(page, 'POST', `smart-system/menu/remove?ids=${created.id}`);
    }
    // The console's own <x>/index pages redirect the same way, menu or not.
    await page.goto('/info');
    await expect(page).toHaveURL(/\/info\/index$/);
  });

  test('/test/index shows the session of the signed-in user', async ({ page }) => {
    await loginAsAdmin(page);
    await page.goto('/test/index');
    const check = page.getByTestId('session-check');
    await expect(check).toContainText('会话信息');
    await expect(check).toContainText('admin');
    await expect(check).toContainText('000000');
    await expect(page.getByRole('list', { name: '按钮权限' }).getByRole('listitem').first()).toBeVisible();
    await expect(page).toHaveTitle('测试页-Smart 运营控制台');
    await page.getByTestId('language-switch').click();
    await expect(check).toContainText('Session');
    await expect(tabStrip(page).getByRole('button', { name: 'Test page', exact: true })).toBeVisible();
    await page.getByTestId('language-switch').click();
  });

  test('the top-bar figures lead to the payment page', async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 768 }); // the figures show from 1280 px
    await loginAsAdmin(page);
    const figures = page.getByTestId('account-figures');
    await expect(figures).toContainText('有效期');
    await expect(figures).toContainText('算力');
    await expect(figures).toContainText('余额');
    await figures.click();
    await expect(page).toHaveURL(/\/pay\/pay$/);
    await expect(tabStrip(page).getByRole('button', { name: '充值', exact: true })).toBeVisible();
  });

  test('the notice popover: mail, message and notice tabs, a 300px scroll area', async ({ page }) => {
    await loginAsAdmin(page);
    await page.getByTestId('notice-trigger').click();
    const popover = page.getByTestId('notice-popover');
    await expect(popover.getByRole('tab')).toHaveText(['邮件', '消息', '公告']);
    await expect(popover.getByRole('tab', { name: '公告' })).toHaveAttribute('aria-selected', 'true');
    const area = popover.getByTestId('notice-scroll');
    await expect(area).toBeVisible();
    expect((await area.boundingBox())?.height).toBe(300);
    await popover.getByRole('tab', { name: '邮件' }).click();
    await expect(popover.getByText('暂无邮件')).toBeVisible();
    await popover.getByRole('tab', { name: '消息' }).click();
    await expect(popover.getByText('暂无消息')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(popover).toBeHidden();
  });

  test('the 403 and 500 pages say what happened and lead home', async ({ page }) => {
    await page.goto('/403');
    await expect(page.getByRole('heading', { name: '抱歉,你无权访问该页面' })).toBeVisible();
    await expect(page).toHaveTitle('403-Smart 运营控制台');
    await page.goto('/500');
    await expect(page.getByRole('heading', { name: '抱歉,服务器出错了' })).toBeVisible();
    await expect(page).toHaveTitle('500-Smart 运营控制台');
    // Without a session, home is the login page.
    await page.getByRole('link', { name: '返回首页' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('the login page title, and a signed-in visit to /login goes home', async ({ page }) => {
    await page.goto('/login');
    await expect(page).toHaveTitle('登录-Smart 运营控制台');
    await loginAsAdmin(page);
    await page.goto('/login');
    await expect(page).toHaveURL(/\/wel\/index$/);
    await expect(page).toHaveTitle('首页-Smart 运营控制台');
  });
});
