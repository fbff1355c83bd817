/**
 * Exporting Xiaohongshu comment logs to a Feishu sheet (`xsh_comm_log/appLogToFeiShu`,
 * openapi/paths/smart-xshComm/xsh_comm_log.yaml): the logs of a time range (./xsh-comm-log-count.module.ts
 * `logRangeFilter`: at most 31 days), oldest first, at most 5000 per call, appended with values_append
 * (src/engine/feishu), then marked `feishuSynced` 1 with the sync time. By default only the logs not exported yet, so
 * pressing the button again exports what came since, and a long range is exported by calling again while
 * `remaining` > 0.
 *
 * Feishu is written before the rows are marked, and nothing is marked when Feishu refuses (400 with its message): a
 * log is never marked without having been written. The Feishu call is not made inside a database transaction (on
 * PGlite one transaction holds the only connection), so two exports of one tenant on this instance run one after
 * the other instead, and the second does not write the rows of the first again.
 */
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { caller } from '../../../crud/index';
import type { Db } from '../../../db/index';
import { xshCommLog } from '../../../db/schema';
import { feishuOf, viaFeishu } from '../../../engine/feishu/index';
import { formatDateTime, ok } from '../../../util';
import { logRangeFilter, type LogRange } from './xsh-comm-log-count.module';

/** Rows per call: values_append's limit (docs/automation-domain.md §3.3) and the contract's. */
export const EXPORT_MAX_ROWS = 5000;
/** The contract's `updatedRange` length (a 64-character sheet id and its cells fit). */
const RANGE_MAX = 160;
/** Ids per update statement. */
const CHUNK = 1000;

/** The dictionaries' labels (seed-dicts.ts `comment_source`, `action_result`): the sheet is read by people. */
const SOURCE: Readonly<Record<number, string>> = { 1: 'AI', 2: '任务话术', 3: '常用语' };
const RESULT: Readonly<Record<number, string>> = { 0: '失败', 1: '成功', 2: '跳过' };

interface ExportBody extends LogRange {
  spreadsheetToken: string;
  sheetId: string;
  onlyUnsynced?: boolean;
}

const l = xshCommLog;
const exportColumns = {
  id: l.id,
  commentTime: l.commentTime,
  robotAccount: l.robotAccount,
  platformAccountName: l.platformAccountName,
  keyword: l.keyword,
  itemTitle: l.itemTitle,
  itemUrl: l.itemUrl,
  commentContent: l.commentContent,
  commentSource: l.commentSource,
  result: l.result,
  failReason: l.failReason,
  powerCost: l.powerCost,
};
type ExportRow = { [K in keyof typeof exportColumns]: (typeof l.$inferSelect)[K] };

/**
 * One sheet row, A to K in the contract's order: comment time, robot account, platform account, keyword, note title,
 * note URL, comment, source, result, failure reason, power (no header row: an append cannot know whether the
 * sheet already has one).
 */
const cells = (r: ExportRow): (string | number)[] => [
  formatDateTime(r.commentTime),
  r.robotAccount,
  r.platformAccountName,
  r.keyword,
  r.itemTitle,
  r.itemUrl,
  r.commentContent,
  SOURCE[r.commentSource] ?? String(r.commentSource),
  RESULT[r.result] ?? String(r.result),
  r.failReason,
  r.powerCost,
];

/** The exports of one tenant on this instance, one after the other. */
const queues = new Map<string, Promise<unknown>>();
function oneAtATime<T>(key: string, run: () => Promise<T>): Promise<T> {
  const p = (queues.get(key) ?? Promise.resolve()).then(run);
  const tail = p.catch(() => undefined);
  queues.set(key, tail);
  void tail.then(() => {
    if (queues.get(key) === tail) queues.delete(key);
  });
  return p;
}

export function xshCommLogFeishuModule(db: Db) {
  return {
    async xshCommLogAppLogToFeiShu(req: FastifyRequest) {
      const a = caller(req);
      const body = req.body as ExportBody;
      const where = and(
        logRangeFilter(a.tenant_id, body),
        body.onlyUnsynced === false ? undefined : eq(l.feishuSynced, 0),
      );
      const feishu = feishuOf(req);
      const { spreadsheetToken, sheetId } = body;
      return oneAtATime(a.tenant_id, async () => {
        const rows = await db
          .select(exportColumns)
          .from(l)
          .where(where)
          .orderBy(asc(l.commentTime), asc(l.id))
          .limit(EXPORT_MAX_ROWS);
        const total =
          rows.length < EXPORT_MAX_ROWS
            ? rows.length
            : Number((await db.select({ n: count() }).from(l).where(where))[0]?.n ?? 0);
        let updatedRange = '';
        let revision = 0;
        if (rows.length > 0) {
          const r = await viaFeishu(() =>
            feishu.client.valuesAppend(spreadsheetToken, sheetId, rows.map(cells)),
          );
          // `<sheetId>!A2:K28`; should Feishu answer more than the contract's length: the cells alone then
          updatedRange =
            r.updatedRange.length <= RANGE_MAX
              ? r.updatedRange
              : r.updatedRange.slice(r.updatedRange.indexOf('!') + 1).slice(0, RANGE_MAX);
          revision = r.revision;
        }
        const syncTime = new Date();
        const ids = rows.map((r) => r.id);
        for (let i = 0; i < ids.length; i += CHUNK)
          await db
            .update(l)
            .set({ feishuSynced: 1, feishuSyncTime: syncTime })
            .where(and(eq(l.tenantId, a.tenant_id), inArray(l.id, ids.slice(i, i + CHUNK))));
        return ok({
          exported: rows.length,
          remaining: Math.max(0, total - rows.length),
          spreadsheetToken,
          updatedRange,
          revision,
          sheetUrl: feishu.sheetUrl(spreadsheetToken, sheetId),
          syncTime: formatDateTime(syncTime),
        });
      });
    },
  };
}
