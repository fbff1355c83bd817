/**
 * Search keywords of the Xiaohongshu comment tasks (docs/automation-domain.md §2.3 `xsh_comm_keyword`): the generic
 * module of the contract's `xsh_comm_keyword` declaration (src/crud/define-module.ts) plus `enable`
 * (../../platform-shared/enable.ts) and `import`, many keywords at once with a per-row report
 * (../../platform-shared/import-rows.ts). Keywords are reusable, so they have no use state; two keywords are the same
 * when they match trimmed and case-insensitively.
 */
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { defineCrudModule } from '../../../crud/define-module';
import type { EntityRegistry } from '../../../crud/entities';
import { caller } from '../../../crud/index';
import type { Db } from '../../../db/index';
import { xshComm, xshCommKeyword } from '../../../db/schema';
import { ok, parseId } from '../../../util';
import { enableHandler } from '../../platform-shared/enable';
import {
  importRows,
  liveOfTenant,
  NO_COMM_TASK_MSG,
  scopedKey,
  selectInChunks,
  type ImportCandidate,
  type ImportRow,
} from '../../platform-shared/import-rows';

/** Advisory lock of this table's imports (../../platform-shared/import-rows.ts). */
const IMPORT_LOCK = 86000503;

export const EMPTY_KEYWORD_MSG = '关键词不能为空';

/** One row of the body (xsh_comm.yaml XshCommKeywordImportRow; the contract's defaults are filled in). */
interface KeywordRow {
  keyword: string;
  commId?: string;
  sortType?: string;
  noteType?: number;
  maxNotes?: number;
}

const t = xshCommKeyword;
const keyOf = (keyword: string) => `k:${keyword.toLowerCase()}`;

function toCandidates(rows: KeywordRow[]): ImportRow[] {
  return rows.map((r, i): ImportRow => {
    const row = i + 1;
    const commId = r.commId ? parseId(r.commId) : null;
    if (commId === undefined) return { row, error: NO_COMM_TASK_MSG };
    // whitespace only, or made of spaces around nothing: no keyword
    const keyword = r.keyword.replace(/\s+/g, ' ').trim();
    if (!keyword) return { row, error: EMPTY_KEYWORD_MSG };
    return {
      row,
      commId,
      keys: [keyOf(keyword)],
      values: {
        keyword,
        sortType: r.sortType ?? 'general',
        noteType: r.noteType ?? 0,
        maxNotes: r.maxNotes ?? 15,
        sort: 0,
      },
    };
  });
}

/** The live keywords of the tenant among the batch's (lower-cased), as scoped keys. */
async function existingKeys(tx: Db, tenantId: string, candidates: ImportCandidate[]) {
  const lower = sql<string>`lower(${t.keyword})`;
  const found = await selectInChunks(
    candidates.map((c) => (c.values.keyword as string).toLowerCase()),
    (chunk) =>
      tx
        .select({ commId: t.commId, keyword: lower })
        .from(t)
        .where(liveOfTenant(t, tenantId, lower, chunk)),
  );
  return new Set(found.map((r) => scopedKey(r.commId, `k:${r.keyword}`)));
}

export function xshCommKeywordModule(db: Db, entities: EntityRegistry) {
  const m = defineCrudModule(db, entities.get('xsh_comm_keyword'), t);
  return {
    ...m.handlers,
    xshCommKeywordEnable: enableHandler(db, m, t),
    async xshCommKeywordImport(req: FastifyRequest) {
      const a = caller(req);
      const rows = toCandidates(req.body as KeywordRow[]);
      return ok(
        await importRows(db, a, { table: t, commTable: xshComm, lockKey: IMPORT_LOCK, existingKeys }, rows),
      );
    },
  };
}
