/**
 * Multipart uploads for the operations whose contract declares a `multipart/form-data` body.
 *
 * Fastify validates a body only against the schema of its media type, so a multipart body sent to a JSON
 * operation would reach the handler unvalidated (and a JSON body sent to an upload likewise): this hook refuses
 * both. For upload operations it reads the parts itself (one file, a few small fields) into `req.body`, which the
 * contract's schema then validates; every multipart error (too large, too many parts, bad stream) becomes a 400
 * envelope (the statuses the contract documents) instead of escaping as a 413/500.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BizError } from '../util';

export const MULTIPART = 'multipart/form-data';
export const FILE_TOO_LARGE_MSG = '上传文件过大';
export const ONE_FILE_MSG = '只能上传一个文件';
export const NOT_MULTIPART_MSG = '请以 multipart/form-data 上传文件';
const UNSUPPORTED_MEDIA_MSG = '不支持当前媒体类型';

/** A file part, fully buffered (uploads are bounded by `maxBytes`). */
export interface UploadedFile {
  filename: string;
  mimetype: string;
  data: Buffer;
}

export const isUploadedFile = (v: unknown): v is UploadedFile =>
  !!v && typeof v === 'object' && Buffer.isBuffer((v as { data?: unknown }).data);

const declaresMultipart = (req: FastifyRequest): boolean => {
  const body = (req.routeOptions?.schema as { body?: { content?: object } } | undefined)?.body;
  return !!body?.content && Object.hasOwn(body.content, MULTIPART);
};

async function readParts(req: FastifyRequest): Promise<Record<string, unknown>> {
  const body: Record<string, unknown> = {};
  let files = 0;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        files += 1;
        if (files > 1) throw new BizError(ONE_FILE_MSG);
        body[part.fieldname] = {
          filename: part.filename,
          mimetype: part.mimetype,
          data: await part.toBuffer(),
        } satisfies UploadedFile;
      } else {
        body[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
      }
    }
  } catch (e) {
    if (e instanceof BizError) throw e;
    const code = (e as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new BizError(FILE_TOO_LARGE_MSG);
    if (code === 'FST_FILES_LIMIT') throw new BizError(ONE_FILE_MSG);
    throw new BizError('上传内容无法读取');
  }
  return body;
}

export async function registerMultipart(app: FastifyInstance, maxBytes: number): Promise<void> {
  app.addHook('preValidation', async (req: FastifyRequest) => {
    const declared = declaresMultipart(req);
    const isMultipart = req.isMultipart();
    if (!declared) {
      if (isMultipart) throw new BizError(UNSUPPORTED_MEDIA_MSG, 415);
      return;
    }
    if (!isMultipart) throw new BizError(NOT_MULTIPART_MSG);
    req.body = await readParts(req);
  });
  await app.register(multipart, {
    limits: { fileSize: maxBytes, files: 1, fields: 10, parts: 11, fieldSize: 4096, headerPairs: 100 },
    throwFileSizeLimit: true,
  });
}
