#!/usr/bin/env node
// `npm run pack`: contract-check as a product for backend teams outside this repository (README "contract-check
// outside the monorepo"). Writes dist/ with
// - contract-check.mjs: the CLI in one file (esbuild; Ajv and the rest inlined), Node 20 or later, no install;
// - smart-api.json: the bundled contract it checks against by default (found beside the script);
// - package.json and README.md, packed by `npm pack` into dist/smart-contract-check-<version>.tgz, which
//   `npx ./smart-contract-check-<version>.tgz --base-url …` runs without any registry.
// The contract must be bundled first (`npx nx run @smart/openapi:generate`).
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const dist = path.join(root, 'dist');
const specFile = createRequire(import.meta.url).resolve('@smart/openapi/smart-api.json');
if (!existsSync(specFile)) {
  console.error(`pack: ${specFile} is missing; run npx nx run @smart/openapi:generate first`);
  process.exit(2);
}
const spec = JSON.parse(readFileSync(specFile, 'utf8'));
const version = /^\d+\.\d+\.\d+/.test(spec.info?.version ?? '') ? spec.info.version : '0.0.0';

rmSync(dist, { recursive: true, force: true });
mkdirSync(dist, { recursive: true });
await build({
  entryPoints: [path.join(root, 'src/bin.ts')],
  outfile: path.join(dist, 'contract-check.mjs'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // CommonJS dependencies (Ajv) call require(): give the ES module one
  banner: {
    js: "#!/usr/bin/env node\nimport { createRequire as __smartRequire } from 'node:module';\nconst require = __smartRequire(import.meta.url);",
  },
  legalComments: 'linked',
  logLevel: 'warning',
});
copyFileSync(specFile, path.join(dist, 'smart-api.json'));
writeFileSync(
  path.join(dist, 'package.json'),
  `${JSON.stringify(
    {
      name: 'smart-contract-check',
      version,
      description:
        'Exercises a running backend against the Smart Console contract and reports every violation',
      type: 'module',
      bin: { 'contract-check': 'contract-check.mjs' },
      files: ['contract-check.mjs', 'contract-check.mjs.LEGAL.txt', 'smart-api.json', 'README.md'],
      engines: { node: '>=20' },
    },
    null,
    2,
  )}\n`,
);
writeFileSync(
  path.join(dist, 'README.md'),
  `# smart-contract-check ${version}\n\nChecks a running backend against the Smart Console contract (OpenAPI ${spec.openapi}, ` +
    `bundled as smart-api.json).\n\n    npx ./smart-contract-check-${version}.tgz --base-url http://127.0.0.1:8080 ` +
    `--tenant 000000 --account admin --password admin\n\nor, without npm: node contract-check.mjs --help. ` +
    `Exit code 0: no violation; 1: violations (listed, and in --junit / --json reports); 2: usage or connection errors.\n`,
);
const packed = execFileSync('npm', ['pack', '--silent', '--pack-destination', dist], {
  cwd: dist,
  encoding: 'utf8',
})
  .trim()
  .split('\n')
  .pop();
console.log(`pack: dist/contract-check.mjs and dist/${packed}`);
