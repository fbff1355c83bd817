import { configureHttp, resetHttpConfig, type Post } from '@smart/api-sdk';
import { postEntity } from '@smart/api-sdk/entities';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { entityAdapter } from '../entity-adapter';
import { memoryBackend } from './memory-backend';

function post(i: number, over: Partial<Post> = {}): Post {
  return {
    id: String(i),
    tenantId: '000000',
    category: 1,
    categoryName: '高层',
    postCode: `P${i}`,
    postName: `post ${i}`,
    sort: 10 - i,
    remark: '',
    createUser: '1',
    createDept: '1',
    createTime: `2026-11-0${i} 10:00:00`,
    updateUser: '1',
    updateTime: `2026-11-0${i} 10:00:00`,
    status: 1,
    isDeleted: 0,
    ...over,
  };
}

const backend = memoryBackend(
  postEntity,
  [post(1), post(2, { category: 2 }), post(3), post(4, { postCode: 'X4' })],
  {
    derive: (row) => ({ ...row, categoryName: row.category === 2 ? '中层' : '高层' }),
  },
);
const server = setupServer(...backend.handlers);
// The adapter goes through the real SDK functions and HTTP layer, so this also checks the paths and methods.
const adapter = entityAdapter(postEntity);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  backend.reset();
  configureHttp({ baseUrl: 'http://localhost', getToken: () => 'token' });
});
afterEach(() => resetHttpConfig());
afterAll(() => server.close());

describe('memoryBackend + entityAdapter', () => {
  it('pages the list', async () => {
    const page = await adapter.list({ current: 2, size: 3 });
    expect(page.total).toBe(4);
    expect(page.records.map((r) => r.id)).toEqual(['4']);
  });

  it('applies the declared filters: the plain param with its kind, and `<field>_<kind>` of the others', async () => {
    expect((await adapter.list({ current: 1, size: 10, category: 2 })).records.map((r) => r.id)).toEqual([
      '2',
    ]);
    // postCode is equality as a plain parameter (post.yaml), contains as postCode_like.
    expect((await adapter.list({ current: 1, size: 10, postCode: 'P' })).total).toBe(0);
    expect((await adapter.list({ current: 1, size: 10, postCode_like: 'P' })).total).toBe(3);
    // A parameter the contract does not declare filters nothing.
    expect((await adapter.list({ current: 1, size: 10, remark: 'zzz' })).total).toBe(4);
  });

  it('sorts by the declared sort columns only', async () => {
    const asc = await adapter.list({ current: 1, size: 10, ascs: 'sort' });
    expect(asc.records.map((r) => r.id)).toEqual(['4', '3', '2', '1']);
    const desc = await adapter.list({ current: 1, size: 10, descs: 'post_code' });
    expect(desc.records.map((r) => r.id)).toEqual(['4', '3', '2', '1']);
  });

  it('creates without an id, updates with one, derives server-side labels', async () => {
    await adapter.create({ id: '', category: 2, postCode: 'N1', postName: 'new', sort: 1 });
    expect(backend.calls.submit[0]).not.toHaveProperty('id');
    const created = backend.rows()[0]!;
    expect(created).toMatchObject({ postCode: 'N1', categoryName: '中层', status: 1, isDeleted: 0 });
    expect(created.createTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    await adapter.update({ id: '1', category: 2, postCode: 'P1', postName: 'renamed', sort: 9 });
    expect(await adapter.detail!('1')).toMatchObject({ postName: 'renamed', categoryName: '中层' });
  });

  it('removes comma-joined ids and rejects a detail that is gone', async () => {
    await adapter.remove(['1', '3']);
    expect(backend.calls.remove).toEqual(['1,3']);
    expect(backend.rows().map((r) => r.id)).toEqual(['2', '4']);
    await expect(adapter.detail!('1')).rejects.toBeTruthy();
  });
});
