// The Xiaohongshu comment keywords' extras (./xsh-comm-keyword.module.ts): `import` trims keywords, skips those the
// task already has (case-insensitively) or that an earlier row has, refuses blank ones and unknown tasks row by
// row; `enable` switches one keyword of the caller.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { xshComm, xshCommKeyword } from '../../../db/schema';
import { nextId } from '../../../util';
import { backends, contractCall, login, startTestServer, type TestServer } from '../../../test/harness';
import { NO_COMM_TASK_MSG } from '../../platform-shared/import-rows';
import { EMPTY_KEYWORD_MSG } from './xsh-comm-keyword.module';

interface ImportResult {
  total: number;
  inserted: number;
  duplicated: number;
  invalid: number;
  errors: { row: number; reason: string }[];
}
type Keyword = Record<string, unknown> & { id: string; status: number; keyword: string };

const P = '/api/smart-xshComm/xsh_comm_keyword';

describe.each(backends)('Xiaohongshu comment keywords on %s', (kind) => {
  let s: TestServer;
  let admin: string;
  let task: string;
  let foreignTask: string;
  beforeAll(async () => {
    s = await startTestServer(kind);
    admin = (await login(s.app)).access_token;
    task = String(nextId());
    foreignTask = String(nextId());
    await s.handle.db.insert(xshComm).values([
      { id: BigInt(task), tenantId: '000000', ydUserId: 1790000000000000001n, taskName: '关键词评论' },
      { id: BigInt(foreignTask), tenantId: '100001', taskName: '他人任务' },
    ]);
    // a keyword the task has already
    await s.handle.db
      .insert(xshCommKeyword)
      .values({ id: nextId(), tenantId: '000000', commId: BigInt(task), keyword: 'Vlog 日常', usedCount: 4 });
  });
  afterAll(async () => {
    await s?.close();
  });

  const call = contractCall(() => s);
  const importRows = (rows: object) =>
    call<ImportResult>('POST', `${P}/import`, 'xshCommKeywordImport', admin, rows);
  const keywords = () =>
    s.handle.db
      .select()
      .from(xshCommKeyword)
      .where(and(eq(xshCommKeyword.commId, BigInt(task)), eq(xshCommKeyword.isDeleted, 0)))
      .orderBy(xshCommKeyword.createTime, xshCommKeyword.id);

  it('imports keywords, skipping case-insensitive duplicates and refusing blank ones row by row', async () => {
    const res = await importRows([
      { keyword: '  早八通勤妆 ', commId: task, sortType: 'time_descending', noteType: 2, maxNotes: 20 },
      { keyword: 'vlog 日常', commId: task },
      { keyword: '早八通勤妆', commId: task },
      { keyword: '   ', commId: task },
      { keyword: '伪素颜', commId: foreignTask },
      { keyword: '伪素颜', commId: task },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({
      total: 6,
      inserted: 2,
      duplicated: 2,
      invalid: 2,
      errors: [
        { row: 4, reason: EMPTY_KEYWORD_MSG },
        { row: 5, reason: NO_COMM_TASK_MSG },
      ],
    });
    const rows = await keywords();
    expect(rows.map((k) => k.keyword)).toEqual(['Vlog 日常', '早八通勤妆', '伪素颜']);
    expect(rows[0]!.usedCount).toBe(4);
    expect(rows[1]).toMatchObject({
      sortType: 'time_descending',
      noteType: 2,
      maxNotes: 20,
      source: 2,
      status: 1,
      ydUserId: 1790000000000000001n,
    });
    // the contract's defaults for what a row leaves out
    expect(rows[2]).toMatchObject({ sortType: 'general', noteType: 0, maxNotes: 15 });
  });

  it('refuses a body that is not 1 to 5000 rows with a 400 envelope and writes nothing', async () => {
    const before = (await keywords()).length;
    for (const body of [
      [],
      [{ keyword: '' }],
      [{ keyword: 'x', sortType: 'random' }],
      [{ keyword: 'x', maxNotes: 0 }],
    ]) {
      const res = await importRows(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ code: 400, success: false, data: null });
    }
    expect((await keywords()).length).toBe(before);
  });

  it('enables and disables one keyword of the caller; another tenant’s answers 400', async () => {
    const [k] = await keywords();
    const enable = (body: object) =>
      call<Keyword>('POST', `${P}/enable`, 'xshCommKeywordEnable', admin, body);
    const off = await enable({ id: String(k!.id), status: 0 });
    expect(off.body.data).toMatchObject({ id: String(k!.id), status: 0, keyword: 'Vlog 日常', usedCount: 4 });
    const foreign = nextId();
    await s.handle.db.insert(xshCommKeyword).values({ id: foreign, tenantId: '100001', keyword: '他人' });
    expect(await enable({ id: String(foreign), status: 0 })).toEqual({
      status: 400,
      body: { code: 400, success: false, msg: '数据不存在', data: null },
    });
    const bad = await enable({ id: String(k!.id), status: 5 });
    expect(bad.status).toBe(400);
    expect((await keywords())[0]!.status).toBe(0);
  });
});
