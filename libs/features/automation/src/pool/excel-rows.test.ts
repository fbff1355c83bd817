// The pool's rows from an Excel sheet: which column is read, what a row becomes, what is refused before sending, and
// a template written by the console read back as it would come from the operator.
import { toXlsx } from '@smart/ui';
import { describe, expect, it } from 'vitest';
import { readPoolSheet, sheetRows } from './excel-rows';
import { POOL_KINDS } from './pool-entities';

const dy = POOL_KINDS.dy_comm_url;
const link = (n: number) => `https://www.douyin.com/video/72808549326400000${n}`;

describe('sheet rows of a link pool', () => {
  it('reads the link and sort columns by their headings, in either language, and numbers rows as the sheet does', () => {
    const read = sheetRows(
      dy,
      [
        ['备注', 'Sort', ' URL* '],
        ['a', 3, link(1)],
        [null, null, null],
        ['b', null, `  ${link(2)}  `],
        ['c', 1, link(1)],
      ],
      '9',
    );
    expect(read.noHeader).toBe(false);
    expect(read.problems).toEqual([]);
    expect(read.rows).toEqual([
      { row: { url: link(1), commId: '9', sort: 3 }, line: 2, text: link(1) },
      // an empty row is skipped, the numbering keeps it
      { row: { url: link(2), commId: '9' }, line: 4, text: link(2) },
    ]);
  });

  it('lists rows it cannot send: a sort that is no whole number in range, a link past the contract', () => {
    const long = `https://v.douyin.com/${'x'.repeat(600)}`;
    const read = sheetRows(
      dy,
      [
        ['链接', '排序'],
        [link(1), 1.5],
        [link(2), -1],
        [link(3), 'first'],
        [long, null],
        [link(4), '7'],
      ],
      '',
    );
    expect(read.problems).toEqual([
      { line: 2, text: link(1), code: 'sort' },
      { line: 3, text: link(2), code: 'sort' },
      { line: 4, text: link(3), code: 'sort' },
      { line: 5, text: long, code: 'long' },
    ]);
    expect(read.rows.map((r) => r.row)).toEqual([{ url: link(4), commId: '', sort: 7 }]);
  });

  it('reads nothing from a sheet whose first row names no link column', () => {
    expect(sheetRows(dy, [[link(1)], [link(2)]], '')).toEqual({ rows: [], problems: [], noHeader: true });
    expect(sheetRows(dy, [], '').noHeader).toBe(true);
  });

  it('reads keywords once regardless of case, with no sort (the keyword import has none)', () => {
    const read = sheetRows(
      POOL_KINDS.xsh_comm_keyword,
      [
        ['关键词', '排序'],
        ['露营', 1],
        ['ABC', 2],
        ['abc', 3],
        [12345, null],
      ],
      '4',
    );
    expect(read.rows.map((r) => [r.line, r.row])).toEqual([
      [2, { keyword: '露营', commId: '4' }],
      [3, { keyword: 'ABC', commId: '4' }],
      [5, { keyword: '12345', commId: '4' }],
    ]);
  });
});

describe('an .xlsx file', () => {
  it('written as the template is read back as its rows', async () => {
    const blob = await toXlsx(
      [
        { url: link(1), sort: 2 },
        { url: link(2), sort: null },
      ],
      [
        { id: 'url', label: '链接', value: (r: { url: string; sort: number | null }) => r.url },
        { id: 'sort', label: '排序', value: (r: { url: string; sort: number | null }) => r.sort },
      ],
    );
    const read = await readPoolSheet(dy, blob, '5');
    expect(read.rows.map((r) => [r.line, r.row])).toEqual([
      [2, { url: link(1), commId: '5', sort: 2 }],
      [3, { url: link(2), commId: '5' }],
    ]);
  });

  it('that is no workbook is refused', async () => {
    await expect(readPoolSheet(dy, new Blob(['not a workbook']), '')).rejects.toThrow();
  });
});
