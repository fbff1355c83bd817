import { configureHttp, resetHttpConfig, type Region } from '@smart/api-sdk';
import { regionEntity } from '@smart/api-sdk/entities';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { entityAdapter } from '../entity-adapter';
import { memoryBackend } from './memory-backend';

// An entity keyed by a code and listed a level at a time (region.yaml): the backend and the kit's adapter both follow
// the manifest's `key` and `tree.lazy`, through the real SDK functions, so paths and parameter names are checked too.
const region = (code: string, parentCode: string, name: string, regionLevel: number) =>
  ({ id: code, code, parentCode, name, regionLevel, sort: 1, remark: '' }) as unknown as Region;

const seed = [
  region('00', '0', '中华人民共和国', 0),
  region('11', '00', '北京市', 1),
  region('1101', '11', '北京城区', 2),
  region('110101', '1101', '东城区', 3),
  region('31', '00', '上海市', 1),
];
const backend = memoryBackend(regionEntity, seed);
const server = setupServer(...backend.handlers);
const adapter = entityAdapter(regionEntity);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  backend.reset();
  configureHttp({ baseUrl: 'http://localhost', getToken: () => 'token' });
});
afterEach(() => resetHttpConfig());
afterAll(() => server.close());

describe('a code-keyed lazy tree on the memory backend', () => {
  it('lists the top level, then each level by the parent code, with hasChildren', async () => {
    const top = await adapter.list({ current: 1, size: 10 });
    expect(top.records.map((r) => [r.code, r.hasChildren])).toEqual([['00', true]]);
    const provinces = await adapter.children!(top.records[0]!, {});
    expect(provinces.map((r) => [r.code, r.hasChildren])).toEqual([
      ['11', true],
      ['31', false],
    ]);
  });

  it('searches every level with a filter', async () => {
    const found = await adapter.list({ current: 1, size: 10, name: '北京' });
    expect(found.records.map((r) => r.code)).toEqual(['11', '1101']);
  });

  it('reads, updates and creates by the code, and removes one code a call', async () => {
    expect((await adapter.detail!('1101')).name).toBe('北京城区');
    await adapter.update({ id: '1101', code: '1101', parentCode: '11', name: '市辖区', regionLevel: 2 });
    expect((await adapter.detail!('1101')).name).toBe('市辖区');
    await adapter.create({ code: '110102', parentCode: '1101', name: '西城区', regionLevel: 3 });
    expect((await adapter.detail!('110102')).id).toBe('110102');
    await adapter.remove(['110101', '110102']);
    expect(backend.calls.remove).toEqual(['110101', '110102']);
    expect(backend.rows().map((r) => r.code)).toEqual(['00', '11', '1101', '31']);
    await expect(adapter.detail!('110101')).rejects.toThrow('数据不存在');
  });
});
