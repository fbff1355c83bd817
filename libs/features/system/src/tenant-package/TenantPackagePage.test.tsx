import { configureHttp, resetHttpConfig, type TenantPackage, type TreeNode } from '@smart/api-sdk';
import { entityCatalogue, tenantPackageEntity } from '@smart/api-sdk/entities';
import { summary } from './tenant-package.resource';
import { envelope } from '@smart/api-sdk/mocks';
import { treeNode } from '../shared/tree-node.fixture';
import { CrudProvider } from '@smart/crud';
import { catalogueT, memoryBackend } from '@smart/crud/testing';
import { Toaster, UiLocaleProvider } from '@smart/ui';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import en from '../i18n/en';
import zh from '../i18n/zh';
import TenantPackagePage from './TenantPackagePage';

const menus: TreeNode[] = [
  treeNode('10', '系统管理', [treeNode('11', '用户管理'), treeNode('12', '参数管理')]),
  treeNode('20', '日志管理'),
];

function pack(i: number, over: Partial<TenantPackage> = {}): TenantPackage {
  return {
    id: String(700 + i),
    packageName: `产品包${i}`,
    menuId: '10,11,12',
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

// The contract's in-memory backend (save, update, remove through the real SDK), plus the menu selector tree.
const backend = memoryBackend(tenantPackageEntity, [pack(1), pack(2, { menuId: '20' })]);
const { calls } = backend;
const server = setupServer(
  ...backend.handlers,
  http.get('*/api/smart-system/menu/tree', () => HttpResponse.json(envelope(menus))),
);

const tZh = catalogueT(zh, entityCatalogue.zh);
const tEn = catalogueT(en, entityCatalogue.en);

function renderPage(locale: 'zh' | 'en' = 'zh') {
  return render(
    <UiLocaleProvider locale={locale}>
      <CrudProvider value={{ t: locale === 'zh' ? tZh : tEn, can: () => true }}>
        <TenantPackagePage />
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
  server.resetHandlers();
  resetHttpConfig();
});
afterAll(() => server.close());

// The first test pays for loading the lazy dialog and tree controls, which is slow when both cores are busy.
describe('tenant package page', { timeout: 20_000 }, () => {
  it('lists the packages with their menus by name; edit and delete, but no view button', async () => {
    renderPage();
    const row = await screen.findByRole('row', { name: /产品包1/ });
    await within(row).findByText('系统管理, 用户管理, 参数管理');
    expect(within(row).getByRole('button', { name: '编辑' })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: '删除' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '查看' })).toBeNull();
  });

  it('shows the required messages on blur and on save', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('产品包1');
    await user.click(screen.getByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByLabelText(/产品包名称/));
    await user.tab();
    expect(await within(dialog).findByText('请输入产品包名称')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('请选择菜单')).toBeInTheDocument();
    expect(calls.submit).toEqual([]);
  });

  it('creates a package with two menus of the tree, saved comma-joined', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('产品包1');
    await user.click(screen.getByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/产品包名称/), '专业版');
    await user.click(await within(dialog).findByRole('combobox', { name: /菜单列表/ }));
    const tree = await screen.findByRole('tree');
    const system = within(tree).getByRole('treeitem', { name: '系统管理' });
    await user.click(system.querySelector('[data-slot=tree-select-toggle]') as Element);
    await user.click(within(tree).getByRole('treeitem', { name: '用户管理' }));
    await user.click(within(tree).getByRole('treeitem', { name: '日志管理' }));
    await user.keyboard('{Escape}');
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(calls.submit).toHaveLength(1));
    expect(calls.submit[0]).toEqual({ packageName: '专业版', menuId: '11,20', remark: '' });
    expect(await screen.findByText('新增成功')).toBeInTheDocument();
  });

  it('edits through update with the id', async () => {
    const user = userEvent.setup();
    renderPage();
    const row = await screen.findByRole('row', { name: /产品包2/ });
    await user.click(within(row).getByRole('button', { name: '编辑' }));
    const dialog = await screen.findByRole('dialog');
    const name = within(dialog).getByLabelText(/产品包名称/);
    await waitFor(() => expect(name).toHaveValue('产品包2'));
    await user.clear(name);
    await user.type(name, '旗舰版');
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(calls.submit).toHaveLength(1));
    // only the form's fields go out: the detail's audit columns are not part of the update body
    expect(calls.submit[0]).toEqual({ id: '702', packageName: '旗舰版', menuId: '20', remark: '' });
    expect(await screen.findByText('更新成功')).toBeInTheDocument();
  });

  it('warns when batch delete has nothing selected (zh)', async () => {
    const user = userEvent.setup();
    const { container } = renderPage();
    await screen.findByText('产品包1');
    await user.click(container.querySelector<HTMLButtonElement>('[data-action="batch-delete"]')!);
    expect(await screen.findByText('请选择至少一条数据')).toBeInTheDocument();
    expect(calls.remove).toEqual([]);
  });

  it('warns when batch delete has nothing selected (en), and deletes the selected rows', async () => {
    const user = userEvent.setup();
    const { container } = renderPage('en');
    await screen.findByText('产品包1');
    const batch = container.querySelector<HTMLButtonElement>('[data-action="batch-delete"]')!;
    await user.click(batch);
    expect(await screen.findByText('Please select at least one row')).toBeInTheDocument();
    for (const box of screen.getAllByRole('checkbox', { name: /select row/i })) await user.click(box);
    await user.click(batch);
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: /OK|Confirm/i }),
    );
    await waitFor(() => expect(calls.remove).toEqual(['701,702']));
  });
});

describe('tenant package menu summary', () => {
  const names = new Map(['1', '2', '3', '4', '5', '6', '7'].map((id) => [id, `m${id}`]));

  it('names up to five menus, then counts the rest, leaving out ids the tree does not name (buttons)', () => {
    expect(summary('1,2,99', names)).toBe('m1, m2');
    expect(summary('1,2,3,4,5,6,7,99', names)).toBe('m1, m2, m3, m4, m5 +2');
    expect(summary(undefined, names)).toBe('');
  });
});
