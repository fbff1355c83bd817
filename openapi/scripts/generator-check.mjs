// The 3.0 bundle in a generator that is not ours: orval (the SDK's generator, here with its plain `fetch` client and
// none of the SDK's settings) writes a client of every operation from dist/smart-api-3.0.json into a temporary
// folder, and the TypeScript compiler checks it in strict mode. A generator choking on the 3.0 bundle, or code it
// writes that does not compile, fails `npm test`. Run with the Node 20 polyfills orval needs
// (tools/node20-polyfills.mjs). `KEEP=1` leaves the generated client in its folder for a look.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generate } from 'orval';

const bundle = fileURLToPath(new URL('../dist/smart-api-3.0.json', import.meta.url));
const work = mkdtempSync(path.join(tmpdir(), 'smart-3.0-client-'));
const started = performance.now();
try {
  await generate({
    input: { target: bundle },
    output: { target: path.join(work, 'client.ts'), client: 'fetch', mode: 'single', prettier: false },
  });
  const files = readdirSync(work).filter((f) => f.endsWith('.ts'));
  const bytes = files.reduce((n, f) => n + statSync(path.join(work, f)).size, 0);
  if (bytes < 100_000) throw new Error(`the generated client is only ${bytes} bytes: operations are missing`);
  writeFileSync(
    path.join(work, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        noEmit: true,
        target: 'ES2022',
        module: 'ESNext',
        moduleResolution: 'Bundler',
        lib: ['ES2022', 'DOM', 'DOM.Iterable'],
        skipLibCheck: true,
      },
      files,
    }),
  );
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  execFileSync(process.execPath, [tsc, '-p', work], { stdio: 'inherit' });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `generator-check: orval's fetch client of the 3.0 bundle (${(bytes / 1024).toFixed(0)} KB) compiles (${seconds} s)`,
  );
} finally {
  if (!process.env.KEEP) rmSync(work, { recursive: true, force: true });
}
