import { configureHttp, resetHttpConfig, type Param, type ParamSubmit } from '@smart/api-sdk';
import { envelope } from '@smart/api-sdk/mocks';
import { CrudProvider, Toaster, UiLocaleProvider } from '@smart/ui';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import zh from '../i18n/zh';
import ParamPage from './ParamPage';

// A small in-memory backend speaking the contract, so the page runs through the real SDK and HTTP layer.
let rows: Param[] = [];
const calls: { list: URLSearchParams[]; submit: ParamSubmit[]; remove: string[] } = {
  list: [],
  submit: [],
  remove: [],
};

function row(i: number, over: Partial<Param> = {}): Param {
  return {
    id: String(1000 + i),
    tenantId: '000000',
    paramName: `参数${i}`,
    paramKey: `key.${i}`,
    paramValue: `value ${i}`,
    remark: '',
    createUser: '1',
    createDept: '1',
    createTime: '2026-11-22 10:00:00',
    updateUser: '1',
    updateTime: '2026-11-22 10:00:00',
    status: 1,
    isDeleted: 0,
    ...over,
  };
}

const server = setupServer(
  http.get('*/api/smart-system/param/list', ({ request }) => {
    const q = new URL(request.url).searchParams;
    calls.list.push(q);
    const key = q.get('paramKey') ?? '';
    const size = Number(q.get('size') ?? 10);
    const current = Number(q.get('current') ?? 1);
    const hits = rows.filter((r) => r.paramKey.includes(key));
    return HttpResponse.json(
      envelope({
        records: hits.slice((current - 1) * size, current * size),
        total: hits.length,
        size,
        current,
        pages: Math.ceil(hits.length / size),
      }),
    );
  }),
  http.get('*/api/smart-system/param/detail', ({ request }) => {
    const id = new URL(request.url).searchParams.get('id');
    const hit = rows.find((r) => r.id === id);
    return hit
      ? HttpResponse.json(envelope(hit))
      : HttpResponse.json({ code: 400, success: false, msg: '数据不存在', data: null }, { status: 400 });
  }),
  http.post('*/api/smart-system/param/submit', async ({ request }) => {
    const body = (await request.json()) as ParamSubmit;
    calls.submit.push(body);
    const saved = body.id
      ? { ...rows.find((r) => r.id === body.id)!, ...body }
      : row(rows.length + 1, { ...body, id: String(5000 + rows.length) });
    rows = body.id ? rows.map((r) => (r.id === body.id ? saved : r)) : [saved, ...rows];
    return HttpResponse.json(envelope(saved));
  }),
  http.post('*/api/smart-system/param/remove', ({ request }) => {
    const ids = new URL(request.url).searchParams.get('ids') ?? '';
    calls.remove.push(ids);
    rows = rows.filter((r) => !ids.split(',').includes(r.id));
    return HttpResponse.json({ code: 200, success: true, msg: '操作成功', data: {} });
  }),
);

const t = (key: string) => {
  const value = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], zh);
  return typeof value === 'string' ? value : key;
};

function renderPage() {
  return render(
    <UiLocaleProvider locale="zh">
      <CrudProvider value={{ t, can: () => true }}>
        <ParamPage />
        <Toaster />
      </CrudProvider>
    </UiLocaleProvider>,
  );
}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  rows = [row(1), row(2, { paramKey: 'account.registerUser' }), row(3)];
  calls.list = [];
  calls.submit = [];
  calls.remove = [];
  configureHttp({ baseUrl: 'http://localhost', getToken: () => 'token' });
});
afterEach(() => {
  server.resetHandlers();
  resetHttpConfig();
});
afterAll(() => server.close());

describe('parameter page', () => {
  it('lists the parameters of the first page with the default page size 10', async () => {
    renderPage();
    expect(await screen.findByText('key.1')).toBeInTheDocument();
    expect(calls.list[0]?.get('current')).toBe('1');
    expect(calls.list[0]?.get('size')).toBe('10');
  });

  it('searches by key and sends only the filled filters', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('key.1');
    const search = screen.getByRole('search');
    await user.type(within(search).getByLabelText('参数键名'), 'account');
    await user.click(within(search).getByRole('button', { name: /搜索|search/i }));
    await waitFor(() => expect(screen.queryByText('key.1')).not.toBeInTheDocument());
    const last = calls.list.at(-1)!;
    expect(last.get('paramKey')).toBe('account');
    expect(last.has('paramName')).toBe(false);
    expect(last.get('current')).toBe('1');
  });

  it('warns when batch delete has nothing selected, and removes nothing', async () => {
    const user = userEvent.setup();
    const { container } = renderPage();
    await screen.findByText('key.1');
    await user.click(container.querySelector<HTMLButtonElement>('[data-action="batch-delete"]')!);
    expect(await screen.findByText('请选择至少一条数据')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(calls.remove).toEqual([]);
  });

  it('adds a parameter through submit without an id', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('key.1');
    await user.click(screen.getByRole('button', { name: /新增/ }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/参数名称/), '开放注册');
    await user.type(within(dialog).getByLabelText(/参数键名/), 'account.open');
    await user.type(within(dialog).getByLabelText(/参数键值/), 'true');
    await user.click(within(dialog).getByRole('button', { name: /确定|提交|保存/ }));
    await waitFor(() => expect(calls.submit).toHaveLength(1));
    expect(calls.submit[0]).toMatchObject({
      paramName: '开放注册',
      paramKey: 'account.open',
      paramValue: 'true',
    });
    expect(calls.submit[0]).not.toHaveProperty('id');
    expect(await screen.findByText('新增成功')).toBeInTheDocument();
  });

  it('shows the required messages of spec §5 on blur', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('key.1');
    await user.click(screen.getByRole('button', { name: /新增/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByLabelText(/参数名称/));
    await user.tab();
    expect(await within(dialog).findByText('请输入参数名称')).toBeInTheDocument();
  });

  it('batch delete sends the selected ids comma-joined after confirming', async () => {
    const user = userEvent.setup();
    const { container } = renderPage();
    await screen.findByText('key.1');
    const checkboxes = screen.getAllByRole('checkbox', { name: '选择此行' });
    await user.click(checkboxes[0]!);
    await user.click(checkboxes[1]!);
    await user.click(container.querySelector<HTMLButtonElement>('[data-action="batch-delete"]')!);
    const confirm = await screen.findByRole('alertdialog');
    expect(within(confirm).getByText('确定将选择数据删除?')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: /确定/ }));
    await waitFor(() => expect(calls.remove).toEqual(['1001,1002']));
  });
});
