/**
 * This server's own base URL as a local client reaches it (`http://127.0.0.1:<port>` when it listens on every
 * address); undefined before it listens. The sandboxes' notifications and callbacks, and the robots of the
 * simulated Yingdao, come back through it when no public URL is configured.
 */
import type { FastifyInstance } from 'fastify';

export function listeningBaseUrl(app: FastifyInstance): string | undefined {
  const a = app.server.address();
  if (!a || typeof a === 'string') return undefined;
  const host =
    a.address === '0.0.0.0' || a.address === '::'
      ? '127.0.0.1'
      : a.family === 'IPv6'
        ? `[${a.address}]`
        : a.address;
  return `http://${host}:${a.port}`;
}
