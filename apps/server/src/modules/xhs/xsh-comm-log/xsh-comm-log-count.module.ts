/**
 * Counting the Xiaohongshu comment logs of a time range per result, in total and per robot account
 * (`xsh_comm_log/appLogCount`, openapi/paths/smart-xshComm/xsh_comm_log.yaml): what the operator reads before an
 * export, and how a customer's robot apps compare. One grouped query; the range is at most 31 days.
 */
import { and, count, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { caller } from '../../../crud/index';
import type { Db } from '../../../db/index';
import { xshCommLog } from '../../../db/schema';
import { readDateTime } from '../../../kernel/datetime';
import { BizError, ok, parseId } from '../../../util';

/** The longest range one call counts or exports. */
export const MAX_RANGE_DAYS = 31;

export interface LogRange {
  commId?: string;
  arrId?: string;
  robotAccount?: string;
  startTime: string;
  endTime: string;
}

/** The filter of a range body (tenant, time, task, unit, robot account); 400 with the reason when it is not one. */
export function logRangeFilter(tenantId: string, body: LogRange) {
  const from = readDateTime(body.startTime);
  const until = readDateTime(body.endTime);
  if (!from || !until) throw new BizError('时间格式错误');
  if (until <= from) throw new BizError('结束时间必须晚于开始时间');
  if (until.getTime() - from.getTime() > MAX_RANGE_DAYS * 86_400_000)
    throw new BizError(`时间范围不能超过 ${MAX_RANGE_DAYS} 天`);
  const l = xshCommLog;
  const commId = body.commId ? parseId(body.commId) : undefined;
  const arrId = body.arrId ? parseId(body.arrId) : undefined;
  return and(
    eq(l.tenantId, tenantId),
    eq(l.isDeleted, 0),
    gte(l.commentTime, from),
    lt(l.commentTime, until),
    commId ? eq(l.commId, commId) : undefined,
    arrId ? eq(l.arrId, arrId) : undefined,
    body.robotAccount ? eq(l.robotAccount, body.robotAccount) : undefined,
  );
}

export function xshCommLogCountModule(db: Db) {
  return {
    async xshCommLogAppLogCount(req: FastifyRequest) {
      const where = logRangeFilter(caller(req).tenant_id, req.body as LogRange);
      const l = xshCommLog;
      const by = (result: number) =>
        sql<number>`count(*) filter (where ${l.result} = ${result})`.mapWith(Number);
      const rows = await db
        .select({
          robotAccount: l.robotAccount,
          total: count(),
          success: by(1),
          fail: by(0),
          skipped: by(2),
        })
        .from(l)
        .where(where)
        .groupBy(l.robotAccount)
        .orderBy(desc(count()), l.robotAccount)
        .limit(1000);
      const sum = (k: 'total' | 'success' | 'fail' | 'skipped') => rows.reduce((n, r) => n + Number(r[k]), 0);
      return ok({
        total: sum('total'),
        success: sum('success'),
        fail: sum('fail'),
        skipped: sum('skipped'),
        apps: rows.map((r) => ({ ...r, total: Number(r.total) })),
      });
    },
  };
}
