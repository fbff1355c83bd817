// The Douyin comment URLs' extras (./dy-comm-url.module.ts): `enable` switches one row and keeps its use state;
// `import` takes Douyin item links (share text reduced to its link), refuses other links row by row, skips
// duplicates of live rows and of the batch, and writes nothing when the body is refused.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dyComm, dyCommUrl } from '../../../db/schema';
import { nextId } from '../../../util';
import { backends, contractCall, login, startTestServer, type TestServer } from '../../../test/harness';
import { DY_LINK_MSG, NO_LINK_MSG } from '../../platform-shared/links';
import { NO_COMM_TASK_MSG } from '../../platform-shared/import-rows';

type Url = Record<string, unknown> & { id: string; url: string; status: number; useStatus: number };
interface ImportResult {
  total: number;
  inserted: number;
  duplicated: number;
  invalid: number;
  errors: { row: number; reason: string }[];
}

const P = '/api/smart-dyComm/dy_comm_url';
const NOT_FOUND = { code: 400, success: false, msg: '数据不存在', data: null };
const OWNER = 1790000000000000001n;
const aweme = (n: number) => `7${String(n).padStart(18, '0')}`;

describe.each(backends)('Douyin comment URLs on %s', (kind) => {
  let s: TestServer;
  let admin: string;
  let task: string;
  let otherTask: string;
  beforeAll(async () => {
    s = await startTestServer(kind);
    admin = (await login(s.app)).access_token;
    task = String(nextId());
    otherTask = String(nextId());
    await s.handle.db.insert(dyComm).values([
      { id: BigInt(task), tenantId: '000000', ydUserId: OWNER, taskName: '评论任务' },
      { id: BigInt(otherTask), tenantId: '100001', taskName: '他人任务' },
    ]);
  });
  afterAll(async () => {
    await s?.close();
  });

  const call = contractCall(() => s);
  const importRows = (rows: unknown) =>
    call<ImportResult>('POST', `${P}/import`, 'dyCommUrlImport', admin, rows as object);
  const enable = (body: object) => call<Url>('POST', `${P}/enable`, 'dyCommUrlEnable', admin, body);
  const rowsOf = (commId: string) =>
    s.handle.db
      .select()
      .from(dyCommUrl)
      .where(and(eq(dyCommUrl.commId, BigInt(commId)), eq(dyCommUrl.isDeleted, 0)))
      .orderBy(dyCommUrl.sort);

  it('imports item links and share text, reporting each refused row and skipping duplicates', async () => {
    const res = await importRows([
      { url: 'https://v.douyin.com/iF12345ABC/', commId: task, sort: 1 },
      { url: `https://www.douyin.com/video/${aweme(1)}?previous_page=app_code_link`, commId: task, sort: 2 },
      {
        url: '3.07 复制打开抖音，看看【小鹿的作品】太好看了 https://v.douyin.com/iF9zzZZ/ 06/12 a@b.cn',
        commId: task,
        sort: 3,
      },
      { url: 'https://www.xiaohongshu.com/explore/64b95d01000000000c034587', commId: task },
      { url: '没有链接的文字', commId: task },
      { url: 'https://v.douyin.com/iF12345ABC', commId: task },
      { url: `https://www.douyin.com/discover?modal_id=${aweme(1)}`, commId: task },
      { url: 'https://v.douyin.com/iF777/', commId: otherTask },
      { url: `https://www.douyin.com/video/${aweme(2)}`, sort: 9 },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({
      total: 9,
      inserted: 4,
      duplicated: 2,
      invalid: 3,
      errors: [
        { row: 4, reason: DY_LINK_MSG },
        { row: 5, reason: NO_LINK_MSG },
        { row: 8, reason: NO_COMM_TASK_MSG },
      ],
    });
    const stored = await rowsOf(task);
    expect(stored.map((r) => [r.url, r.itemId])).toEqual([
      ['https://v.douyin.com/iF12345ABC/', ''],
      [`https://www.douyin.com/video/${aweme(1)}?previous_page=app_code_link`, aweme(1)],
      ['https://v.douyin.com/iF9zzZZ/', ''],
    ]);
    // enabled, imported, unused, owned by the task's customer
    for (const r of stored)
      expect(r).toMatchObject({ status: 1, source: 2, useStatus: 0, ydUserId: OWNER, tenantId: '000000' });
    // a row without a task is shared by the tenant
    const [shared] = await s.handle.db
      .select()
      .from(dyCommUrl)
      .where(eq(dyCommUrl.itemId, aweme(2)));
    expect(shared).toMatchObject({ commId: null, ydUserId: null, sort: 9 });
    // nothing was written to the other tenant's task
    expect(await rowsOf(otherTask)).toEqual([]);
  });

  it('leaves an existing row as it is when its link comes again', async () => {
    const [first] = await rowsOf(task);
    await s.handle.db
      .update(dyCommUrl)
      .set({ useStatus: 1, commentCount: 3 })
      .where(eq(dyCommUrl.id, first!.id));
    const again = await importRows([{ url: first!.url, commId: task }]);
    expect(again.body.data).toMatchObject({ total: 1, inserted: 0, duplicated: 1, invalid: 0 });
    const [kept] = await s.handle.db.select().from(dyCommUrl).where(eq(dyCommUrl.id, first!.id));
    expect(kept).toMatchObject({ useStatus: 1, commentCount: 3 });
    // the same link without a task (shared by the tenant) is another target, not a duplicate
    const elsewhere = await importRows([{ url: first!.url }]);
    expect(elsewhere.body.data).toMatchObject({ inserted: 1, duplicated: 0 });
  });

  it('refuses a body that is not 1 to 5000 rows with a 400 envelope and writes nothing', async () => {
    const before = (await rowsOf(task)).length;
    const many = Array.from({ length: 5001 }, (_, i) => ({
      url: `https://v.douyin.com/m${i}/`,
      commId: task,
    }));
    for (const body of [
      [],
      many,
      [{ commId: task }],
      { url: 'https://v.douyin.com/x/' },
      [{ url: 'x', sort: -1 }],
    ]) {
      const res = await importRows(body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body).toMatchObject({ code: 400, success: false, data: null });
    }
    expect((await rowsOf(task)).length).toBe(before);
  });

  it('enables and disables one URL, keeping its counters and use state', async () => {
    const [row] = await rowsOf(task);
    const off = await enable({ id: String(row!.id), status: 0 });
    expect(off.status).toBe(200);
    expect(off.body.data).toMatchObject({ id: String(row!.id), status: 0, useStatus: 1, commentCount: 3 });
    const on = await enable({ id: String(row!.id), status: 1 });
    expect(on.body.data.status).toBe(1);
  });

  it("answers another tenant's or an unknown id with 400, and bad input with a 400 envelope", async () => {
    const foreign = nextId();
    await s.handle.db
      .insert(dyCommUrl)
      .values({ id: foreign, tenantId: '100001', url: 'https://v.douyin.com/f/', status: 1 });
    expect(await enable({ id: String(foreign), status: 0 })).toEqual({ status: 400, body: NOT_FOUND });
    expect(await enable({ id: '1790000000000009999', status: 0 })).toEqual({ status: 400, body: NOT_FOUND });
    const [untouched] = await s.handle.db.select().from(dyCommUrl).where(eq(dyCommUrl.id, foreign));
    expect(untouched!.status).toBe(1);
    const [row] = await rowsOf(task);
    for (const body of [
      { id: String(row!.id), status: 2 },
      { id: String(row!.id) },
      { id: 'abc', status: 0 },
    ]) {
      const res = await enable(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ code: 400, success: false, data: null });
    }
    expect((await rowsOf(task))[0]!.status).toBe(1);
  });
});
