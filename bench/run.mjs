#!/usr/bin/env node
// `npm run bench`: builds the console, starts the reference server on a fresh embedded database, then runs each
// benchmark and prints its numbers. Numbers only, never pass/fail.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { shellBench } from './console-shell.mjs';
import { loginPage } from './login-page.mjs';
import { uiBench } from './ui/run.mjs';

const root = new URL('..', import.meta.url).pathname;
// BENCH_ONLY=shell (or login, ui; comma-separated) runs a part of the bench
const only = new Set((process.env.BENCH_ONLY ?? 'login,shell,ui').split(',').map((s) => s.trim()));
const port = Number(process.env.BENCH_PORT ?? 18700);
const base = `http://127.0.0.1:${port}`;

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

const dataDir = mkdtempSync(join(tmpdir(), 'smart-bench-'));
// as `npm start` runs it: the server's bundle, through its launcher
const server = spawn('sh', ['serve.sh', 'dist/main.mjs'], {
  cwd: join(root, 'apps/server'),
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    CONSOLE_DIST: join(root, 'apps/console/dist'),
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});

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

let code = 0;
try {
  await waitUp(`${base}/login`, 60_000);
  if (only.has('login')) await loginPage(base);
  if (only.has('shell')) await shellBench(base);
  if (only.has('ui')) await uiBench();
} catch (error) {
  console.error(error);
  code = 1;
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(code);
