/**
 * The regions' workbook and its row rules (contract region.yaml `export-template`, `export-region`,
 * `import-region`): the columns the three share, and what one sheet row means, the region form `submit` would
 * receive, or the reason it cannot be. The fields' rules and messages are the contract's (the `region` entity's
 * manifest, src/crud/entities.ts); what the write checks (the parent) stays with ./region-write.ts.
 */
import type { EntityField } from '@smart/api-sdk/manifest';
import { fieldInvalid, fieldRequired, hasNul, textFieldMsg } from '../../../excel/import-rows';
import { readSheet, writeSheet, type ReadRow, type SheetRow } from '../../../excel/workbook';
import { NUL_MSG } from '../../../kernel/input-guard';
import type { RegionInput } from './region-write';

export const duplicateCodeRowMsg = (row: number) => `区划编号与第 ${row} 行重复`;
export const unknownLevelMsg = (label: string) => `区划等级不存在: ${label}`;
export const unknownParentMsg = (code: string) => `上级区划不存在: ${code}`;

/** The columns, in the order written (the template's, the export's); a read finds them by header. */
export const REGION_COLUMNS = [
  { key: 'code', header: '区划编号', width: 14 },
  { key: 'parentCode', header: '上级区划编号', width: 14 },
  { key: 'name', header: '区划名称', width: 20 },
  { key: 'regionLevel', header: '区划等级', width: 12 },
  { key: 'sort', header: '排序', width: 8 },
  { key: 'remark', header: '备注', width: 30 },
] as const;

export type RegionSheetKey = (typeof REGION_COLUMNS)[number]['key'];
/** One region as the sheet holds it: every cell as trimmed text, '' when empty; the level as its label. */
export type RegionSheetRow = SheetRow<RegionSheetKey>;

export const writeRegionSheet = (rows: readonly RegionSheetRow[]): Promise<Buffer> =>
  writeSheet('行政区划', REGION_COLUMNS, rows);

/** The data rows of the first sheet (see `readSheet`: the file-level refusals). */
export const readRegionSheet = (data: Buffer, maxRows: number): Promise<ReadRow<RegionSheetKey>[]> =>
  readSheet(data, REGION_COLUMNS, maxRows);

/** The column `sort` is a PostgreSQL integer. */
const INT_MAX = 2147483647;

export type RegionRowOutcome = { input: RegionInput } | { msg: string };

/**
 * The region form for one sheet row, or the first reason it is refused, checked in the form's order. The level is
 * a label of the dictionary `region` (`levels`: label → key) whose key the contract's enum allows; an empty sort is
 * the field's default and an empty remark clears it, as the edit dialog would send them.
 */
export function rowToRegion(
  cells: RegionSheetRow,
  levels: ReadonlyMap<string, number>,
  fields: readonly EntityField[],
): RegionRowOutcome {
  const field = (name: string) => fields.find((f) => f.name === name);
  // what no database stores, as the request guard refuses it (src/kernel/input-guard.ts)
  if (Object.values(cells).some(hasNul)) return { msg: NUL_MSG };
  for (const name of ['code', 'parentCode', 'name'] as const) {
    const msg = textFieldMsg(field(name), cells[name], name);
    if (msg) return { msg };
  }
  const levelField = field('regionLevel');
  if (!cells.regionLevel) return { msg: fieldRequired(levelField, 'regionLevel') };
  const regionLevel = levels.get(cells.regionLevel);
  if (regionLevel === undefined || (levelField?.enum && !levelField.enum.includes(regionLevel)))
    return { msg: unknownLevelMsg(cells.regionLevel) };
  const sortField = field('sort');
  let sort = typeof sortField?.default === 'number' ? sortField.default : 1;
  if (cells.sort) {
    sort = Number(cells.sort);
    const within =
      /^[+-]?\d+$/.test(cells.sort) &&
      Math.abs(sort) <= INT_MAX &&
      (sortField?.minimum === undefined || sort >= sortField.minimum) &&
      (sortField?.maximum === undefined || sort <= sortField.maximum);
    if (!within) return { msg: fieldInvalid(sortField, 'sort') };
  }
  const remarkMsg = textFieldMsg(field('remark'), cells.remark, 'remark');
  if (remarkMsg) return { msg: remarkMsg };
  return {
    input: {
      code: cells.code,
      parentCode: cells.parentCode,
      name: cells.name,
      regionLevel,
      sort,
      remark: cells.remark,
    },
  };
}
