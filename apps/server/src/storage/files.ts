/**
 * `GET /api/smart-resource/oss/file/<tenant>/<name>`: the objects of the local store, tokenless like any object
 * store link (`<img src>` cannot send a token); the 128-bit random names are the capability. Not an operation of
 * the contract (it serves bytes, not JSON), like `/api/docs`.
 *
 * Only names of the strict pattern resolve (no traversal). Images are served inline with their type; everything
 * else as a download, with `nosniff` and a sandboxing CSP, so an uploaded HTML or SVG never runs on our origin.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fail } from '../util';
import { FILE_ROUTE, localPath } from './local';
import { INLINE_TYPES, contentTypeOf, extensionOf } from './names';

export function registerFileRoute(app: FastifyInstance, uploadDir: string): void {
  app.get(`${FILE_ROUTE}/:tenant/*`, async (req: FastifyRequest, reply: FastifyReply) => {
    const { tenant, '*': name } = req.params as { tenant: string; '*': string };
    const file = localPath(uploadDir, tenant, name);
    const notFound = () => reply.code(404).send(fail(404, '404 没找到请求'));
    if (!file) return notFound();
    const info = await stat(file).catch(() => undefined);
    if (!info?.isFile()) return notFound();
    const ext = extensionOf(name);
    const inline = Object.hasOwn(INLINE_TYPES, ext);
    return reply
      .header('content-type', contentTypeOf(ext))
      .header('content-length', info.size)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('content-disposition', inline ? 'inline' : 'attachment')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(createReadStream(file));
  });
}
