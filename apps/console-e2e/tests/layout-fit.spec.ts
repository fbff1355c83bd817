import { expect, test, type Page } from '@playwright/test';
import { axeViolations } from './a11y-helper';
import { layoutProblems } from './layout-helper';
import { loginAsAdmin } from './login-helper';

// The main screens on a phone (390×844) and a desktop (1440×900), in Chinese on the light theme and in English on
// the dark one: nothing scrolls sideways, no control leaves the screen or its dialog, no label is cut off, no two
// controls overlap (measured in the page, layout-helper.ts), and axe finds no WCAG A/AA violation.

const PAGES = [
  { path: '/wel/dashboard', ready: (page: Page) => page.getByTestId('trends').getByRole('table') },
  { path: '/system/param', ready: listReady },
  { path: '/system/dict', ready: listReady },
  { path: '/system/tenantpackage', ready: listReady },
  // a lazy tree: indented cards on a phone
  { path: '/base/region', ready: listReady },
  { path: '/dy/dy_comm', ready: listReady },
  { path: '/commerce/grant_record', ready: listReady },
  { path: '/pay/pay', ready: (page: Page) => page.getByRole('radio').first() },
];

function listReady(page: Page) {
  return page
    .getByTestId('page')
    .locator('[data-slot="data-table"][data-layout] [data-slot="data-table-body"][aria-busy="false"]');
}

async function toEnglishDark(page: Page, phone: boolean) {
  if (phone) {
    // taps, as on a phone (a mouse moving off the submenu's trigger would close it)
    await page.getByTestId('user-menu').tap();
    await page.getByTestId('menu-language').tap();
    await page.getByTestId('user-menu').tap();
    await page.getByRole('menuitem', { name: 'Theme' }).tap();
    await page.getByRole('menuitemradio', { name: 'Dark' }).tap();
  } else {
    await page.getByTestId('language-switch').click();
    await page.getByTestId('theme-picker').click();
    await page.getByRole('menuitemradio', { name: 'Dark' }).click();
  }
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await expect(page.locator('html')).toHaveAttribute('lang', /^en/);
}

async function checkPages(page: Page, phone: boolean) {
  for (const { path, ready } of PAGES) {
    await page.goto(path);
    // (pages of other tabs stay mounted, hidden)
    await expect(ready(page).filter({ visible: true }).first()).toBeVisible();
    // (the table's or cards' own layout and the menu's fold follow the width once the page settled)
    await expect(
      page.locator(`[data-slot="data-table"][data-layout="${phone ? 'table' : 'cards'}"]`),
    ).toHaveCount(0);
    expect(await layoutProblems(page), path).toEqual([]);
    expect(await axeViolations(page), path).toEqual([]);
  }
  // a form dialog: every field inside it (on a phone a full-screen sheet)
  await page.goto('/system/param');
  await expect(listReady(page).filter({ visible: true })).toBeVisible();
  await page
    .getByTestId('page')
    .getByRole('button', { name: /^(新增|Add)$/ })
    .click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('textbox').first()).toBeVisible();
  expect(await layoutProblems(page), 'add dialog').toEqual([]);
  const box = (await dialog.boundingBox())!;
  if (phone) expect(box.width).toBe(390);
  expect(await axeViolations(page), 'add dialog').toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

for (const { width, height, phone } of [
  { width: 390, height: 844, phone: true },
  { width: 1440, height: 900, phone: false },
]) {
  test.describe(`${width}×${height}`, () => {
    test.use({ viewport: { width, height }, hasTouch: phone });

    test('the main screens fit, in Chinese (light) and English (dark)', async ({ page }) => {
      test.setTimeout(120_000);
      await loginAsAdmin(page);
      await checkPages(page, phone);
      await toEnglishDark(page, phone);
      await checkPages(page, phone);
    });
  });
}
