import ExcelJS from 'exceljs';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { BizError } from '../../../util';
import {
  EMPTY_SHEET_MSG,
  NOT_XLSX_MSG,
  cellText,
  missingHeaderMsg,
  tooManyRowsMsg,
} from '../../../excel/workbook';
import { USER_COLUMNS, readUserSheet, writeUserSheet, type UserSheetRow } from './user-excel';

const row = (over: Partial<UserSheetRow> = {}): UserSheetRow => ({
  account: 'zhangsan',
  name: '张三',
  realName: '张三',
  email: 'zhangsan@example.cn',
  phone: '13800000000',
  sex: '男',
  birthday: '1990-01-01',
  roles: '用户',
  depts: '刀锋科技',
  posts: '首席执行官',
  userType: 'WEB',
  ...over,
});

/** A workbook written by hand: `header` then `rows`, as an operator's spreadsheet program would. */
async function sheet(header: string[], rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Sheet1');
  ws.addRow(header);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function refusal(p: Promise<unknown>): Promise<string> {
  const e: unknown = await p.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(BizError);
  expect((e as BizError).statusCode).toBe(400);
  return (e as BizError).message;
}

const HEADERS = USER_COLUMNS.map((c) => c.header);

describe('the users workbook', () => {
  it('reads back what it writes, with row numbers, the header first', async () => {
    const data = await writeUserSheet([row(), row({ account: 'lisi', sex: '', posts: '' })]);
    const rows = await readUserSheet(data, 10);
    expect(rows).toEqual([
      { row: 2, cells: row() },
      { row: 3, cells: row({ account: 'lisi', sex: '', posts: '' }) },
    ]);
  });

  it('finds the columns by header in any order, skips empty rows and ignores other columns', async () => {
    const header = ['备注', ...[...HEADERS].reverse()];
    const values = [...USER_COLUMNS].reverse().map((c) => row()[c.key]);
    const data = await sheet(header, [
      ['x', ...values],
      [],
      [null, ...values.map(() => '')],
      ['y', ...values],
    ]);
    const rows = await readUserSheet(data, 10);
    expect(rows.map((r) => r.row)).toEqual([2, 5]);
    expect(rows[0]!.cells).toEqual(row());
  });

  it('reads numbers, dates, links and rich text as text', async () => {
    const values = USER_COLUMNS.map((c) => row()[c.key] as unknown);
    values[HEADERS.indexOf('手机')] = 13800000000;
    values[HEADERS.indexOf('生日')] = new Date(Date.UTC(1990, 0, 1));
    values[HEADERS.indexOf('邮箱')] = {
      text: 'zhangsan@example.cn',
      hyperlink: 'mailto:zhangsan@example.cn',
    };
    values[HEADERS.indexOf('姓名')] = { richText: [{ text: '张' }, { text: '三 ' }] };
    const [only] = await readUserSheet(await sheet(HEADERS, [values]), 10);
    expect(only!.cells).toEqual(row());
    expect(cellText({ formula: 'A1', result: 7, date1904: false })).toBe('7');
    expect(cellText({ error: '#N/A' })).toBe('');
  });

  it('refuses a file that is no xlsx: text, a broken zip, a zip of something else', async () => {
    expect(await refusal(readUserSheet(Buffer.from('账号,昵称\nzhangsan,张三\n'), 10))).toBe(NOT_XLSX_MSG);
    const good = await writeUserSheet([row()]);
    expect(await refusal(readUserSheet(good.subarray(0, good.length / 2), 10))).toBe(NOT_XLSX_MSG);
    const docx = Buffer.from(zipSync({ 'word/document.xml': new TextEncoder().encode('<w:document/>') }));
    expect(await refusal(readUserSheet(docx, 10))).toBe(NOT_XLSX_MSG);
  });

  it('refuses a header without the template columns, naming the missing ones', async () => {
    const data = await sheet(['账号', '昵称', '姓名'], [['zhangsan', '张三', '张三']]);
    expect(await refusal(readUserSheet(data, 10))).toBe(
      missingHeaderMsg('邮箱、手机、性别、生日、角色、部门、岗位、用户平台'),
    );
  });

  it('refuses a sheet without data rows, and one with more rows than allowed', async () => {
    expect(await refusal(readUserSheet(await writeUserSheet([]), 10))).toBe(EMPTY_SHEET_MSG);
    const three = await writeUserSheet([row(), row({ account: 'b' }), row({ account: 'c' })]);
    expect(await refusal(readUserSheet(three, 2))).toBe(tooManyRowsMsg(2));
    expect(await readUserSheet(three, 3)).toHaveLength(3);
  });
});
