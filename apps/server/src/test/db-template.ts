import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDb } from '../db/index';
import { seed } from '../db/seed';

/**
 * Every server test starts from the same database: migrated and seeded. Doing that per test file cost 3-4 s on
 * PGlite (initdb, 23 migrations, the seed) and 2-3 s on PostgreSQL, ~150 times a run. The global setup does it once
 * per backend instead; each file then opens a copy (`startTestServer` in harness.ts): PGlite from a data folder
 * tarball, PostgreSQL with `create database … template`.
 */
export interface DbTemplates {
  /** Path of the PGlite data folder tarball. */
  pgliteSnapshot: string;
  /** Name of the template database on TEST_DATABASE_URL's server, when it is set. */
  postgresTemplate?: string;
}

/** Builds the templates; the function it answers removes them. */
export async function createDbTemplates(): Promise<{ templates: DbTemplates; remove(): Promise<void> }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'smart-test-db-'));
  const pgliteSnapshot = path.join(dir, 'seeded.tar');
  const lite = await openDb({ dataDir: 'memory://' });
  try {
    await lite.migrate();
    await seed(lite.db);
    const tarball = await lite.dumpDataDir!();
    writeFileSync(pgliteSnapshot, Buffer.from(await tarball.arrayBuffer()));
  } finally {
    await lite.close();
  }

  const baseUrl = process.env.TEST_DATABASE_URL;
  let postgresTemplate: string | undefined;
  if (baseUrl) {
    postgresTemplate = `smart_tpl_${process.pid}_${randomBytes(4).toString('hex')}`;
    await adminQuery(baseUrl, `create database "${postgresTemplate}"`);
    const url = new URL(baseUrl);
    url.pathname = `/${postgresTemplate}`;
    const handle = await openDb({ databaseUrl: url.toString(), dataDir: '' });
    try {
      await handle.migrate();
      await seed(handle.db);
    } finally {
      // `create database … template` refuses a template anyone is connected to
      await handle.close();
    }
  }
  return {
    templates: { pgliteSnapshot, ...(postgresTemplate ? { postgresTemplate } : {}) },
    async remove() {
      rmSync(dir, { recursive: true, force: true });
      if (baseUrl && postgresTemplate)
        await adminQuery(baseUrl, `drop database if exists "${postgresTemplate}" with (force)`);
    },
  };
}

/** One statement on the server's maintenance connection (create and drop database cannot run in a pool's transaction). */
export async function adminQuery(baseUrl: string, text: string): Promise<void> {
  const c = new pg.Client({ connectionString: baseUrl });
  await c.connect();
  try {
    await c.query(text);
  } finally {
    await c.end();
  }
}
