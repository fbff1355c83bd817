// Login page: the gzip bytes of JS and CSS the browser loads for /login, whether any feature chunk is among them,
// and the median over 5 cold loads of the time from navigation start until the login form is visible
// (the console sets the performance mark `login-form-visible` when the form has rendered).
import { chromium } from '@playwright/test';
import { gzipSync } from 'node:zlib';
import { chromiumArgs, chromiumPath } from '@smart/tools/chromium';

const RUNS = 5;

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

export async function loginPage(base) {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    // Bytes: what a first visit downloads.
    const context = await browser.newContext();
    const page = await context.newPage();
    const assets = [];
    page.on('response', async (res) => {
      const type = res.request().resourceType();
      if (type !== 'script' && type !== 'stylesheet') return;
      try {
        const body = await res.body();
        assets.push({
          url: new URL(res.url()).pathname,
          type,
          raw: body.length,
          gzip: gzipSync(body, { level: 9 }).length,
        });
      } catch {
        /* redirected or aborted */
      }
    });
    await page.goto(`${base}/login`, { waitUntil: 'networkidle' });
    await context.close();

    const sum = (type, key) => assets.filter((a) => a.type === type).reduce((n, a) => n + a[key], 0);
    const kb = (n) => (n / 1024).toFixed(1);
    console.log('\n/login assets (gzip -9):');
    for (const a of assets.sort((x, y) => y.gzip - x.gzip))
      console.log(`  ${kb(a.gzip).padStart(7)} KB  ${a.url}`);
    console.log(`login JS gzip: ${kb(sum('script', 'gzip'))} KB (raw ${kb(sum('script', 'raw'))} KB)`);
    console.log(
      `login CSS gzip: ${kb(sum('stylesheet', 'gzip'))} KB (raw ${kb(sum('stylesheet', 'raw'))} KB)`,
    );
    console.log(
      `login total gzip: ${kb(sum('script', 'gzip') + sum('stylesheet', 'gzip'))} KB (target <= 130 KB)`,
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
    console.log(
      `login form visible median: ${median(times).toFixed(0)} ms over ${RUNS} cold loads (target <= 300 ms)`,
    );
  } finally {
    await browser.close();
  }
}
