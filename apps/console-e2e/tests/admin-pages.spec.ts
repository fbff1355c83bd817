import { expect, test, type Page } from '@playwright/test';
import { axeViolations } from './a11y-helper';
import { api, consoleToken } from './api-helper';
import { loginAsAdmin } from './login-helper';

// Every administration entry of the seeded menu (the groups below, as the server's menu/routes gives them to the
// administrator) opens its page inside the layout, in Chinese and in English: its list (or form) shows, axe finds
// no WCAG A/AA violation, and in English no heading, column, search label or button of the page is Chinese.
// What rows hold is data and may be in any language.

const GROUPS = ['/system', '/authority', '/monitor', '/tool', '/resource', '/base', '/work'];

interface Route {
  path: string;
  name: string;
  children?: Route[];
}

const leaves = (routes: Route[]): Route[] =>
  routes.flatMap((r) => (r.children?.length ? leaves(r.children) : [r]));

/** The page's own words: title, column heads, search labels, buttons, tabs (not the rows' data). */
async function chineseChrome(page: Page): Promise<string[]> {
  return page.getByTestId('page').evaluate((root) => {
    const han = /\p{Script=Han}/u;
    const chrome = root.querySelectorAll(
      'h1, h2, th, [role="columnheader"], [role="search"] label, button, [role="tab"], legend',
    );
    return [...chrome]
      .filter((el) => (el as HTMLElement).offsetParent !== null && !el.closest('td, [role="cell"]'))
      .map((el) => (el.getAttribute('aria-label') ?? '') + ' ' + (el.textContent ?? ''))
      .filter((text) => han.test(text))
      .map((text) => text.trim().slice(0, 60));
  });
}

async function settled(page: Page) {
  await expect(page.getByTestId('page').filter({ visible: true })).toBeVisible();
  // a list has finished loading (pages without one, as the workflow's start form, have no busy table)
  await expect(page.locator('[data-slot="data-table-body"][aria-busy="true"]')).toHaveCount(0);
  // neither the 404 nor the "not built yet" page
  await expect(
    page.getByText(
      /^(抱歉,你访问的页面不存在|Sorry, this page does not exist|页面暂未开放|Not available yet)$/,
    ),
  ).toHaveCount(0);
}

for (const lang of ['zh', 'en'] as const) {
  test(`every administration page opens and passes axe in ${lang}${lang === 'en' ? ', with no Chinese chrome' : ''}`, async ({
    page,
  }) => {
    // about 30 pages, each loaded and checked: minutes on a loaded machine
    test.setTimeout(600_000);
    // one tab at a time: the layout keeps the pages of open tabs mounted (tab-store.ts), which would make each
    // later page heavier to load and to check
    await page.addInitScript(() => sessionStorage.removeItem('saber-tagList'));
    await loginAsAdmin(page);
    const routes = await api<Route[]>(
      page.request,
      await consoleToken(page),
      'GET',
      'smart-system/menu/routes',
    );
    const pages = leaves(routes.filter((r) => GROUPS.includes(r.path)));
    expect(pages.length).toBeGreaterThan(25);
    if (lang === 'en') {
      await page.getByTestId('language-switch').click();
      await expect(page.locator('html')).toHaveAttribute('lang', /^en/);
    }

    const problems: string[] = [];
    for (const { path } of pages) {
      await page.goto(path);
      await settled(page);
      // the page's own part: the shell around it is checked by layout-fit.spec.ts in both languages
      for (const v of await axeViolations(page, '#page')) problems.push(`${path}: ${v}`);
      if (lang === 'en') for (const t of await chineseChrome(page)) problems.push(`${path}: 「${t}」`);
    }
    expect(problems).toEqual([]);
  });
}
