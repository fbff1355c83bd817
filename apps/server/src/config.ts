import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Root of the monorepo (apps/server/src → ../../..). */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface ServerConfig {
  port: number;
  host: string;
  /** PostgreSQL connection string; when absent the embedded PGlite database in `dataDir` is used. */
  databaseUrl?: string | undefined;
  /** PGlite data folder, or `memory://` for an in-memory database (tests). */
  dataDir: string;
  /** Overrides the signing key kept in the database. */
  jwtSecret?: string | undefined;
  /** Built console to serve at `/` (skipped when the folder does not exist). */
  consoleDist?: string | undefined;
  /** Fastify logger on/off (tests turn it off). */
  logger?: boolean;
  /** Folder of the local object storage (uploads of tenants whose active oss config is `local`). */
  uploadDir?: string | undefined;
  /** Largest accepted upload in bytes (avatars have their own 500 KB limit). */
  uploadMaxBytes?: number | undefined;
}

function uploadMaxBytes(v: string | undefined): number | undefined {
  if (!v) return undefined;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) throw new Error(`Invalid UPLOAD_MAX_BYTES: ${v}`);
  return n;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number.parseInt(env.PORT ?? '8600', 10);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`Invalid PORT: ${env.PORT}`);
  const consoleDist = env.CONSOLE_DIST ?? path.join(repoRoot, 'apps/console/dist');
  return {
    port,
    host: env.HOST ?? '127.0.0.1',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.DATA_DIR ?? path.join(repoRoot, '.data/pglite'),
    jwtSecret: env.JWT_SECRET || undefined,
    consoleDist: existsSync(consoleDist) ? consoleDist : undefined,
    logger: env.LOG_LEVEL !== 'silent',
    // next to the PGlite folder: <repo>/.data/uploads, or <DATA_DIR>-uploads (several instances need a shared one)
    uploadDir:
      env.UPLOAD_DIR ||
      (env.DATA_DIR && !env.DATA_DIR.startsWith('memory://')
        ? `${env.DATA_DIR}-uploads`
        : path.join(repoRoot, '.data/uploads')),
    uploadMaxBytes: uploadMaxBytes(env.UPLOAD_MAX_BYTES),
  };
}
