/** The console's error log, sent by an operator (operation `oauthSendLogs`, a POST to `oauth/logout`). */
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../../db/index';
import { logError } from '../../../db/schema';
import { AuthError, nextId, ok } from '../../../util';

/** One entry of the console's error log (contract `ErrorLogEntry`). */
interface ErrorLogEntry {
  type: string;
  message: string;
  stack?: string;
  info?: string;
  url: string;
  time: string;
}

export function consoleLogHandlers(db: Db) {
  return {
    /**
     * The console's error log, sent by an operator: stored as error-log rows of the caller's tenant (service
     * `console`), listable with the server's own errors. The browser's time and the framework info go to params.
     */
    async oauthSendLogs(req: FastifyRequest) {
      const a = req.auth;
      if (!a) throw new AuthError();
      const entries = req.body as ErrorLogEntry[];
      const now = new Date();
      const cut = (v: string | undefined, n: number) => (v ?? '').slice(0, n);
      await db.insert(logError).values(
        entries.map((e) => ({
          id: nextId(),
          tenantId: a.tenant_id,
          serviceId: 'console',
          env: 'browser',
          remoteIp: req.ip ?? '',
          userAgent: cut(String(req.headers['user-agent'] ?? ''), 1000),
          requestUri: cut(e.url, 1000),
          method: 'GET',
          methodClass: 'console',
          methodName: cut(e.type, 255),
          params: new URLSearchParams({ time: e.time, info: e.info ?? '' }).toString(),
          createBy: cut(a.account, 64),
          createTime: now,
          stackTrace: e.stack ?? '',
          exceptionName: cut(e.type, 255),
          message: e.message,
        })),
      );
      return ok({});
    },
  };
}
