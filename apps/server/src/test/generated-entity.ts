/**
 * The code generator's files (src/modules/develop/generate.ts) applied as their README says, for tests: the contract
 * files added to a copy of openapi/ and bundled with Redocly, and the Drizzle table loaded from its generated source
 * with its table created from the generated schema (drizzle-kit's migration diff, as `npm run db:generate` writes it).
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { parse, stringify } from 'yaml';
import type { Db } from '../db/index';
import type { CodeFile } from '../modules/develop/generate';
import type { OpenApiDocument } from '../spec';

const here = path.dirname(fileURLToPath(import.meta.url));
const serverSrc = path.resolve(here, '..');
export const repoRoot = path.resolve(serverSrc, '../../..');

export const byPath = (files: CodeFile[]) => new Map(files.map((f) => [f.path, f.content]));

/**
 * A copy of openapi/ in a new directory under `tmp` with the generated contract files and the snippet's tag and
 * paths added (README step 1), bundled: the bundle and the directory.
 */
export function bundleWithGenerated(
  files: CodeFile[],
  entity: string,
): { doc: OpenApiDocument; dir: string } {
  const f = byPath(files);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'smart-gen-'));
  cpSync(path.join(repoRoot, 'openapi'), dir, {
    recursive: true,
    filter: (src) => !/[\\/](dist|node_modules)$/.test(src),
  });
  for (const file of files.filter((x) => x.path.startsWith('openapi/'))) {
    const target = path.join(dir, file.path.replace(/^openapi\//, ''));
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, file.content);
  }
  const root = parse(readFileSync(path.join(dir, 'openapi.yaml'), 'utf8'));
  const snippet = parse(f.get(`snippets/${entity}/openapi.yaml`)!);
  root.tags.push(...snippet.tags);
  Object.assign(root.paths, snippet.paths);
  writeFileSync(path.join(dir, 'openapi.yaml'), stringify(root));
  redocly(dir, ['bundle', 'openapi.yaml', '--dereferenced=false', '-o', 'bundle.json']);
  const doc = JSON.parse(readFileSync(path.join(dir, 'bundle.json'), 'utf8')) as OpenApiDocument;
  return { doc, dir };
}

/** Runs the repository's Redocly CLI in `dir`; a failure throws with its output. */
export function redocly(dir: string, args: string[]): string {
  try {
    return execFileSync(path.join(repoRoot, 'node_modules/.bin/redocly'), args, {
      cwd: dir,
      encoding: 'utf8',
      stdio: 'pipe',
    });
  } catch (e) {
    const err = e as { stdout?: string; stderr?: string };
    throw new Error(`redocly ${args[0]} failed:\n${err.stdout ?? ''}\n${err.stderr ?? ''}`);
  }
}

/**
 * The generated Drizzle table file (`apps/server/src/db/schema-<name>.ts`) loaded as the server would: written to
 * `dir` with its `./columns` import pointed at the server's own, then imported. Returns its exported tables.
 */
export async function loadGeneratedTables(files: CodeFile[], dir: string): Promise<Record<string, PgTable>> {
  const file = files.find((x) => /^apps\/server\/src\/db\/schema-[\w-]+\.ts$/.test(x.path));
  if (!file) throw new Error('the generator wrote no table file');
  const target = path.join(dir, path.basename(file.path));
  const columns = path.join(serverSrc, 'db/columns');
  writeFileSync(target, file.content.replace(/from '\.\/columns'/, `from ${JSON.stringify(columns)}`));
  return (await import(/* @vite-ignore */ target)) as Record<string, PgTable>;
}

/** Creates `tables` in `db` with the statements drizzle-kit writes for them into a migration. */
export async function createTables(db: Db, tables: Record<string, PgTable>): Promise<void> {
  const { generateDrizzleJson, generateMigration } = await import('drizzle-kit/api');
  const statements = await generateMigration(generateDrizzleJson({}), generateDrizzleJson(tables));
  for (const statement of statements) await db.execute(sql.raw(statement));
}
