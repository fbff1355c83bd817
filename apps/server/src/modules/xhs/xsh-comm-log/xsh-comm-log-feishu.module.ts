/**
 * Exporting Xiaohongshu comment logs to a Feishu sheet (`xsh_comm_log/appLogToFeiShu`,
 * openapi/paths/smart-xshComm/xsh_comm_log.yaml): the logs of a time range (./xsh-comm-log-count.module.ts
 * `logRangeFilter`: at most 31 days), oldest first, at most 5000 per call, appended with values_append
 * (src/engine/feishu), then marked `feishuSynced` 1 with the sync time. By default only the logs not exported yet, so
 * pressing the button again exports what came since, and a long range is exported by calling again while
 * `remaining` > 0.
 *
 * Every log goes into the sheet once, whatever the clicks, the instances sharing the database, and the failures:
 * - the export claims its logs in the database first (./feishu-export-claims.ts); a log another export is sending
 *   is not taken, so two exports at once (two clicks, two instances) never send the same log;
 * - a log is marked synced only once Feishu confirmed its row, and its claim then goes; when Feishu answers an error
 *   it wrote nothing, and the claim goes too: the log is exported by the next export;
 * - when the append gets no answer (a timeout, a dropped connection), the rows may be in the sheet or not: their
 *   claims stay as `unknown`, naming the sheet. Every row carries its log's key in column L (`rowKey`); the export
 *   that takes such a claim over (a minute later, so that a write Feishu finishes late is seen; until then an
 *   export of those logs answers 400) reads that sheet's column L first: a log found there is marked synced, not
 *   appended again, and counted in `exported` when it is this export's sheet; the others are appended. So is a
 *   claim left by an instance that stopped mid-export, once its lease is over.
 *
 * The Feishu calls are not made inside a database transaction (on PGlite one transaction holds the only
 * connection; on PostgreSQL it would hold a connection for as long as Feishu takes): the claims are rows of their
 * own, written before and after the calls.
 */
import { and, asc, count, eq, inArray, not } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { caller } from '../../../crud/index';
import type { Db } from '../../../db/index';
import { xshCommLog } from '../../../db/schema';
import {
  cellText,
  FEISHU_CODES,
  FeishuError,
  feishuOf,
  viaFeishu,
  type AppendResult,
  type FeishuTarget,
} from '../../../engine/feishu/index';
import { BizError, formatDateTime, ok } from '../../../util';
import { DOUBT_SETTLE_MS, ExportClaims, sameTarget, type SheetTarget } from './feishu-export-claims';
import { logRangeFilter, type LogRange } from './xsh-comm-log-count.module';

/** The log table, as the claims name it. */
const SOURCE_TABLE = 'xsh_comm_log';
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
 * A log's key in the sheet (column L): how an export recognises the rows an unanswered append wrote. Not a bare
 * number, which a sheet could take for one and round (ids are 19 digits).
 */
export const rowKey = (id: bigint) => `xsh-${id}`;
/** The column of the key: after the 11 of the contract's order. */
const KEY_COLUMN = 'L';

/**
 * One sheet row, A to K in the contract's order: comment time, robot account, platform account, keyword, note title,
 * note URL, comment, source, result, failure reason, power; then the log's key in L (no header row: an append cannot
 * know whether the sheet already has one).
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
  rowKey(r.id),
];

/** Marks `ids` exported (synced) at `at`. */
async function markSynced(db: Db, tenantId: string, ids: bigint[], at: Date): Promise<void> {
  for (let i = 0; i < ids.length; i += CHUNK)
    await db
      .update(l)
      .set({ feishuSynced: 1, feishuSyncTime: at })
      .where(and(eq(l.tenantId, tenantId), inArray(l.id, ids.slice(i, i + CHUNK))));
}

/** The row keys in a sheet's key column; none when the spreadsheet or the sheet is gone. */
async function keysIn(feishu: FeishuTarget, t: SheetTarget): Promise<Set<string>> {
  try {
    // the whole column: an unanswered append went under the table of its time, and other rows may follow it
    const values = await feishu.client.readValues(
      t.spreadsheetToken,
      `${t.sheetId}!${KEY_COLUMN}:${KEY_COLUMN}`,
    );
    return new Set(values.map((r) => cellText(r[0]).trim()).filter((k) => k !== ''));
  } catch (e) {
    if (e instanceof FeishuError && GONE.has(e.code)) return new Set();
    throw e;
  }
}
const GONE: ReadonlySet<number> = new Set([FEISHU_CODES.spreadsheetNotFound, FEISHU_CODES.sheetIdNotFound]);

/**
 * Feishu answered with an error, so wrote nothing: its error envelope (a refusal, a token refused twice, a rate limit
 * after the retries). No answer (a timeout, a dropped connection) or one that cannot be read (a gateway's page)
 * leaves unknown whether the rows were written.
 */
const refusedByFeishu = (e: unknown) =>
  e instanceof FeishuError && (e.kind === 'api' || e.kind === 'auth' || e.kind === 'rate-limit');

export const settlingMsg = (n: number) =>
  `上次导出的 ${n} 条日志未收到飞书的答复，请约 1 分钟后再导出（届时先核对表格，已写入的不会重复写入）`;
const unknownMsg = (feishuMsg: string) =>
  `${feishuMsg}；飞书是否已写入未知，约 1 分钟后可再导出（先核对表格，已写入的不会重复写入）`;

export function xshCommLogFeishuModule(db: Db) {
  return {
    async xshCommLogAppLogToFeiShu(req: FastifyRequest) {
      const a = caller(req);
      const body = req.body as ExportBody;
      const feishu = feishuOf(req);
      const { spreadsheetToken, sheetId } = body;
      const target: SheetTarget = { spreadsheetToken, sheetId };
      const onlyUnsynced = body.onlyUnsynced !== false;
      const claims = new ExportClaims(db, SOURCE_TABLE, a.tenant_id, target, new Date());
      const inRange = and(
        logRangeFilter(a.tenant_id, body),
        onlyUnsynced ? eq(l.feishuSynced, 0) : undefined,
      );

      // logs of the range whose append got no answer a moment ago: Feishu may still be writing them, so nothing is
      // sent (nor later logs before them) until they can be looked for in their sheet
      const [settling] = await db
        .select({ n: count() })
        .from(l)
        .where(and(inRange, claims.settlingClaimOn(l.id)));
      if (Number(settling?.n ?? 0) > 0) throw new BizError(settlingMsg(Number(settling!.n)));

      // what another export is sending is its own to send
      const where = and(inRange, not(claims.liveClaimOn(l.id)));
      const candidates = await db
        .select(exportColumns)
        .from(l)
        .where(where)
        .orderBy(asc(l.commentTime), asc(l.id))
        .limit(EXPORT_MAX_ROWS);
      const total =
        candidates.length < EXPORT_MAX_ROWS
          ? candidates.length
          : Number((await db.select({ n: count() }).from(l).where(where))[0]?.n ?? 0);
      const { claimed, takenFrom } = await claims.claim(candidates.map((r) => r.id));
      // a log claimed by another export between the select and the claim is left to it
      let rows = candidates.filter((r) => claimed.has(r.id));

      // logs an earlier export may have written (its append unanswered, or its instance stopped mid-way): found in
      // that export's sheet, they are synced and not appended to that sheet again
      let confirmed = 0;
      if (takenFrom.size > 0) {
        const bySheet = new Map<string, { t: SheetTarget; ids: bigint[] }>();
        for (const [id, t] of takenFrom) {
          const k = `${t.spreadsheetToken}!${t.sheetId}`;
          bySheet.set(k, { t, ids: [...(bySheet.get(k)?.ids ?? []), id] });
        }
        const found: bigint[] = [];
        try {
          for (const { t, ids } of bySheet.values()) {
            const keys = await viaFeishu(() => keysIn(feishu, t));
            for (const id of ids) if (keys.has(rowKey(id))) found.push(id);
          }
        } catch (e) {
          // not checked: they stay in doubt, for the next export to check at once; the other logs are free
          await claims.markUnknown(new Date(Date.now() - DOUBT_SETTLE_MS), [...takenFrom.keys()]);
          await claims.release([...claimed].filter((id) => !takenFrom.has(id)));
          throw e;
        }
        // found in another sheet: exported already for "only unsynced"; still to be appended here for "all"
        const skip = found.filter((id) => onlyUnsynced || sameTarget(takenFrom.get(id)!, target));
        confirmed = found.filter((id) => sameTarget(takenFrom.get(id)!, target)).length;
        await db.transaction(async (tx) => {
          await markSynced(tx, a.tenant_id, found, new Date());
          await claims.release(skip, tx);
        });
        const skipped = new Set(skip);
        rows = rows.filter((r) => !skipped.has(r.id));
      }

      if (rows.length > 0) {
        const held = await claims.renewForAppend();
        rows = rows.filter((r) => held.has(r.id));
      }
      let updatedRange = '';
      let revision = 0;
      if (rows.length > 0) {
        let r: AppendResult;
        try {
          r = await feishu.client.valuesAppend(spreadsheetToken, sheetId, rows.map(cells));
        } catch (e) {
          // refused: nothing was written, the logs are free again; else they may be in the sheet: in doubt
          const unknown = !refusedByFeishu(e);
          await (unknown ? claims.markUnknown(new Date()) : claims.release()).catch((err: unknown) =>
            // the claims then end with their lease, and the export after that checks the sheet
            req.log.warn({ err }, 'feishu export: claims not updated after a failed append'),
          );
          if (e instanceof FeishuError) throw new BizError(unknown ? unknownMsg(e.message) : e.message);
          throw e;
        }
        // `<sheetId>!A2:L28`; should Feishu answer more than the contract's length: the cells alone then
        updatedRange =
          r.updatedRange.length <= RANGE_MAX
            ? r.updatedRange
            : r.updatedRange.slice(r.updatedRange.indexOf('!') + 1).slice(0, RANGE_MAX);
        revision = r.revision;
      }
      const syncTime = new Date();
      if (rows.length > 0)
        await db.transaction(async (tx) => {
          await markSynced(
            tx,
            a.tenant_id,
            rows.map((r) => r.id),
            syncTime,
          );
          await claims.release(undefined, tx);
        });
      return ok({
        exported: rows.length + confirmed,
        remaining: Math.max(0, total - candidates.length),
        spreadsheetToken,
        updatedRange,
        revision,
        sheetUrl: feishu.sheetUrl(spreadsheetToken, sheetId),
        syncTime: formatDateTime(syncTime),
      });
    },
  };
}
