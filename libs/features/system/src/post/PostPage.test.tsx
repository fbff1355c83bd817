import { configureHttp, resetHttpConfig, type Post } from '@smart/api-sdk';
import { entityCatalogue, postEntity } from '@smart/api-sdk/entities';
import { CrudProvider, type Option } from '@smart/crud';
import { catalogueT, memoryBackend } from '@smart/crud/testing';
import { Toaster, UiLocaleProvider } from '@smart/ui';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import PostPage from './PostPage';

// The seeded `post_category` dictionary (apps/server seed-data.ts): keys are strings on the wire.
const CATEGORIES: Option[] = [
  { label: '高层', value: '1' },
  { label: '中层', value: '2' },
  { label: '基层', value: '3' },
  { label: '其他', value: '4' },
];
const categoryName = (category: number) => CATEGORIES.find((c) => c.value === String(category))?.label ?? '';

function row(i: number, over: Partial<Post> = {}): Post {
  const category = over.category ?? ((1 + (i % 4)) as Post['category']);
  return {
    id: String(100 + i),
    tenantId: '000000',
    category,
    categoryName: categoryName(category),
    postCode: `P${String(i).padStart(3, '0')}`,
    postName: `岗位${i}`,
    sort: i,
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

const backend = memoryBackend(
  postEntity,
  Array.from({ length: 12 }, (_, i) => row(i + 1)),
  { derive: (r) => ({ ...r, categoryName: categoryName(r.category) }) },
);
const { calls } = backend;
const server = setupServer(...backend.handlers);
const t = catalogueT(entityCatalogue.zh);

function renderPage() {
  return render(
    <UiLocaleProvider locale="zh">
      <CrudProvider value={{ t, can: () => true, dictionary: () => CATEGORIES }}>
        <PostPage />
        <Toaster />
      </CrudProvider>
    </UiLocaleProvider>,
  );
}

function rowOf(text: string): HTMLElement {
  const tr = screen.getByText(text).closest('tr');
  if (!tr) throw new Error(`no row for ${text}`);
  return tr;
}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  backend.reset();
  configureHttp({ baseUrl: 'http://localhost', getToken: () => 'token' });
});
afterEach(() => resetHttpConfig());
afterAll(() => server.close());

describe('post page', () => {
  it('lists the first page with the contract labels and the kind by its dictionary label', async () => {
    renderPage();
    expect(await screen.findByText('P001')).toBeInTheDocument();
    // the label comes with the dictionary, read after the rows
    expect(await within(rowOf('P001')).findByText('中层')).toBeInTheDocument();
    expect(screen.queryByText('P011')).not.toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /岗位编号/ })).toBeInTheDocument();
    expect(calls.list[0]?.get('size')).toBe('10');
  });

  it('searches the code by contains (postCode_like, the contract equality filter left for exact codes)', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('P001');
    const search = screen.getByRole('search');
    await user.type(within(search).getByLabelText('岗位编号'), 'P01');
    await user.click(within(search).getByRole('button', { name: /搜索/ }));
    await waitFor(() => expect(screen.queryByText('P001')).not.toBeInTheDocument());
    expect(calls.list.at(-1)?.get('postCode_like')).toBe('P01');
    expect(calls.list.at(-1)?.has('postCode')).toBe(false);
    expect(screen.getByText('P012')).toBeInTheDocument();
  });

  it('sorts on the server by a declared sort column', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('P001');
    const header = screen.getByRole('columnheader', { name: /岗位排序/ });
    await user.click(within(header).getByRole('button'));
    await user.click(within(header).getByRole('button'));
    await waitFor(() => expect(calls.list.at(-1)?.get('descs')).toBe('sort'));
    expect(await screen.findByText('P012')).toBeInTheDocument();
  });

  it('shows the contract messages on blur', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('P001');
    await user.click(screen.getByRole('button', { name: /新增/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading')).toHaveTextContent('岗位');
    await user.click(within(dialog).getByLabelText(/岗位编号/));
    await user.tab();
    expect(await within(dialog).findByText('请输入岗位编号')).toBeInTheDocument();
  });

  it('edits through submit with the id, the kind still a number', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('P002');
    await user.click(within(rowOf('P002')).getByRole('button', { name: '编辑' }));
    const dialog = await screen.findByRole('dialog');
    const name = within(dialog).getByLabelText(/岗位名称/);
    await waitFor(() => expect(name).toHaveValue('岗位2'));
    // The dictionary's string keys match the numeric kind (numericDict), so the select shows its label.
    expect(within(dialog).getByRole('combobox', { name: /岗位类型/ })).toHaveTextContent('基层');
    await user.clear(name);
    await user.type(name, '架构师');
    await user.click(within(dialog).getByRole('button', { name: /保存/ }));
    await waitFor(() => expect(calls.submit).toHaveLength(1));
    expect(calls.submit[0]).toMatchObject({ id: '102', category: 3, postCode: 'P002', postName: '架构师' });
    expect(await screen.findByText('架构师')).toBeInTheDocument();
  });

  it('deletes a row after confirming', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('P003');
    await user.click(within(rowOf('P003')).getByRole('button', { name: '删除' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: /确定/ }));
    await waitFor(() => expect(calls.remove).toEqual(['103']));
    await waitFor(() => expect(screen.queryByText('P003')).not.toBeInTheDocument());
  });
});
