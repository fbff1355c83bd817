import { expect, test } from '@playwright/test';
import { loginAsAdmin } from './login-helper';

// The console on a phone (390 px, docs/spec.md §9): the page takes the whole width, the menu is a drawer over it
// that a choice, the backdrop or Escape closes, and nothing makes the document scroll sideways.

test.use({ viewport: { width: 390, height: 844 } });

test('on a phone the page has the whole width and the menu opens as a drawer over it', async ({ page }) => {
  await loginAsAdmin(page);
  await page.goto('/system/param');
  const main = page.getByTestId('page');
  // the list is cards on a phone: one per row, its name as the title and labelled values
  const cards = main.getByRole('list', { name: '参数' });
  await expect(cards).toBeVisible();
  await expect(main.getByRole('table')).toHaveCount(0);
  const first = cards.getByRole('listitem').first();
  await expect(first.getByRole('term').first()).toHaveText('参数键名');
  const nav = page.getByRole('navigation', { name: '主菜单' });
  await expect(nav).toBeHidden();
  expect((await main.boundingBox())!.width).toBeGreaterThanOrEqual(385);
  // the document itself never scrolls sideways (a wide table scrolls inside its own box)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  const toggle = page.getByRole('button', { name: '展开菜单' });
  await toggle.click();
  await expect(nav).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('phone-drawer.png') });
  const drawer = (await nav.boundingBox())!;
  expect(drawer.x).toBe(0);
  // over the page, not beside it: the page keeps its width
  expect((await main.boundingBox())!.width).toBeGreaterThanOrEqual(385);
  await page.keyboard.press('Escape');
  await expect(nav).toBeHidden();

  await toggle.click();
  await page.locator('[data-slot="sidebar-backdrop"]').click({ position: { x: 370, y: 400 } });
  await expect(nav).toBeHidden();

  // a choice closes the drawer and opens the page
  await toggle.click();
  // (the group of the page on screen is open already)
  await expect(nav.getByRole('button', { name: '系统管理' })).toHaveAttribute('aria-expanded', 'true');
  await nav.getByRole('link', { name: '系统字典' }).click();
  await expect(page).toHaveURL(/\/system\/dict/);
  await expect(nav).toBeHidden();
  await expect(main.getByRole('listitem').first()).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('phone-dict.png') });

  // a row's own actions (字典配置) wait behind one "more" button at the card's foot, which shows them whole
  const more = main.getByRole('button', { name: '更多操作' }).first();
  expect(
    await more.evaluate((el) => {
      const card = el.closest('li')!;
      return el.getBoundingClientRect().right <= card.getBoundingClientRect().right;
    }),
  ).toBe(true);
  await more.click();
  await page.getByRole('button', { name: '字典配置' }).click();
  await expect(page.getByRole('button', { name: '字典配置' })).toBeHidden();
  await expect(main.getByRole('heading', { name: /^字典项 · / })).toBeVisible();
});

test.describe('the folded top bar', () => {
  test.use({ hasTouch: true });

  test('on a phone the user menu holds language, theme and lock, and the lock dialog locks', async ({
    page,
  }) => {
    await loginAsAdmin(page);
    await expect(page.getByTestId('language-switch')).toHaveCount(0);
    await page.getByTestId('user-menu').tap();
    await expect(page.getByRole('menuitem', { name: '主题' })).toBeVisible();
    await page.getByRole('menuitem', { name: '锁屏' }).tap();
    const dialog = page.getByRole('dialog', { name: '设置锁屏密码' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('锁屏密码').fill('secret');
    await dialog.getByRole('button', { name: '锁屏' }).tap();
    await expect(page).toHaveURL(/\/lock/);
  });
});

test.describe('a list on a phone', () => {
  test.use({ hasTouch: true });

  test('an operator adds, finds, edits and deletes a parameter with taps, in cards and a full-screen sheet', async ({
    page,
  }) => {
    await loginAsAdmin(page);
    await page.goto('/system/param');
    const main = page.getByTestId('page');
    const cards = main.getByRole('list', { name: '参数' });
    await expect(cards).toBeVisible();
    const key = `phone.e2e.${Date.now() % 1_000_000}`;

    await main.getByRole('button', { name: '新增' }).tap();
    const sheet = page.getByRole('dialog');
    // the dialog is a sheet over the whole screen
    const box = (await sheet.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(385);
    await sheet.getByLabel('参数名称').fill('手机参数');
    await sheet.getByLabel('参数键名').fill(key);
    await sheet.getByLabel('参数键值').fill('1');
    await sheet.getByRole('button', { name: '保存' }).tap();
    await expect(page.getByText('新增成功').last()).toBeVisible();
    await expect(sheet).toBeHidden();

    // the search bar shows one field on a phone; the key is behind "more filters"
    await main.getByRole('button', { name: /更多条件/ }).tap();
    await main.getByRole('search').getByLabel('参数键名').fill(key);
    await main.getByRole('search').getByRole('button', { name: '搜索' }).tap();
    const card = cards.getByRole('listitem').filter({ hasText: key });
    await expect(cards.getByRole('listitem')).toHaveCount(1);
    await expect(card).toContainText('手机参数');

    await card.getByRole('button', { name: '编辑' }).tap();
    await expect(sheet.getByLabel('参数键值')).toHaveValue('1');
    await sheet.getByLabel('参数键值').fill('2');
    await sheet.getByRole('button', { name: '保存' }).tap();
    await expect(page.getByText('更新成功').last()).toBeVisible();
    await expect(card).toContainText('2');

    await card.getByRole('button', { name: '删除' }).tap();
    await page.getByRole('alertdialog').getByRole('button', { name: '确定' }).tap();
    await expect(page.getByText('删除成功').last()).toBeVisible();
    await expect(card).toHaveCount(0);
    await expect(main.getByText('暂无数据')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
