/**
 * The workbooks of the Excel operations (contract user.yaml and region.yaml `export-template`, `export-*`,
 * `import-*`): one sheet, a header row of Chinese column names, then one record a row, every cell text. Writing,
 * reading and sending only; what a row means is the importing module's. exceljs loads on first use: it costs the
 * server's start about 30 MB and 150 ms otherwise.
 */
import type { CellValue, Workbook } from 'exceljs';
import type { FastifyReply } from 'fastify';
import { unzipSync } from 'fflate';
import { BizError } from '../util';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const NOT_XLSX_MSG = '文件不是有效的 Excel(.xlsx)文件';
export const EMPTY_SHEET_MSG = '导入文件没有数据';
export const missingHeaderMsg = (columns: string) => `表头缺少列: ${columns},请使用导入模板`;
export const tooManyRowsMsg = (max: number) => `导入数据不能超过 ${max} 行`;
export const exportTooManyMsg = (max: number) => `导出数据不能超过 ${max} 行,请缩小查询范围`;

/** A column of a sheet: written in the order given, found by its header when read (in any order). */
export interface SheetColumn<K extends string = string> {
  key: K;
  header: string;
  width: number;
}

/** One record as the sheet holds it: every cell as trimmed text, '' when empty. */
export type SheetRow<K extends string> = Record<K, string>;

/** A data row read from a sheet, with its row number (the header is row 1). */
export interface ReadRow<K extends string> {
  row: number;
  cells: SheetRow<K>;
}

/**
 * What the archive may hold once unpacked, as its directory declares: an upload is at most 10 MB (src/storage
 * multipart.ts), and a sheet of a few thousand records unpacks to a few MB; more is a compression bomb, not a list.
 */
const MAX_UNPACKED_BYTES = 100 * 1024 * 1024;

async function newWorkbook(): Promise<Workbook> {
  const { default: ExcelJS } = await import('exceljs');
  return new ExcelJS.Workbook();
}

/** The workbook of these rows (a template's header and example, or an export), its one sheet named `sheetName`. */
export async function writeSheet<K extends string>(
  sheetName: string,
  columns: readonly SheetColumn<K>[],
  rows: readonly SheetRow<K>[],
): Promise<Buffer> {
  const wb = await newWorkbook();
  const ws = wb.addWorksheet(sheetName);
  // text cells (`@`): a phone number, a code with leading zeros or a date typed into the sheet stays what was typed
  ws.columns = columns.map((c) => ({
    header: c.header,
    key: c.key,
    width: c.width,
    style: { numFmt: '@' },
  }));
  ws.getRow(1).font = { bold: true };
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A cell as text: Excel keeps numbers, dates, links, rich text and formulas apart from plain strings. */
export function cellText(v: CellValue): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  // a date cell is a day without a zone; exceljs gives it as that day's midnight in UTC
  if (v instanceof Date)
    return Number.isNaN(v.getTime())
      ? ''
      : `${v.getUTCFullYear()}-${pad(v.getUTCMonth() + 1)}-${pad(v.getUTCDate())}`;
  if ('richText' in v)
    return v.richText
      .map((t) => t.text)
      .join('')
      .trim();
  if ('hyperlink' in v) return cellText(v.text as CellValue);
  if ('formula' in v || 'sharedFormula' in v) return cellText((v.result ?? null) as CellValue);
  return ''; // an error value (#N/A …)
}

/** The archive is a zip holding a workbook, within the unpacked size above; else the file is no xlsx. */
function assertWorkbookArchive(data: Buffer): void {
  let unpacked = 0;
  let workbook = false;
  try {
    // the filter sees each entry's directory record and unpacks nothing
    unzipSync(new Uint8Array(data.buffer, data.byteOffset, data.byteLength), {
      filter: (f) => {
        unpacked += f.originalSize;
        if (f.name === 'xl/workbook.xml') workbook = true;
        return false;
      },
    });
  } catch {
    throw new BizError(NOT_XLSX_MSG);
  }
  if (!workbook || unpacked > MAX_UNPACKED_BYTES) throw new BizError(NOT_XLSX_MSG);
}

/**
 * The data rows of the first sheet in these columns, each with its row number; rows without any value are skipped.
 * Refuses (400) a file that is not a readable xlsx, a header row lacking a column, no data rows and more than
 * `maxRows` of them: the contract's file-level refusals, before any row is written.
 */
export async function readSheet<K extends string>(
  data: Buffer,
  columns: readonly SheetColumn<K>[],
  maxRows: number,
): Promise<ReadRow<K>[]> {
  assertWorkbookArchive(data);
  const wb = await newWorkbook();
  try {
    // exceljs declares its own Buffer type (an ArrayBuffer); Node's Buffer is what it reads
    await wb.xlsx.load(data as unknown as Parameters<Workbook['xlsx']['load']>[0]);
  } catch {
    throw new BizError(NOT_XLSX_MSG);
  }
  const ws = wb.worksheets[0];
  const at = new Map<K, number>();
  if (ws) {
    const byHeader = new Map<string, number>();
    ws.getRow(1).eachCell((cell, col) => {
      const text = cellText(cell.value);
      if (text && !byHeader.has(text)) byHeader.set(text, col);
    });
    for (const c of columns) {
      const col = byHeader.get(c.header);
      if (col !== undefined) at.set(c.key, col);
    }
  }
  const missing = columns.filter((c) => !at.has(c.key)).map((c) => c.header);
  if (!ws || missing.length > 0) throw new BizError(missingHeaderMsg(missing.join('、')));
  // rows with a value, the header among them: refused before a row is read
  if (ws.actualRowCount - 1 > maxRows) throw new BizError(tooManyRowsMsg(maxRows));
  const rows: ReadRow<K>[] = [];
  for (let r = 2; r <= ws.rowCount; r++) {
    const row = ws.getRow(r);
    const cells = Object.fromEntries(
      columns.map((c) => [c.key, cellText(row.getCell(at.get(c.key)!).value)]),
    ) as SheetRow<K>;
    if (Object.values(cells).some((v) => v !== '')) rows.push({ row: r, cells });
  }
  if (rows.length === 0) throw new BizError(EMPTY_SHEET_MSG);
  if (rows.length > maxRows) throw new BizError(tooManyRowsMsg(maxRows));
  return rows;
}

/** A workbook as the download the contract declares: its media type and `attachment; filename="…"`. */
export function sendXlsx(reply: FastifyReply, filename: string, data: Buffer) {
  return reply.type(XLSX_TYPE).header('content-disposition', `attachment; filename="${filename}"`).send(data);
}
