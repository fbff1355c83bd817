// Console shell after login, in headless Chromium against the running server (numbers only):
// - welcome interactive: from the end of the token response to the welcome greeting and the sidebar's menu on
//   screen with the main thread free again (a frame painted and a task run after it), median of 5 logins;
// - tab switch: with the tabs open, clicking an already-open tab until it is the current one and a frame with its
//   page has been painted, median and max over 40 switches;
// - memory: the JS heap (after a forced collection) with 20 tabs open: the console's own pages and param list
//   pages with distinct queries (each a mounted, loaded data page).
import { chromium } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '@smart/tools/chromium';

const LOGINS = 5;
const SWITCHES = 40;
const TABS = 20;

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** Records in the page when the welcome greeting and a menu link are both on screen, then the next free task. */
const WATCH_WELCOME = () => {
  const done = () =>
    /欢迎回来|Welcome back/.test(document.querySelector('[data-testid="page"]')?.textContent ?? '') &&
    (document.querySelector('aside nav')?.textContent ?? '').trim().length > 0;
  const tick = () => {
    if (done()) {
      requestAnimationFrame(() => setTimeout(() => (window.__welcomeReady = performance.now()), 0));
    } else requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
};

async function login(page, base) {
  await page.goto(`${base}/login`);
  await page.getByLabel('账号').fill('admin');
  await page.getByLabel('密码', { exact: true }).fill('admin');
  await page.getByRole('button', { name: '登录' }).click();
  await page.waitForURL(/\/wel\/index$/);
}

async function welcomeInteractive(browser, base) {
  const times = [];
  for (let i = 0; i < LOGINS; i++) {
    const ctx = await browser.newContext();
    const page = await ctx.newPage();
    await login(page, base);
    // the watcher starts after the login navigation (same document: the SPA routes without a reload), so it is
    // installed right away; the token's responseEnd comes from the resource timing of the same document
    await page.evaluate(WATCH_WELCOME);
    await page.waitForFunction(() => window.__welcomeReady !== undefined, null, { timeout: 30_000 });
    const ms = await page.evaluate(() => {
      const token = performance
        .getEntriesByType('resource')
        .filter((e) => e.name.includes('/api/smart-auth/oauth/token'))
        .pop();
      return window.__welcomeReady - token.responseEnd;
    });
    times.push(ms);
    await ctx.close();
  }
  return times;
}

/** Opens a path as a tab: a full load (the open tabs persist in the session's storage). */
async function openTab(page, base, path) {
  await page.goto(`${base}${path}`);
  await page.locator(`[data-tab="${path}"][aria-current="page"]`).waitFor();
}

/** Clicks an open tab; resolves to the ms until it is current and a frame with its page has been painted. */
const SWITCH = (value) =>
  new Promise((resolve) => {
    const button = document.querySelector(`[data-tab="${CSS.escape(value)}"]`);
    const t0 = performance.now();
    button.click();
    const check = () => {
      if (button.getAttribute('aria-current') === 'page')
        requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - t0), 0));
      else requestAnimationFrame(check);
    };
    check();
  });

const idle = (page) =>
  page.waitForFunction(() => !document.querySelector('[data-testid="page"] [role="status"]'), null, {
    timeout: 30_000,
  });

async function tabsAndMemory(browser, base) {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  await login(page, base);
  const paths = ['/wel/dashboard', '/info/index', '/pay/pay', '/system/param'];
  for (let i = 1; paths.length < TABS - 1; i++) paths.push(`/system/param?current=1&size=${10 + i}`);
  for (const p of paths) await openTab(page, base, p);
  const open = await page.locator('[data-testid="tab"]').count();
  const all = ['/wel/index', ...paths];
  // after the reloads only the current tab's page is mounted: a first round mounts every page and loads its data
  for (const value of all) {
    await page.evaluate(SWITCH, value);
    await idle(page);
  }

  const switches = [];
  for (let i = 0; switches.length < SWITCHES; i++) {
    const target = all[(i * 7 + 3) % all.length];
    const current = await page.locator('[data-tab][aria-current="page"]').getAttribute('data-tab');
    if (target !== current) switches.push(await page.evaluate(SWITCH, target));
  }

  const cdp = await ctx.newCDPSession(page);
  await cdp.send('HeapProfiler.enable');
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  await ctx.close();
  return { open, switches, heapMb: usedSize / 1024 / 1024 };
}

export async function shellBench(base) {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    const welcome = await welcomeInteractive(browser, base);
    console.log(`\nwelcome interactive after the token (ms): ${welcome.map((t) => t.toFixed(0)).join(', ')}`);
    console.log(
      `welcome interactive median: ${median(welcome).toFixed(0)} ms over ${LOGINS} logins (target <= 500 ms)`,
    );
    const { open, switches, heapMb } = await tabsAndMemory(browser, base);
    console.log(
      `tab switch to an open tab: median ${median(switches).toFixed(1)} ms, max ${Math.max(...switches).toFixed(1)} ms over ${switches.length} switches with ${open} tabs (target <= 50 ms)`,
    );
    console.log(`JS heap with ${open} tabs open, after GC: ${heapMb.toFixed(1)} MB (target < 200 MB)`);
  } finally {
    await browser.close();
  }
}
