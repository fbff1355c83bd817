/**
 * How the sandbox answers, as Yingdao does (docs/automation-domain.md §3.1): `{code, success, msg, data, requestId}`
 * (client/list and the other paged lists put `page` next to `data`); every call but the token one needs
 * `Authorization: Bearer <accessToken>` and answers 401 without a valid one; an injected rate limit answers 429
 * before anything else. Errors keep the envelope with the HTTP status of their code.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { YINGDAO_SANDBOX_PREFIX } from './model';
import type { YingdaoSandbox } from './sandbox';

export type Obj = Record<string, unknown>;

export interface Answer {
  code: number;
  msg: string;
  data: unknown;
  page?: unknown;
}

export interface CallContext {
  /** The caller's access key (from its token); '' on the token call. */
  accessKeyId: string;
  body: Obj;
  query: Obj;
}

export const obj = (v: unknown): Obj =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Obj) : {};
export const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

export const okAnswer = (data: unknown, page?: unknown): Answer =>
  page === undefined ? { code: 200, msg: '操作成功', data } : { code: 200, msg: '操作成功', data, page };
export const badAnswer = (msg: string, code = 400): Answer => ({ code, msg, data: null });

/** Page and size of a paged list (1-based page; size 1–max, default 20). */
export function paging(b: Obj, max = 100): { page: number; size: number } {
  const n = (v: unknown, d: number) => (typeof v === 'number' && Number.isInteger(v) ? v : d);
  return { page: Math.max(1, n(b.page, 1)), size: Math.min(max, Math.max(1, n(b.size, 20))) };
}

export function pageOf<T>(rows: readonly T[], b: Obj, max = 100): { list: T[]; page: object } {
  const { page, size } = paging(b, max);
  return {
    list: rows.slice((page - 1) * size, page * size),
    page: { total: rows.length, size, page, pages: Math.ceil(rows.length / size) },
  };
}

function send(reply: FastifyReply, a: Answer, httpStatus = a.code === 200 ? 200 : a.code) {
  return reply.code(httpStatus).send({
    code: a.code,
    success: a.code === 200,
    msg: a.msg,
    data: a.data,
    ...(a.page === undefined ? {} : { page: a.page }),
    requestId: randomBytes(12).toString('hex'),
  });
}

const bearer = (req: FastifyRequest): string | undefined =>
  /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];

/** Registers one open-API operation under the sandbox prefix, behind the rate-limit and token gates. */
export function operation(
  scope: FastifyInstance,
  sb: YingdaoSandbox,
  methods: 'GET' | 'POST' | ('GET' | 'POST')[],
  path: string,
  handler: (c: CallContext) => Answer,
  auth = true,
): void {
  scope.route({
    method: methods,
    url: `${YINGDAO_SANDBOX_PREFIX}${path}`,
    handler: async (req, reply) => {
      sb.stats.requests.set(path, sb.count(path) + 1);
      if (req.headers.host) sb.publicBase = `${req.protocol}://${req.headers.host}${YINGDAO_SANDBOX_PREFIX}`;
      const limit = sb.takeRateLimit(path);
      if (limit) {
        if (limit.retryAfterSec !== undefined) reply.header('retry-after', String(limit.retryAfterSec));
        return send(
          reply,
          badAnswer('RequestLimitExceeded: 请求过于频繁,请稍后重试', 429),
          limit.mode === 'code' ? 200 : 429,
        );
      }
      let accessKeyId = '';
      if (auth) {
        const token = bearer(req);
        const owner = token ? sb.tokenOwner(token) : undefined;
        if (!owner) {
          sb.stats.unauthorized++;
          return send(reply, badAnswer('accessToken无效或已过期,请重新获取', 401));
        }
        accessKeyId = owner;
      }
      return send(reply, handler({ accessKeyId, body: obj(req.body), query: obj(req.query) }));
    },
  });
}

/**
 * The sandbox's routes get their own body parsing and error answers: the token call may come as a form (Yingdao's
 * docs show both), which the server's own form parser refuses outside the payment routes (src/pay/http.ts), and a
 * malformed body answers the envelope rather than Fastify's error object.
 */
export function sandboxScope(scope: FastifyInstance): void {
  const FORM = 'application/x-www-form-urlencoded';
  if (scope.hasContentTypeParser(FORM)) scope.removeContentTypeParser(FORM);
  scope.addContentTypeParser(FORM, { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body.toString())));
  });
  scope.setErrorHandler((err: { statusCode?: number }, req, reply) => {
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) return send(reply, badAnswer('请求格式错误', status));
    req.log.error({ err }, 'yingdao sandbox failed');
    return send(reply, badAnswer('影刀沙箱内部错误', 500));
  });
}
