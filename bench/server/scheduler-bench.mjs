#!/usr/bin/env node
// `npm run bench:scheduler` (also the second half of `npm run bench:engine`): the scheduler at scale (issue 16).
// BENCH_SCHED_TASKS enabled Douyin browse tasks on an every-minute cron, BENCH_SCHED_INSTANCES reference servers on
// one PostgreSQL database, BENCH_SCHED_SECONDS of firing. Numbers only, never pass/fail; the targets are printed
// beside them.
//
// How: the first server migrates and seeds a new database; the tasks and their scheduler jobs are then written with
// SQL in the shape the task module gives them (src/engine/tasks/task-module.ts `syncSchedule`: job group DY_BROWSE,
// biz type dy_browse, `0 * * * * ?`, first firing at a whole minute after every server is up); the other servers
// start; they fire on their own (pg-boss ticks, src/engine/scheduler). The tasks have no units, so each firing runs
// the task module's trigger (task, units, job log) and starts no robot: what is measured is the scheduler.
// Afterwards, from the firing ledger (`smart_scheduler_firing`: one row per job and fire time, inserted when the
// firing starts) and the job logs (`smart_scheduler_job_log`, one per firing run):
// - misses: (job, fire minute) pairs of the measured minutes with no firing started by the end;
// - doubles: job logs beyond one per started firing (a firing run twice);
// - fire-to-start latency: the ledger's start time less the fire time, p50/p99/max;
// - each server's RSS high point.
//
// Environment: BENCH_PG_URL (admin URL, default postgres://postgres@127.0.0.1:5432/postgres; a database
// `smart_bench_sched_<pid>` is created and dropped), BENCH_SCHED_TASKS (10000), BENCH_SCHED_INSTANCES (2),
// BENCH_SCHED_SECONDS (300), BENCH_PORT (18791; the servers take the ports from there up).
import { loadavg } from 'node:os';
import pg from 'pg';
import {
  build,
  createPostgres,
  dropPostgres,
  env,
  execPostgres,
  rss,
  startServer,
  stop,
} from './engine-lib.mjs';

const num = (name, fallback) => {
  const v = Number(process.env[name]);
  return Number.isFinite(v) && v > 0 ? v : fallback;
};
const tasks = num('BENCH_SCHED_TASKS', 10_000);
const instances = num('BENCH_SCHED_INSTANCES', 2);
const seconds = num('BENCH_SCHED_SECONDS', 300);

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
/** `yyyy-MM-dd HH:mm:ss.SSS` of a Date in UTC: the columns hold UTC wall-clock (src/db/columns.ts `ts`). */
const utc = (d) => d.toISOString().replace('T', ' ').replace('Z', '');
const MINUTE = 60_000;
const TASK_BASE = 930_000_000_000_000_000n;
const JOB_BASE = 940_000_000_000_000_000n;

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function main() {
  build();
  const url = new URL(env.pgAdminUrl);
  url.pathname = `/smart_bench_sched_${process.pid}`;
  const dbUrl = url.toString();
  await createPostgres(dbUrl);
  const servers = [];
  const peaks = [];
  let sampler;
  try {
    const serverEnv = (i) => ({
      DATABASE_URL: dbUrl,
      PORT: String(env.port + i),
      ENGINE_SANDBOX: '0',
      ENGINE_SCHEDULER: '1',
    });
    console.log(
      `scheduler bench: ${tasks} tasks every minute, ${instances} servers, ${seconds} s (load ${load()})`,
    );
    // the first server migrates and seeds; the others start on the database it made
    for (let i = 0; i < instances; i++) {
      const s = startServer(serverEnv(i));
      servers.push(s.child);
      await s.ready;
    }
    // the first firing on a whole minute at least 65 s away: a per-minute tick (2 minutes ahead) has queued it
    const firstFire = new Date(Math.ceil((Date.now() + 65_000) / MINUTE) * MINUTE);
    const setupStart = Date.now();
    await execPostgres(dbUrl, [
      `insert into smart_dy_browse (id, tenant_id, task_name, cron, status, job_id)
         select ${TASK_BASE} + g, '000000', 'bench#' || g, '0 * * * * ?', 1, ${JOB_BASE} + g
         from generate_series(1, ${tasks}) g`,
      `insert into smart_scheduler_job (id, tenant_id, job_name, job_group, biz_type, biz_id, invoke_target,
         cron_expression, job_status, next_fire_time, revision)
         select ${JOB_BASE} + g, '000000', 'dy_browse#' || (${TASK_BASE} + g), 'DY_BROWSE', 'dy_browse',
           ${TASK_BASE} + g, 'rpaTaskRunner.run(''dy_browse'',' || (${TASK_BASE} + g) || ')', '0 * * * * ?', 0,
           '${utc(firstFire)}', 1
         from generate_series(1, ${tasks}) g`,
      'analyze',
    ]);
    console.log(`  ${tasks} tasks and jobs written in ${((Date.now() - setupStart) / 1000).toFixed(1)} s`);
    peaks.push(...servers.map(() => 0));
    sampler = setInterval(() => {
      servers.forEach((c, i) => {
        peaks[i] = Math.max(peaks[i], rss(c.pid).now);
      });
    }, 500);

    const endAt = firstFire.getTime() + seconds * 1000;
    console.log(
      `  first firing ${firstFire.toISOString()}, measuring until ${new Date(endAt).toISOString()}`,
    );
    while (Date.now() < endAt) {
      await sleep(Math.min(30_000, endAt - Date.now()));
      const c = new pg.Client({ connectionString: dbUrl });
      await c.connect();
      const { rows } = await c.query('select count(*)::int as n from smart_scheduler_firing');
      await c.end();
      console.log(
        `  ${new Date().toISOString().slice(11, 19)} firings started: ${rows[0].n} (load ${load()})`,
      );
    }
    // a firing of the last measured minute has this long to start before the servers stop
    await sleep(30_000);
    clearInterval(sampler);
    sampler = undefined;
    await Promise.all(servers.map(stop));

    // the measured minutes: every whole minute from the first firing to the last one before the end
    const minutes = [];
    for (let t = firstFire.getTime(); t < endAt; t += MINUTE) minutes.push(new Date(t));
    const c = new pg.Client({ connectionString: dbUrl });
    await c.connect();
    try {
      const fired = await c.query(
        `select count(*)::int as n from smart_scheduler_firing
          where job_id > ${JOB_BASE} and fire_time >= $1 and fire_time <= $2`,
        [utc(minutes[0]), utc(minutes.at(-1))],
      );
      const expected = tasks * minutes.length;
      const misses = expected - fired.rows[0].n;
      const doubles = await c.query(
        `select coalesce(sum(greatest(l.n - f.n, 0)), 0)::int as n from
           (select job_id, count(*) as n from smart_scheduler_job_log where job_id > ${JOB_BASE} group by 1) l
           join (select job_id, count(*) as n from smart_scheduler_firing where job_id > ${JOB_BASE} group by 1) f
           using (job_id)`,
      );
      const failed = await c.query(
        `select count(*)::int as n, min(exception_info) as example from smart_scheduler_job_log
          where job_id > ${JOB_BASE} and run_status = 1`,
      );
      const lat = await c.query(
        `select extract(epoch from (started_at - fire_time)) * 1000 as ms from smart_scheduler_firing
          where job_id > ${JOB_BASE} and fire_time >= $1 and fire_time <= $2 order by 1`,
        [utc(minutes[0]), utc(minutes.at(-1))],
      );
      const ms = lat.rows.map((r) => Number(r.ms));
      const perMinute = await c.query(
        `select to_char(fire_time, 'HH24:MI') as minute, count(*)::int as n,
                round(max(extract(epoch from (started_at - fire_time))) * 1000)::int as max_ms
           from smart_scheduler_firing where job_id > ${JOB_BASE} group by 1 order by 1`,
      );
      console.log('\nresults');
      console.log(`  measured minutes: ${minutes.length}; firings expected: ${expected}`);
      console.log(`  firings started: ${fired.rows[0].n}; misses: ${misses}   (target 0)`);
      console.log(`  doubles (job logs beyond one per firing): ${doubles.rows[0].n}   (target 0)`);
      console.log(
        `  fire-to-start latency ms: p50 ${percentile(ms, 50)?.toFixed(0)}, p99 ${percentile(ms, 99)?.toFixed(0)}, max ${ms.at(-1)?.toFixed(0)}   (target p99 < 2000)`,
      );
      console.log(
        `  firings whose run failed: ${failed.rows[0].n}${failed.rows[0].n ? ` (e.g. ${String(failed.rows[0].example).split('\n')[0]})` : ''}`,
      );
      console.log(
        `  server RSS high points MB: ${peaks.map((p) => p.toFixed(0)).join(', ')}   (target < 300)`,
      );
      console.log('  per fire minute (UTC): started firings, slowest start ms');
      for (const r of perMinute.rows) console.log(`    ${r.minute}  ${r.n}  ${r.max_ms}`);
    } finally {
      await c.end();
    }
  } finally {
    if (sampler) clearInterval(sampler);
    await Promise.all(servers.map(stop));
    await dropPostgres(dbUrl).catch(() => undefined);
  }
}

const load = () =>
  loadavg()
    .map((v) => v.toFixed(2))
    .join(' ');

await main();
