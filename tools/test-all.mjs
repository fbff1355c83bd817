#!/usr/bin/env node
// `npm test`: every check of the repo in order (format, lint, typecheck, unit and server tests, Storybook build,
// Storybook interaction and a11y tests, end-to-end), then one summary line counting the tests that ran, read
// from the runners' JSON reports.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const env = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' };

const steps = [
  ['format', 'npx', ['prettier', '--check', '.', '--log-level', 'warn']],
  [
    'lint, typecheck, unit and server tests',
    'npx',
    ['nx', 'run-many', '-t', 'lint', 'typecheck', 'test', '--parallel=2', '--output-style=stream'],
  ],
  // contract-check against a freshly started reference server (table per module, JUnit in .test-results)
  ['contract check', 'npx', ['nx', 'run', '@smart/contract-check:check', '--output-style=stream']],
  ['storybook build', 'npx', ['nx', 'run-many', '-t', 'build-storybook', '--output-style=stream']],
  [
    'storybook interaction and a11y tests',
    'npx',
    ['nx', 'run-many', '-t', 'test-storybook', '--output-style=stream'],
  ],
  ['end to end', 'npx', ['nx', 'run', '@smart/console-e2e:e2e', '--output-style=stream']],
];

function reports(dir, found = []) {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === '.git' || name === '.nx') continue;
    const path = join(dir, name);
    if (name === '.test-results' && statSync(path).isDirectory()) {
      for (const file of readdirSync(path)) if (file.endsWith('.json')) found.push(join(path, file));
    } else if (statSync(path).isDirectory() && !name.startsWith('.')) reports(path, found);
  }
  return found;
}

// Stale reports from an earlier run must not be counted.
for (const file of reports(root)) rmSync(file);

const started = Date.now();
let failedStep = null;
const timings = [];
for (const [name, cmd, args] of steps) {
  console.log(`\n=== ${name} ===`);
  const stepStarted = Date.now();
  const result = spawnSync(cmd, args, { cwd: root, env, stdio: 'inherit' });
  timings.push(`${name} ${Math.round((Date.now() - stepStarted) / 1000)} s`);
  if (result.status !== 0) {
    failedStep = name;
    break;
  }
}

let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of reports(root)) {
  const data = JSON.parse(readFileSync(file, 'utf8'));
  if (typeof data.numPassedTests === 'number') {
    // vitest json reporter
    passed += data.numPassedTests;
    failed += data.numFailedTests;
    skipped += (data.numPendingTests ?? 0) + (data.numTodoTests ?? 0);
  } else if (data.stats) {
    // playwright json reporter
    passed += data.stats.expected ?? 0;
    failed += (data.stats.unexpected ?? 0) + (data.stats.flaky ?? 0);
    skipped += data.stats.skipped ?? 0;
  }
}
const seconds = Math.round((Date.now() - started) / 1000);
// per step, so a slow run says where its time went
console.log(`\nsteps: ${timings.join(', ')}`);
console.log(`\n${failedStep ? `failed at: ${failedStep}` : 'all steps passed'} in ${seconds} s`);
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failedStep || failed > 0 ? 1 : 0);
