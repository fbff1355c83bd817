/**
 * The two request-body needs of payment traffic that the rest of the API must not inherit:
 * - Alipay posts notifications form-encoded. The form parser answers 415 on every other route: Fastify validates a
 *   body only against the schema of its media type, so a form body on a JSON operation would skip validation.
 * - Signatures cover the exact bytes sent (WeChat Pay notifications; the sandbox's fake gateways verifying our
 *   requests), which a parsed-and-reserialised body does not reproduce: those routes keep the raw text.
 * Routes opt in by operationId, or (non-contract routes such as the sandbox's) with `config: { payBodies: true }`.
 */
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** The body as received, for routes whose signature covers it (see pay/http.ts). */
    payRawBody?: string;
  }
}

const FORM_OPERATIONS = new Set(['aliPayNotify']);
const RAW_OPERATIONS = new Set(['wxPayNotify']);
const MAX_RAW_BYTES = 1024 * 1024;

const operationOf = (req: FastifyRequest): string | undefined =>
  (req.routeOptions?.schema as { operationId?: string } | undefined)?.operationId;

const optedIn = (req: FastifyRequest): boolean =>
  (req.routeOptions?.config as { payBodies?: boolean } | undefined)?.payBodies === true;

const statusError = (message: string, statusCode: number) =>
  Object.assign(new Error(message), { statusCode });

export function registerPayBodies(app: FastifyInstance): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: MAX_RAW_BYTES },
    (req: FastifyRequest, body: string | Buffer, done: (err: Error | null, body?: unknown) => void) => {
      if (!optedIn(req) && !FORM_OPERATIONS.has(operationOf(req) ?? '')) {
        done(statusError('unsupported media type', 415));
        return;
      }
      // URLSearchParams decodes `+` as a space and percent-escapes as UTF-8, as form encoding wants
      done(null, Object.fromEntries(new URLSearchParams(body.toString())));
    },
  );

  app.addHook('preParsing', async (req, _reply, payload) => {
    if (!optedIn(req) && !RAW_OPERATIONS.has(operationOf(req) ?? '')) return payload;
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of payload) {
      const b = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
      size += b.length;
      if (size > MAX_RAW_BYTES) throw statusError('request body too large', 413);
      chunks.push(b);
    }
    const raw = Buffer.concat(chunks);
    req.payRawBody = raw.toString('utf8');
    const again = Readable.from([raw], { objectMode: false });
    // Fastify compares what it read with Content-Length; the stream it reads now is the same bytes
    return Object.assign(again, { receivedEncodedLength: raw.length });
  });
}
