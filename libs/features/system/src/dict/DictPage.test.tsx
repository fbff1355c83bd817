import { configureHttp, resetHttpConfig, type Dict, type DictSubmit } from '@smart/api-sdk';
import { envelope } from '@smart/api-sdk/mocks';
import { CrudProvider } from '@smart/crud';
import { Toaster, UiLocaleProvider } from '@smart/ui';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { ComponentType } from 'react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { entityCatalogue } from '@smart/api-sdk/entities';
import { catalogueT } from '@smart/crud/testing';
import zh from '../i18n/zh';
import DictBizPage from './DictBizPage';
import DictHorizontalPage from './DictHorizontalPage';
import DictPage from './DictPage';

// An in-memory backend speaking the dict and dict-biz contract, so the pages run through the real SDK and HTTP
// layer. Both tables share the rows; the calls record which one was asked.
let rows: Dict[] = [];
const calls = {
  parentList: [] as URLSearchParams[],
  childList: [] as URLSearchParams[],
  submit: [] as { path: string; body: DictSubmit }[],
  remove: [] as string[],
};

function dict(id: string, over: Partial<Dict> = {}): Dict {
  return {
    id,
    parentId: '0',
    code: 'sex',
    dictKey: '-1',
    dictValue: '性别',
    sort: 1,
    isSealed: 0,
    remark: '',
    isDeleted: 0,
    parentName: '顶级',
    hasChildren: false,
    ...over,
  };
}

const headers = () => rows.filter((r) => r.parentId === '0');

const server = setupServer(
  http.get('*/api/smart-system/:table/parent-list', ({ request }) => {
    const q = new URL(request.url).searchParams;
    calls.parentList.push(q);
    const hits = headers().filter(
      (r) => r.code.includes(q.get('code') ?? '') && r.dictValue.includes(q.get('dictValue') ?? ''),
    );
    return HttpResponse.json(envelope({ records: hits, total: hits.length, size: 10, current: 1, pages: 1 }));
  }),
  http.get('*/api/smart-system/:table/child-list', ({ request }) => {
    const q = new URL(request.url).searchParams;
    calls.childList.push(q);
    const header = rows.find((r) => r.id === q.get('parentId'));
    return HttpResponse.json(
      envelope(header ? rows.filter((r) => r.parentId !== '0' && r.code === header.code) : []),
    );
  }),
  http.get('*/api/smart-system/:table/detail', ({ request }) => {
    const id = new URL(request.url).searchParams.get('id');
    return HttpResponse.json(envelope(rows.find((r) => r.id === id) ?? null));
  }),
  http.get('*/api/smart-system/:table/tree', () =>
    HttpResponse.json(
      envelope(
        headers().map((r) => ({
          id: r.id,
          parentId: '0',
          title: r.dictValue,
          key: r.id,
          value: r.id,
          hasChildren: false,
        })),
      ),
    ),
  ),
  http.post('*/api/smart-system/:table/submit', async ({ request }) => {
    const body = (await request.json()) as DictSubmit;
    calls.submit.push({ path: new URL(request.url).pathname, body });
    if (body.id) rows = rows.map((r) => (r.id === body.id ? { ...r, ...body } : r));
    else rows = [...rows, dict(String(9000 + rows.length), { ...body, parentId: body.parentId ?? '0' })];
    return HttpResponse.json(envelope({}));
  }),
  http.post('*/api/smart-system/:table/remove', ({ request }) => {
    const ids = new URL(request.url).searchParams.get('ids') ?? '';
    calls.remove.push(ids);
    rows = rows.filter((r) => !ids.split(',').includes(r.id));
    return HttpResponse.json(envelope({}));
  }),
);

const t = catalogueT(zh, entityCatalogue.zh);

function renderPage(Page: ComponentType = DictPage) {
  return render(
    <UiLocaleProvider locale="zh">
      <CrudProvider value={{ t, can: () => true }}>
        <Page />
        <Toaster />
      </CrudProvider>
    </UiLocaleProvider>,
  );
}

const parentRegion = () => screen.getByRole('region', { name: '系统字典' });
const itemsRegion = () => screen.getByRole('region', { name: /字典项/ });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  rows = [
    dict('101'),
    dict('102', { code: 'flow', dictValue: '流程类型', sort: 2, isSealed: 1 }),
    dict('201', { parentId: '101', dictKey: '1', dictValue: '男', parentName: '性别' }),
    dict('202', { parentId: '101', dictKey: '2', dictValue: '女', sort: 2, parentName: '性别' }),
  ];
  calls.parentList = [];
  calls.childList = [];
  calls.submit = [];
  calls.remove = [];
  configureHttp({ baseUrl: 'http://localhost', getToken: () => 'token' });
});
afterEach(() => {
  server.resetHandlers();
  resetHttpConfig();
});
afterAll(() => server.close());

// The first test pays for loading the lazy dialog and controls, which is slow when both cores are busy.
describe('system dictionary page', { timeout: 20_000 }, () => {
  it('lists the dictionaries with the sealed switch, sort and remark hidden', async () => {
    renderPage();
    const table = await within(parentRegion()).findByRole('table', { name: '系统字典' });
    expect(await within(table).findByText('流程类型')).toBeInTheDocument();
    expect(within(table).getByRole('switch', { name: '字典封存: 流程类型' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    expect(within(table).queryByRole('columnheader', { name: /字典排序/ })).toBeNull();
    expect(within(table).queryByRole('columnheader', { name: /字典备注/ })).toBeNull();
    expect(calls.parentList[0]?.get('current')).toBe('1');
    expect(screen.getByText(zh.system.dict.pickHint)).toBeInTheDocument();
    // Two CRUD lists on one screen: their landmarks carry the section's name.
    expect(within(parentRegion()).getByRole('search', { name: '系统字典' })).toBeInTheDocument();
    expect(within(parentRegion()).getByRole('navigation', { name: '分页 · 系统字典' })).toBeInTheDocument();
  });

  it('shows the required messages of docs/spec.md §5 on blur', async () => {
    const user = userEvent.setup();
    renderPage();
    await within(parentRegion()).findByText('流程类型');
    await user.click(within(parentRegion()).getByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog');
    for (const [label, message] of [
      [/字典编号/, '请输入字典编号'],
      [/字典名称/, '请输入字典名称'],
      [/字典排序/, '请输入字典排序'],
    ] as const) {
      await user.click(within(dialog).getByLabelText(label));
      await user.tab();
      expect(await within(dialog).findByText(message)).toBeInTheDocument();
    }
    expect(within(dialog).getByRole('switch', { name: /字典封存/ })).toHaveAttribute('aria-checked', 'false');
  });

  it('adds a dictionary as a header row: no parent, sealed 0', async () => {
    const user = userEvent.setup();
    renderPage();
    await within(parentRegion()).findByText('流程类型');
    await user.click(within(parentRegion()).getByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/字典编号/), 'color');
    await user.type(within(dialog).getByLabelText(/字典名称/), '颜色');
    await user.type(within(dialog).getByLabelText(/字典排序/), '3');
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(calls.submit).toHaveLength(1));
    expect(calls.submit[0]?.path).toBe('/api/smart-system/dict/submit');
    expect(calls.submit[0]?.body).toEqual({
      code: 'color',
      dictValue: '颜色',
      sort: 3,
      isSealed: 0,
      remark: '',
    });
    expect(await screen.findByText('新增成功')).toBeInTheDocument();
  });

  it('warns when batch delete has nothing selected, and removes nothing', async () => {
    const user = userEvent.setup();
    renderPage();
    await within(parentRegion()).findByText('流程类型');
    await user.click(parentRegion().querySelector<HTMLButtonElement>('[data-action="batch-delete"]')!);
    expect(await screen.findByText('请选择至少一条数据')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(calls.remove).toEqual([]);
  });

  it('switching isSealed in the list submits the whole row with the new flag', async () => {
    const user = userEvent.setup();
    renderPage();
    const sealed = await within(parentRegion()).findByRole('switch', { name: '字典封存: 性别' });
    await user.click(sealed);
    await waitFor(() => expect(calls.submit).toHaveLength(1));
    expect(calls.submit[0]?.body).toEqual({
      id: '101',
      code: 'sex',
      dictKey: '-1',
      dictValue: '性别',
      sort: 1,
      isSealed: 1,
      remark: '',
    });
    expect(sealed).toHaveAttribute('aria-checked', 'true');
    expect(await screen.findByText('操作成功')).toBeInTheDocument();
  });

  it('the sealed switch springs back when the server refuses', async () => {
    let refused = 0;
    server.use(
      http.post('*/api/smart-system/dict/submit', () => {
        refused += 1;
        return HttpResponse.json({ code: 400, success: false, msg: '操作失败', data: null }, { status: 400 });
      }),
    );
    const user = userEvent.setup();
    renderPage();
    const sealed = await within(parentRegion()).findByRole('switch', { name: '字典封存: 流程类型' });
    await user.click(sealed);
    await waitFor(() => expect(refused).toBe(1));
    await waitFor(() => expect(sealed).not.toBeDisabled());
    expect(sealed).toHaveAttribute('aria-checked', 'true');
  });

  it('loads the items of the chosen dictionary through child-list?parentId', async () => {
    const user = userEvent.setup();
    renderPage();
    const row = await within(parentRegion()).findByRole('row', { name: /性别/ });
    await user.click(within(row).getByRole('button', { name: '字典配置' }));
    expect(within(row).getByRole('button', { name: '字典配置' })).toHaveAttribute('aria-pressed', 'true');
    const items = within(itemsRegion()).getByRole('table', { name: '字典项' });
    expect(await within(items).findByText('男')).toBeInTheDocument();
    expect(within(items).getByText('女')).toBeInTheDocument();
    expect(calls.childList.at(-1)?.get('parentId')).toBe('101');
    expect(within(items).getByRole('switch', { name: '字典封存: 男' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '字典项 · 性别 (sex)' })).toBeInTheDocument();
  });

  it('adds an item under the chosen dictionary: code and parent fixed, dictKey required', async () => {
    const user = userEvent.setup();
    renderPage();
    const row = await within(parentRegion()).findByRole('row', { name: /性别/ });
    await user.click(within(row).getByRole('button', { name: '字典配置' }));
    await within(itemsRegion()).findByText('男');
    await user.click(within(itemsRegion()).getByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText(/字典编号/)).toHaveValue('sex');
    expect(within(dialog).getByLabelText(/字典编号/)).toBeDisabled();
    expect(await within(dialog).findByRole('combobox', { name: /上级字典/ })).toBeDisabled();
    await user.click(within(dialog).getByLabelText(/字典键值/));
    await user.tab();
    expect(await within(dialog).findByText('请输入字典键值')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/字典名称/), '未知');
    await user.type(within(dialog).getByLabelText(/字典键值/), '3');
    await user.type(within(dialog).getByLabelText(/字典排序/), '3');
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(calls.submit).toHaveLength(1));
    expect(calls.submit[0]?.body).toEqual({
      parentId: '101',
      code: 'sex',
      dictKey: '3',
      dictValue: '未知',
      sort: 3,
      isSealed: 0,
      remark: '',
    });
    expect(await within(itemsRegion()).findByText('未知')).toBeInTheDocument();
  });

  it('deleting the chosen dictionary clears its items panel', async () => {
    const user = userEvent.setup();
    rows = rows.filter((r) => r.parentId === '0');
    renderPage();
    const row = await within(parentRegion()).findByRole('row', { name: /流程类型/ });
    await user.click(within(row).getByRole('button', { name: '字典配置' }));
    await user.click(within(row).getByRole('button', { name: '删除' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(calls.remove).toEqual(['102']));
    expect(await screen.findByText(zh.system.dict.pickHint)).toBeInTheDocument();
  });
});

describe('business dictionary and layouts', { timeout: 20_000 }, () => {
  it('the business page works on the dict-biz operations', async () => {
    const user = userEvent.setup();
    renderPage(DictBizPage);
    const region = screen.getByRole('region', { name: '业务字典' });
    await user.click(await within(region).findByRole('switch', { name: '字典封存: 性别' }));
    await waitFor(() => expect(calls.submit[0]?.path).toBe('/api/smart-system/dict-biz/submit'));
  });

  it('the horizontal page puts the two lists side by side', async () => {
    const { container } = renderPage(DictHorizontalPage);
    await within(parentRegion()).findByText('性别');
    expect(container.querySelector('[data-slot="dict-workbench"]')).toHaveAttribute(
      'data-layout',
      'horizontal',
    );
  });
});
