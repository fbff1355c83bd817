import { configureHttp, resetHttpConfig, type Param } from '@smart/api-sdk';
import { entityCatalogue, paramEntity } from '@smart/api-sdk/entities';
import { CrudProvider } from '@smart/crud';
import { catalogueT, memoryBackend } from '@smart/crud/testing';
import { Toaster, UiLocaleProvider } from '@smart/ui';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import ParamPage from './ParamPage';

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

// The contract's in-memory backend, so the page runs through the real SDK and HTTP layer.
const backend = memoryBackend(paramEntity, [row(1), row(2, { paramKey: 'account.registerUser' }), row(3)]);
const { calls } = backend;
const server = setupServer(...backend.handlers);
const t = catalogueT(entityCatalogue.zh);

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
  backend.reset();
  configureHttp({ baseUrl: 'http://localhost', getToken: () => 'token' });
});
afterEach(() => {
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

  it('shows the required messages of docs/spec.md §5 on blur', async () => {
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
