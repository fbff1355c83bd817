/**
 * The server as a real child process (`node --import tsx src/main.ts`), for tests that need several instances
 * sharing one database. It listens on 127.0.0.1 and is killed by `stop()`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface ServerProcess {
  baseUrl: string;
  output(): string;
  stop(): Promise<void>;
}

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

export async function startServerProcess(
  env: Record<string, string>,
  timeoutMs = 90_000,
): Promise<ServerProcess> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverRoot,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'silent',
      CONSOLE_DIST: path.join(serverRoot, 'no-console'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`not ready in ${timeoutMs} ms:\n${out}`)), timeoutMs);
      const poll = setInterval(() => {
        if (/ready in \d+ ms/.test(out)) {
          clearInterval(poll);
          clearTimeout(timer);
          resolve();
        }
      }, 50);
      child.once('exit', (code) => {
        clearInterval(poll);
        clearTimeout(timer);
        reject(new Error(`server exited with ${code}:\n${out}`));
      });
    });
  } catch (err) {
    await stop();
    throw err;
  }
  return { baseUrl: `http://127.0.0.1:${port}`, output: () => out, stop };
}
