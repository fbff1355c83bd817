import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execRows } from './db/index';
import { seed } from './db/seed';
import { contractDicts } from './db/seed-dicts';
import { backends, login, startTestServer, type TestServer, contractCall } from './test/harness';

type Obj = Record<string, unknown> & { id: string };
interface Node {
  id: string;
  parentId: string;
  title: string;
  hasChildren: boolean;
  children?: Node[];
}

const SYS = '/api/smart-system';

describe.each(backends)('system modules on %s', (kind) => {
  let s: TestServer;
  let tokenA: string; // administrator of 000000
  let tokenB: string; // admin of 100001
  beforeAll(async () => {
    s = await startTestServer(kind);
    tokenA = (await login(s.app, '000000')).access_token;
    tokenB = (await login(s.app, '100001')).access_token;
  });
  afterAll(async () => {
    await s?.close();
  });

  const call = contractCall(() => s, SYS);
  const get = <T = unknown>(url: string, op: string, token = tokenA) => call<T>('GET', url, op, token);
  const post = <T = unknown>(url: string, op: string, body?: object, token = tokenA) =>
    call<T>('POST', url, op, token, body);

  describe('post', () => {
    it('seeds ceo … staff, pages with exact totals and filters by equality', async () => {
      const all = await get<{ records: Obj[]; total: number; pages: number }>(
        '/post/list?size=3',
        'postList',
      );
      expect(all.body.data.total).toBe(8);
      expect(all.body.data.pages).toBe(3);
      expect(all.body.data.records.map((r) => r.postCode)).toEqual(['ceo', 'coo', 'cfo']);
      const p3 = await get<{ records: Obj[] }>('/post/list?size=3&current=3', 'postList');
      expect(p3.body.data.records.map((r) => r.postCode)).toEqual(['hrm', 'staff']);
      const eq = await get<{ records: Obj[]; total: number }>('/post/list?postCode=c', 'postList');
      expect(eq.body.data.total).toBe(0); // equality, not contains
      const like = await get<{ records: Obj[]; total: number }>('/post/list?postCode_like=c', 'postList');
      expect(like.body.data.total).toBe(5);
      const cat = await get<{ records: Obj[]; total: number }>('/post/list?category=2', 'postList');
      expect(cat.body.data.records.map((r) => r.categoryName)).toEqual(['中层', '中层']);
      const bad = await get('/post/list?ascs=password', 'postList');
      expect(bad.status).toBe(400);
      const sorted = await get<{ records: Obj[] }>('/post/list?descs=post_code&size=1', 'postList');
      expect(sorted.body.data.records[0]!.postCode).toBe('staff');
    });

    it('lifecycle: submit, detail, update, remove; validation 400s', async () => {
      const body = { category: 4, postCode: 'tmp1', postName: '临时', sort: 9 };
      expect((await post('/post/submit', 'postSubmit', body)).status).toBe(200);
      const list = await get<{ records: Obj[] }>('/post/list?postCode=tmp1', 'postList');
      const row = list.body.data.records[0]!;
      expect(row).toMatchObject({ tenantId: '000000', categoryName: '其他', createUser: expect.any(String) });
      expect(row.createUser).not.toBe('');
      await post('/post/submit', 'postSubmit', { ...body, id: row.id, postName: '临时2' });
      const d = await get<Obj>(`/post/detail?id=${row.id}`, 'postDetail');
      expect(d.body.data.postName).toBe('临时2');
      const missing = await post('/post/submit', 'postSubmit', { category: 1, postName: 'x', sort: 1 });
      expect(missing.status).toBe(400);
      expect(missing.body.msg).toBe('请输入岗位编号');
      expect((await get(`/post/detail?id=1`, 'postDetail')).status).toBe(400);
      // an unknown id in the batch refuses it whole; the row's own id alone removes it
      expect((await post(`/post/remove?ids=${row.id},123`, 'postRemove')).body.msg).toBe('数据不存在');
      expect((await get(`/post/detail?id=${row.id}`, 'postDetail')).status).toBe(200);
      expect((await post(`/post/remove?ids=${row.id}`, 'postRemove')).status).toBe(200);
      expect((await get(`/post/detail?id=${row.id}`, 'postDetail')).status).toBe(400);
      const sel = await get<Obj[]>('/post/select', 'postSelect');
      expect(sel.body.data).toHaveLength(8);
    });
  });

  describe('dict', () => {
    it('seeds the system dictionaries of docs/platform-contract.md §5', async () => {
      for (const [code, n] of [
        ['notice', 6],
        ['flow', 2],
        ['post_category', 4],
        ['region', 6],
        ['data_scope_type', 5],
        ['oss', 4],
        ['sms', 4],
        ['scope_category', 2],
        ['api_scope_type', 2],
        ['sex', 2],
      ] as const) {
        const r = await get<Obj[]>(`/dict/dictionary?code=${code}`, 'dictDictionary');
        expect(r.body.data, code).toHaveLength(n);
      }
    });

    it('lists forests, parent pages and child lists; detail has parentName', async () => {
      const forest = await get<(Obj & { children?: Obj[] })[]>('/dict/list?code=sex', 'dictList');
      expect(forest.body.data).toHaveLength(1);
      expect(forest.body.data[0]!.children).toHaveLength(2);
      const page = await get<{ records: Obj[]; total: number }>('/dict/parent-list?size=5', 'dictParentList');
      expect(page.body.data.records.every((r) => r.parentId === '0')).toBe(true);
      // the base dictionaries plus the contract's enum dictionaries
      expect(page.body.data.total).toBe(20 + contractDicts.length);
      const sex = forest.body.data[0]!;
      const kids = await get<Obj[]>(`/dict/child-list?parentId=${sex.id}`, 'dictChildList');
      expect(kids.body.data.map((k) => k.dictValue)).toEqual(['男', '女']);
      expect(kids.body.data[0]!.parentName).toBe('性别');
      expect((await get<Obj[]>('/dict/child-list', 'dictChildList')).body.data).toEqual([]);
      const d = await get<Obj>(`/dict/detail?id=${kids.body.data[0]!.id}`, 'dictDetail');
      expect(d.body.data.parentName).toBe('性别');
      const all = await get<Obj[]>('/dict/getChildAllList?code=flow', 'dictGetChildAllList');
      expect(all.body.data.map((x) => x.remark)).toEqual(['leave', 'expense']);
      const tree = await get<Node[]>('/dict/tree?code=DICT', 'dictTree');
      expect(tree.body.data.find((n) => n.title === '性别')!.children).toHaveLength(2);
    });

    it('rules: duplicate key, code rename cascades, children block remove, sealed hidden; admin-only writes', async () => {
      const h = await post('/dict/submit', 'dictSubmit', {
        code: 'tst',
        dictValue: '测试',
        sort: 1,
        isSealed: 0,
      });
      expect(h.status).toBe(200);
      const [header] = (await get<Obj[]>('/dict/list?code_equal=tst', 'dictList')).body.data;
      const item = { parentId: header!.id, code: 'tst', dictKey: '1', dictValue: 'a', sort: 1, isSealed: 0 };
      expect((await post('/dict/submit', 'dictSubmit', item)).status).toBe(200);
      const dup = await post('/dict/submit', 'dictSubmit', { ...item, dictValue: 'b' });
      expect(dup.body).toMatchObject({ code: 400, msg: '当前字典键值已存在!' });
      await post('/dict/submit', 'dictSubmit', { ...item, dictKey: '2', dictValue: 'sealed', isSealed: 1 });
      expect((await get<Obj[]>('/dict/dictionary?code=tst', 'dictDictionary')).body.data).toHaveLength(1);
      await post('/dict/submit', 'dictSubmit', {
        id: header!.id,
        code: 'tst2',
        dictValue: '测试',
        sort: 1,
        isSealed: 0,
      });
      expect((await get<Obj[]>('/dict/dictionary?code=tst2', 'dictDictionary')).body.data).toHaveLength(1);
      expect((await get<Obj[]>('/dict/dictionary?code=tst', 'dictDictionary')).body.data).toHaveLength(0);
      const blocked = await post(`/dict/remove?ids=${header!.id}`, 'dictRemove');
      expect(blocked.body).toMatchObject({ code: 400, msg: '请先删除子节点!' });
      const denied = await post(
        '/dict/submit',
        'dictSubmit',
        { code: 'x', dictValue: 'x', sort: 1, isSealed: 0 },
        tokenB,
      );
      expect(denied.status).toBe(401);
      expect((await post(`/dict/remove?ids=${header!.id}`, 'dictRemove', undefined, tokenB)).status).toBe(
        401,
      );
    });
  });

  describe('dict-biz', () => {
    it('is per tenant with the same rules', async () => {
      const a = await get<Obj[]>('/dict-biz/dictionary?code=customer_level', 'dictBizDictionary');
      const b = await get<Obj[]>('/dict-biz/dictionary?code=customer_level', 'dictBizDictionary', tokenB);
      expect(a.body.data).toHaveLength(3);
      expect(b.body.data).toHaveLength(3);
      expect(a.body.data[0]!.id).not.toBe(b.body.data[0]!.id);
      const body = { code: 'biz_b', dictValue: 'B', sort: 1, isSealed: 0 };
      expect((await post('/dict-biz/submit', 'dictBizSubmit', body, tokenB)).status).toBe(200);
      const list = await get<Obj[]>('/dict-biz/list?code=biz_b', 'dictBizList', tokenB);
      expect(list.body.data[0]!.tenantId).toBe('100001');
      expect((await get<Obj[]>('/dict-biz/list?code=biz_b', 'dictBizList')).body.data).toEqual([]);
      const page = await get<{ total: number }>('/dict-biz/parent-list', 'dictBizParentList', tokenB);
      expect(page.body.data.total).toBe(2);
      const tree = await get<Node[]>('/dict-biz/tree', 'dictBizTree', tokenB);
      expect(tree.body.data).toHaveLength(2);
    });
  });

  describe('dept', () => {
    it('trees: list forest, lazy levels with hasChildren, select, submit result', async () => {
      const list = await get<(Obj & { children?: Obj[] })[]>('/dept/list', 'deptList');
      const root = list.body.data.find((d) => d.deptName === '刀锋科技')!;
      expect(root.children!.map((c) => c.deptName)).toEqual(['常州刀锋', '苏州刀锋']);
      const lazy = await get<Node[]>('/dept/lazy-tree?parentId=0', 'deptLazyTree', tokenB);
      // 销售部 and 客服部 (seed step `people`) below it
      expect(lazy.body.data.map((n) => [n.title, n.hasChildren])).toEqual([['演示公司', true]]);
      const lazyA = await get<Node[]>(`/dept/lazy-tree?parentId=0`, 'deptLazyTree');
      expect(lazyA.body.data.find((n) => n.title === '刀锋科技')!.hasChildren).toBe(true);
      const ll = await get<Obj[]>(`/dept/lazy-list?parentId=${root.id}`, 'deptLazyList');
      expect(ll.body.data.map((d) => [d.deptName, d.parentName, d.hasChildren])).toEqual([
        ['常州刀锋', '刀锋科技', false],
        ['苏州刀锋', '刀锋科技', false],
      ]);
      const tree = await get<Node[]>('/dept/tree', 'deptTree');
      expect(tree.body.data).toHaveLength(1);
      expect((await get<Node[]>('/dept/getDeviceTree', 'deptGetDeviceTree')).body.data).toEqual(
        tree.body.data,
      );
      const sub = await post<{ id: string; deptCategoryName: string }>('/dept/submit', 'deptSubmit', {
        parentId: ll.body.data[0]!.id,
        deptName: '研发',
        fullName: '研发部',
        deptCategory: 2,
        sort: 1,
      });
      expect(sub.body.data.deptCategoryName).toBe('部门');
      const d = await get<Obj>(`/dept/detail?id=${sub.body.data.id}`, 'deptDetail');
      expect(d.body.data.ancestors).toBe(`0,${root.id},${ll.body.data[0]!.id}`);
      expect(d.body.data.parentName).toBe('常州刀锋');
      const blocked = await post(`/dept/remove?ids=${ll.body.data[0]!.id}`, 'deptRemove');
      expect(blocked.body.msg).toBe('请先删除子节点!');
      await post(`/dept/remove?ids=${sub.body.data.id}`, 'deptRemove');
      const sel = await get<Obj[]>(`/dept/select?deptId=${root.id}`, 'deptSelect');
      expect(sel.body.data).toHaveLength(1);
      const bad = await post('/dept/submit', 'deptSubmit', {
        deptName: 'x',
        fullName: 'x',
        deptCategory: 9,
        sort: 1,
      });
      expect(bad.status).toBe(400);
    });
  });

  describe('cross-tenant matrix (100001 against 000000 ids)', () => {
    it.each([
      [
        'post',
        'postList',
        'postDetail',
        'postSubmit',
        'postRemove',
        { category: 1, postCode: 'x', postName: 'x', sort: 1 },
      ],
      [
        'dept',
        'deptList',
        'deptDetail',
        'deptSubmit',
        'deptRemove',
        { deptName: 'x', fullName: 'x', deptCategory: 1, sort: 1 },
      ],
      [
        'dict-biz',
        'dictBizParentList',
        'dictBizDetail',
        'dictBizSubmit',
        'dictBizRemove',
        { code: 'hack', dictValue: 'x', sort: 1, isSealed: 0 },
      ],
    ] as const)('%s', async (mod, listOp, detailOp, submitOp, removeOp, body) => {
      const path = listOp === 'dictBizParentList' ? 'parent-list' : 'list';
      const mine = await get<{ records?: Obj[] } | Obj[]>(`/${mod}/${path}`, listOp);
      const rows = (Array.isArray(mine.body.data) ? mine.body.data : mine.body.data.records!) as Obj[];
      const target = rows.find((r) => r.tenantId === '000000')!;
      expect(target).toBeDefined();
      const theirs = await get<{ records?: Obj[] } | Obj[]>(`/${mod}/${path}`, listOp, tokenB);
      expect(JSON.stringify(theirs.body.data)).not.toContain(target.id);
      expect((await get(`/${mod}/detail?id=${target.id}`, detailOp, tokenB)).status).toBe(400);
      const upd = await post(`/${mod}/submit`, submitOp, { ...body, id: target.id }, tokenB);
      expect(upd.status).toBe(400);
      expect((await post(`/${mod}/remove?ids=${target.id}`, removeOp, undefined, tokenB)).status).toBe(400);
      const after = await get<Obj>(`/${mod}/detail?id=${target.id}`, detailOp);
      expect(after.status).toBe(200);
      const { hasChildren: _h, children: _c, ...before } = target;
      expect(after.body.data).toMatchObject(before);
    });
  });

  it('seeding upgrades a database of the previous version once, without duplicates', async () => {
    const db = s.handle.db;
    // a folder seeded before the system-modules step: the new tables are empty and no step is recorded
    await db.execute(sql`delete from smart_seed_step`);
    await db.execute(sql`delete from smart_post`);
    await db.execute(sql`delete from smart_region`);
    await db.execute(sql`delete from smart_dict where code in ('notice','flow')`);
    expect(await seed(db)).toBe(false);
    const n = async (q: string) => Number((await execRows(db, sql.raw(q)))[0]!.n);
    expect(
      await n(`select count(*) as n from smart_post where is_deleted = 0 and tenant_id = '000000'`),
    ).toBe(8);
    expect(await n(`select count(*) as n from smart_dict where code = 'notice'`)).toBe(7);
    expect(await n(`select count(*) as n from smart_region`)).toBeGreaterThan(33);
    const depts = await n(`select count(*) as n from smart_dept`);
    expect(await seed(db)).toBe(false);
    expect(await n(`select count(*) as n from smart_dept`)).toBe(depts);
    expect(await n(`select count(*) as n from smart_post where tenant_id = '000000'`)).toBe(8);
  });
});
