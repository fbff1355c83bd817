/**
 * Smart Console reference server: `sh serve.sh dist/main.mjs`, which execs `node --max-semi-space-size=4
 * --max-old-space-size=512 dist/main.mjs` with glibc's malloc thresholds set (one process, one PID; dist/main.mjs is
 * this file bundled by `build`, build.mjs; `npm run dev` runs the sources through tsx instead: its loader thread and
 * esbuild service cost ~40 MB of resident memory). The settings are about resident memory under load, measured
 * with `npm run bench:server`; they must be given at process start (set at run time they do nothing):
 * - the semi-spaces of the young generation stay at 4 MB (V8 grows them to 16 MB): peak 344-372 → 264-330 MB;
 * - a smaller heap limit makes V8 grow the old generation by less between full collections (the live set is
 *   ~60 MB; with the default ~4 GB limit the old space reached 230 MB before a collection, with 1.5 GB ~110 MB).
 *   512 MB, with the bundle: peak 148 MB on PostgreSQL (1,473 req/s on user/page) and 287 MB on PGlite (1.5 GB:
 *   168 and 317 MB), throughput unchanged; still ~8× the live set, far above anything a request holds.
 * - glibc's `MALLOC_MMAP_THRESHOLD_=131072 MALLOC_TRIM_THRESHOLD_=131072` (ignored by other C libraries): by
 *   default glibc raises its mmap threshold after the first large free, so later large blocks (PGlite's initdb and
 *   migrations, Node buffers) come from arenas that never shrink. A first start that creates and seeds the embedded
 *   database: 432 → 241 MB; under the bench: PGlite peak 267-286 → 231 MB, PostgreSQL 148 → 139 MB, throughput
 *   unchanged.
 *
 * Environment:
 *   PORT          port to listen on (default 8600)
 *   HOST          interface to bind (default 127.0.0.1)
 *   DATABASE_URL  PostgreSQL connection string; when unset the embedded PGlite database is used
 *   DATA_DIR      PGlite data folder (default <repo>/.data/pglite; created when missing; survives restarts)
 *   JWT_SECRET    HS256 signing key (>= 32 chars); by default a random key is created on first start and kept
 *                 in the database, so restarts and several instances on one PostgreSQL share it
 *   CONSOLE_DIST  built console served at / with SPA fallback (default <repo>/apps/console/dist, when it exists)
 *   LOG_LEVEL     pino level (default info; `silent` turns the request log off)
 *   PAY_SANDBOX   1 = fake Alipay / WeChat Pay gateways at /sandbox-pay for the channels not configured for
 *                 real (root `npm start` sets it); payments are simulated by a click. Real channels: ALIPAY_*,
 *                 WXPAY_* and PAY_NOTIFY_BASE_URL (src/config.ts, README "Payments")
 *
 * On start the migrations in apps/server/drizzle are applied and a fresh database is seeded
 * (login admin / admin in tenant 000000; a second tenant 100001 has its own admin / admin).
 */
import { buildApp } from './app';
import { configFromEnv } from './config';
import { describePayConfig } from './pay/runtime';
import { openDb } from './db/index';
import { seed } from './db/seed';

async function main() {
  const config = configFromEnv();
  const started = Date.now();
  const handle = await openDb(config);
  const opened = Date.now();
  await handle.migrate();
  const seeded = await seed(handle.db);
  const app = await buildApp({ db: handle.db, config });
  await app.ready();
  const timing = `open ${opened - started} ms, migrate+seed+routes ${Date.now() - opened} ms`;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`${signal}: shutting down`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      await handle.close();
      console.log('stopped');
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${config.port}/`;
  const db = handle.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite at ${config.dataDir}`;
  const lines = [
    `Smart Console server ready in ${Date.now() - started} ms (${timing}): ${url}`,
    `  database: ${db}${seeded ? ' (seeded now)' : ''}`,
    `  console:  ${config.consoleDist ?? 'not built (API only)'}`,
    `  payments: ${describePayConfig(config.pay)}`,
    '  login: admin / admin (tenant 000000)',
  ];
  console.log(lines.join('\n'));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
