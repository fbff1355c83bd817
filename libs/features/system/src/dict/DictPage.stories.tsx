// The real dictionary pages (resources + SDK adapters + HTTP layer) against MSW, through msw-storybook-addon (see
// ParamPage.stories.tsx and libs/ui/.storybook for the worker set-up).
import { configureHttp, type Dict, type DictSubmit } from '@smart/api-sdk';
import { createMockHandlers, envelope } from '@smart/api-sdk/mocks';
import { CrudProvider } from '@smart/crud';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, screen, waitFor, within } from 'storybook/test';
import { entityCatalogue } from '@smart/api-sdk/entities';
import { catalogueT } from '@smart/crud/testing';
import zh from '../i18n/zh';
import DictBizPage from './DictBizPage';
import DictHorizontalPage from './DictHorizontalPage';
import DictPage from './DictPage';

const t = catalogueT(zh, entityCatalogue.zh);

configureHttp({ baseUrl: '', getToken: () => 'storybook-token' });

function row(id: string, over: Partial<Dict>): Dict {
  return {
    id,
    parentId: '0',
    code: '',
    dictKey: '-1',
    dictValue: '',
    sort: 1,
    isSealed: 0,
    remark: '',
    isDeleted: 0,
    parentName: '顶级',
    hasChildren: false,
    ...over,
  };
}

/** A small stateful dict (or dict-biz) backend: parent-list, child-list, tree, detail, submit and remove. */
function memoryHandlers(table: 'dict' | 'dict-biz') {
  let rows: Dict[] = [
    row('101', { code: 'sex', dictValue: '性别' }),
    row('102', { code: 'notice', dictValue: '通知类型', sort: 2 }),
    row('103', { code: 'oss', dictValue: '对象存储', sort: 3, isSealed: 1 }),
    row('201', { parentId: '101', code: 'sex', dictKey: '1', dictValue: '男', parentName: '性别' }),
    row('202', { parentId: '101', code: 'sex', dictKey: '2', dictValue: '女', sort: 2, parentName: '性别' }),
    row('211', {
      parentId: '102',
      code: 'notice',
      dictKey: '1',
      dictValue: '发布通知',
      parentName: '通知类型',
    }),
  ];
  const base = `*/api/smart-system/${table}`;
  return [
    http.get(`${base}/parent-list`, ({ request }) => {
      const q = new URL(request.url).searchParams;
      const hits = rows.filter(
        (r) =>
          r.parentId === '0' &&
          r.code.includes(q.get('code') ?? '') &&
          r.dictValue.includes(q.get('dictValue') ?? ''),
      );
      return HttpResponse.json(
        envelope({ records: hits, total: hits.length, size: 10, current: 1, pages: 1 }),
      );
    }),
    http.get(`${base}/child-list`, ({ request }) => {
      const header = rows.find((r) => r.id === new URL(request.url).searchParams.get('parentId'));
      return HttpResponse.json(
        envelope(header ? rows.filter((r) => r.parentId !== '0' && r.code === header.code) : []),
      );
    }),
    http.get(`${base}/tree`, () =>
      HttpResponse.json(
        envelope(
          rows
            .filter((r) => r.parentId === '0')
            .map((r) => ({
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
    http.get(`${base}/detail`, ({ request }) => {
      const id = new URL(request.url).searchParams.get('id');
      return HttpResponse.json(envelope(rows.find((r) => r.id === id) ?? null));
    }),
    http.post(`${base}/submit`, async ({ request }) => {
      const body = (await request.json()) as DictSubmit;
      if (body.id) rows = rows.map((r) => (r.id === body.id ? { ...r, ...body } : r));
      else rows = [...rows, row(String(3000 + rows.length), { ...body, parentId: body.parentId ?? '0' })];
      return HttpResponse.json(envelope({}));
    }),
    http.post(`${base}/remove`, ({ request }) => {
      const ids = (new URL(request.url).searchParams.get('ids') ?? '').split(',');
      rows = rows.filter((r) => !ids.includes(r.id));
      return HttpResponse.json(envelope({}));
    }),
  ];
}

const meta = {
  title: 'Features/System/DictPage',
  component: DictPage,
  parameters: { layout: 'padded', msw: { handlers: createMockHandlers(memoryHandlers('dict')) } },
  decorators: [
    (Story) => (
      <CrudProvider value={{ t, can: () => true }}>
        <Story />
      </CrudProvider>
    ),
  ],
} satisfies Meta<typeof DictPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The contract's examples, as generated into the SDK: one header, and its items once chosen. */
export const ContractExamples: Story = {
  parameters: { msw: { handlers: createMockHandlers() } },
  play: async ({ canvas, userEvent }) => {
    const parents = canvas.getByRole('region', { name: '系统字典' });
    const header = await within(parents).findByRole('row', { name: /性别/ }, { timeout: 5000 });
    await userEvent.click(within(header).getByRole('button', { name: '字典配置' }));
    await canvas.findByRole('heading', { name: /字典项 · 性别/ });
  },
};

/** Seal a dictionary in the list, then choose another and add an item to it. */
export const SealAndAddItem: Story = {
  play: async ({ canvas, userEvent }) => {
    const parents = canvas.getByRole('region', { name: '系统字典' });
    const sealed = await within(parents).findByRole('switch', { name: '字典封存: 性别' }, { timeout: 5000 });
    await userEvent.click(sealed);
    await waitFor(() => expect(sealed).toHaveAttribute('aria-checked', 'true'));
    await expect(await screen.findByText('操作成功')).toBeInTheDocument();

    const notice = within(parents).getByRole('row', { name: /通知类型/ });
    await userEvent.click(within(notice).getByRole('button', { name: '字典配置' }));
    const items = canvas.getByRole('region', { name: /字典项/ });
    await within(items).findByText('发布通知');
    await userEvent.click(within(items).getByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText(/字典名称/), '批转通知');
    await userEvent.type(within(dialog).getByLabelText(/字典键值/), '2');
    await userEvent.type(within(dialog).getByLabelText(/字典排序/), '2');
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await within(items).findByText('批转通知');
  },
};

/** The side-by-side layout of /dict-horizontal/index, one dictionary chosen. */
export const Horizontal: Story = {
  render: () => <DictHorizontalPage />,
  play: async ({ canvas, userEvent }) => {
    const parents = canvas.getByRole('region', { name: '系统字典' });
    const header = await within(parents).findByRole('row', { name: /性别/ }, { timeout: 5000 });
    await userEvent.click(within(header).getByRole('button', { name: '字典配置' }));
    await within(canvas.getByRole('region', { name: /字典项/ })).findByText('女');
  },
};

/** The business dictionaries of the tenant, on the dict-biz operations. */
export const Business: Story = {
  render: () => <DictBizPage />,
  parameters: { msw: { handlers: createMockHandlers(memoryHandlers('dict-biz')) } },
  play: async ({ canvas }) => {
    const parents = canvas.getByRole('region', { name: '业务字典' });
    await within(parents).findByText('对象存储', undefined, { timeout: 5000 });
  },
};
