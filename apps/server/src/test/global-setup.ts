import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { repoRoot } from '../config';
import { specPath } from '../spec';
import { createDbTemplates, type DbTemplates } from './db-template';

declare module 'vitest' {
  export interface ProvidedContext {
    dbTemplates: DbTemplates;
  }
}

/** Newest mtime of the contract sources. */
function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'dist' || entry.name === 'node_modules') continue;
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(p));
    else if (/\.ya?ml$/.test(entry.name)) newest = Math.max(newest, statSync(p).mtimeMs);
  }
  return newest;
}

/**
 * Bundles the contract when dist/ is missing or older than its sources (Nx runs `generate` first anyway), and builds
 * the seeded databases every test server copies (db-template.ts); the function it answers removes them.
 */
export default async function setup(project: TestProject) {
  const bundle = specPath();
  const openapiDir = path.join(repoRoot, 'openapi');
  if (!existsSync(bundle) || statSync(bundle).mtimeMs < newestSource(openapiDir)) {
    execSync('npm run generate', { cwd: openapiDir, stdio: 'ignore' });
  }
  const { templates, remove } = await createDbTemplates();
  project.provide('dbTemplates', templates);
  return remove;
}
