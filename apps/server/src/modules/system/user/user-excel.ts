/**
 * The users' workbook (contract user.yaml `export-template`, `export-user`, `import-user`): one sheet, a header row
 * of Chinese column names, then one user a row, every cell text. The columns only: writing and reading are the
 * shared workbook's (src/excel/workbook.ts); what a row means is ./user-import.ts.
 */
import { readSheet, writeSheet, type ReadRow, type SheetRow } from '../../../excel/workbook';

/** The columns, in the order written; a read finds them by header, in any order. */
export const USER_COLUMNS = [
  { key: 'account', header: '账号', width: 16 },
  { key: 'name', header: '昵称', width: 14 },
  { key: 'realName', header: '姓名', width: 12 },
  { key: 'email', header: '邮箱', width: 24 },
  { key: 'phone', header: '手机', width: 16 },
  { key: 'sex', header: '性别', width: 8 },
  { key: 'birthday', header: '生日', width: 12 },
  { key: 'roles', header: '角色', width: 20 },
  { key: 'depts', header: '部门', width: 20 },
  { key: 'posts', header: '岗位', width: 20 },
  { key: 'userType', header: '用户平台', width: 10 },
] as const;

export type UserSheetKey = (typeof USER_COLUMNS)[number]['key'];
/** One user as the sheet holds it: every cell as trimmed text, '' when empty. */
export type UserSheetRow = SheetRow<UserSheetKey>;

/** The workbook of these rows (the template's header and example, or an export). */
export const writeUserSheet = (rows: readonly UserSheetRow[]): Promise<Buffer> =>
  writeSheet('用户', USER_COLUMNS, rows);

/** The data rows of the first sheet (see `readSheet`: the file-level refusals). */
export const readUserSheet = (data: Buffer, maxRows: number): Promise<ReadRow<UserSheetKey>[]> =>
  readSheet(data, USER_COLUMNS, maxRows);
