/**
 * Start-up failures of the database that say what to fix: which folder or URL, and why. PGlite reports a data
 * folder it cannot write as "PGlite failed to initialize properly" (an existing cluster) or as a bare Emscripten
 * `ErrnoError { errno: 2 }` (an empty folder), naming neither the folder nor the cause; node-postgres reports an
 * unreachable server without the URL. The URL is named without its password.
 */
import { accessSync, constants, mkdirSync, readdirSync, statfsSync, statSync } from 'node:fs';
import path from 'node:path';

/** Emscripten's errno numbers (PGlite's file system layer), for the few a data folder meets. */
const EMSCRIPTEN_ERRNO: Record<number, string> = {
  2: 'EACCES',
  10: 'EBUSY',
  20: 'EEXIST',
  31: 'EISDIR',
  44: 'ENOENT',
  51: 'ENOSPC',
  54: 'ENOTDIR',
  63: 'EPERM',
  69: 'EROFS',
};

const FIX = 'give the user running the server write access to it, or set DATA_DIR to another folder';

const who = () => (typeof process.getuid === 'function' ? ` (uid ${process.getuid()})` : '');

/** What an error says, whatever it is (PGlite throws non-Error objects). */
export function describeCause(err: unknown): string {
  if (err instanceof Error && err.message) {
    const code = (err as NodeJS.ErrnoException).code;
    return code && !err.message.includes(code) ? `${code}: ${err.message}` : err.message;
  }
  if (err && typeof err === 'object') {
    const e = err as { name?: unknown; errno?: unknown; code?: unknown };
    const name = typeof e.errno === 'number' ? EMSCRIPTEN_ERRNO[e.errno] : undefined;
    if (name) return `${name} (${String(e.name ?? 'error')} ${e.errno})`;
    if (typeof e.code === 'string') return e.code;
  }
  return String(err);
}

/** A path of `dir` (itself first, then its entries, breadth first, at most `limit`) this process cannot write. */
function unwritableEntry(dir: string, limit = 5000): string | undefined {
  const queue = [dir];
  let seen = 0;
  while (queue.length > 0 && seen < limit) {
    const p = queue.shift()!;
    seen++;
    try {
      accessSync(p, constants.W_OK);
    } catch {
      return p;
    }
    let entries: string[] = [];
    try {
      if (statSync(p).isDirectory()) entries = readdirSync(p);
    } catch {
      return p;
    }
    for (const e of entries) queue.push(path.join(p, e));
  }
  return undefined;
}

const fail = (dir: string, why: string, cause?: unknown) =>
  new Error(`PGlite cannot open its data folder ${path.resolve(dir)}: ${why}`, { cause });

/**
 * Creates the data folder when missing and checks this process can read and write it, before PGlite starts (which
 * takes seconds to fail on it, and then says nothing useful).
 */
export function prepareDataDir(dir: string): void {
  let existing: ReturnType<typeof statSync> | undefined;
  try {
    existing = statSync(dir);
  } catch (e) {
    // missing (or under a file: creating it says so below); anything else is not ours to read
    const code = (e as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT' && code !== 'ENOTDIR')
      throw fail(dir, `it cannot be read (${describeCause(e)})`, e);
  }
  if (existing && !existing.isDirectory()) throw fail(dir, 'it is not a folder; set DATA_DIR to a folder');
  if (!existing) {
    try {
      mkdirSync(dir, { recursive: true });
    } catch (e) {
      throw fail(dir, `it cannot be created (${describeCause(e)}); ${FIX}`, e);
    }
  }
  try {
    accessSync(dir, constants.R_OK | constants.W_OK | constants.X_OK);
  } catch (e) {
    throw fail(dir, `the folder is not writable by this process${who()} (${describeCause(e)}); ${FIX}`, e);
  }
}

/** PGlite failed on `dir`: the error says which folder and, when it can be found, why. */
export function pgliteStartError(dir: string, err: unknown): Error {
  const cause = describeCause(err);
  if (dir.startsWith('memory://'))
    return new Error(`PGlite failed to start in memory: ${cause}`, { cause: err });
  const locked = unwritableEntry(dir);
  if (locked) {
    const what = locked === dir ? 'the folder' : `${path.relative(dir, locked)} in it`;
    return fail(dir, `${what} is not writable by this process${who()}; ${FIX} (PGlite: ${cause})`, err);
  }
  try {
    const fs = statfsSync(dir);
    if (fs.bavail === 0) return fail(dir, `its disk is full (PGlite: ${cause})`, err);
  } catch {
    // statfs is a hint only
  }
  return fail(
    dir,
    `${cause}. The folder may hold a database of another PGlite version or a damaged one; ` +
      'move it away to start with a new database',
    err,
  );
}

/** A database URL with its password replaced by `***` (unparsable text is not echoed at all). */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(an unparsable DATABASE_URL)';
  }
}

/** node-postgres could not connect to `url`: the error names the URL without its password, and the cause. */
export function postgresStartError(url: string, err: unknown): Error {
  return new Error(`PostgreSQL at ${redactUrl(url)} cannot be reached: ${describeCause(err)}`, {
    cause: err,
  });
}
