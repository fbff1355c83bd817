import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { referenceLogin, startReferenceServer, type ReferenceServer } from './reference-server';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The packed contract-check (scripts/pack.mjs) as a backend team gets it: the tarball alone, unpacked in a folder
 * outside the repository and run with plain Node — no install, no tsx, no @smart/openapi — against the reference
 * server.
 */
describe('the packed contract-check, outside the repository', () => {
  let server: ReferenceServer;
  let tmp: string;
  let cli: string;

  beforeAll(async () => {
    execFileSync(process.execPath, [path.join(root, 'scripts/pack.mjs')], { cwd: root, stdio: 'pipe' });
    const tarball = readdirSync(path.join(root, 'dist')).find((f) =>
      /^smart-contract-check-.*\.tgz$/.test(f),
    )!;
    tmp = mkdtempSync(path.join(tmpdir(), 'contract-check-packed-'));
    copyFileSync(path.join(root, 'dist', tarball), path.join(tmp, tarball));
    execFileSync('tar', ['-xzf', tarball], { cwd: tmp });
    cli = path.join(tmp, 'package', 'contract-check.mjs');
    server = await startReferenceServer();
  });
  afterAll(async () => {
    await server?.stop();
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  const run = (args: string[]) =>
    spawnSync(process.execPath, [cli, ...args], { cwd: tmp, encoding: 'utf8', timeout: 180_000 });

  it('holds the CLI in one file, the contract beside it and a runnable bin', () => {
    const pkg = JSON.parse(readFileSync(path.join(tmp, 'package', 'package.json'), 'utf8')) as {
      bin: Record<string, string>;
      dependencies?: object;
    };
    expect(pkg.bin).toEqual({ 'contract-check': 'contract-check.mjs' });
    expect(pkg.dependencies).toBeUndefined();
    expect(readdirSync(path.join(tmp, 'package')).sort()).toEqual([
      'README.md',
      'contract-check.mjs',
      'package.json',
      'smart-api.json',
    ]);
    const help = run(['--help']);
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('Usage: contract-check');
  });

  it('passes against the reference server and writes its JSON and JUnit reports', () => {
    const r = run([...referenceLogin(server.baseUrl), '--json', 'report.json', '--junit', 'report.xml']);
    expect(r.status, r.stdout.slice(-2000) + r.stderr.slice(-2000)).toBe(0);
    expect(r.stdout).toMatch(
      /contract-check: \d+ operations implemented, 0 not implemented, .* 0 violations/,
    );
    const report = JSON.parse(readFileSync(path.join(tmp, 'report.json'), 'utf8')) as {
      baseUrl: string;
      ops: { status: string; checks: { ok: boolean }[] }[];
    };
    expect(report.baseUrl).toBe(server.baseUrl);
    expect(report.ops.filter((o) => o.status === 'implemented').length).toBeGreaterThan(400);
    expect(report.ops.every((o) => o.checks.every((c) => c.ok))).toBe(true);
    expect(readFileSync(path.join(tmp, 'report.xml'), 'utf8')).toContain('<testsuites');
  }, 180_000);

  it('reports a server it cannot reach as a usage error (exit 2), not as violations', () => {
    const r = run(['--base-url', 'http://127.0.0.1:9', '--account', 'admin', '--password', 'admin']);
    expect(r.status).toBe(2);
  });
});
