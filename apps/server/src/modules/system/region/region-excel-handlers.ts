/**
 * The regions' Excel operations (contract region.yaml `export-template`, `export-region`, `import-region`): the
 * template and the export, reads like every region read (any signed-in caller), and the import, a write of the
 * administrator of 000000 like every region write, that writes each good row in sheet order through the region's
 * own write (./region-write.ts, as `submit`) and reports the others.
 */
import { and, asc, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { declaredEntities } from '../../../crud/entities';
import { caller, requirePlatformAdmin } from '../../../crud/index';
import type { Db } from '../../../db/index';
import { region } from '../../../db/schema';
import {
  FAILURE_KEY_MAX,
  FAILURE_MSG_MAX,
  assertMayCover,
  clip,
  firstRows,
} from '../../../excel/import-rows';
import { exportTooManyMsg, sendXlsx } from '../../../excel/workbook';
import { dictLabels, labelKeys } from '../../../kernel/dict-labels';
import { isUploadedFile } from '../../../storage/multipart';
import { BizError, escapeLike, ok } from '../../../util';
import {
  duplicateCodeRowMsg,
  readRegionSheet,
  rowToRegion,
  unknownParentMsg,
  writeRegionSheet,
  type RegionSheetRow,
} from './region-sheet';
import { PARENT_MISSING_MSG, regionExistsMsg, writeRegion, type RegionRow } from './region-write';

/** Rows of one import (contract region.yaml `import-region`): each is a couple of statements, in sheet order. */
export const IMPORT_MAX_ROWS = 5000;
/** Regions of one export (contract region.yaml `export-region`). */
export const EXPORT_MAX_ROWS = 50000;

/** What the import answers (contract region.yaml `RegionImportReport`). */
export interface RegionImportReport {
  total: number;
  created: number;
  updated: number;
  failed: { row: number; code: string; msg: string }[];
}

interface ExportQuery {
  parentCode?: string;
  code?: string;
  name?: string;
}

/** A region as a sheet row: its level as the dictionary's label (its number when the dictionary lacks it). */
function toSheetRow(r: RegionRow, levels: ReadonlyMap<number, string>): RegionSheetRow {
  return {
    code: r.code,
    parentCode: r.parentCode,
    name: r.name,
    regionLevel: levels.get(r.regionLevel) ?? String(r.regionLevel),
    sort: String(r.sort),
    remark: r.remark,
  };
}

/**
 * The rows in code order, each moved after its parent where the parent is among them and its code sorts later:
 * a depth-first walk from the rows whose parent is not exported, children by code. Codes that extend their
 * parent's (the usual scheme) come out exactly in code order; an import of the file finds every parent first.
 */
export function parentsFirst<T extends { code: string; parentCode: string }>(byCode: readonly T[]): T[] {
  const present = new Set(byCode.map((r) => r.code));
  const children = new Map<string, T[]>();
  const roots: T[] = [];
  for (const r of byCode) {
    if (r.parentCode !== r.code && present.has(r.parentCode)) {
      const kids = children.get(r.parentCode);
      if (kids) kids.push(r);
      else children.set(r.parentCode, [r]);
    } else roots.push(r);
  }
  const out: T[] = [];
  const seen = new Set<string>();
  const stack = [...roots].reverse();
  while (stack.length > 0) {
    const r = stack.pop()!;
    if (seen.has(r.code)) continue;
    seen.add(r.code);
    out.push(r);
    const kids = children.get(r.code) ?? [];
    for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]!);
  }
  // a cycle of parents (no stored tree has one) is not reached from a root: those rows go last, by code
  return out.length === byCode.length ? out : [...out, ...byCode.filter((r) => !seen.has(r.code))];
}

export function regionExcelHandlers(db: Db) {
  return {
    async regionExportTemplate(req: FastifyRequest, reply: FastifyReply) {
      caller(req);
      const levels = await dictLabels(db, 'region');
      // a district under Beijing's city level (seeded), with the dictionary's label of a district
      const example: RegionSheetRow = {
        code: '110199',
        parentCode: '1101',
        name: '示例区',
        regionLevel: levels.get(3) ?? '',
        sort: '1',
        remark: '',
      };
      return sendXlsx(reply, 'region-template.xlsx', await writeRegionSheet([example]));
    },

    async regionExport(req: FastifyRequest, reply: FastifyReply) {
      caller(req);
      const q = req.query as ExportQuery;
      const conds: SQL[] = [];
      if (q.code) conds.push(ilike(region.code, `%${escapeLike(q.code)}%`));
      if (q.name) conds.push(ilike(region.name, `%${escapeLike(q.name)}%`));
      // the subtree: the code among the ancestors (comma-joined, src/db/region-derive.ts); every region is below
      // `0`, the country's parent
      if (q.parentCode && q.parentCode !== '0')
        conds.push(sql`(',' || ${region.ancestors} || ',') like ${`%,${escapeLike(q.parentCode)},%`}`);
      const rows = await db
        .select()
        .from(region)
        .where(and(...conds))
        .orderBy(asc(region.code))
        .limit(EXPORT_MAX_ROWS + 1);
      if (rows.length > EXPORT_MAX_ROWS) throw new BizError(exportTooManyMsg(EXPORT_MAX_ROWS));
      const levels = await dictLabels(db, 'region');
      const sheet = await writeRegionSheet(parentsFirst(rows).map((r) => toSheetRow(r, levels)));
      return sendXlsx(reply, 'regions.xlsx', sheet);
    },

    async regionImport(req: FastifyRequest) {
      const a = caller(req);
      requirePlatformAdmin(a);
      const { file, isCovered } = req.body as { file?: unknown; isCovered?: number };
      if (!isUploadedFile(file)) throw new BizError('请上传文件');
      // the button guard asked for `add` (openapi.yaml region `actions`); covering existing regions is an edit too
      const covering = isCovered === 1;
      await assertMayCover(db, a, 'region', covering);
      const rows = await readRegionSheet(file.data, IMPORT_MAX_ROWS);

      const levels = labelKeys(await dictLabels(db, 'region'), 'region');
      const fields = declaredEntities().get('region').fields;
      // the stored regions among the file's codes (those the code rule accepts; the others are refused by it)
      const codes = [...new Set(rows.map((r) => r.cells.code).filter((c) => /^[0-9]{1,12}$/.test(c)))];
      const stored = new Map<string, string>();
      for (let i = 0; i < codes.length; i += 1000) {
        const found = await db
          .select({ code: region.code, parentCode: region.parentCode })
          .from(region)
          .where(inArray(region.code, codes.slice(i, i + 1000)));
        for (const r of found) stored.set(r.code, r.parentCode);
      }

      const report: RegionImportReport = { total: rows.length, created: 0, updated: 0, failed: [] };
      const repeats = firstRows();
      for (const { row, cells } of rows) {
        // within the report's lengths (region.yaml RegionImportFailure): a cell may hold text of any length
        const refuse = (msg: string) =>
          report.failed.push({
            row,
            code: clip(cells.code, FAILURE_KEY_MAX),
            msg: clip(msg, FAILURE_MSG_MAX),
          });
        const first = repeats(cells.code, row);
        if (first !== undefined) {
          refuse(duplicateCodeRowMsg(first));
          continue;
        }
        const outcome = rowToRegion(cells, levels, fields);
        if ('msg' in outcome) {
          refuse(outcome.msg);
          continue;
        }
        const { input } = outcome;
        const parentOf = stored.get(input.code);
        if (parentOf !== undefined && !covering) {
          refuse(regionExistsMsg(input.code));
          continue;
        }
        // each row is written on its own, after the rows above it: a parent earlier in the sheet exists by now
        try {
          if (parentOf !== undefined) {
            // covering keeps the stored parent: the region's ancestors, and its children's, derive from it
            await writeRegion(db, { ...input, parentCode: parentOf });
            report.updated++;
          } else {
            await writeRegion(db, input, { onlyNew: true });
            report.created++;
          }
        } catch (e) {
          if (!(e instanceof BizError)) throw e;
          refuse(e.message === PARENT_MISSING_MSG ? unknownParentMsg(input.parentCode) : e.message);
        }
      }
      return ok(report);
    },
  };
}
