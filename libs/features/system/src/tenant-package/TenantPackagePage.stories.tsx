// The real tenant package page (manifest resource + entity adapter + HTTP layer) against the contract's in-memory
// backend (`@smart/crud/testing`), through msw-storybook-addon (see ParamPage.stories.tsx for the worker set-up).
import { configureHttp, type TenantPackage, type TreeNode } from '@smart/api-sdk';
import { entityCatalogue, tenantPackageEntity } from '@smart/api-sdk/entities';
import { createMockHandlers, envelope, getTenantPackageListResponseMock } from '@smart/api-sdk/mocks';
import { CrudProvider } from '@smart/crud';
import { catalogueT, memoryBackend } from '@smart/crud/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, screen, waitFor, within } from 'storybook/test';
import { treeNode } from '../shared/tree-node.fixture';
import zh from '../i18n/zh';
import TenantPackagePage from './TenantPackagePage';

const t = catalogueT(zh, entityCatalogue.zh);

configureHttp({ baseUrl: '', getToken: () => 'storybook-token' });

const menus: TreeNode[] = [
  treeNode('10', '系统管理', [
    treeNode('11', '用户管理'),
    treeNode('12', '参数管理'),
    treeNode('13', '系统字典'),
  ]),
  treeNode('20', '日志管理', [treeNode('21', '通用日志')]),
  treeNode('30', '工作台'),
];

const template = getTenantPackageListResponseMock().data.records[0] as TenantPackage;
const backend = memoryBackend(tenantPackageEntity, [
  { ...template, id: '701', packageName: '基础版', menuId: '30', remark: '只有工作台' },
  { ...template, id: '702', packageName: '标准版', menuId: '10,11,12,13,30', remark: '' },
]);
const handlers = [
  ...backend.handlers,
  http.get('*/api/smart-system/menu/tree', () => HttpResponse.json(envelope(menus))),
];

const meta = {
  title: 'Features/System/TenantPackagePage',
  component: TenantPackagePage,
  parameters: { layout: 'padded', msw: { handlers: createMockHandlers(handlers) } },
  beforeEach: () => backend.reset(),
  decorators: [
    (Story) => (
      <CrudProvider value={{ t, can: () => true }}>
        <Story />
      </CrudProvider>
    ),
  ],
} satisfies Meta<typeof TenantPackagePage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The contract's examples, as generated into the SDK: edit and delete, no view button. */
export const ContractExamples: Story = {
  parameters: { msw: { handlers: createMockHandlers() } },
  play: async ({ canvas }) => {
    const row = await canvas.findByRole('row', { name: /基础版/ }, { timeout: 5000 });
    await expect(within(row).getByRole('button', { name: '编辑' })).toBeInTheDocument();
    await expect(within(row).queryByRole('button', { name: '查看' })).toBeNull();
  },
};

/** Create a package from two menus of the tree; the list names them. */
export const AddWithTwoMenus: Story = {
  play: async ({ canvas, userEvent }) => {
    await canvas.findByText('标准版', undefined, { timeout: 5000 });
    await userEvent.click(canvas.getByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText(/产品包名称/), '专业版');
    await userEvent.click(await within(dialog).findByRole('combobox', { name: /菜单列表/ }));
    const tree = await screen.findByRole('tree');
    await userEvent.click(within(tree).getByRole('treeitem', { name: '工作台' }));
    await userEvent.click(within(tree).getByRole('treeitem', { name: '日志管理' }));
    await userEvent.keyboard('{Escape}');
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await expect(await screen.findByText('新增成功')).toBeInTheDocument();
    const row = await canvas.findByRole('row', { name: /专业版/ });
    await waitFor(() => expect(row).toHaveTextContent('日志管理, 通用日志, 工作台'));
  },
};

/** Batch delete with nothing selected warns instead of asking. */
export const BatchDeleteNeedsSelection: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('标准版', undefined, { timeout: 5000 });
    canvasElement.querySelector<HTMLButtonElement>('[data-action="batch-delete"]')?.click();
    await expect(await screen.findByText('请选择至少一条数据')).toBeInTheDocument();
  },
};
