// The server side of `npm run bench:engine` (./engine-bench.mjs): building and starting the reference server as
// `npm start` runs it, preparing a PGlite folder or a PostgreSQL database, logging in, reading the server's RSS and
// loading one path with autocannon. The same steps as ./pagination.mjs (whose header explains them).
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';

export const root = new URL('../..', import.meta.url).pathname;
export const serverDir = join(root, 'apps/server');

const num = (name, dflt) => Number(process.env[name] ?? dflt);
export const env = {
  backends: (process.env.BENCH_BACKENDS ?? 'pglite,postgres').split(',').filter(Boolean),
  pgAdminUrl: process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  logRows: num('BENCH_LOG_ROWS', 1_000_000),
  // finished runs of another task kind and power-ledger rows over 90 days, for the dashboard's trends
  trendRows: num('BENCH_TREND_ROWS', 200_000),
  seconds: num('BENCH_SECONDS', 10),
  warmup: num('BENCH_WARMUP_SECONDS', 2),
  connections: num('BENCH_CONNECTIONS', 10),
  batch: num('BENCH_BATCH', 100),
  runs: num('BENCH_INGEST_RUNS', 10),
  port: num('BENCH_PORT', 18791),
  // a filtered list on PGlite may take seconds under 10 connections: autocannon's 10 s default would count errors
  timeout: num('BENCH_TIMEOUT_SECONDS', 60),
};
export const base = `http://127.0.0.1:${env.port}`;
export const BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;

/** The server bundle (apps/server/dist) and the bundled contract, built here or taken from Nx's cache. */
export function build() {
  const r = spawnSync('npx', ['nx', 'run', '@smart/server:build', '--output-style=static'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NX_DAEMON: 'false' },
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

export function run(cmd, args, opts) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'inherit', 'inherit'], ...opts });
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} exited with ${code}`))));
  });
}

/** PGlite is one process's database: migrate, seed and load it (statements `sqls`) before the server opens it. */
export async function preparePglite(dataDir, sqls) {
  const script = `
    import { openDb } from './src/db/index.ts';
    import { seed } from './src/db/seed.ts';
    import { sql } from 'drizzle-orm';
    const h = await openDb({ dataDir: ${JSON.stringify(dataDir)} });
    await h.migrate();
    await seed(h.db);
    for (const q of ${JSON.stringify(sqls)}) await h.db.execute(sql.raw(q));
    await h.close();`;
  await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: serverDir });
}

async function admin(q) {
  const c = new pg.Client({ connectionString: env.pgAdminUrl });
  await c.connect();
  try {
    await c.query(q);
  } finally {
    await c.end();
  }
}

const dbName = (url) => new URL(url).pathname.slice(1);
export async function createPostgres(url) {
  await admin(`drop database if exists "${dbName(url)}" with (force)`);
  await admin(`create database "${dbName(url)}"`);
}
export const dropPostgres = (url) => admin(`drop database if exists "${dbName(url)}" with (force)`);

/** Runs `sqls` one by one on `url` (vacuum included: node-postgres sends each as its own simple query). */
export async function execPostgres(url, sqls) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    for (const q of sqls) await c.query(q);
  } finally {
    await c.end();
  }
}

/** Started through apps/server/serve.sh, which execs Node: the child's pid is the server's (RSS from /proc). */
export function startServer(extraEnv) {
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn('sh', ['serve.sh', ...nodeArgs, 'dist/main.mjs'], {
    cwd: serverDir,
    env: {
      ...process.env,
      PORT: String(env.port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      CONSOLE_DIST: '/nonexistent',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const ready = new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (b) => {
      out += b.toString();
      if (/ready in/.test(out)) resolve();
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${out}`)));
  });
  return { child, ready };
}

export const stop = (child) =>
  new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });

/** Current and peak resident set size of a process, in MB (Linux /proc). */
export function rss(pid) {
  try {
    const s = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (k) => Number(new RegExp(`${k}:\\s+(\\d+)`).exec(s)?.[1] ?? 0);
    return { now: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
  } catch {
    return { now: 0, peak: 0 };
  }
}

/** The admin's access token (password grant of tenant 000000, as the console logs in). */
export async function login() {
  const q = new URLSearchParams({
    grant_type: 'password',
    username: 'admin',
    password: '21232f297a57a5a743894a0e4a801fc3',
    scope: 'all',
    tenantId: '000000',
  });
  const res = await fetch(`${base}/api/smart-auth/oauth/token?${q}`, {
    method: 'POST',
    headers: { authorization: BASIC, 'tenant-id': '000000' },
  });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return (await res.json()).access_token;
}

/**
 * One autocannon run of `opts` (url, method, headers, body, setupClient …) after an unmeasured warm-up (then
 * `afterWarmup`), with the server's RSS sampled every 200 ms meanwhile: requests, 2xx answers, latency and the RSS
 * high point of this run.
 */
export async function measure(pid, opts, afterWarmup = async () => {}) {
  const common = { connections: env.connections, timeout: env.timeout, ...opts };
  if (env.warmup > 0) await autocannon({ ...common, duration: env.warmup });
  await afterWarmup();
  let peak = rss(pid).now;
  const poll = setInterval(() => (peak = Math.max(peak, rss(pid).now)), 200);
  try {
    const r = await autocannon({ ...common, duration: env.seconds });
    return {
      ok: r['2xx'],
      rps: Math.round(r.requests.average),
      p50: r.latency.p50,
      p99: r.latency.p99,
      non2xx: r.non2xx,
      errors: r.errors, // timeouts included
      seconds: r.duration,
      rssPeak: Math.round(Math.max(peak, rss(pid).now)),
    };
  } finally {
    clearInterval(poll);
  }
}
