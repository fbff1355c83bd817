import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../app';
import type { ServerConfig } from '../config';
import { openDb, type DbHandle } from '../db/index';
import { adminQuery } from './db-template';
import { expectContract } from './contract';
import type { OpenApiDocument } from '../spec';

export type Backend = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (each test file gets its own throw-away database). */
export const backends: Backend[] = [
  'pglite',
  ...(process.env.TEST_DATABASE_URL ? (['postgres'] as const) : []),
];

export const BASIC = 'Basic c2FiZXI6c2FiZXJfc2VjcmV0';
/** md5('admin') */
export const ADMIN_MD5 = '21232f297a57a5a743894a0e4a801fc3';

export interface TestServer {
  app: FastifyInstance;
  handle: DbHandle;
  kind: Backend;
  close(): Promise<void>;
}

/**
 * What a test may add to the repository's server: another contract (the code generator's files added to a copy of
 * openapi/), tables for entities without extras beside PLAIN_ENTITY_TABLES, and work on the seeded database before
 * the app is built (creating those tables).
 */
export interface TestServerExtras {
  spec?: OpenApiDocument;
  plainTables?: Readonly<Record<string, PgTable>>;
  prepare?: (handle: DbHandle) => Promise<void>;
}

export async function startTestServer(
  kind: Backend,
  config: Partial<ServerConfig> = {},
  extras: TestServerExtras = {},
): Promise<TestServer> {
  // a copy of the run's migrated, seeded database (db-template.ts, built by the global setup)
  const templates = inject('dbTemplates');
  let databaseUrl: string | undefined;
  let drop: (() => Promise<void>) | undefined;
  if (kind === 'postgres') {
    const baseUrl = process.env.TEST_DATABASE_URL as string;
    const name = `smart_test_${process.pid}_${randomBytes(4).toString('hex')}`;
    await adminQuery(baseUrl, `create database "${name}" template "${templates.postgresTemplate}"`);
    const url = new URL(baseUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    drop = () => adminQuery(baseUrl, `drop database if exists "${name}" with (force)`);
  }
  const handle = await openDb({
    databaseUrl,
    dataDir: 'memory://',
    ...(kind === 'pglite' ? { loadDataDir: new Blob([readFileSync(templates.pgliteSnapshot)]) } : {}),
  });
  await extras.prepare?.(handle);
  const app = await buildApp({
    db: handle.db,
    config: { logger: false, ...config },
    spec: extras.spec,
    plainTables: extras.plainTables,
  });
  await app.ready();
  return {
    app,
    handle,
    kind,
    async close() {
      await app.close();
      await handle.close();
      await drop?.();
    },
  };
}

/**
 * A server with the engine's sandboxes (simulated Yingdao, chat model, Feishu; no scheduler loop, no pacing)
 * listening on 127.0.0.1: the simulated robots call back into it by its address.
 */
export async function startSandboxedServer(kind: Backend): Promise<TestServer> {
  const s = await startTestServer(kind, { engine: { sandbox: true, scheduler: false, sandboxPaceMs: 0 } });
  await s.app.listen({ port: 0, host: '127.0.0.1' });
  return s;
}

export interface TokenResult {
  access_token: string;
  refresh_token: string;
  tenant_id: string;
  user_id: string;
  role_name: string;
  [key: string]: unknown;
}

export function tokenUrl(params: Record<string, string>, path = '/api/smart-auth/oauth/token'): string {
  return `${path}?${new URLSearchParams(params).toString()}`;
}

export async function login(
  app: FastifyInstance,
  tenant = '000000',
  username = 'admin',
  password = ADMIN_MD5,
) {
  const res = await app.inject({
    method: 'POST',
    url: tokenUrl({
      grant_type: 'password',
      username,
      password,
      scope: 'all',
      tenantId: tenant,
      type: 'account',
    }),
    headers: { authorization: BASIC, 'tenant-id': tenant },
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return res.json() as TokenResult;
}

export const authHeaders = (token: string) => ({ authorization: BASIC, 'smart-auth': `bearer ${token}` });

/** The contract's response envelope. */
export interface Env<T = unknown> {
  code: number;
  success: boolean;
  msg: string;
  data: T;
}

/**
 * Contract-checked calls on the test server `server()` gives (a getter: files start theirs in `beforeAll`): the body
 * must match the response schema of `op` for its status in `spec` (by default the repository's contract). `prefix`
 * goes before every url.
 */
export function contractCall(server: () => TestServer, prefix = '', spec?: OpenApiDocument) {
  return async <T = unknown>(
    method: 'GET' | 'POST',
    url: string,
    op: string,
    token: string,
    payload?: object,
  ): Promise<{ status: number; body: Env<T> }> => {
    const res = await server().app.inject({
      method,
      url: `${prefix}${url}`,
      headers: authHeaders(token),
      ...(payload ? { payload } : {}),
    });
    return { status: res.statusCode, body: expectContract<Env<T>>(res, op, spec) };
  };
}
