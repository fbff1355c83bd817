/**
 * `npm run check`: starts the reference server on a free port of 127.0.0.1 with a fresh PGlite data folder, runs
 * contract-check against it (seed login admin / admin in tenant 000000, admin / admin of tenant 100001 as the
 * other tenant of the isolation probe) and exits with the checker's code.
 * The checker's traffic goes through the validating proxy (tools/contract-proxy.mjs): a third-party validator
 * (express-openapi-validator) checks every answer against the contract too, and one mismatch fails the run.
 * Extra arguments go to the checker (e.g. `npm run check -- --only param`).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { main } from '../src/cli';
import { freePort, referenceLogin, startReferenceServer } from '../src/reference-server';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const report = path.resolve('.test-results/contract-proxy.json');
mkdirSync(path.dirname(report), { recursive: true });

const server = await startReferenceServer();
console.log(
  `reference server ${server.baseUrl} ready in ${server.readyMs} ms (${server.startMs} ms from spawn)`,
);
const port = await freePort();
const proxy = spawn(
  process.execPath,
  [
    path.join(repoRoot, 'tools/contract-proxy.mjs'),
    '--upstream',
    server.baseUrl,
    '--port',
    String(port),
    '--report',
    report,
  ],
  { stdio: ['ignore', 'pipe', 'inherit'] },
);
await new Promise<void>((resolve, reject) => {
  proxy.stdout!.on('data', (chunk: Buffer) => {
    if (chunk.toString().includes('contract-proxy:')) resolve();
  });
  proxy.once('exit', (code) => reject(new Error(`contract-proxy exited with ${code}`)));
});

let code = 2;
try {
  code = await main([
    // the seed's second tenant attacks every row the checker creates (cross-tenant isolation)
    ...referenceLogin(`http://127.0.0.1:${port}`),
    '--junit',
    '.test-results/contract-check.junit.xml',
    ...process.argv.slice(2),
  ]);
} finally {
  const stopped = new Promise((resolve) => proxy.once('exit', resolve));
  proxy.kill('SIGTERM');
  await stopped;
  await server.stop();
}
const { checked, mismatches } = JSON.parse(readFileSync(report, 'utf8')) as {
  checked: number;
  mismatches: { method: string; url: string; status: number; errors: string[] }[];
};
console.log(
  `contract-proxy: express-openapi-validator checked ${checked} answers, ${mismatches.length} mismatches (${report})`,
);
for (const m of mismatches)
  console.log(`  ✗ ${m.method} ${m.url} → HTTP ${m.status}: ${m.errors.join('; ')}`);
process.exit(mismatches.length ? code || 1 : code);
