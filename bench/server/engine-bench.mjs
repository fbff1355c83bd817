#!/usr/bin/env node
// `npm run bench:engine`: the engine's speed and scale (issue 16). Numbers only, never pass/fail; the targets are
// printed beside them for reference. For each backend (PGlite, and PostgreSQL) it loads 1M Douyin comment logs
// with generate_series (./engine-data.mjs), starts the reference server, then measures with 10 keep-alive
// connections:
// - the log list (`GET /api/smart-dyComm/dy_comm_log/list`): the console's first page with its total, and the views
//   an operator filters (task, run, result, time range, a word of the comment) — req/s, p50/p99;
// - the dashboard's trends over 90 days (`GET /api/smart-desk/dashboard/trends`) over BENCH_TREND_ROWS finished runs
//   of another task kind and as many power-ledger rows;
// - robot action-log ingestion (`POST /api/smart-robot/run/log`, src/engine/README.md "The robot-facing protocol")
//   with run tokens the bench signs itself: batches of BENCH_BATCH actions into one run over every connection
//   (issue 16), then with the connections spread over BENCH_INGEST_RUNS runs, each on a unit of its own (robots
//   working side by side) — accepted rows/s (2xx batches × batch size / s), p50/p99 of a batch, and what the runs'
//   own counts gained meanwhile (a check that the rows were stored; requests cut off when the run stops still
//   commit, so up to connections × batch rows more);
// - for each, the latency of one request alone (`alone ms`, the median of 3 in a row before the load): on PGlite,
//   one process answering one query at a time, the p50/p99 under 10 connections are mostly the queue;
// - the server's RSS: after start, and its high point during each measurement (sampled every 200 ms).
// On PostgreSQL it then prints the EXPLAIN ANALYZE of each list view's statements (key lines).
//
// Environment: BENCH_BACKENDS (default `pglite,postgres`), BENCH_PG_URL (default
// postgres://postgres@127.0.0.1:5432/postgres; a database `smart_bench_engine_<pid>` is created and dropped),
// BENCH_LOG_ROWS (1000000), BENCH_TREND_ROWS (200000), BENCH_SECONDS (10), BENCH_WARMUP_SECONDS (2, unmeasured, per measurement),
// BENCH_CONNECTIONS (10), BENCH_BATCH (100 actions per request, at most 500), BENCH_INGEST_RUNS (10; 1 skips the
// side-by-side runs), BENCH_PORT (18791), BENCH_TIMEOUT_SECONDS (60, per request), BENCH_EXPLAIN (1; 0 skips the
// plans), BENCH_NODE_ARGS (extra Node flags for the server process).
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { listViews, runId, runToken, seedSql, viewSql } from './engine-data.mjs';
import {
  base,
  BASIC,
  build,
  createPostgres,
  dropPostgres,
  env,
  execPostgres,
  login,
  measure,
  preparePglite,
  rss,
  startServer,
  stop,
} from './engine-lib.mjs';

const runs = Math.max(1, env.runs);
const load = () =>
  loadavg()
    .map((v) => v.toFixed(2))
    .join(' ');

/** One robot action as the contract's example (openapi/schemas/robot/run.yaml `RunAction`), a success. */
const action = (i) => ({
  itemId: String(7290000000000000000n + BigInt(i)),
  itemUrl: `https://www.douyin.com/video/${7290000000000000000n + BigInt(i)}`,
  itemTitle: '周末露营装备清单',
  content: '收藏了，周末就去试试',
  commentSource: 1,
  isLiked: 1,
  result: 1,
});
const batchBody = JSON.stringify({ actions: Array.from({ length: env.batch }, (_, i) => action(i)) });

async function getJson(path, headers) {
  const res = await fetch(`${base}${path}`, { headers });
  return { status: res.status, body: await res.json() };
}

/** Milliseconds of one request alone (the median of 3 in a row): the latency without the queue of 10 connections. */
async function alone(send) {
  const ms = [];
  for (let i = 0; i < 3; i++) {
    const t = performance.now();
    const res = await send();
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`HTTP ${res.status}`);
    ms.push(performance.now() - t);
  }
  return Math.round(ms.sort((a, b) => a - b)[1]);
}

/** The rows the runs' own counts recorded (`success_count` of each log group; every bench action succeeds). */
async function recorded(ids, headers) {
  let n = 0;
  for (const id of ids) {
    const r = await getJson(`/api/smart-dyComm/dy_comm_log_group/detail?id=${id}`, headers);
    if (r.status !== 200) throw new Error(`run ${id}: HTTP ${r.status} ${r.body.msg ?? ''}`);
    n += r.body.data.successCount;
  }
  return n;
}

/** The runs' counts once they stop moving: requests cut off when autocannon stops still commit on the server. */
async function settled(ids, headers) {
  let last = await recorded(ids, headers);
  for (;;) {
    await new Promise((r) => setTimeout(r, 500));
    const n = await recorded(ids, headers);
    if (n === last) return n;
    last = n;
  }
}

/** Robot ingestion: `connections` connections spread over the runs `ids` (round robin), each with its run's token. */
async function ingest(pid, ids, adminHeaders, target) {
  const headersOf = (id) => ({ authorization: `Bearer ${runToken(id)}`, 'content-type': 'application/json' });
  const send = () =>
    fetch(`${base}/api/smart-robot/run/log`, { method: 'POST', headers: headersOf(ids[0]), body: batchBody });
  const probe = await send();
  if (probe.status !== 200) throw new Error(`robot log refused: ${probe.status} ${await probe.text()}`);
  const oneMs = await alone(send);
  let before = 0;
  let next = 0;
  const r = await measure(
    pid,
    {
      url: `${base}/api/smart-robot/run/log`,
      method: 'POST',
      body: batchBody,
      headers: headersOf(ids[0]),
      setupClient: (client) => client.setHeaders(headersOf(ids[next++ % ids.length])),
    },
    async () => (before = await settled(ids, adminHeaders)),
  );
  // what the runs' counts gained during the measurement, beside what the answers said
  const after = await settled(ids, adminHeaders);
  return {
    view: `robot log: ${ids.length} run(s), ${env.batch}-action batches`,
    'req/s': r.rps,
    'rows/s': Math.round((r.ok * env.batch) / r.seconds),
    'p50 ms': r.p50,
    'p99 ms': r.p99,
    'alone ms': oneMs,
    'total/stored': `${r.ok * env.batch} accepted, ${after - before} stored`,
    non2xx: r.non2xx,
    errors: r.errors,
    'peak RSS MB': r.rssPeak,
    target,
  };
}

/** The key lines of EXPLAIN ANALYZE of each view's statements (scans, conditions, rows removed, times). */
async function explain(url, views) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const keep = /->|Index Cond|Filter|Sort Key|Execution Time|^\s*(Limit|Aggregate|Finalize Aggregate)/;
  const out = [];
  try {
    for (const v of views) {
      for (const q of viewSql(v)) {
        const { rows } = await c.query(`explain (analyze, buffers) ${q}`);
        out.push(`\n  ${v.name}: ${q.replace(/\s+/g, ' ').slice(0, 110)}…`);
        for (const r of rows) if (keep.test(r['QUERY PLAN'])) out.push(`    ${r['QUERY PLAN']}`);
      }
    }
  } finally {
    await c.end();
  }
  return out;
}

async function bench(kind) {
  console.log(`\n[${kind}] preparing ${env.logRows} comment-log rows… (load average ${load()})`);
  const t0 = Date.now();
  const sqls = seedSql(env.logRows, runs, env.trendRows);
  let serverEnv;
  let cleanup;
  if (kind === 'pglite') {
    const dataDir = mkdtempSync(join(tmpdir(), 'smart-bench-engine-'));
    await preparePglite(dataDir, sqls);
    serverEnv = { DATA_DIR: dataDir, DATABASE_URL: '' };
    cleanup = async () => rmSync(dataDir, { recursive: true, force: true });
  } else {
    const url = new URL(env.pgAdminUrl);
    url.pathname = `/smart_bench_engine_${process.pid}`;
    await createPostgres(url.toString());
    serverEnv = { DATABASE_URL: url.toString() };
    cleanup = () => dropPostgres(url.toString());
  }
  let server = startServer(serverEnv);
  try {
    await server.ready;
    if (kind === 'postgres') {
      // migrated and seeded by the first start: add the bench's rows, then restart on the loaded database
      await stop(server.child);
      await execPostgres(serverEnv.DATABASE_URL, sqls);
      server = startServer(serverEnv);
      await server.ready;
    }
    const pid = server.child.pid;
    console.log(`[${kind}] data ready in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    const headers = { authorization: BASIC, 'smart-auth': `bearer ${await login()}` };
    const idle = rss(pid).now;
    const views = listViews();
    const rows = [];
    const t1 = Date.now();
    for (const v of views) {
      // the first call of the default view also installs the table's row counter (src/crud/count.ts), unmeasured
      const first = await getJson(v.path, headers);
      if (first.status !== 200) throw new Error(`${v.name}: HTTP ${first.status} ${first.body.msg ?? ''}`);
      const oneMs = await alone(() => fetch(`${base}${v.path}`, { headers }));
      const r = await measure(pid, { url: `${base}${v.path}`, headers });
      rows.push({
        view: `log list: ${v.name}`,
        'req/s': r.rps,
        'rows/s': '',
        'p50 ms': r.p50,
        'p99 ms': r.p99,
        'alone ms': oneMs,
        'total/stored': first.body.data.total,
        non2xx: r.non2xx,
        errors: r.errors,
        'peak RSS MB': r.rssPeak,
        target:
          v.q && Object.keys(v.q).length
            ? kind === 'postgres'
              ? 'p99 < 200 ms'
              : 'p99 < 1 s'
            : 'p99 < 50 ms',
      });
    }
    // the dashboard's trends over 90 days: every task kind's runs, the power ledger and the orders, grouped by day
    {
      const path = '/api/smart-desk/dashboard/trends?days=90';
      const first = await getJson(path, headers);
      if (first.status !== 200)
        throw new Error(`dashboard trends: HTTP ${first.status} ${first.body.msg ?? ''}`);
      const oneMs = await alone(() => fetch(`${base}${path}`, { headers }));
      const r = await measure(pid, { url: `${base}${path}`, headers });
      rows.push({
        view: 'dashboard trends, 90 days',
        'req/s': r.rps,
        'rows/s': '',
        'p50 ms': r.p50,
        'p99 ms': r.p99,
        'alone ms': oneMs,
        'total/stored': first.body.data.days.reduce((n, d) => n + d.runs, 0),
        non2xx: r.non2xx,
        errors: r.errors,
        'peak RSS MB': r.rssPeak,
        target: kind === 'postgres' ? 'p99 < 200 ms' : 'p99 < 1 s',
      });
    }
    // the plans of the views as they were measured (before the ingestion adds rows), printed after the table
    const plans =
      kind === 'postgres' && process.env.BENCH_EXPLAIN !== '0'
        ? await explain(serverEnv.DATABASE_URL, views)
        : [];
    const rowsTarget = kind === 'postgres' ? '≥ 2,000 rows/s' : '≥ 500 rows/s';
    rows.push(await ingest(pid, [runId(1)], headers, rowsTarget));
    if (runs > 1) {
      const ids = Array.from({ length: runs }, (_, i) => runId(i + 1));
      rows.push(await ingest(pid, ids, headers, rowsTarget));
    }
    const r = rss(pid);
    console.log(
      `[${kind}] ${env.connections} connections, ${env.seconds} s each (+${env.warmup} s warm-up); ` +
        `load average ${load()}; measured in ${((Date.now() - t1) / 1000).toFixed(0)} s`,
    );
    console.table(rows);
    console.log(
      `[${kind}] server RSS: ${idle.toFixed(0)} MB after start, high-water mark ${r.peak.toFixed(0)} MB (VmHWM)`,
    );
    if (plans.length) {
      console.log(`[${kind}] EXPLAIN (ANALYZE, BUFFERS) of the list views' statements, key lines:`);
      for (const l of plans) console.log(l);
    }
  } finally {
    await stop(server.child);
    await cleanup();
  }
}

build();
console.log(`load average at start: ${load()}`);
let code = 0;
for (const kind of env.backends) {
  try {
    await bench(kind);
  } catch (err) {
    console.error(`[${kind}] failed:`, err);
    code = 1;
  }
}
process.exit(code);
