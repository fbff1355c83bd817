import { configureHttp, resetHttpConfig, type Region } from '@smart/api-sdk';
import { envelope } from '@smart/api-sdk/mocks';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { regionAdapter, regionResource } from './region.resource';

// The region page's data access against the contract's calls (region.yaml), all derived from its declaration: levels
// by the parent's code from the country (`0`), a search across levels, removal one code a call.
const ROOT_PARENT = '0';
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
        parent === ROOT_PARENT
          ? [region('00', '0', '中华人民共和国')]
          : parent === null
            ? [region('11', '00', '北京市'), region('1101', '11', '北京城区')]
            : [region('11', '00', '北京市')],
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
  it('lists the country first, then a level under the code of the row opened', async () => {
    const roots = await regionAdapter.list({ current: 1, size: 10 });
    expect(roots.records.map((r) => r.name)).toEqual(['中华人民共和国']);
    expect(asked[0]!.get('parentCode')).toBe('0');
    expect(asked[0]!.has('size')).toBe(false);
    const level = await regionAdapter.children!(roots.records[0]!, { descs: 'sort' });
    expect(level.map((r) => r.name)).toEqual(['北京市']);
    expect(asked[1]!.get('parentCode')).toBe('00');
    expect(asked[1]!.has('descs')).toBe(false);
  });

  it('searches every level, and opens a found region with all its children', async () => {
    const found = await regionAdapter.list({ current: 1, size: 10, name: '北京', code: '' });
    expect(found.records.map((r) => r.name)).toEqual(['北京市', '北京城区']);
    expect(asked[0]!.has('parentCode')).toBe(false);
    expect(asked[0]!.get('name')).toBe('北京');
    await regionAdapter.children!(found.records[0]!, { name: '北京' });
    expect(asked[1]!.get('parentCode')).toBe('11');
    expect(asked[1]!.has('name')).toBe(false);
  });

  it('reads a region by its code', async () => {
    server.use(
      http.get('*/api/smart-system/region/detail', ({ request }) =>
        HttpResponse.json(
          envelope(region(new URL(request.url).searchParams.get('code') ?? '?', '11', '北京城区')),
        ),
      ),
    );
    expect((await regionAdapter.detail!('1101')).code).toBe('1101');
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
      { id: '1101', code: '1101', parentCode: '11', name: '北京城区', regionLevel: 2 },
    ]);
  });

  it('keys rows by code, fixes the code and the parent once saved, and presets the parent on "add child"', () => {
    expect(regionResource.rowKey).toBe('code');
    expect(regionResource.tree).toMatchObject({ parentField: 'parentCode', lazy: true });
    const column = (prop: string) => regionResource.columns.find((c) => c.prop === prop);
    expect(column('code')?.disabled).toEqual({ edit: true });
    expect(column('parentCode')?.disabled).toEqual({ edit: true });
    expect(regionResource.columns.map((c) => c.prop).slice(0, 2)).toEqual(['name', 'code']);
  });
});
