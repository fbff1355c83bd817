#!/usr/bin/env node
// `npm run bench:server`: first pages with their exact totals over big tables (issue 4 item 8). Numbers only, never
// pass/fail. For each backend (PGlite, and PostgreSQL when reachable) it seeds 1M usual-log rows and 100k users
// with generate_series, starts the reference server, logs in and loads `user/page`, `param/list` and the usual-log
// list (the default, unfiltered view) with 10 keep-alive connections, then prints req/s, p50/p99 and the server's
// peak RSS. A filtered log list (which counts with count(*)) is measured too, for contrast.
//
// Environment: BENCH_BACKENDS (default `pglite,postgres`), BENCH_PG_URL (default
// postgres://postgres@127.0.0.1:5432/postgres; a database `smart_bench_<pid>` is created and dropped),
// BENCH_LOG_ROWS (1000000), BENCH_USERS (100000), BENCH_SECONDS (10), BENCH_WARMUP_SECONDS (2, unmeasured, per
// path), BENCH_CONNECTIONS (10), BENCH_PORT (18790),
// BENCH_NODE_ARGS (extra Node flags for the server process, e.g. to take a CPU profile).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';

const root = new URL('../..', import.meta.url).pathname;
const serverDir = join(root, 'apps/server');
const backends = (process.env.BENCH_BACKENDS ?? 'pglite,postgres').split(',').filter(Boolean);
const pgAdminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const LOG_ROWS = Number(process.env.BENCH_LOG_ROWS ?? 1_000_000);
const USERS = Number(process.env.BENCH_USERS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
const port = Number(process.env.BENCH_PORT ?? 18790);
const base = `http://127.0.0.1:${port}`;
const BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;

// the server as `npm start` runs it: its bundle (apps/server/dist) and the bundled contract (openapi/dist), build
// outputs made (or taken from Nx's cache) here
const build = spawnSync('npx', ['nx', 'run', '@smart/server:build', '--output-style=static'], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, NX_DAEMON: 'false' },
});
if (build.status !== 0) process.exit(build.status ?? 1);

/** Bulk rows for tenant 000000, in SQL (seconds instead of minutes of client-side inserts). */
const SEED_SQL = [
  `insert into smart_log_usual (id, tenant_id, service_id, server_ip, server_host, env, remote_ip, user_agent,
     request_uri, method, method_class, method_name, params, create_by, create_time, log_level, log_id, log_data)
   select 7000000000000000000 + g, '000000', 'smart-system', '127.0.0.1', 'bench', 'dev', '127.0.0.1', 'bench',
     '/api/smart-system/bench', 'GET', 'bench', 'bench', '', 'admin', now() - g * interval '1 second', 'INFO',
     'bench-' || g, 'bench row ' || g
   from generate_series(1, ${LOG_ROWS}) g`,
  `insert into smart_user (id, tenant_id, account, password, name, real_name, dept_id, role_id, create_time,
     update_time)
   select 6000000000000000000 + g, '000000', 'bench' || g, 'x', 'bench' || g, 'bench', '1123598813738675201',
     '1123598816738675202', now(), now()
   from generate_series(1, ${USERS}) g`,
  // vacuumed and analysed now: otherwise autovacuum works through the million new rows during the first
  // measurement (whichever path comes first paid for it)
  'vacuum analyze',
];

function run(cmd, args, opts) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'inherit', 'inherit'], ...opts });
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} exited with ${code}`))));
  });
}

/** PGlite is one process's database: migrate, seed and bulk-load it before the server opens the folder. */
async function preparePglite(dataDir) {
  const script = `
    import { openDb } from './src/db/index.ts';
    import { seed } from './src/db/seed.ts';
    import { sql } from 'drizzle-orm';
    const h = await openDb({ dataDir: ${JSON.stringify(dataDir)} });
    await h.migrate();
    await seed(h.db);
    for (const q of ${JSON.stringify(SEED_SQL)}) await h.db.execute(sql.raw(q));
    await h.close();`;
  await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: serverDir });
}

async function preparePostgres(url) {
  // the server migrates and seeds on its first start; the bulk rows go in afterwards (see main)
  const admin = new pg.Client({ connectionString: pgAdminUrl });
  await admin.connect();
  const name = new URL(url).pathname.slice(1);
  await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.query(`create database "${name}"`);
  await admin.end();
}

async function dropPostgres(url) {
  const admin = new pg.Client({ connectionString: pgAdminUrl });
  await admin.connect();
  await admin.query(`drop database if exists "${new URL(url).pathname.slice(1)}" with (force)`);
  await admin.end();
}

async function bulkPostgres(url) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  for (const q of SEED_SQL) await c.query(q);
  await c.end();
}

function startServer(env) {
  // BENCH_NODE_ARGS adds Node flags to the server only, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile it
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  // started as `npm start` starts it: through the launcher with the memory settings (apps/server/serve.sh), which
  // execs Node, so the child's pid is the server's (its RSS is read from /proc)
  const child = spawn('sh', ['serve.sh', ...nodeArgs, 'dist/main.mjs'], {
    cwd: serverDir,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      CONSOLE_DIST: '/nonexistent',
      ...env,
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

const stop = (child) =>
  new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });

/** Current and peak resident set size of a process, in MB (Linux /proc). */
function rss(pid) {
  try {
    const s = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (k) => Number(new RegExp(`${k}:\\s+(\\d+)`).exec(s)?.[1] ?? 0);
    return { now: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
  } catch {
    return { now: 0, peak: 0 };
  }
}

async function login() {
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

async function load(path, headers, seconds = SECONDS) {
  const first = await fetch(`${base}${path}`, { headers });
  const body = await first.json();
  if (first.status !== 200) return { path, error: `HTTP ${first.status} ${body.msg ?? ''}` };
  // a short unmeasured run first: the path's code is compiled and its plans cached, as on a server in service
  await autocannon({ url: `${base}${path}`, connections: CONNECTIONS, duration: WARMUP_SECONDS, headers });
  const result = await autocannon({
    url: `${base}${path}`,
    connections: CONNECTIONS,
    duration: seconds,
    headers,
  });
  return {
    path,
    total: body.data?.total,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

async function bench(kind) {
  console.log(`\n[${kind}] preparing ${LOG_ROWS} usual-log rows and ${USERS} users…`);
  const t0 = Date.now();
  let env;
  let cleanup;
  if (kind === 'pglite') {
    const dataDir = mkdtempSync(join(tmpdir(), 'smart-bench-pglite-'));
    await preparePglite(dataDir);
    env = { DATA_DIR: dataDir, DATABASE_URL: '' };
    cleanup = async () => rmSync(dataDir, { recursive: true, force: true });
  } else {
    const url = new URL(pgAdminUrl);
    url.pathname = `/smart_bench_${process.pid}`;
    await preparePostgres(url.toString());
    env = { DATABASE_URL: url.toString() };
    cleanup = () => dropPostgres(url.toString());
  }
  let server = startServer(env);
  try {
    await server.ready;
    if (kind === 'postgres') {
      // migrated and seeded by the first start: add the bulk rows, then restart on the loaded database
      await stop(server.child);
      await bulkPostgres(env.DATABASE_URL);
      server = startServer(env);
      await server.ready;
    }
    console.log(`[${kind}] data ready in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    const token = await login();
    const idle = rss(server.child.pid).now;
    const headers = { authorization: BASIC, 'smart-auth': `bearer ${token}` };
    const rows = [];
    let peak = 0;
    const poll = setInterval(() => (peak = Math.max(peak, rss(server.child.pid).now)), 200);
    for (const path of [
      '/api/smart-user/page?current=1&size=10',
      '/api/smart-system/param/list?current=1&size=10',
      '/api/smart-log/usual/list?current=1&size=10',
    ]) {
      rows.push(await load(path, headers));
    }
    // the high-water mark of the default views (VmHWM), before the contrast run adds its own
    const defaultPeak = Math.max(peak, rss(server.child.pid).peak);
    // contrast: a filtered view counts its rows (count(*) over the million)
    rows.push(
      await load('/api/smart-log/usual/list?current=1&size=10&createBy=adm', headers, Math.min(SECONDS, 5)),
    );
    clearInterval(poll);
    const r = rss(server.child.pid);
    console.log(`[${kind}] ${CONNECTIONS} connections, ${SECONDS} s each`);
    console.table(rows);
    console.log(
      `[${kind}] server RSS: ${idle.toFixed(0)} MB after start, peak ${defaultPeak.toFixed(0)} MB under the default views' load, ${Math.max(peak, r.peak).toFixed(0)} MB with the filtered contrast too`,
    );
  } finally {
    await stop(server.child);
    await cleanup();
  }
}

let code = 0;
for (const kind of backends) {
  try {
    await bench(kind);
  } catch (err) {
    console.error(`[${kind}] failed:`, err);
    code = 1;
  }
}
process.exit(code);
