import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../config';
import { specPath } from '../spec';

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

/** Bundles the contract when dist/ is missing or older than its sources (Nx runs `generate` first anyway). */
export default function setup() {
  const bundle = specPath();
  const openapiDir = path.join(repoRoot, 'openapi');
  if (!existsSync(bundle) || statSync(bundle).mtimeMs < newestSource(openapiDir)) {
    execSync('npm run generate', { cwd: openapiDir, stdio: 'ignore' });
  }
}
