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
  /** Applies the migrations in apps/server/drizzle (idempotent). */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export const migrationsFolder = path.join(serverDir, 'drizzle');

export interface OpenDbOptions {
  databaseUrl?: string | undefined;
  /** PGlite folder (created when missing) or `memory://`. */
  dataDir: string;
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
    return {
      db: db as unknown as Db,
      kind: 'postgres',
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
  });
  await client.waitReady.catch((e: unknown) => {
    throw pgliteStartError(opts.dataDir, e);
  });
  const db = drizzlePglite(client, { schema });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: () => client.close(),
  };
}

/** Runs raw SQL and returns its rows (both drivers answer `{ rows }`). */
export async function execRows(db: Db, query: SQL): Promise<Record<string, unknown>[]> {
  const res = (await db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
  return res.rows;
}
