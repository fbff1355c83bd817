// (b) DataTable in Debian chromium: script time to render a 200-row page (React render + commit, flushSync), and
// the longest frame while that table is scrolled programmatically (requestAnimationFrame deltas, plus Long
// Animation Frames when the browser reports them). Built with Vite, served on 127.0.0.1, stopped afterwards.
import { chromium } from '@playwright/test';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { readFile } from 'node:fs/promises';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { build } from 'vite';
import { chromiumArgs, chromiumPath } from '@smart/tools/chromium';

const here = new URL('.', import.meta.url).pathname;
const RUNS = 7;

const app = `
import * as React from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { Button, DataTable } from '@smart/ui';
import './app.css';

const statuses = ['待执行', '执行中', '已完成'];
const rows = Array.from({ length: 200 }, (_, i) => ({
  id: String(i + 1),
  paramName: '参数 ' + (i + 1),
  paramKey: 'account.key' + (i + 1),
  paramValue: i % 2 ? 'true' : 'a longer parameter value that wraps ' + i,
  status: statuses[i % 3],
  createTime: '2026-01-' + String((i % 28) + 1).padStart(2, '0') + ' 10:00:00',
}));
const columns = [
  { accessorKey: 'paramName', header: '参数名称', enableSorting: true },
  { accessorKey: 'paramKey', header: '参数键名', enableSorting: true },
  { accessorKey: 'paramValue', header: '参数键值' },
  { accessorKey: 'status', header: '状态', meta: { width: 100 } },
  { accessorKey: 'createTime', header: '创建时间', meta: { width: 180 }, enableSorting: true },
];
const actions = () => React.createElement('div', { className: 'flex justify-center gap-1' },
  React.createElement(Button, { variant: 'link', size: 'xs' }, '查看'),
  React.createElement(Button, { variant: 'link', size: 'xs' }, '编辑'),
  React.createElement(Button, { variant: 'link', size: 'xs' }, '删除'));

const root = createRoot(document.getElementById('root'));
window.__render = (virtual) => {
  flushSync(() => root.render(null));
  const t0 = performance.now();
  flushSync(() =>
    root.render(React.createElement(DataTable, {
      'aria-label': 'bench', data: rows, columns, bordered: true, showIndex: true, selectable: true,
      resizable: true, actions, actionsWidth: 240, maxHeight: 600,
      virtualThreshold: virtual ? 50 : false,
      pagination: { current: 1, size: 200, total: 200, onChange: () => {} },
    })),
  );
  return performance.now() - t0;
};
window.__scroll = (ms) => new Promise((resolve) => {
  const el = document.querySelector('[data-slot="table-container"]');
  const scroller = el && el.scrollHeight > el.clientHeight + 10 ? el : document.scrollingElement;
  const loafs = [];
  let observer;
  try {
    observer = new PerformanceObserver((list) => loafs.push(...list.getEntries().map((e) => e.duration)));
    observer.observe({ type: 'long-animation-frame', buffered: false });
  } catch { observer = undefined; }
  const deltas = [];
  let last = performance.now();
  const start = last;
  const step = () => {
    const now = performance.now();
    deltas.push(now - last);
    last = now;
    const max = scroller.scrollHeight - scroller.clientHeight;
    scroller.scrollTop = (scroller.scrollTop + 120) % Math.max(1, max);
    if (now - start < ms) requestAnimationFrame(step);
    else {
      observer?.disconnect();
      resolve({ deltas: deltas.slice(1), loafs, loafSupported: !!observer, scrollHeight: scroller.scrollHeight });
    }
  };
  requestAnimationFrame(() => { last = performance.now(); requestAnimationFrame(step); });
});
`;

const css = `@import 'tailwindcss';\n@import '@smart/ui/styles.css';\n@source '../../../libs/ui/src';\n`;
const html = `<!doctype html><html lang="zh"><head><meta charset="utf-8"><title>bench</title></head>
<body><div id="root" style="padding:16px"></div><script type="module" src="./main.js"></script></body></html>`;

const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };

function serve(dir) {
  const server = createServer(async (req, res) => {
    const path = normalize(new URL(req.url, 'http://x').pathname).replace(/^\/+/, '') || 'index.html';
    try {
      const body = await readFile(join(dir, path));
      res.writeHead(200, { 'content-type': types[extname(path)] ?? 'application/octet-stream' });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const median = (v) => {
  const s = [...v].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const pct = (v, p) => [...v].sort((a, b) => a - b)[Math.min(v.length - 1, Math.floor((v.length * p) / 100))];

export async function uiRender() {
  const dir = join(here, `.tmp-render-${process.pid}`);
  const out = join(dir, 'dist');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'main.js'), app);
  writeFileSync(join(dir, 'app.css'), css);
  writeFileSync(join(dir, 'index.html'), html);
  let server;
  let browser;
  try {
    await build({
      configFile: false,
      root: dir,
      base: './',
      logLevel: 'silent',
      plugins: [react(), tailwindcss()],
      build: { outDir: out, minify: true, emptyOutDir: true },
    });
    server = await serve(out);
    const { port } = server.address();
    browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(`http://127.0.0.1:${port}/index.html`, { waitUntil: 'load' });

    console.log(
      '\nDataTable, 200-row page in chromium (index, selection, 5 columns, 3-button action column):',
    );
    for (const virtual of [true, false]) {
      const times = [];
      for (let i = 0; i < RUNS; i++) {
        times.push(await page.evaluate((v) => window.__render(v), virtual));
        await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 50))));
      }
      const label = virtual ? 'virtualised (default, > 50 rows)' : 'all rows in the DOM';
      console.log(
        `  render script time, ${label}: median ${median(times).toFixed(1)} ms, first ${times[0].toFixed(1)} ms (target <= 50 ms)`,
      );
      await page.evaluate(() => window.__scroll(500)); // warm-up (JIT, first measurements), not counted
      const scroll = await page.evaluate(() => window.__scroll(3000));
      const d = scroll.deltas;
      const loaf = scroll.loafSupported
        ? `; long animation frames: ${scroll.loafs.length}${scroll.loafs.length ? `, longest ${Math.max(...scroll.loafs).toFixed(1)} ms` : ''}`
        : '';
      console.log(
        `  scrolling 3 s (${d.length} frames): longest frame ${Math.max(...d).toFixed(1)} ms, p95 ${pct(d, 95).toFixed(1)} ms, median ${median(d).toFixed(1)} ms (target: none > 32 ms)${loaf}`,
      );
    }
  } finally {
    await browser?.close();
    await new Promise((r) => (server ? server.close(r) : r()));
    rmSync(dir, { recursive: true, force: true });
  }
}
