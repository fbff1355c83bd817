/**
 * The simulated Feishu's documents, in memory: spreadsheets (sheets of rows of cells) and bitables (tables of
 * records), each by its token, as an app with access to them sees them. Seeded with one demo spreadsheet and one demo
 * bitable of comment texts, so an operator can try the comment import at once (README "Automation engine"); a
 * spreadsheet or bitable the sandbox does not know is created empty by the first write into it, while reading one
 * answers Feishu's not-found error. Failures are thrown as SandboxFailure with Feishu's code and message.
 */
import { randomBytes } from 'node:crypto';
import { columnLetters, FEISHU_CODES, parseRange } from '../../engine/feishu/index';

export class SandboxFailure extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

export type Cell = string | number | null;

export interface SimSheet {
  rows: Cell[][];
}

export interface SimSpreadsheet {
  token: string;
  title: string;
  sheets: Map<string, SimSheet>;
  revision: number;
}

export interface SimRecord {
  record_id: string;
  fields: Record<string, unknown>;
}

export interface SimTable {
  name: string;
  records: SimRecord[];
  /** Records per page at most, below Feishu's 500 when a demo wants paging seen. */
  pageCap: number;
}

export interface SimBitable {
  token: string;
  title: string;
  tables: Map<string, SimTable>;
}

/** The demo documents (tests and the README name them). */
export const DEMO_SHEET = { token: 'shtcnSandboxDemo01', sheetId: 'demo01' } as const;
export const DEMO_BITABLE = {
  token: 'bascnSandboxDemo01',
  tableId: 'tblSandboxDemo01',
  field: '评论内容',
} as const;

/** Rows a sheet keeps at most (Feishu's own limit is far above; this bounds the sandbox's memory). */
const MAX_SHEET_ROWS = 50_000;
const MAX_RECORDS = 20_000;
/** Spreadsheets and bitables the sandbox creates at most (any token written to creates one). */
const MAX_DOCUMENTS = 1000;
/** An append's limits (§3.3). */
export const APPEND_MAX_ROWS = 5000;
export const APPEND_MAX_COLS = 100;

const text = (t: string) => [{ type: 'text', text: t }];
const recordId = () => `rec${randomBytes(5).toString('hex')}`;

function seedSheet(): SimSpreadsheet {
  const rows: Cell[][] = [
    ['评论内容', '备注'],
    ['这个颜色太好看了', ''],
    ['学到了,马上试试', ''],
    [null, '空单元格:导入时计为无效'],
    ['这个颜色太好看了', '与第2行重复:导入时计为重复'],
    ['请问这是在哪里买的?', ''],
    ['超长评论'.repeat(70), '超过255字:导入时计为无效'],
    ['收藏了,周末就去', ''],
  ];
  return {
    token: DEMO_SHEET.token,
    title: '评论话术示例(模拟)',
    sheets: new Map([[DEMO_SHEET.sheetId, { rows }]]),
    revision: 1,
  };
}

function seedBitable(): SimBitable {
  const records: SimRecord[] = [
    { record_id: 'recDemo0001', fields: { 评论内容: text('干货满满,已关注'), 点赞数: 12 } },
    { record_id: 'recDemo0002', fields: { 评论内容: text('第一次见这种做法,涨知识了'), 点赞数: 3 } },
    { record_id: 'recDemo0003', fields: { 点赞数: 0 } },
    { record_id: 'recDemo0004', fields: { 评论内容: text('干货满满,已关注'), 点赞数: 1 } },
    { record_id: 'recDemo0005', fields: { 评论内容: '博主讲得很清楚,谢谢分享', 点赞数: 8 } },
  ];
  const table: SimTable = { name: '评论话术', records, pageCap: 2 };
  return {
    token: DEMO_BITABLE.token,
    title: '评论话术多维表格(模拟)',
    tables: new Map([[DEMO_BITABLE.tableId, table]]),
  };
}

export class FeishuDocuments {
  readonly spreadsheets = new Map<string, SimSpreadsheet>();
  readonly bitables = new Map<string, SimBitable>();

  constructor() {
    this.reset();
  }

  /** Back to the seeded demo documents only. */
  reset(): void {
    this.spreadsheets.clear();
    this.bitables.clear();
    const s = seedSheet();
    this.spreadsheets.set(s.token, s);
    const b = seedBitable();
    this.bitables.set(b.token, b);
  }

  private roomForOneMore(): void {
    if (this.spreadsheets.size + this.bitables.size >= MAX_DOCUMENTS)
      throw new SandboxFailure(
        FEISHU_CODES.badRequest,
        `the sandbox keeps at most ${MAX_DOCUMENTS} documents`,
      );
  }

  private spreadsheet(token: string): SimSpreadsheet {
    const s = this.spreadsheets.get(token);
    if (!s) throw new SandboxFailure(FEISHU_CODES.spreadsheetNotFound, 'spreadsheet not found', 404);
    return s;
  }

  /** values_append with INSERT_ROWS: the rows go under the last non-empty row of the sheet. */
  append(token: string, range: string, values: unknown) {
    const r = parseRange(range);
    if (!r) throw new SandboxFailure(FEISHU_CODES.wrongRange, `wrong range: ${range}`);
    if (!Array.isArray(values) || values.length === 0 || !values.every(Array.isArray))
      throw new SandboxFailure(FEISHU_CODES.badRequest, 'valueRange.values must be a non-empty 2-D array');
    const rows = values as unknown[][];
    const width = Math.max(...rows.map((x) => x.length));
    if (rows.length > APPEND_MAX_ROWS || width > APPEND_MAX_COLS)
      throw new SandboxFailure(FEISHU_CODES.badRequest, `at most ${APPEND_MAX_ROWS} rows and 100 columns`);
    let s = this.spreadsheets.get(token);
    if (!s) {
      this.roomForOneMore();
      s = { token, title: token, sheets: new Map(), revision: 0 };
      this.spreadsheets.set(token, s);
    }
    let sheet = s.sheets.get(r.sheetId);
    if (!sheet) {
      sheet = { rows: [] };
      s.sheets.set(r.sheetId, sheet);
    }
    if (sheet.rows.length + rows.length > MAX_SHEET_ROWS)
      throw new SandboxFailure(
        FEISHU_CODES.badRequest,
        `the simulated sheet keeps at most ${MAX_SHEET_ROWS} rows`,
      );
    const first = sheet.rows.length + 1;
    const pad = r.startCol - 1;
    for (const row of rows) sheet.rows.push([...Array<Cell>(pad).fill(null), ...row.map(toCell)]);
    s.revision += 1;
    const c1 = columnLetters(r.startCol);
    const c2 = columnLetters(r.startCol + width - 1);
    const last = first + rows.length - 1;
    return {
      spreadsheetToken: token,
      tableRange: `${r.sheetId}!${c1}1:${c2}${last}`,
      revision: s.revision,
      updates: {
        spreadsheetToken: token,
        updatedRange: `${r.sheetId}!${c1}${first}:${c2}${last}`,
        updatedRows: rows.length,
        updatedColumns: width,
        updatedCells: rows.reduce((n, x) => n + x.length, 0),
        revision: s.revision,
      },
    };
  }

  /** A range's values, clipped to the rows the sheet has; missing cells are null. */
  read(token: string, range: string) {
    const s = this.spreadsheet(token);
    const r = parseRange(range);
    if (!r) throw new SandboxFailure(FEISHU_CODES.wrongRange, `wrong range: ${range}`);
    const sheet = s.sheets.get(r.sheetId);
    if (!sheet) throw new SandboxFailure(FEISHU_CODES.sheetIdNotFound, `sheetId not found: ${r.sheetId}`);
    const lastRow = Math.min(r.endRow ?? sheet.rows.length, sheet.rows.length);
    const width = Math.max(0, ...sheet.rows.map((x) => x.length));
    const endCol = r.endCol ?? Math.max(width, r.startCol);
    const values: Cell[][] = [];
    for (let i = r.startRow; i <= lastRow; i++) {
      const row = sheet.rows[i - 1] ?? [];
      const cells: Cell[] = [];
      for (let c = r.startCol; c <= endCol; c++) cells.push(row[c - 1] ?? null);
      values.push(cells);
    }
    const shown = `${r.sheetId}!${columnLetters(r.startCol)}${r.startRow}:${columnLetters(endCol)}${Math.max(lastRow, r.startRow)}`;
    return {
      revision: s.revision,
      spreadsheetToken: token,
      valueRange: { majorDimension: 'ROWS', range: shown, revision: s.revision, values },
    };
  }

  private table(appToken: string, tableId: string): SimTable {
    const b = this.bitables.get(appToken);
    if (!b) throw new SandboxFailure(FEISHU_CODES.baseNotFound, 'BaseTokenNotFound', 404);
    const t = b.tables.get(tableId);
    if (!t) throw new SandboxFailure(FEISHU_CODES.tableNotFound, 'TableIdNotFound', 404);
    return t;
  }

  /** One page of records; the page token is the offset of the next record. */
  list(appToken: string, tableId: string, pageSize: number, pageToken: string | undefined) {
    const t = this.table(appToken, tableId);
    const from = pageToken === undefined ? 0 : Number(pageToken.replace(/^p/, ''));
    if (!Number.isInteger(from) || from < 0)
      throw new SandboxFailure(FEISHU_CODES.badRequest, 'page_token is invalid');
    const size = Math.min(pageSize, t.pageCap);
    const items = t.records.slice(from, from + size);
    const next = from + items.length;
    const hasMore = next < t.records.length;
    return {
      has_more: hasMore,
      ...(hasMore ? { page_token: `p${next}` } : {}),
      total: t.records.length,
      items: items.map((r) => ({ record_id: r.record_id, fields: r.fields })),
    };
  }

  /** records/batch_create: an unknown base or table is created empty first. */
  batchCreate(appToken: string, tableId: string, records: unknown) {
    if (!Array.isArray(records) || records.length === 0 || records.length > 500)
      throw new SandboxFailure(FEISHU_CODES.badRequest, 'records must hold 1 to 500 records');
    const created = records.map((x: unknown) => {
      const fields = (x as { fields?: unknown })?.fields;
      if (!fields || typeof fields !== 'object' || Array.isArray(fields))
        throw new SandboxFailure(FEISHU_CODES.badRequest, 'every record needs its fields');
      return { record_id: recordId(), fields: fields as Record<string, unknown> };
    });
    let b = this.bitables.get(appToken);
    if (!b) {
      this.roomForOneMore();
      b = { token: appToken, title: appToken, tables: new Map() };
      this.bitables.set(appToken, b);
    }
    let t = b.tables.get(tableId);
    if (!t) {
      t = { name: tableId, records: [], pageCap: 500 };
      b.tables.set(tableId, t);
    }
    if (t.records.length + created.length > MAX_RECORDS)
      throw new SandboxFailure(
        FEISHU_CODES.badRequest,
        `the simulated table keeps at most ${MAX_RECORDS} records`,
      );
    t.records.push(...created);
    return { records: created };
  }
}

/** A value as a cell keeps it: strings and numbers as they are, other values as their JSON text. */
function toCell(v: unknown): Cell {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string' || typeof v === 'number') return v;
  if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
  return JSON.stringify(v);
}
