import { configureHttp, resetHttpConfig, type Region } from '@smart/api-sdk';
import { envelope } from '@smart/api-sdk/mocks';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { regionAdapter, ROOT_PARENT } from './region.adapter';
import { regionResource } from './region.resource';

// The region adapter against the contract's calls (region.yaml): levels by the parent's code, removal one code a call.
const asked: URLSearchParams[] = [];
const removed: string[] = [];
const submitted: unknown[] = [];
const region = (code: string, parentCode: string, name: string) =>
  ({ id: code, code, parentCode, name, hasChildren: code.length < 4 }) as unknown as Region;

const server = setupServer(
  http.get('*/api/smart-system/region/lazy-list', ({ request }) => {
    const q = new URL(request.url).searchParams;
    asked.push(q);
    const parent = q.get('parentCode');
    return HttpResponse.json(
      envelope(
        parent === ROOT_PARENT ? [region('00', '0', '中华人民共和国')] : [region('11', '00', '北京市')],
      ),
    );
  }),
  http.post('*/api/smart-system/region/remove', ({ request }) => {
    removed.push(new URL(request.url).searchParams.get('id') ?? '');
    return HttpResponse.json(envelope({}));
  }),
  http.post('*/api/smart-system/region/submit', async ({ request }) => {
    submitted.push(await request.json());
    return HttpResponse.json(envelope({}));
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  asked.length = 0;
  removed.length = 0;
  submitted.length = 0;
  configureHttp({ baseUrl: 'http://localhost', getToken: () => 'token' });
});
afterEach(() => resetHttpConfig());
afterAll(() => server.close());

describe('region adapter', () => {
  it('lists the country first, then a level under the code of the row opened, with the filters', async () => {
    const roots = await regionAdapter.list({ current: 1, size: 10, name: '北京' });
    expect(roots.records.map((r) => r.name)).toEqual(['中华人民共和国']);
    expect(asked[0]!.get('parentCode')).toBe('0');
    expect(asked[0]!.get('name')).toBe('北京');
    const level = await regionAdapter.children!(roots.records[0]!, { name: '北京', descs: 'sort' });
    expect(level.map((r) => r.name)).toEqual(['北京市']);
    expect(asked[1]!.get('parentCode')).toBe('00');
    expect(asked[1]!.has('descs')).toBe(false);
  });

  it('removes one code a call, and saves through submit with only the region fields', async () => {
    await regionAdapter.remove(['110170', '110171']);
    expect(removed).toEqual(['110170', '110171']);
    await regionAdapter.update({
      id: '1101',
      code: '1101',
      parentCode: '11',
      name: '北京城区',
      regionLevel: 2,
    });
    expect(submitted).toEqual([
      { code: '1101', parentCode: '11', name: '北京城区', regionLevel: 2, sort: 0, remark: '' },
    ]);
  });

  it('keys rows by code and presets the parent code on "add child"', () => {
    expect(regionResource.rowKey).toBe('code');
    expect(regionResource.tree).toMatchObject({ parentField: 'parentCode', lazy: true });
  });
});
