/**
 * What every HTTP answer of the server gets, whatever route answers it: security headers (./security-headers.ts)
 * and compression (./compression.ts). Registered first in app.ts `buildApp`, so the routes added after see them.
 */
import type { FastifyInstance } from 'fastify';
import { registerCompression } from './compression';
import { registerSecurityHeaders } from './security-headers';

export async function registerHttp(app: FastifyInstance): Promise<void> {
  await registerSecurityHeaders(app);
  await registerCompression(app);
}
