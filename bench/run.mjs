#!/usr/bin/env node
// `npm run bench`: builds the console, starts the reference server on a fresh embedded database, then runs each
// benchmark and prints its numbers. Numbers only, never pass/fail.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { shellBench } from './console-shell.mjs';
import { LOGIN_VISIBLE_BUDGET_MS, LOGIN_RECEIVED_BUDGET_KB, loginPage } from './login-page.mjs';
import { uiBench } from './ui/run.mjs';

const root = new URL('..', import.meta.url).pathname;
// BENCH_ONLY=shell (or login, ui; comma-separated) runs a part of the bench
const only = new Set((process.env.BENCH_ONLY ?? 'login,shell,ui').split(',').map((s) => s.trim()));
const port = Number(process.env.BENCH_PORT ?? 18700);

// The previous build, kept for comparison: whatever apps/console/dist held before this run builds over it
// (BENCH_PREVIOUS_DIST names another folder; BENCH_PREVIOUS_DIST=none skips the comparison).
const dist = join(root, 'apps/console/dist');
const previousFrom = process.env.BENCH_PREVIOUS_DIST ?? dist;
let previous;
if (previousFrom !== 'none' && existsSync(join(previousFrom, 'index.html'))) {
  previous = mkdtempSync(join(tmpdir(), 'smart-bench-previous-'));
  cpSync(previousFrom, previous, { recursive: true });
}

console.log('bench: building the console and the server');
const build = spawnSync(
  'npx',
  ['nx', 'run-many', '-t', 'build', '--projects=@smart/console,@smart/server', '--output-style=static'],
  {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NX_DAEMON: 'false' },
  },
);
if (build.status !== 0) process.exit(build.status ?? 1);

/** The server as `npm start` runs it (the bundle, through its launcher), on a fresh embedded database. */
function startServer(serverPort, consoleDist) {
  const dataDir = mkdtempSync(join(tmpdir(), 'smart-bench-'));
  const child = spawn('sh', ['serve.sh', 'dist/main.mjs'], {
    cwd: join(root, 'apps/server'),
    env: {
      ...process.env,
      PORT: String(serverPort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      CONSOLE_DIST: consoleDist,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return {
    base: `http://127.0.0.1:${serverPort}`,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function waitUp(url, ms) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not answer at ${url}`);
}

const servers = [];
let code = 0;
try {
  const current = startServer(port, dist);
  servers.push(current);
  await waitUp(`${current.base}/login`, 60_000);
  if (only.has('login')) {
    const figures = [await loginPage(current.base, 'this build')];
    if (previous) {
      const before = startServer(port + 1, previous);
      servers.push(before);
      await waitUp(`${before.base}/login`, 60_000);
      figures.push(await loginPage(before.base, 'previous build'));
      await before.stop();
    }
    compare(figures);
  }
  if (only.has('shell')) await shellBench(current.base);
  if (only.has('ui')) await uiBench();
} catch (error) {
  console.error(error);
  code = 1;
} finally {
  for (const s of servers) await s.stop();
  if (previous) rmSync(previous, { recursive: true, force: true });
}
process.exit(code);

function compare(figures) {
  console.log('\n/login budget              received   JS+CSS    headers  form visible (median)');
  for (const f of figures)
    console.log(
      `  ${f.label.padEnd(22)} ${f.receivedKb.toFixed(1).padStart(7)} KB ${f.assetsKb.toFixed(1).padStart(7)} KB ${f.headersKb.toFixed(1).padStart(6)} KB ${f.visibleMs.toFixed(0).padStart(8)} ms`,
    );
  console.log(
    `  ${'budget'.padEnd(22)} ${String(LOGIN_RECEIVED_BUDGET_KB).padStart(7)} KB ${''.padStart(10)} ${''.padStart(9)} ${String(LOGIN_VISIBLE_BUDGET_MS).padStart(8)} ms`,
  );
}
