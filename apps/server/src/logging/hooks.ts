/**
 * The server writes its own logs (docs/platform-contract.md §3.20):
 * - an API log per authenticated call of an operation (method, uri, elapsed ms, ip, agent, tenant, account);
 * - a usual log per login attempt (`oauthToken`), successful or not;
 * - an error log per 5xx answer (exception name, message, stack trace, file and line).
 * Rows go through the buffered LogWriter: nothing here awaits the database.
 */
import { hostname, networkInterfaces } from 'node:os';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/index';
import { nextId } from '../util';
import { LogWriter, type LogWriterOptions } from './writer';

declare module 'fastify' {
  interface FastifyInstance {
    /** The buffered writer of the log tables (tests flush it). */
    logWriter: LogWriter;
  }
  interface FastifyRequest {
    /** The error a handler threw, for the error log of a 5xx answer. */
    smartError?: Error;
    /** The raw answer of the token endpoint, for the login log. */
    smartOauthPayload?: string;
  }
}

const LOGIN_OPERATIONS = new Set(['oauthToken']);

function serverIp(): string {
  for (const list of Object.values(networkInterfaces())) {
    for (const a of list ?? []) if (a.family === 'IPv4' && !a.internal) return a.address;
  }
  return '127.0.0.1';
}

const ENV = (() => {
  const e = process.env.SMART_ENV ?? process.env.NODE_ENV ?? 'dev';
  return e === 'production' ? 'prod' : e === 'development' ? 'dev' : e;
})();

interface RouteFacts {
  operationId?: string;
  summary?: string;
  tags?: string[];
}

const routeOf = (req: FastifyRequest): RouteFacts =>
  (req.routeOptions?.schema as RouteFacts | undefined) ?? {};

const cut = (s: string, n: number) => (s.length > n ? s.slice(0, n) : s);

/** Query string with secrets masked (the token endpoint carries the password hash in it). */
function paramsOf(url: string): string {
  const i = url.indexOf('?');
  if (i < 0) return '';
  const q = new URLSearchParams(url.slice(i + 1));
  for (const k of [...q.keys()]) {
    if (/password|secret|token|smart-auth/i.test(k)) q.set(k, '******');
  }
  return cut(q.toString(), 65535);
}

const header = (req: FastifyRequest, name: string): string => {
  const v = req.headers[name];
  return (Array.isArray(v) ? v[0] : v) ?? '';
};

/** Registers the logging hooks on `app` (call before the routes are registered). */
export function registerRequestLogging(app: FastifyInstance, db: Db, opts: LogWriterOptions = {}) {
  const writer = new LogWriter(db, {
    onError: (err) => app.log.warn({ err }, 'log write failed'),
    ...opts,
  });
  app.decorate('logWriter', writer);
  const host = hostname();
  const ip = serverIp();

  const common = (req: FastifyRequest, tenantId: string, createBy: string) => {
    const path = req.url.split('?')[0] ?? '';
    const route = routeOf(req);
    return {
      id: nextId(),
      tenantId: cut(tenantId || '000000', 12),
      // /api/<service>/…
      serviceId: path.split('/')[2] ?? '',
      serverIp: ip,
      serverHost: host,
      env: ENV,
      remoteIp: req.ip ?? '',
      userAgent: cut(header(req, 'user-agent'), 1000),
      requestUri: cut(path, 1000),
      method: req.method,
      methodClass: route.tags?.[0] ?? '',
      methodName: route.operationId ?? '',
      params: paramsOf(req.url),
      createBy: cut(createBy, 64),
      createTime: new Date(),
    };
  };

  app.addHook('onError', async (req: FastifyRequest, _reply: FastifyReply, err: FastifyError) => {
    req.smartError = err;
  });

  app.addHook('onSend', async (req: FastifyRequest, _reply: FastifyReply, payload: unknown) => {
    if (LOGIN_OPERATIONS.has(routeOf(req).operationId ?? '') && typeof payload === 'string') {
      req.smartOauthPayload = payload;
    }
    return payload;
  });

  app.addHook('onResponse', async (req: FastifyRequest, reply: FastifyReply) => {
    try {
      const route = routeOf(req);
      const status = reply.statusCode;
      const a = req.auth;
      if (LOGIN_OPERATIONS.has(route.operationId ?? '')) {
        const q = (req.query ?? {}) as Record<string, string | undefined>;
        let body: Record<string, unknown> = {};
        try {
          body = JSON.parse(req.smartOauthPayload ?? '{}') as Record<string, unknown>;
        } catch {
          // not JSON: keep the status only
        }
        const okLogin = status === 200 && typeof body.access_token === 'string';
        const tenantId =
          (okLogin ? String(body.tenant_id ?? '') : '') ||
          header(req, 'tenant-id') ||
          q.tenant_id ||
          q.tenantId ||
          '000000';
        const account = String(body.account ?? q.username ?? '');
        const grant = q.grant_type ?? '';
        writer.push('usual', {
          ...common(req, tenantId, account),
          logLevel: okLogin ? 'INFO' : 'WARN',
          logId: cut(account, 255),
          logData: okLogin
            ? `登录成功 (${grant})`
            : `登录失败 (${grant}): ${String(body.error_description ?? status)}`,
        });
      } else if (a && route.operationId) {
        writer.push('api', {
          ...common(req, a.tenant_id, a.account),
          type: '1',
          title: cut(route.summary ?? route.operationId, 255),
          time: String(Math.round(reply.elapsedTime)),
        });
      }
      if (status >= 500 && req.smartError) {
        const e = req.smartError;
        const frame = /\(?([^\s()]+):(\d+):\d+\)?/.exec(e.stack?.split('\n')[1] ?? '');
        writer.push('error', {
          ...common(req, a?.tenant_id ?? '', a?.account ?? ''),
          stackTrace: cut(e.stack ?? '', 65535),
          exceptionName: cut(e.name || 'Error', 255),
          message: cut(e.message ?? '', 65535),
          fileName: cut((frame?.[1] ?? '').split('/').pop() ?? '', 255),
          lineNumber: Number(frame?.[2] ?? 0),
        });
      }
    } catch (err) {
      app.log.warn({ err }, 'log row not built');
    }
  });

  app.addHook('onClose', async () => {
    await writer.close();
  });
}
