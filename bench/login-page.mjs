// Login page: the bytes of JS and CSS the browser receives for /login as the server sends them (the encoded body
// sizes Chromium reports, with the content encoding the server chose), whether any feature chunk is among them, and
// the median over 5 cold loads of the time from navigation start until the login form is visible (the console sets
// the performance mark `login-form-visible` when the form has rendered). Returns the figures, so that run.mjs can
// print a build beside the previous one.
import { chromium } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '@smart/tools/chromium';

const RUNS = 5;
export const LOGIN_RECEIVED_BUDGET_KB = 125;
export const LOGIN_VISIBLE_BUDGET_MS = 300;

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

export async function loginPage(base, label = 'this build') {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    // Bytes: what a first visit receives, as sent (the whole document and every asset, and the scripts and styles).
    const context = await browser.newContext();
    const page = await context.newPage();
    const pending = [];
    page.on('requestfinished', (request) => {
      pending.push(
        (async () => {
          const res = await request.response();
          if (!res) return null;
          const sizes = await request.sizes();
          return {
            url: new URL(request.url()).pathname,
            type: request.resourceType(),
            headers: sizes.responseHeadersSize,
            body: sizes.responseBodySize,
            encoding: res.headers()['content-encoding'] ?? 'none',
          };
        })().catch(() => null),
      );
    });
    await page.goto(`${base}/login`, { waitUntil: 'networkidle' });
    const all = (await Promise.all(pending)).filter(Boolean);
    await context.close();
    const assets = all.filter((a) => a.type === 'script' || a.type === 'stylesheet');

    const sum = (list, key) => list.reduce((n, a) => n + a[key], 0);
    const kb = (n) => (n / 1024).toFixed(1);
    console.log(`\n/login (${label}), bytes received (body as encoded by the server):`);
    for (const a of assets.sort((x, y) => y.body - x.body))
      console.log(`  ${kb(a.body).padStart(7)} KB  ${a.encoding.padEnd(4)}  ${a.url}`);
    const js = sum(
      assets.filter((a) => a.type === 'script'),
      'body',
    );
    const css = sum(
      assets.filter((a) => a.type === 'stylesheet'),
      'body',
    );
    const bodies = sum(all, 'body');
    const headers = sum(all, 'headers');
    console.log(`login JS received: ${kb(js)} KB, CSS received: ${kb(css)} KB`);
    console.log(
      `login bodies received (document, assets, API): ${kb(bodies)} KB (target <= ${LOGIN_RECEIVED_BUDGET_KB} KB), plus ${kb(headers)} KB of HTTP/1.1 response headers over ${all.length} responses`,
    );
    const featureChunks = assets.filter((a) => /Param|feature|system/i.test(a.url));
    console.log(
      `feature chunks loaded by /login: ${featureChunks.length ? featureChunks.map((a) => a.url).join(', ') : 'none'}`,
    );

    // Time: cold loads, each in a fresh context (empty cache).
    const times = [];
    for (let i = 0; i < RUNS; i++) {
      const ctx = await browser.newContext();
      const p = await ctx.newPage();
      await p.goto(`${base}/login`);
      const ms = await p.evaluate(
        () =>
          new Promise((resolve) => {
            const find = () => performance.getEntriesByName('login-form-visible')[0];
            const hit = find();
            if (hit) return resolve(hit.startTime);
            new PerformanceObserver((list, observer) => {
              const entry = list.getEntriesByName('login-form-visible')[0];
              if (entry) {
                observer.disconnect();
                resolve(entry.startTime);
              }
            }).observe({ type: 'mark', buffered: true });
          }),
      );
      times.push(ms);
      await ctx.close();
    }
    console.log(`login form visible, cold loads (ms): ${times.map((t) => t.toFixed(0)).join(', ')}`);
    const visible = median(times);
    console.log(
      `login form visible median: ${visible.toFixed(0)} ms over ${RUNS} cold loads (target <= ${LOGIN_VISIBLE_BUDGET_MS} ms)`,
    );
    return {
      label,
      assetsKb: (js + css) / 1024,
      receivedKb: bodies / 1024,
      headersKb: headers / 1024,
      visibleMs: visible,
    };
  } finally {
    await browser.close();
  }
}
