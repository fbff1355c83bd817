/**
 * Start-up errors of the database name the folder or the URL (without its password) and the cause (issue 19: a
 * read-only PGlite folder failed with "PGlite failed to initialize properly", naming neither).
 */
import { execFile } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../db/index';
import { redactUrl } from './startup-errors';

const run = promisify(execFile);
const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;

/**
 * Whether another account can reach this checkout (every folder above it searchable by others), which the child
 * running as `nobody` needs to load tsx and the server's code. A checkout in a private folder (mktemp -d makes
 * 0700 folders) cannot be tested that way; the cases that need the stranger then say so instead of failing.
 */
function reachableByOthers(dir: string): boolean {
  for (let d = path.resolve(dir); ; d = path.dirname(d)) {
    if ((statSync(d).mode & 0o001) === 0) return false;
    if (path.dirname(d) === d) return true;
  }
}
const strangerCanRun = !asRoot || reachableByOthers(path.resolve(__dirname, '../..'));
const withStranger = strangerCanRun ? it : it.skip;

/**
 * Opens (and migrates) `dir` as a user who does not own it: as root, in a child process running as `nobody` (root
 * writes anywhere); otherwise here, the folder having been made read-only by the caller.
 */
async function openAsStranger(probe: string, dir: string): Promise<string> {
  if (!asRoot) {
    try {
      const h = await openDb({ dataDir: dir });
      await h.close();
      return 'opened';
    } catch (e) {
      return (e as Error).message;
    }
  }
  const { stdout } = await run(process.execPath, ['--import', 'tsx', probe, dir], {
    uid: 65534,
    gid: 65534,
    cwd: path.resolve(__dirname, '../..'),
    env: { PATH: process.env.PATH ?? '', HOME: os.tmpdir() },
    timeout: 120_000,
  });
  return stdout.trim();
}

describe('start-up errors of the database', () => {
  let tmp: string;
  let probe: string;
  beforeAll(() => {
    tmp = mkdtempSync(path.join(os.tmpdir(), 'smart-start-'));
    chmodSync(tmp, 0o755);
    probe = path.join(tmp, 'probe.mts');
    const dbModule = path.resolve(__dirname, '../db/index.ts');
    writeFileSync(
      probe,
      `import { openDb } from ${JSON.stringify(dbModule)};
try { const h = await openDb({ dataDir: process.argv[2] }); await h.close(); console.log('opened'); }
catch (e) { console.log(e instanceof Error ? e.message : String(e)); }\n`,
      { mode: 0o644 },
    );
  });
  afterAll(() => {
    rmSync(tmp, { recursive: true, force: true });
  });

  it('names a data folder that is a file', async () => {
    const file = path.join(tmp, 'not-a-folder');
    writeFileSync(file, '');
    await expect(openDb({ dataDir: file })).rejects.toThrow(
      `PGlite cannot open its data folder ${file}: it is not a folder`,
    );
    await expect(openDb({ dataDir: path.join(file, 'sub') })).rejects.toThrow(
      `PGlite cannot open its data folder ${path.join(file, 'sub')}: it cannot be created (ENOTDIR`,
    );
  });

  withStranger('names an unwritable new folder and why (as another account)', async () => {
    const dir = path.join(tmp, 'read-only');
    mkdirSync(dir, { mode: 0o555 });
    chmodSync(dir, 0o555);
    const msg = await openAsStranger(probe, dir);
    expect(msg).toContain(
      `PGlite cannot open its data folder ${dir}: the folder is not writable by this process`,
    );
    expect(msg).toContain('EACCES');
  });

  withStranger(
    'names an existing database folder whose files another user owns (as another account)',
    async () => {
      const dir = path.join(tmp, 'theirs');
      const h = await openDb({ dataDir: dir });
      await h.close();
      // the folder itself is open to all, its database files are not (written by another account before)
      chmodSync(dir, 0o777);
      if (!asRoot) chmodSync(path.join(dir, 'base'), 0o555);
      const msg = await openAsStranger(probe, dir);
      expect(msg).toContain(`PGlite cannot open its data folder ${dir}: `);
      expect(msg).toMatch(/ in it is not writable by this process/);
      expect(msg).not.toBe('PGlite failed to initialize properly');
    },
    120_000,
  );

  it('names the PostgreSQL URL without its password', async () => {
    const url = 'postgres://smart:s3cret-pw@127.0.0.1:1/smart';
    const h = await openDb({ databaseUrl: url, dataDir: 'memory://' });
    try {
      const err = await h.migrate().then(
        () => undefined,
        (e: unknown) => e as Error,
      );
      expect(err?.message).toContain(
        'PostgreSQL at postgres://smart:***@127.0.0.1:1/smart cannot be reached: ',
      );
      expect(err?.message).toContain('ECONNREFUSED');
      expect(err?.message).not.toContain('s3cret');
    } finally {
      await h.close();
    }
    expect(redactUrl('postgres://u@h/db')).toBe('postgres://u@h/db');
    expect(redactUrl('not a url s3cret')).not.toContain('s3cret');
  });
});
