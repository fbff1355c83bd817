import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { Toaster, UiLocaleProvider } from '@smart/ui';
import { CrudProvider } from './crud-context';
import { fetchAllRows } from './crud-export';
import { CrudPage } from './crud-page';
import { defineResource } from './define-resource';
import type { CrudAdapter, CrudListParams } from './types';

type Param = { id: string; paramName: string; paramKey: string; isSealed: number; createTime: string };

const labels: Record<string, string> = {
  'p.paramName': '参数名称',
  'p.paramKey': '参数键名',
  'p.isSealed': '是否封存',
  'p.createTime': '创建时间',
};
const t = (key: string) => labels[key] ?? key;

const resource = defineResource<Param>({
  name: 'param',
  title: 'Params',
  columns: [
    { prop: 'paramName', label: 'p.paramName', search: true, sortable: true },
    { prop: 'paramKey', label: 'p.paramKey', search: true },
    { prop: 'isSealed', label: 'p.isSealed', type: 'switch', dict: 'yes_no', width: 100 },
    { prop: 'createTime', label: 'p.createTime', sortable: true, width: 170 },
  ],
});

const all: Param[] = Array.from({ length: 1203 }, (_, i) => ({
  id: String(i + 1),
  paramName: i === 0 ? 'Name, with "quotes"' : `name ${i + 1}`,
  paramKey: i % 2 ? `odd.${i + 1}` : `even.${i + 1}`,
  isSealed: i % 3 === 0 ? 1 : 0,
  createTime: `2026-01-01 00:00:${String(i % 60).padStart(2, '0')}`,
}));

function makeAdapter() {
  return {
    list: vi.fn(async (params: CrudListParams) => {
      const hits = all.filter((r) => !params.paramKey || r.paramKey.includes(String(params.paramKey)));
      const start = (params.current - 1) * params.size;
      return { records: hits.slice(start, start + params.size), total: hits.length };
    }),
    create: vi.fn(async () => true),
    update: vi.fn(async () => true),
    remove: vi.fn(async () => true),
  } satisfies CrudAdapter<Param>;
}

let blobs: Blob[] = [];
let names: string[] = [];

beforeEach(() => {
  localStorage.clear();
  blobs = [];
  names = [];
  URL.createObjectURL = vi.fn((blob: Blob | MediaSource) => {
    blobs.push(blob as Blob);
    return 'blob:test';
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
});
afterEach(() => vi.restoreAllMocks());

function renderPage(adapter: CrudAdapter<Param>) {
  const user = userEvent.setup();
  render(
    <UiLocaleProvider locale="zh">
      <CrudProvider
        value={{
          t,
          dictionary: () => [
            { label: '否', value: 0 },
            { label: '是', value: 1 },
          ],
        }}
      >
        <CrudPage resource={resource} adapter={adapter} />
      </CrudProvider>
      <Toaster />
    </UiLocaleProvider>,
  );
  return user;
}

async function exportAs(user: ReturnType<typeof userEvent.setup>, item: RegExp) {
  await user.click(within(screen.getByRole('toolbar')).getByRole('button', { name: '导出' }));
  await user.click(await screen.findByRole('menuitem', { name: item }));
}

describe('CRUD export', () => {
  it('exports every row of the current filter as CSV: visible columns in order, dictionary labels', async () => {
    const adapter = makeAdapter();
    const user = renderPage(adapter);
    await screen.findByText('name 2');

    // hide the key column and move the creation time first
    await user.click(screen.getByRole('button', { name: '列设置' }));
    const popover = await screen.findByRole('dialog');
    await user.click(within(popover).getByRole('checkbox', { name: '参数键名' }));
    for (let i = 0; i < 3; i += 1)
      await user.click(within(popover).getByRole('button', { name: '上移 创建时间' }));
    await user.keyboard('{Escape}');

    await user.type(screen.getByLabelText('参数键名'), 'even');
    await user.click(screen.getByRole('button', { name: '搜索' }));
    await waitFor(() =>
      expect(adapter.list).toHaveBeenLastCalledWith({ paramKey: 'even', current: 1, size: 10 }),
    );

    adapter.list.mockClear();
    await exportAs(user, /CSV/);
    await waitFor(() => expect(blobs).toHaveLength(1));
    // paged through list with the filter, 500 at a time
    expect(adapter.list.mock.calls.map((c) => c[0])).toEqual([
      { paramKey: 'even', current: 1, size: 500 },
      { paramKey: 'even', current: 2, size: 500 },
    ]);
    const bytes = new Uint8Array(await blobs[0]!.arrayBuffer());
    expect(Array.from(bytes.slice(0, 3))).toEqual([0xef, 0xbb, 0xbf]); // UTF-8 BOM
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    expect(blobs[0]!.type).toBe('text/csv;charset=utf-8');
    const lines = text.slice(1).split('\r\n');
    expect(lines[0]).toBe('创建时间,参数名称,是否封存');
    expect(lines[1]).toBe('2026-01-01 00:00:00,"Name, with ""quotes""",是');
    expect(lines[2]).toBe('2026-01-01 00:00:02,name 3,否');
    expect(lines.filter(Boolean)).toHaveLength(1 + 602);
    expect(names[0]).toMatch(/^Params-\d{8}-\d{6}\.csv$/);
    expect(await screen.findByText('已导出 602 条数据')).toBeTruthy();
  });

  it('sends the sort as ascs/descs (snake_case) to list and export, resetting to page 1', async () => {
    const adapter = makeAdapter();
    const exportAll = vi.fn(async () => all.slice(0, 3));
    const user = renderPage({ ...adapter, export: exportAll });
    await screen.findByText('name 2');
    await user.click(screen.getByRole('button', { name: '第 2 页' }));
    await screen.findByText('name 11');
    const header = screen.getByRole('columnheader', { name: /创建时间/ });
    await user.click(within(header).getByRole('button'));
    await waitFor(() =>
      expect(adapter.list).toHaveBeenLastCalledWith({ ascs: 'create_time', current: 1, size: 10 }),
    );
    await user.click(within(header).getByRole('button'));
    await waitFor(() =>
      expect(adapter.list).toHaveBeenLastCalledWith({ descs: 'create_time', current: 1, size: 10 }),
    );
    expect(header.getAttribute('aria-sort')).toBe('descending');
    await exportAs(user, /Excel/);
    await waitFor(() => expect(blobs).toHaveLength(1));
    expect(exportAll).toHaveBeenCalledWith({ descs: 'create_time' });
    expect(names[0]).toMatch(/\.xlsx$/);
    // an xlsx file is a zip archive
    const bytes = new Uint8Array(await blobs[0]!.arrayBuffer());
    expect(String.fromCharCode(bytes[0]!, bytes[1]!)).toBe('PK');
  });

  it('warns when nothing matches', async () => {
    const adapter = makeAdapter();
    const user = renderPage({ ...adapter, export: async () => [] });
    await screen.findByText('name 2');
    await exportAs(user, /CSV/);
    expect(await screen.findByText('没有可导出的数据')).toBeTruthy();
    expect(blobs).toHaveLength(0);
  });

  it('fetchAllRows stops at the total and at the cap', async () => {
    const adapter = makeAdapter();
    expect(await fetchAllRows(adapter, {}, 500)).toHaveLength(1203);
    expect(adapter.list).toHaveBeenCalledTimes(3);
    expect(await fetchAllRows(adapter, {}, 100, 250)).toHaveLength(250);
  });
});
