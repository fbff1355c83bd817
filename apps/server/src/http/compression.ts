/**
 * Compressed answers (@fastify/compress): the JSON answers, and the console's files that its build did not
 * precompress (app.ts serves the build's .br/.gz siblings as they are: this plugin leaves an answer that already
 * has a content encoding alone), in brotli or gzip as the client accepts, over 1 KiB only (smaller bodies
 * gain nothing). Brotli runs at the plugin's quality 4: the default 11 costs far more CPU per answer than it saves
 * bytes on dynamic bodies. Request bodies are not decompressed: every body of the contract is small JSON or a
 * multipart upload, and an inflating body could outgrow the body limit after it was checked.
 */
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

export const COMPRESS_THRESHOLD = 1024;

export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_THRESHOLD,
    globalDecompression: false,
  });
}
