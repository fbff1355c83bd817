// The Xiaohongshu comment URLs' extras (./xsh-comm-url.module.ts): `import` takes note links (keeping the note id
// and its xsec_token) and share short links, `enable` switches one row, and `emptyDelete` clears out the caller's
// URLs of a task in some use states, never another tenant's.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { xshComm, xshCommUrl } from '../../../db/schema';
import { nextId } from '../../../util';
import { backends, contractCall, login, startTestServer, type TestServer } from '../../../test/harness';
import { XHS_LINK_MSG } from '../../platform-shared/links';

type Url = Record<string, unknown> & { id: string; status: number };
interface ImportResult {
  total: number;
  inserted: number;
  duplicated: number;
  invalid: number;
  errors: { row: number; reason: string }[];
}

const P = '/api/smart-xshComm/xsh_comm_url';
const NOTE = '64B95D01000000000C034587';
const NOT_FOUND = { code: 400, success: false, msg: '数据不存在', data: null };

describe.each(backends)('Xiaohongshu comment URLs on %s', (kind) => {
  let s: TestServer;
  let admin: string;
  let task: string;
  beforeAll(async () => {
    s = await startTestServer(kind);
    admin = (await login(s.app)).access_token;
    task = String(nextId());
    await s.handle.db
      .insert(xshComm)
      .values({ id: BigInt(task), tenantId: '000000', taskName: '小红书评论' });
  });
  afterAll(async () => {
    await s?.close();
  });

  const call = contractCall(() => s);
  const importRows = (rows: object) =>
    call<ImportResult>('POST', `${P}/import`, 'xshCommUrlImport', admin, rows);
  const emptyDelete = (body: object) =>
    call<{ deleted: number }>('POST', `${P}/emptyDelete`, 'xshCommUrlEmptyDelete', admin, body);
  const live = (commId: bigint | null = BigInt(task)) =>
    s.handle.db
      .select()
      .from(xshCommUrl)
      .where(
        and(
          eq(xshCommUrl.isDeleted, 0),
          eq(xshCommUrl.tenantId, '000000'),
          commId === null ? undefined : eq(xshCommUrl.commId, commId),
        ),
      )
      .orderBy(xshCommUrl.sort);

  it('imports note links with their id and xsec_token, and share short links', async () => {
    const res = await importRows([
      {
        url: `https://www.xiaohongshu.com/explore/${NOTE}?xsec_token=ABtok123=&xsec_source=pc_feed`,
        commId: task,
        sort: 1,
      },
      {
        url: '【早八通勤妆】 http://xhslink.com/a/AbCdEf，复制本条信息，打开【小红书】App查看精彩内容！',
        commId: task,
        sort: 2,
      },
      { url: `https://www.xiaohongshu.com/discovery/item/${NOTE.toLowerCase()}`, commId: task },
      { url: 'https://v.douyin.com/iF12345ABC/', commId: task },
      { url: `https://www.xiaohongshu.com/user/profile/${NOTE}`, commId: task },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({
      total: 5,
      inserted: 2,
      duplicated: 1,
      invalid: 2,
      errors: [
        { row: 4, reason: XHS_LINK_MSG },
        { row: 5, reason: XHS_LINK_MSG },
      ],
    });
    const rows = await live();
    expect(rows.map((r) => [r.url, r.itemId, r.xsecToken])).toEqual([
      [
        `https://www.xiaohongshu.com/explore/${NOTE}?xsec_token=ABtok123=&xsec_source=pc_feed`,
        NOTE.toLowerCase(),
        'ABtok123=',
      ],
      ['http://xhslink.com/a/AbCdEf', '', ''],
    ]);
    expect(rows.every((r) => r.source === 2 && r.status === 1 && r.useStatus === 0)).toBe(true);
  });

  it('enables and disables one URL; another tenant’s id answers 400', async () => {
    const [row] = await live();
    const off = await call<Url>('POST', `${P}/enable`, 'xshCommUrlEnable', admin, {
      id: String(row!.id),
      status: 0,
    });
    expect(off.body.data).toMatchObject({ id: String(row!.id), status: 0 });
    const foreign = nextId();
    await s.handle.db
      .insert(xshCommUrl)
      .values({ id: foreign, tenantId: '100001', url: 'https://xhslink.com/f' });
    expect(
      await call('POST', `${P}/enable`, 'xshCommUrlEnable', admin, { id: String(foreign), status: 0 }),
    ).toEqual({ status: 400, body: NOT_FOUND });
  });

  it("clears out the caller's URLs of a task in the given use states, and only those", async () => {
    const other = nextId();
    const mk = (useStatus: number, commId: bigint | null, tenantId = '000000') => ({
      id: nextId(),
      tenantId,
      commId,
      useStatus,
      url: `https://xhslink.com/u${useStatus}-${String(commId)}-${tenantId}`,
    });
    await s.handle.db
      .insert(xshCommUrl)
      .values([
        mk(1, BigInt(task)),
        mk(2, BigInt(task)),
        mk(3, BigInt(task)),
        mk(1, other),
        mk(1, BigInt(task), '100001'),
      ]);
    const before = await live();
    const consumed = await emptyDelete({ commId: task, useStatus: [1, 2, 3] });
    expect(consumed).toEqual({
      status: 200,
      body: { code: 200, success: true, msg: '操作成功', data: { deleted: 3 } },
    });
    const after = await live();
    expect(after.map((r) => r.useStatus)).toEqual([0, 0]);
    expect(after.length).toBe(before.length - 3);
    // the other task's URL and the other tenant's are still there
    expect(await live(other)).toHaveLength(1);
    const [foreign] = await s.handle.db
      .select()
      .from(xshCommUrl)
      .where(and(eq(xshCommUrl.tenantId, '100001'), eq(xshCommUrl.useStatus, 1)));
    expect(foreign!.isDeleted).toBe(0);
    // another tenant's task id matches nothing of the caller
    expect((await emptyDelete({ commId: String(nextId()) })).body.data).toEqual({ deleted: 0 });
    // an empty body clears every URL of the caller
    const all = await emptyDelete({});
    expect(all.body.data.deleted).toBeGreaterThanOrEqual(3);
    expect(await live(null)).toEqual([]);
  });

  it('answers bad emptyDelete input with a 400 envelope and deletes nothing', async () => {
    await importRows([{ url: 'https://xhslink.com/keep', commId: task }]);
    for (const body of [{ useStatus: [7] }, { commId: 'abc' }, { useStatus: [1, 1] }]) {
      const res = await emptyDelete(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ code: 400, success: false, data: null });
    }
    expect(await live()).toHaveLength(1);
  });
});
