import { expect, test, type Page } from '@playwright/test';
import { axeViolations } from './a11y-helper';
import { loginAsAdmin } from './login-helper';

const SHOTS = process.env['E2E_SCREENSHOT_DIR'];

// By test id: the strip's accessible name changes with the language.
const tabStrip = (page: Page) => page.getByTestId('tab-strip').getByRole('navigation');
const tabNames = (page: Page) =>
  tabStrip(page).getByTestId('tab').locator('button[data-tab]').allTextContents();

async function openParamPage(page: Page): Promise<void> {
  const nav = page.getByRole('navigation', { name: '主菜单' });
  const group = nav.getByRole('button', { name: '系统管理' });
  if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
  await nav.getByRole('link', { name: '参数管理' }).click();
  await expect(page).toHaveURL(/\/system\/param$/);
  await expect(page.getByRole('table').getByText('account.registerUser')).toBeVisible();
}

test.describe('console shell', () => {
  test('tabs: context menu, dropdown, page state kept while another tab is shown', async ({ page }) => {
    await loginAsAdmin(page);
    await openParamPage(page);

    // The page keeps what was typed while another tab is shown.
    const search = page.getByRole('search').getByLabel('参数键名');
    await search.fill('kept.value');
    await tabStrip(page).getByRole('button', { name: '首页' }).click();
    await expect(page).toHaveURL(/\/wel\/index$/);
    await expect(page).toHaveTitle(/^首页-/);
    await tabStrip(page).getByRole('button', { name: '参数管理', exact: true }).click();
    await expect(page).toHaveURL(/\/system\/param$/);
    await expect(page).toHaveTitle(/^参数管理-/);
    await expect(search).toHaveValue('kept.value');

    // Right click on the home tab: close others keeps home alone (it cannot be closed itself).
    await tabStrip(page).getByRole('button', { name: '首页' }).click({ button: 'right' });
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem')).toHaveText([
      '刷新页面',
      '清除缓存',
      '关闭',
      '关闭其他',
      '关闭全部',
      '搜索菜单',
    ]);
    await expect(menu.getByRole('menuitem', { name: '关闭', exact: true })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await menu.getByRole('menuitem', { name: '关闭其他' }).click();
    await expect(page).toHaveURL(/\/wel\/index$/);
    expect(await tabNames(page)).toEqual(['首页']);

    // The dropdown: close all goes back to the welcome tab.
    await openParamPage(page);
    expect(await tabNames(page)).toEqual(['首页', '参数管理']);
    await page.getByTestId('tab-more').click();
    await page.getByRole('menuitem', { name: '关闭全部' }).click();
    await expect(page).toHaveURL(/\/wel\/index$/);
    expect(await tabNames(page)).toEqual(['首页']);
    // The last tab never closes: it has no close button.
    await expect(tabStrip(page).getByRole('button', { name: /^关闭/ })).toHaveCount(0);

    // Clear cache asks first.
    await page.getByTestId('tab-more').click();
    await page.getByRole('menuitem', { name: '清除缓存' }).click();
    const ask = page.getByRole('alertdialog');
    await expect(ask).toContainText('是否需要清除缓存?');
    await ask.getByRole('button', { name: '取消' }).click();
    await expect(ask).toBeHidden();
    await page.getByTestId('tab-more').click();
    await page.getByRole('menuitem', { name: '清除缓存' }).click();
    await ask.getByRole('button', { name: '确定' }).click();
    await expect(page.getByText('清除完毕')).toBeVisible();
  });

  test('refresh remounts the page of a tab (its state starts afresh)', async ({ page }) => {
    await loginAsAdmin(page);
    await openParamPage(page);
    const search = page.getByRole('search').getByLabel('参数键名');
    await search.fill('typed');
    await tabStrip(page).getByRole('button', { name: '参数管理', exact: true }).click({ button: 'right' });
    await page.getByRole('menuitem', { name: '刷新页面' }).click();
    await expect(page.getByRole('table').getByText('account.registerUser')).toBeVisible();
    await expect(page.getByRole('search').getByLabel('参数键名')).toHaveValue('');
  });

  test('the target query opens the address in a new window and stays in the console', async ({
    page,
    baseURL,
  }) => {
    await loginAsAdmin(page);
    const url = `${baseURL}/logo.svg`;
    const popup = page.context().waitForEvent('page');
    await page.goto(`/myiframe/urlPath?target=_blank&url=${encodeURIComponent(url)}`);
    expect((await popup).url()).toBe(url);
    await expect(page).toHaveURL(/\/wel\/index$/);
  });

  test('menu search overlay and the top-bar autocomplete', async ({ page }) => {
    await loginAsAdmin(page);
    await page.getByTestId('tab-more').click();
    await page.getByRole('menuitem', { name: '搜索菜单' }).click();
    const overlay = page.getByRole('dialog', { name: '菜单搜索' });
    await expect(overlay).toBeVisible();
    await overlay.getByRole('combobox').fill('参数');
    await expect(overlay.getByRole('option')).toHaveText(['参数管理']);
    await overlay.getByRole('combobox').fill('管理'); // not a prefix
    await expect(overlay.getByText('没有匹配的菜单')).toBeVisible();
    await overlay.getByRole('combobox').fill('参');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/system\/param$/);
    await expect(overlay).toBeHidden();

    // Ctrl+K opens it again; Esc closes it.
    await page.keyboard.press('Control+k');
    await expect(overlay).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(overlay).toBeHidden();

    // The top-bar box completes with the same rule.
    await tabStrip(page).getByRole('button', { name: '首页' }).click();
    const box = page.getByTestId('menu-autocomplete');
    await box.fill('参数');
    await page.getByRole('option', { name: '参数管理' }).click();
    await expect(page).toHaveURL(/\/system\/param$/);
    await expect(box).toHaveValue('');
  });

  test('lock needs a password, the guard keeps a locked session on /lock, unlock takes the password', async ({
    page,
  }) => {
    await loginAsAdmin(page);
    await page.getByTestId('lock-button').click();
    const dialog = page.getByRole('dialog', { name: '设置锁屏密码' });
    await dialog.getByRole('button', { name: '锁屏' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('锁屏密码不能为空');
    await dialog.getByLabel('锁屏密码').fill('e2e-lock');
    await dialog.getByRole('button', { name: '锁屏' }).click();
    await expect(page).toHaveURL(/\/lock$/);

    await page.goto('/system/param');
    await expect(page).toHaveURL(/\/lock$/);

    await page.getByLabel('锁屏密码').fill('wrong');
    await page.getByRole('button', { name: '解锁' }).click();
    await expect(page.getByText('解锁密码错误,请重新输入')).toBeVisible();
    await expect(page).toHaveURL(/\/lock$/);
    await page.getByLabel('锁屏密码').fill('e2e-lock');
    await page.getByRole('button', { name: '解锁' }).click();
    await expect(page).toHaveURL(/\/wel\/index$/);
  });

  test('runtime errors land in the error log: badge, full-screen viewer, upload and clear', async ({
    page,
  }) => {
    await loginAsAdmin(page);
    await expect(page.getByTestId('error-log-badge')).toHaveCount(0);

    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error('e2e: thrown in a timer');
      }, 0);
      void Promise.reject(new Error('e2e: rejected promise'));
    });
    await expect(page.getByTestId('error-log-badge')).toHaveText('2');
    if (SHOTS) await page.getByTestId('top-bar').screenshot({ path: `${SHOTS}/top-bar.png` });

    await page.getByRole('button', { name: '2 条错误日志' }).click();
    const viewer = page.getByRole('dialog', { name: '错误日志' });
    await expect(viewer).toBeVisible();
    const box = await viewer.boundingBox();
    const viewport = page.viewportSize();
    expect(box && viewport && box.width >= viewport.width - 1 && box.height >= viewport.height - 1).toBe(
      true,
    );
    await expect(viewer.getByRole('columnheader')).toHaveText(['类型', '地址', '内容', '错误堆栈', '时间']);
    await expect(viewer.getByRole('row').nth(1)).toContainText('e2e: rejected promise');
    await expect(viewer.getByRole('row').nth(2)).toContainText('e2e: thrown in a timer');
    await expect(viewer.getByRole('row').nth(1)).toContainText('/wel/index');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/error-log.png` });
    expect(await axeViolations(page)).toEqual([]);

    // Upload: the contract's send-logs call (POST oauth/logout with the entries), answered by the real server,
    // which stores them as error-log rows of the tenant.
    const sending = page.waitForRequest(
      (r) => r.method() === 'POST' && r.url().includes('/api/smart-auth/oauth/logout'),
    );
    await viewer.getByRole('button', { name: '上传服务器' }).click();
    const ask = page.getByRole('alertdialog');
    await expect(ask).toContainText('确定上传本地日志到服务器?');
    await ask.getByRole('button', { name: '确定' }).click();
    await expect(page.getByText('发送成功!')).toBeVisible();
    await expect(viewer).toBeHidden();
    await expect(page.getByTestId('error-log-badge')).toHaveCount(0);
    const sent: unknown = (await sending).postDataJSON();
    expect(sent).toEqual([
      expect.objectContaining({ type: 'error', message: 'e2e: thrown in a timer', info: 'window.onerror' }),
      expect.objectContaining({
        type: 'error',
        message: 'e2e: rejected promise',
        info: 'unhandledrejection',
      }),
    ]);

    // Clear, after its own question; the entries survive a reload until then (local storage).
    await page.evaluate(() => {
      void Promise.reject(new Error('e2e: another'));
    });
    await expect(page.getByTestId('error-log-badge')).toHaveText('1');
    await page.reload();
    await expect(page.getByTestId('error-log-badge')).toHaveText('1');
    await page.getByRole('button', { name: '1 条错误日志' }).click();
    await viewer.getByRole('button', { name: '清空本地日志' }).click();
    await expect(ask).toContainText('确定清空本地日志记录?');
    await ask.getByRole('button', { name: '确定' }).click();
    await expect(page.getByText('清空成功!')).toBeVisible();
    await expect(page.getByTestId('error-log-badge')).toHaveCount(0);
  });

  test('theme and colour switch, and survive a reload', async ({ page }) => {
    await loginAsAdmin(page);
    const html = page.locator('html');
    await expect(html).toHaveClass(/theme-default/);
    await page.getByTestId('theme-picker').click();
    await expect(page.getByRole('menuitemradio')).toHaveCount(11);
    await page.getByRole('menuitemradio', { name: '黑色主题' }).click();
    await expect(html).toHaveClass(/theme-dark/);
    await expect(html).toHaveClass(/\bdark\b/);

    await page.getByRole('combobox', { name: '主题色' }).click();
    const value = page.getByLabel('颜色值');
    await value.fill('#F5222D');
    await value.press('Enter');
    await expect(html).toHaveAttribute('data-primary-color', '#f5222d');
    await page.keyboard.press('Escape');
    if (SHOTS) await page.getByTestId('top-bar').screenshot({ path: `${SHOTS}/top-bar-dark.png` });

    await page.reload();
    await expect(html).toHaveClass(/theme-dark/);
    await expect(html).toHaveAttribute('data-primary-color', '#f5222d');
    // Also on the login page (upstream applied the theme only inside the layout).
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: '确定' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(html).toHaveClass(/theme-dark/);
  });

  test('title and tab labels follow the page and the language', async ({ page }) => {
    await loginAsAdmin(page);
    await openParamPage(page);
    await expect(page).toHaveTitle('参数管理-Smart 运营控制台');
    await page.getByTestId('language-switch').click();
    await expect(page).toHaveTitle('Parameters-Smart Console');
    await expect(tabStrip(page).getByRole('button', { name: 'Home', exact: true })).toBeVisible();
    await expect(tabStrip(page).getByRole('button', { name: 'Parameters', exact: true })).toBeVisible();
    await tabStrip(page).getByRole('button', { name: 'Home', exact: true }).click();
    await expect(page).toHaveTitle('Home-Smart Console');
    await page.getByTestId('language-switch').click();
    await expect(page).toHaveTitle('首页-Smart 运营控制台');
  });

  test('an external link opens in the embedded page, as a tab of its own', async ({ page, baseURL }) => {
    await loginAsAdmin(page);
    const src = `${baseURL}/logo.svg`;
    await page.goto(
      `/myiframe/urlPath?name=${encodeURIComponent('外部文档')}&src=${encodeURIComponent(src)}`,
    );
    await expect(page.getByTitle('外部文档')).toHaveAttribute('src', src);
    await expect(tabStrip(page).getByRole('button', { name: '外部文档', exact: true })).toBeVisible();
    await expect(page).toHaveTitle(/^外部文档-/);
    // An address that is not http(s) is never embedded.
    await page.goto(`/myiframe/urlPath?name=bad&src=${encodeURIComponent('javascript:alert(1)')}`);
    await expect(page.getByRole('alert').filter({ hasText: '无效的页面地址' })).toBeVisible();
  });

  test('the sidebar collapses with its toggle and by itself on small screens', async ({ page }) => {
    await loginAsAdmin(page);
    const aside = page.locator('aside[data-collapsed]');
    await expect(aside).toHaveAttribute('data-collapsed', 'false');
    await page.getByTestId('collapse-toggle').click();
    await expect(aside).toHaveAttribute('data-collapsed', 'true');
    await page.getByTestId('collapse-toggle').click();
    await expect(aside).toHaveAttribute('data-collapsed', 'false');
    await page.setViewportSize({ width: 900, height: 720 }); // screen level 1
    await expect(aside).toHaveAttribute('data-collapsed', 'true');
    await page.setViewportSize({ width: 1280, height: 720 }); // level 3
    await expect(aside).toHaveAttribute('data-collapsed', 'false');
  });

  test('the shell with its new top-bar controls has no accessibility violations', async ({ page }) => {
    await loginAsAdmin(page);
    await expect(page.getByTestId('top-bar')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
});
