import { createHash } from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { declaredEntities } from '../../../crud/entities';
import { region } from '../../../db/schema';
import {
  EMPTY_SHEET_MSG,
  NOT_XLSX_MSG,
  exportTooManyMsg,
  missingHeaderMsg,
  tooManyRowsMsg,
} from '../../../excel/workbook';
import { NUL_MSG } from '../../../kernel/input-guard';
import { expectContract } from '../../../test/contract';
import { expectXlsx, multipart, sheetOf, sheetRows } from '../../../test/excel';
import {
  authHeaders,
  backends,
  login,
  startTestServer,
  type Env,
  type TestServer,
} from '../../../test/harness';
import {
  EXPORT_MAX_ROWS,
  IMPORT_MAX_ROWS,
  parentsFirst,
  type RegionImportReport,
} from './region-excel-handlers';
import {
  REGION_COLUMNS,
  duplicateCodeRowMsg,
  rowToRegion,
  unknownLevelMsg,
  unknownParentMsg,
  type RegionSheetRow,
} from './region-sheet';
import { SELF_PARENT_MSG, regionExistsMsg } from './region-write';

const R = '/api/smart-system/region';
const HEADERS = REGION_COLUMNS.map((c) => c.header);
const md5 = (s: string) => createHash('md5').update(s).digest('hex');

/** A workbook in the template's columns. */
const workbook = (rows: Partial<RegionSheetRow>[]) =>
  sheetOf(
    HEADERS,
    rows.map((r) => REGION_COLUMNS.map((c) => r[c.key] ?? '')),
  );

describe('the regions row rules', () => {
  const fields = declaredEntities().get('region').fields;
  const levels = new Map([
    ['国家', 0],
    ['区县', 3],
    ['街区', 9], // an operator's own item, outside the contract's levels
  ]);
  const cells = (over: Partial<RegionSheetRow> = {}): RegionSheetRow => ({
    code: '110101',
    parentCode: '1101',
    name: '东城区',
    regionLevel: '区县',
    sort: '',
    remark: '',
    ...over,
  });

  it('makes the submit form of a row: the level by its label, an empty sort the default', () => {
    expect(rowToRegion(cells(), levels, fields)).toEqual({
      input: { code: '110101', parentCode: '1101', name: '东城区', regionLevel: 3, sort: 1, remark: '' },
    });
    expect(rowToRegion(cells({ sort: '-4', remark: '备' }), levels, fields)).toMatchObject({
      input: { sort: -4, remark: '备' },
    });
  });

  it("refuses a row with the form's messages, the first in the form's order", () => {
    const msg = (over: Partial<RegionSheetRow>) =>
      (rowToRegion(cells(over), levels, fields) as { msg?: string }).msg;
    expect(msg({ code: '', name: '' })).toBe('请输入区划编号');
    expect(msg({ code: '11a' })).toBe('区划编号格式不正确');
    expect(msg({ code: '1'.repeat(13) })).toBe('区划编号格式不正确');
    expect(msg({ parentCode: '' })).toBe('请选择上级区划');
    expect(msg({ name: '' })).toBe('请输入区划名称');
    expect(msg({ name: '名'.repeat(33) })).toBe('区划名称格式不正确');
    expect(msg({ regionLevel: '' })).toBe('请选择区划等级');
    expect(msg({ regionLevel: '县' })).toBe(unknownLevelMsg('县'));
    expect(msg({ regionLevel: '街区' })).toBe(unknownLevelMsg('街区'));
    for (const sort of ['abc', '1.5', '3000000000']) expect(msg({ sort })).toBe('排序格式不正确');
    expect(msg({ remark: 'r'.repeat(256) })).toBe('备注格式不正确');
    expect(msg({ remark: 'a\u0000b' })).toBe(NUL_MSG);
  });

  it('orders an export so that parents come before their children, else by code', () => {
    const r = (code: string, parentCode: string) => ({ code, parentCode });
    const byCode = [r('1101', '11'), r('110101', '1101'), r('1189', '1190'), r('1190', '11'), r('12', '00')];
    expect(parentsFirst(byCode).map((x) => x.code)).toEqual(['1101', '110101', '1190', '1189', '12']);
    // a cycle (no stored tree has one) keeps its rows, last
    expect(parentsFirst([r('2', '3'), r('3', '2'), r('4', '0')]).map((x) => x.code)).toEqual(['4', '2', '3']);
  });
});

describe.each(backends)('regions Excel import and export on %s', (kind) => {
  let s: TestServer;
  let admin: string; // administrator of 000000
  let other: string; // admin of 100001
  let guest: string; // 000000, without the region page's buttons

  beforeAll(async () => {
    s = await startTestServer(kind);
    admin = (await login(s.app, '000000')).access_token;
    other = (await login(s.app, '100001')).access_token;
    guest = (await login(s.app, '000000', 'guest', md5('guest'))).access_token;
  });
  afterAll(async () => {
    await s?.close();
  });

  const get = (url: string, tok = admin) => s.app.inject({ method: 'GET', url, headers: authHeaders(tok) });
  const exported = async (query: string, tok = admin) =>
    sheetRows(expectXlsx(await get(`${R}/export-region${query}`, tok), 'regionExport', 'regions.xlsx'));
  const importFile = async (data: Buffer, isCovered?: 0 | 1, tok = admin) => {
    const mp = multipart([
      { name: 'file', filename: 'regions.xlsx', data },
      ...(isCovered === undefined ? [] : [{ name: 'isCovered', data: String(isCovered) }]),
    ]);
    const res = await s.app.inject({
      method: 'POST',
      url: `${R}/import-region`,
      headers: { ...authHeaders(tok), 'content-type': mp.contentType },
      payload: mp.payload,
    });
    return { status: res.statusCode, body: expectContract<Env<RegionImportReport>>(res, 'regionImport') };
  };
  const detail = async (code: string) => {
    const res = await get(`${R}/detail?code=${code}`);
    return res.statusCode === 200
      ? expectContract<Env<Record<string, unknown>>>(res, 'regionDetail').data
      : undefined;
  };
  const remove = async (code: string) => {
    const res = await s.app.inject({
      method: 'POST',
      url: `${R}/remove?id=${code}`,
      headers: authHeaders(admin),
    });
    expect(expectContract(res, 'regionRemove')).toMatchObject({ code: 200 });
  };
  const submit = async (body: object) => {
    const res = await s.app.inject({
      method: 'POST',
      url: `${R}/submit`,
      headers: authHeaders(admin),
      payload: body,
    });
    expect(expectContract(res, 'regionSubmit')).toMatchObject({ code: 200 });
  };
  const regionCount = async () => Number((await s.handle.db.select({ n: count() }).from(region))[0]!.n);

  it('downloads the template: the header row and an example row that imports', async () => {
    const res = await get(`${R}/export-template`);
    const template = expectXlsx(res, 'regionExportTemplate', 'region-template.xlsx');
    const { header, rows } = await sheetRows(template);
    expect(header).toEqual(HEADERS);
    expect(rows).toEqual([
      { 区划编号: '110199', 上级区划编号: '1101', 区划名称: '示例区', 区划等级: '区县', 排序: '1', 备注: '' },
    ]);
    // a read like every region read: another tenant's administrator downloads it too
    expectXlsx(await get(`${R}/export-template`, other), 'regionExportTemplate', 'region-template.xlsx');

    const { status, body } = await importFile(template);
    expect(status).toBe(200);
    expect(body.data).toEqual({ total: 1, created: 1, updated: 0, failed: [] });
    expect(await detail('110199')).toMatchObject({ name: '示例区', regionLevel: 3, ancestors: '00,11,1101' });
    await remove('110199');
  });

  it('exports the matches at every level, a subtree without its root, parents first', async () => {
    const beijing = await exported('?parentCode=11');
    expect(beijing.header).toEqual(HEADERS);
    expect(beijing.rows).toEqual([
      { 区划编号: '1101', 上级区划编号: '11', 区划名称: '北京城区', 区划等级: '地市', 排序: '1', 备注: '' },
      { 区划编号: '110101', 上级区划编号: '1101', 区划名称: '东城区', 区划等级: '区县', 排序: '2', 备注: '' },
      { 区划编号: '110102', 上级区划编号: '1101', 区划名称: '西城区', 区划等级: '区县', 排序: '3', 备注: '' },
    ]);
    const codes = async (query: string) => (await exported(query)).rows.map((r) => r['区划编号']);
    expect(await codes('?parentCode=3204')).toEqual(['320402', '320404']);
    expect(await codes('?code=3204')).toEqual(['3204', '320402', '320404']);
    expect(await codes(`?parentCode=32&name=${encodeURIComponent('钟楼')}`)).toEqual(['320404']);
    expect(await codes(`?name=${encodeURIComponent('城区')}`)).toEqual(['1101', '110101', '110102']);
    expect(await codes('?parentCode=99')).toEqual([]);
    // a code that sorts before its parent's still follows it
    await submit({ code: '1190', parentCode: '11', name: '后城', regionLevel: 2 });
    await submit({ code: '1189', parentCode: '1190', name: '前区', regionLevel: 3 });
    expect(await codes('?parentCode=11')).toEqual(['1101', '110101', '110102', '1190', '1189']);
    await remove('1189');
    await remove('1190');

    // everything below the country's parent, another tenant's administrator reading (regions are platform-wide)
    const all = (await exported('?parentCode=0', other)).rows.map((r): [string, string] => [
      r['区划编号']!,
      r['上级区划编号']!,
    ]);
    expect(all).toHaveLength(await regionCount());
    expect(all[0]).toEqual(['00', '0']);
    const seen = new Set<string>();
    for (const [code, parent] of all) {
      expect(parent === '0' || seen.has(parent), `${code} after ${parent}`).toBe(true);
      seen.add(code);
    }
  });

  it(`refuses an export of more than ${EXPORT_MAX_ROWS} regions with the envelope`, async () => {
    const db = s.handle.db;
    await submit({ code: '98', parentCode: '00', name: '大省', regionLevel: 1 });
    await db.execute(
      sql`insert into smart_region (code, parent_code, ancestors, name, region_level)
          select '98' || lpad(g::text, 6, '0'), '98', '00,98', '县' || g, 3
          from generate_series(1, ${EXPORT_MAX_ROWS + 1}) as g`,
    );
    try {
      const res = await get(`${R}/export-region?parentCode=98`);
      const body = expectContract<Env>(res, 'regionExport');
      expect([res.statusCode, body.code, body.msg]).toEqual([400, 400, exportTooManyMsg(EXPORT_MAX_ROWS)]);
    } finally {
      await db.delete(region).where(eq(region.parentCode, '98'));
      await remove('98');
    }
  });

  it('imports an export back: isCovered 0 refuses the existing codes, 1 updates them but never their parent', async () => {
    const original = expectXlsx(
      await get(`${R}/export-region?parentCode=1101`),
      'regionExport',
      'regions.xlsx',
    );
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(original as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.getCell('A3').value).toBe('110102');
    ws.getCell('B3').value = '3204'; // ignored: the parent stays
    ws.getCell('C3').value = '西城区改';
    ws.getCell('E3').value = 7;
    ws.getCell('F3').value = '改过';
    const edited = Buffer.from(await wb.xlsx.writeBuffer());

    const refused = await importFile(edited, 0);
    expect(refused.status).toBe(200);
    expect(refused.body.data).toEqual({
      total: 2,
      created: 0,
      updated: 0,
      failed: [
        { row: 2, code: '110101', msg: regionExistsMsg('110101') },
        { row: 3, code: '110102', msg: regionExistsMsg('110102') },
      ],
    });
    expect(await detail('110102')).toMatchObject({ name: '西城区', sort: 3 });

    const covered = await importFile(edited, 1);
    expect(covered.body.data).toEqual({ total: 2, created: 0, updated: 2, failed: [] });
    expect(await detail('110102')).toMatchObject({
      name: '西城区改',
      parentCode: '1101',
      ancestors: '00,11,1101',
      cityName: '北京城区',
      districtCode: '110102',
      districtName: '西城区改',
      regionLevel: 3,
      sort: 7,
      remark: '改过',
    });
    // the original file puts it back
    expect((await importFile(original, 1)).body.data).toMatchObject({ updated: 2, failed: [] });
    expect(await detail('110102')).toMatchObject({
      name: '西城区',
      sort: 3,
      remark: '',
      districtName: '西城区',
    });
  });

  it("reads a level by the dictionary's English label as well (a template an English operator filled in)", async () => {
    const data = await workbook([
      { code: '6601', parentCode: '66', name: 'Capital City', regionLevel: 'City' },
      { code: '660101', parentCode: '6601', name: 'Old Town', regionLevel: 'District' },
      { code: '660102', parentCode: '6601', name: 'Nowhere', regionLevel: 'Borough' },
    ]);
    await submit({ code: '66', parentCode: '00', name: '试省', regionLevel: 1 });
    const { status, body } = await importFile(data, 0);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ total: 3, created: 2, updated: 0 });
    expect((body.data as { failed: { msg: string }[] }).failed.map((f) => f.msg)).toEqual([
      unknownLevelMsg('Borough'),
    ]);
    expect(await detail('660101')).toMatchObject({ name: 'Old Town', regionLevel: 3 });
    for (const code of ['660101', '6601', '66']) await remove(code);
  });

  it('writes the good rows in sheet order and reports the others by their row number', async () => {
    const before = await regionCount();
    const long = '6'.repeat(70);
    const data = await workbook([
      { code: '6501', parentCode: '65', name: '乌鲁木齐市', regionLevel: '地市', sort: '1' }, // 2
      { code: '650102', parentCode: '6501', name: '天山区', regionLevel: '区县' }, // 3: its parent is row 2
      { code: '650102', parentCode: '6501', name: '重复区', regionLevel: '区县' }, // 4
      { code: '650199', parentCode: '6599', name: '孤儿区', regionLevel: '区县' }, // 5
      { code: '650103', parentCode: '6501', name: '沙区', regionLevel: '县' }, // 6
      {}, // 7: an empty row, skipped and not counted
      { code: '110101', parentCode: '1101', name: '东城区', regionLevel: '区县' }, // 8
      { code: '65a1', parentCode: '65', name: '坏编号', regionLevel: '地市' }, // 9
      { code: '650104', parentCode: '6501', name: '', regionLevel: '区县' }, // 10
      { code: '650105', parentCode: '6501', name: '排序区', regionLevel: '区县', sort: 'abc' }, // 11
      { code: '650106', parentCode: '650107', name: '早镇', regionLevel: '乡镇' }, // 12: before its parent
      { code: '650107', parentCode: '6501', name: '晚区', regionLevel: '区县', remark: '后来' }, // 13
      { code: '650108', parentCode: '650108', name: '自身', regionLevel: '区县' }, // 14
      { code: long, parentCode: '65', name: '长编号', regionLevel: '地市' }, // 15
    ]);
    const { status, body } = await importFile(data, 0);
    expect(status).toBe(200);
    expect(body.data).toEqual({
      total: 13,
      created: 3,
      updated: 0,
      failed: [
        { row: 4, code: '650102', msg: duplicateCodeRowMsg(3) },
        { row: 5, code: '650199', msg: unknownParentMsg('6599') },
        { row: 6, code: '650103', msg: unknownLevelMsg('县') },
        { row: 8, code: '110101', msg: regionExistsMsg('110101') },
        { row: 9, code: '65a1', msg: '区划编号格式不正确' },
        { row: 10, code: '650104', msg: '请输入区划名称' },
        { row: 11, code: '650105', msg: '排序格式不正确' },
        { row: 12, code: '650106', msg: unknownParentMsg('650107') },
        { row: 14, code: '650108', msg: SELF_PARENT_MSG },
        // cut to the report's 64 characters
        { row: 15, code: long.slice(0, 64), msg: '区划编号格式不正确' },
      ],
    });
    expect(await regionCount()).toBe(before + 3);
    expect(await detail('6501')).toMatchObject({
      parentCode: '65',
      ancestors: '00,65',
      regionLevel: 2,
      provinceName: '新疆维吾尔自治区',
      cityCode: '6501',
      cityName: '乌鲁木齐市',
      sort: 1,
      hasChildren: true,
    });
    expect(await detail('650102')).toMatchObject({
      name: '天山区',
      ancestors: '00,65,6501',
      cityName: '乌鲁木齐市',
      districtCode: '650102',
      districtName: '天山区',
      sort: 1,
      remark: '',
    });
    expect(await detail('650107')).toMatchObject({ name: '晚区', remark: '后来' });
    for (const refused of ['650199', '650103', '650104', '650105', '650106', '650108'])
      expect(await detail(refused)).toBeUndefined();
    expect(await detail('110101')).toMatchObject({ name: '东城区', sort: 2 });
    for (const code of ['650102', '650107', '6501']) await remove(code);
  });

  it('refuses a file that is no workbook, lacks columns, holds no rows or too many, with a 400; nothing is written', async () => {
    const before = await regionCount();
    const good = { code: '6601', parentCode: '65', name: '不该写入', regionLevel: '地市' };
    const expectRefused = async (data: Buffer, msg: string) => {
      const { status, body } = await importFile(data, 1);
      expect([status, body.code, body.success, body.msg]).toEqual([400, 400, false, msg]);
    };
    await expectRefused(Buffer.from('区划编号,区划名称\n6601,不该写入\n'), NOT_XLSX_MSG);
    await expectRefused(Buffer.from('PK\u0003\u0004broken'), NOT_XLSX_MSG);
    await expectRefused(
      await sheetOf(['区划编号', '区划名称'], [['6601', '不该写入']]),
      missingHeaderMsg('上级区划编号、区划等级、排序、备注'),
    );
    await expectRefused(await workbook([]), EMPTY_SHEET_MSG);
    await expectRefused(await workbook([{}, {}]), EMPTY_SHEET_MSG);
    const many = Array.from({ length: IMPORT_MAX_ROWS + 1 }, (_, i) => ({
      ...good,
      code: `66${String(i).padStart(6, '0')}`,
      parentCode: '6601',
    }));
    await expectRefused(await workbook([good, ...many.slice(1)]), tooManyRowsMsg(IMPORT_MAX_ROWS));
    expect(await regionCount()).toBe(before);
    expect(await detail('6601')).toBeUndefined();
    // exactly the limit is read (and its rows written: the first creates the parent of the others)
    const limit = await importFile(await workbook([good, ...many.slice(1, IMPORT_MAX_ROWS)]), 0);
    expect(limit.body.data).toMatchObject({ total: IMPORT_MAX_ROWS, created: IMPORT_MAX_ROWS, failed: [] });
    await s.handle.db.delete(region).where(eq(region.parentCode, '6601'));
    await remove('6601');
    expect(await regionCount()).toBe(before);
  }, 120_000);

  it("refuses another tenant's administrator and a caller without the region page's buttons (401 缺失权限)", async () => {
    const data = await workbook([{ code: '6602', parentCode: '65', name: '越权市', regionLevel: '地市' }]);
    for (const [tok, isCovered] of [
      [other, 0],
      [other, 1],
      [guest, 0],
      [guest, 1],
    ] as const) {
      const { status, body } = await importFile(data, isCovered, tok);
      expect([status, body.code, body.msg]).toEqual([401, 401, '缺失权限']);
    }
    expect(await detail('6602')).toBeUndefined();
  });
});
