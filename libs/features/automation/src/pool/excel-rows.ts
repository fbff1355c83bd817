// A pool's rows from an Excel sheet (the "Excel 文件" side of the import dialog): the first sheet's first row names
// the columns, each later row is one link or keyword, with an optional sort for links (CommUrlImportRow.sort). The
// sheet is read in the browser (read-excel-file, loaded on first use) and sent through the pool's JSON import, so
// the server checks it as it checks a paste; rows it refuses are named by their row of the sheet.
import { downloadBlob, toXlsx } from '@smart/ui';
import { poolRow, rowKey, type PoolKind, type SourcedRow } from './pool-entities';

/** Why a row of the sheet is not sent: a sort that is not a whole number 0–999999, a text past the contract's length. */
export type SheetProblemCode = 'sort' | 'long';

export interface SheetProblem {
  line: number;
  text: string;
  code: SheetProblemCode;
}

export interface SheetRead {
  /** The rows to send, repeats of an earlier row dropped. */
  rows: SourcedRow[];
  problems: SheetProblem[];
  /** The first row names no column of the pool's text: nothing was read. */
  noHeader: boolean;
}

/** Headings of the text and sort columns, in either language of the console (and as the template writes them). */
const HEADINGS: Record<PoolKind['text'] | 'sort', readonly string[]> = {
  url: ['链接', 'url', 'link', '作品链接', '笔记链接'],
  keyword: ['关键词', 'keyword'],
  sort: ['排序', 'sort'],
};

const SORT_MAX = 999_999;

const heading = (cell: unknown) =>
  String(cell ?? '')
    .replace(/[*＊]/g, '')
    .trim()
    .toLowerCase();

const cellText = (cell: unknown): string => {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return cell.toISOString();
  return String(cell).trim();
};

/** The rows of a read sheet (its cells row by row, the first row the headings). */
export function sheetRows(kind: PoolKind, data: readonly (readonly unknown[])[], commId: string): SheetRead {
  const head = (data[0] ?? []).map(heading);
  const textAt = head.findIndex((h) => HEADINGS[kind.text].includes(h));
  const sortAt = kind.text === 'url' ? head.findIndex((h) => HEADINGS.sort.includes(h)) : -1;
  const out: SheetRead = { rows: [], problems: [], noHeader: textAt < 0 };
  if (textAt < 0) return out;
  const seen = new Set<string>();
  data.slice(1).forEach((cells, i) => {
    const line = i + 2;
    const text = cellText(cells[textAt]);
    if (!text) return;
    if (text.length > kind.maxLength) {
      out.problems.push({ line, text, code: 'long' });
      return;
    }
    const rawSort = sortAt >= 0 ? cells[sortAt] : null;
    let sort: number | undefined;
    if (rawSort !== null && rawSort !== undefined && cellText(rawSort) !== '') {
      sort = Number(rawSort);
      if (!Number.isInteger(sort) || sort < 0 || sort > SORT_MAX) {
        out.problems.push({ line, text, code: 'sort' });
        return;
      }
    }
    const key = rowKey(kind, text);
    if (seen.has(key)) return;
    seen.add(key);
    out.rows.push({
      row: { ...poolRow(kind, text, commId), ...(sort !== undefined ? { sort } : {}) },
      line,
      text,
    });
  });
  return out;
}

/** Reads the first sheet of an .xlsx file as the pool's rows. A file that is no workbook rejects. */
export async function readPoolSheet(kind: PoolKind, file: Blob, commId: string): Promise<SheetRead> {
  const { readSheet } = await import('read-excel-file/browser');
  return sheetRows(kind, await readSheet(file), commId);
}

/** Saves the template: the headings the reader looks for, and one example row. */
export async function downloadPoolTemplate(
  kind: PoolKind,
  headings: { text: string; sort: string },
  filename: string,
): Promise<void> {
  const example = { text: kind.example, sort: kind.text === 'url' ? 1 : null };
  const columns = [
    { id: 'text', label: headings.text, value: (r: typeof example) => r.text, width: 60 },
    ...(kind.text === 'url'
      ? [{ id: 'sort', label: headings.sort, value: (r: typeof example) => r.sort, width: 10 }]
      : []),
  ];
  downloadBlob(await toXlsx([example], columns, headings.text), filename);
}
