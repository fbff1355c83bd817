import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { serverDir } from '../config';
import { pgliteStartError, postgresStartError, prepareDataDir } from '../kernel/startup-errors';
import * as schema from './schema';

export { schema };

/** The database type both drivers satisfy. Transactions (`PgTransaction`) are assignable to it too. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DbHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Raw SQL for pg-boss (its `db` option): see `RawSql.executeSql`. */
  executeSql: RawSql['executeSql'];
  /** Applies the migrations in apps/server/drizzle (idempotent). */
  migrate(): Promise<void>;
  /** PGlite only: the whole data folder as a tarball, which `OpenDbOptions.loadDataDir` opens again. */
  dumpDataDir?: () => Promise<Blob>;
  close(): Promise<void>;
}

/** One result of raw SQL, as node-postgres and PGlite both answer it. */
export interface RawResult {
  rows: Record<string, unknown>[];
}

/** Runs one raw statement (`$1`… placeholders) or, without values, a script of several. */
export type SqlExecutor = (text: string, values?: unknown[]) => Promise<RawResult>;

/**
 * Raw SQL beside Drizzle, for pg-boss (toolchain-notes §9: its `db` option is an object with `executeSql`) and for
 * statements that must share a transaction with a pg-boss insert (src/engine/scheduler). Timestamps go in and out as
 * ISO strings: a `timestamp` column stores the UTC wall clock, as Drizzle's own mapping does.
 */
export interface RawSql {
  kind: 'pglite' | 'postgres';
  executeSql: SqlExecutor;
  /** Runs `fn` on one connection between BEGIN and COMMIT (ROLLBACK when it throws). */
  transaction<T>(fn: (exec: SqlExecutor) => Promise<T>): Promise<T>;
}

/** The raw SQL of each database opened by `openDb` (the app receives only the Drizzle handle). */
const rawByDb = new WeakMap<Db, RawSql>();

/** The raw SQL of a database opened by `openDb`; undefined for a Drizzle handle made elsewhere. */
export const rawSqlOf = (db: Db): RawSql | undefined => rawByDb.get(db);

interface PgliteLike {
  query(text: string, values?: unknown[]): Promise<RawResult>;
  exec(text: string): Promise<RawResult[]>;
}

/** PGlite: `query` for one statement with values, `exec` (its last result) for a script (toolchain-notes §9). */
const pgliteExecutor =
  (c: PgliteLike): SqlExecutor =>
  async (text, values) => {
    if (values && values.length > 0) return c.query(text, values);
    const results = await c.exec(text);
    return results[results.length - 1] ?? { rows: [] };
  };

export const migrationsFolder = path.join(serverDir, 'drizzle');

export interface OpenDbOptions {
  databaseUrl?: string | undefined;
  /** PGlite folder (created when missing) or `memory://`. */
  dataDir: string;
  /**
   * PGlite only: start from this data folder (a `dumpDataDir` tarball) instead of an empty cluster. The server tests
   * open one migrated, seeded snapshot per run this way (src/test/global-setup.ts): 0.3 s instead of 3-4 s.
   */
  loadDataDir?: Blob | undefined;
}

/**
 * PGlite runs PostgreSQL in this process's WebAssembly memory, which only ever grows: initdb's 128 MB of shared
 * buffers, once touched, stay resident for good. 8 MB (1,024 pages for PGlite's single backend) holds the hot pages
 * of the default views (indexes, first pages, counters); PGlite reads the rest through the operating system's page
 * cache. `npm run bench:server` (1M log rows, 100k users, 10 connections), peak RSS: 468-480 MB with 128 MB,
 * 281-306 with 16 MB, 267-286 with 8 MB, at the same throughput (user/page 447-496 req/s in every case).
 */
const PGLITE_SETTINGS = ['-c', 'shared_buffers=8MB'];

/** node-postgres when a database URL is given, else PGlite on `dataDir`. */
export async function openDb(opts: OpenDbOptions): Promise<DbHandle> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // an idle client error must not crash the process
    pool.on('error', () => undefined);
    const db = drizzlePg(pool, { schema });
    const executeSql: SqlExecutor = (text, values) =>
      pool.query(text, values) as unknown as Promise<RawResult>;
    rawByDb.set(db as unknown as Db, {
      kind: 'postgres',
      executeSql,
      async transaction(fn) {
        const c = await pool.connect();
        try {
          await c.query('BEGIN');
          const out = await fn((text, values) => c.query(text, values) as unknown as Promise<RawResult>);
          await c.query('COMMIT');
          return out;
        } catch (e) {
          await c.query('ROLLBACK').catch(() => undefined);
          throw e;
        } finally {
          c.release();
        }
      },
    });
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      executeSql,
      async migrate() {
        // several instances may start together: serialise the migrations on a session advisory lock
        const c = await pool.connect().catch((e: unknown) => {
          throw postgresStartError(opts.databaseUrl!, e);
        });
        try {
          await c.query('select pg_advisory_lock(86000001)');
          await migratePg(db, { migrationsFolder });
        } finally {
          await c.query('select pg_advisory_unlock(86000001)').catch(() => undefined);
          c.release();
        }
      },
      close: () => pool.end(),
    };
  }
  // a folder this process cannot write fails here, by name, not seconds later inside PGlite
  if (!opts.dataDir.startsWith('memory://')) prepareDataDir(opts.dataDir);
  const client = new PGlite(opts.dataDir, {
    startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS],
    ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
  });
  await client.waitReady.catch((e: unknown) => {
    throw pgliteStartError(opts.dataDir, e);
  });
  const db = drizzlePglite(client, { schema });
  const executeSql = pgliteExecutor(client as unknown as PgliteLike);
  rawByDb.set(db as unknown as Db, {
    kind: 'pglite',
    executeSql,
    transaction: (fn) => client.transaction((tx) => fn(pgliteExecutor(tx as unknown as PgliteLike))),
  });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    executeSql,
    migrate: () => migratePglite(db, { migrationsFolder }),
    dumpDataDir: () => client.dumpDataDir('none'),
    close: () => client.close(),
  };
}

/** Runs raw SQL and returns its rows (both drivers answer `{ rows }`). */
export async function execRows(db: Db, query: SQL): Promise<Record<string, unknown>[]> {
  const res = (await db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
  return res.rows;
}
