/**
 * Starts the reference server (apps/server) as a child process on 127.0.0.1 with a fresh PGlite data folder, for
 * `npm run check` and the integration test. The checker still talks to it over HTTP only.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface ReferenceServer {
  baseUrl: string;
  /** the server's own "ready in N ms" */
  readyMs: number;
  /** wall time from spawn to ready */
  startMs: number;
  stop(): Promise<void>;
}

/**
 * The checker's sign-in against the reference server: the seed's admin / admin of tenant 000000, and admin / admin
 * of tenant 100001 as the other tenant of the isolation probe.
 */
export function referenceLogin(baseUrl: string): string[] {
  return [
    '--base-url',
    baseUrl,
    '--tenant',
    '000000',
    '--account',
    'admin',
    '--password',
    'admin',
    '--peer-tenant',
    '100001',
    '--peer-account',
    'admin',
    '--peer-password',
    'admin',
  ];
}

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

export async function startReferenceServer(timeoutMs = 240_000): Promise<ReferenceServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'contract-check-'));
  const port = await freePort();
  const started = Date.now();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      CONSOLE_DIST: path.join(dataDir, 'no-console'),
      LOG_LEVEL: 'silent',
      // the simulated Yingdao, chat model and Douyin share links, as `npm start` has them (dy_live getExpandUrl
      // resolves a share link through the simulated Douyin)
      ENGINE_SANDBOX: '1',
      // one configured provider, so that the social render and callback endpoints have something to answer with
      SOCIAL_PROVIDERS: JSON.stringify({
        github: {
          clientId: 'contract-check',
          clientSecret: 'contract-check',
          redirectUri: 'http://127.0.0.1/oauth/callback/github',
        },
      }),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const cleanup = () => rmSync(dataDir, { recursive: true, force: true });
  try {
    const readyMs = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`reference server not ready in ${timeoutMs} ms:\n${output}`)),
        timeoutMs,
      );
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        const m = /ready in (\d+) ms/.exec(output);
        if (m) {
          clearTimeout(timer);
          resolve(Number(m[1]));
        }
      };
      child.stdout!.on('data', onData);
      child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`reference server exited with ${code}:\n${output}`));
      });
    });
    const startMs = Date.now() - started;
    return {
      baseUrl: `http://127.0.0.1:${port}`,
      readyMs,
      startMs,
      async stop() {
        if (child.exitCode === null) {
          const exited = new Promise((resolve) => child.once('exit', resolve));
          child.kill('SIGTERM');
          await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
          if (child.exitCode === null) child.kill('SIGKILL');
        }
        cleanup();
      },
    };
  } catch (err) {
    child.kill('SIGKILL');
    cleanup();
    throw err;
  }
}
