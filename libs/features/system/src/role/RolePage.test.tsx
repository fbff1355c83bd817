import {
  configureHttp,
  resetHttpConfig,
  type GrantKeys,
  type Role,
  type RoleGrant,
  type TokenResult,
} from '@smart/api-sdk';
import { entityCatalogue, roleEntity } from '@smart/api-sdk/entities';
import { envelope, errorResponse } from '@smart/api-sdk/mocks';
import { RoleGrantBody } from '@smart/api-sdk/zod';
import { updateSession } from '@smart/auth';
import { CrudProvider } from '@smart/crud';
import { catalogueT, memoryBackend } from '@smart/crud/testing';
import { createShellRenderer } from '@smart/crud/testing/jsdom';
import { Toaster } from '@smart/ui';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import zh from '../i18n/zh';
import { feature } from '../index';
import { treeNode } from '../shared/tree-node.fixture';
import RolePage from './RolePage';

const role = (
  id: string,
  roleName: string,
  roleAlias: string,
  parentId = '0',
  tenantId = '000000',
): Role => ({
  id,
  tenantId,
  isDeleted: 0,
  parentName: parentId === '0' ? '顶级' : '用户',
  hasChildren: false,
  parentId,
  roleName,
  roleAlias,
  sort: Number(id),
});

const roles = memoryBackend(roleEntity, [
  role('1', '超级管理员', 'administrator'),
  role('2', '用户', 'user'),
  role('3', '人事', 'hr', '2'),
  role('4', '员工', 'staff', '0', '100001'),
]);

// menu.yaml `grantTree`: menus with their buttons; in the scope trees the menus hold the rules
const grantTree = {
  menu: [
    treeNode('10', '系统管理', [
      treeNode('11', '参数管理', [treeNode('111', '新增'), treeNode('112', '修改'), treeNode('113', '查看')]),
      treeNode('12', '岗位管理', [treeNode('121', '新增')]),
    ]),
    treeNode('20', '工作台'),
  ],
  dataScope: [
    treeNode('10', '系统管理', [
      treeNode('11', '参数管理', [treeNode('501', '本人可见'), treeNode('502', '所在机构可见')]),
    ]),
  ],
  apiScope: [treeNode('10', '系统管理', [treeNode('11', '参数管理', [treeNode('601', '参数接口')])])],
};
// what 人事 holds, as a grant from this dialog stores it: its button and the menus above it
const keys: Record<string, GrantKeys> = {
  '3': { menu: ['10', '11', '113'], dataScope: ['501'], apiScope: [] },
};

const calls = { keys: [] as string[], grant: [] as RoleGrant[] };
let refusal: string | undefined;
const notified: string[] = [];

const server = setupServer(
  ...roles.handlers,
  http.get('*/api/smart-system/menu/grant-tree', () => HttpResponse.json(envelope(grantTree))),
  http.get('*/api/smart-system/menu/role-tree-keys', ({ request }) => {
    const ids = new URL(request.url).searchParams.get('roleIds') ?? '';
    calls.keys.push(ids);
    return HttpResponse.json(envelope(keys[ids] ?? { menu: [], dataScope: [], apiScope: [] }));
  }),
  http.get('*/api/smart-system/tenant/select', () =>
    HttpResponse.json(
      envelope([
        { tenantId: '000000', tenantName: '管理组' },
        { tenantId: '100001', tenantName: '示例租户' },
      ]),
    ),
  ),
  http.post('*/api/smart-system/role/grant', async ({ request }) => {
    calls.grant.push((await request.json()) as RoleGrant);
    return refusal ? errorResponse(400, refusal) : HttpResponse.json(envelope({}));
  }),
);

const t = catalogueT(zh, entityCatalogue.zh);
const renderWithShell = createShellRenderer({
  zh: { ...feature.catalogue.zh, ...entityCatalogue.zh },
  en: { ...feature.catalogue.en, ...entityCatalogue.en },
});

function renderPage(can: (code: string) => boolean = () => true) {
  return renderWithShell(
    <CrudProvider value={{ t, can, dictionary: () => [] }}>
      <RolePage />
      <Toaster />
    </CrudProvider>,
  );
}

const headers = () => screen.getAllByRole('columnheader').map((h) => h.textContent);

/** The treeitem whose own label is `label` (a treeitem's accessible name also holds its open children). */
function item(tree: HTMLElement, label: string, nth = 0): HTMLElement {
  const found = within(tree)
    .getAllByText(label, { selector: '[data-slot=tree-label]' })
    .map((el) => el.closest('li')!);
  return found[nth]!;
}

const expand = (user: ReturnType<typeof userEvent.setup>, li: HTMLElement) =>
  user.click(li.querySelector(':scope > [data-slot=tree-row] > [data-slot=tree-toggle]')!);

/** Ticks the roles' rows and opens 权限设置. */
async function openFor(user: ReturnType<typeof userEvent.setup>, ...names: string[]) {
  for (const name of names)
    await user.click(
      within(await screen.findByRole('row', { name: new RegExp(name) })).getByRole('checkbox'),
    );
  await user.click(screen.getByRole('button', { name: '权限设置' }));
  return screen.findByRole('dialog', { name: '权限设置' });
}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  roles.reset();
  calls.keys.length = 0;
  calls.grant.length = 0;
  notified.length = 0;
  refusal = undefined;
  configureHttp({
    baseUrl: 'http://localhost',
    getToken: () => 'token',
    notifyError: (message) => notified.push(message),
  });
});
afterEach(() => {
  updateSession({ userInfo: null });
  server.resetHandlers();
  resetHttpConfig();
});
afterAll(() => server.close());

describe('role page', { timeout: 20_000 }, () => {
  it('lists the role tree with add, edit, view, delete and add child', async () => {
    const user = userEvent.setup();
    renderPage();
    const row = await screen.findByRole('row', { name: /超级管理员/ });
    expect(within(row).getByText('administrator')).toBeInTheDocument();
    const parent = screen.getByRole('row', { name: /用户/ });
    for (const action of ['新增子项', '编辑', '查看', '删除'])
      expect(within(parent).getByRole('button', { name: action })).toBeInTheDocument();
    await user.click(within(parent).getByRole('button', { name: '新增子项' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByRole('combobox', { name: /上级角色/ })).toHaveTextContent('用户');
  });

  it('names each role’s tenant to the platform administrator only, who can list one tenant’s roles', async () => {
    const user = userEvent.setup();
    const { unmount } = renderPage();
    await screen.findByRole('row', { name: /超级管理员/ });
    expect(headers()).not.toContain('所属租户');
    unmount();

    updateSession({ userInfo: { tenant_id: '000000', role_name: 'administrator' } as TokenResult });
    renderPage();
    await screen.findByRole('row', { name: /员工/ });
    expect(headers()).toContain('所属租户');
    // the names come with the tenant list, read after the rows
    expect(
      await within(await screen.findByRole('row', { name: /员工/ })).findByText('示例租户'),
    ).toBeInTheDocument();
    expect(
      await within(screen.getByRole('row', { name: /超级管理员/ })).findByText('管理组'),
    ).toBeInTheDocument();

    const search = screen.getByRole('search');
    await user.click(within(search).getByRole('combobox', { name: '所属租户' }));
    await user.click(await screen.findByRole('option', { name: '示例租户' }));
    await user.click(within(search).getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(screen.queryByRole('row', { name: /超级管理员/ })).toBeNull());
    expect(screen.getByRole('row', { name: /员工/ })).toBeInTheDocument();
  });

  it('shows what one role holds, and saves exactly the checked grants with the menus above them', async () => {
    const user = userEvent.setup();
    renderPage();
    // 人事 is a child of 用户: its row shows once the tree is opened
    await user.click(
      within(await screen.findByRole('row', { name: /用户/ })).getByRole('button', { name: '展开' }),
    );
    const dialog = await openFor(user, '人事');
    expect(calls.keys).toEqual(['3']);
    expect(dialog).toHaveTextContent('该角色的权限将改为勾选的权限');
    expect(
      within(dialog)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['菜单权限', '数据权限', '接口权限']);

    const menus = await within(dialog).findByRole('tree', { name: '菜单权限' });
    // the stored menus above the button show half-checked, not with all their buttons
    expect(item(menus, '系统管理')).toHaveAttribute('aria-checked', 'mixed');
    expect(item(menus, '参数管理')).toHaveAttribute('aria-checked', 'mixed');
    expect(item(menus, '岗位管理')).toHaveAttribute('aria-checked', 'false');
    await expand(user, item(menus, '参数管理'));
    expect(item(menus, '查看')).toHaveAttribute('aria-checked', 'true');
    expect(item(menus, '修改')).toHaveAttribute('aria-checked', 'false');
    // a whole menu (岗位管理 with its button) and a page without buttons
    await user.click(within(item(menus, '岗位管理')).getAllByText('岗位管理')[0]!);
    await user.click(within(item(menus, '工作台')).getByText('工作台'));

    await user.click(within(dialog).getByRole('tab', { name: '数据权限' }));
    const data = await within(dialog).findByRole('tree', { name: '数据权限' });
    await expand(user, item(data, '参数管理'));
    expect(item(data, '本人可见')).toHaveAttribute('aria-checked', 'true');
    await user.click(within(item(data, '所在机构可见')).getByText('所在机构可见'));
    expect(item(data, '参数管理')).toHaveAttribute('aria-checked', 'true');

    await user.click(within(dialog).getByRole('tab', { name: '接口权限' }));
    const api = await within(dialog).findByRole('tree', { name: '接口权限' });
    await expand(user, item(api, '参数管理'));
    expect(item(api, '参数接口')).toHaveAttribute('aria-checked', 'false');

    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(calls.grant).toHaveLength(1));
    const body = calls.grant[0]!;
    expect(RoleGrantBody.safeParse(body).success).toBe(true);
    expect(Object.keys(body).sort()).toEqual(['apiScopeIds', 'dataScopeIds', 'menuIds', 'roleIds']);
    expect(body.roleIds).toEqual(['3']);
    expect([...body.menuIds].sort()).toEqual(['10', '11', '113', '12', '121', '20']);
    // only rules, never the menus holding them
    expect([...(body.dataScopeIds ?? [])].sort()).toEqual(['501', '502']);
    expect(body.apiScopeIds).toEqual([]);
    expect(await screen.findByText('权限设置成功')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('saves an untouched dialog as the role held it', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(
      within(await screen.findByRole('row', { name: /用户/ })).getByRole('button', { name: '展开' }),
    );
    const dialog = await openFor(user, '人事');
    await within(dialog).findByRole('tree', { name: '菜单权限' });
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(calls.grant).toHaveLength(1));
    expect(calls.grant[0]).toEqual({
      roleIds: ['3'],
      menuIds: expect.arrayContaining(['10', '11', '113']) as string[],
      dataScopeIds: ['501'],
      apiScopeIds: [],
    });
    expect(calls.grant[0]!.menuIds).toHaveLength(3);
  });

  it('checks nothing for several roles and gives them all the checked grants', async () => {
    const user = userEvent.setup();
    renderPage();
    const grant = await screen.findByRole('button', { name: '权限设置' });
    expect(grant).toBeDisabled();
    const dialog = await openFor(user, '超级管理员', '用户');
    expect(dialog).toHaveTextContent('选择的 2 个角色的权限将一并改为勾选的权限');
    const menus = await within(dialog).findByRole('tree', { name: '菜单权限' });
    expect(calls.keys).toEqual([]);
    for (const el of within(menus).getAllByRole('treeitem'))
      expect(el).toHaveAttribute('aria-checked', 'false');
    await user.click(within(item(menus, '工作台')).getByText('工作台'));
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(calls.grant).toHaveLength(1));
    expect(calls.grant[0]).toEqual({
      roleIds: ['1', '2'],
      menuIds: ['20'],
      dataScopeIds: [],
      apiScopeIds: [],
    });
  });

  it('keeps the dialog open when the server refuses the grant', async () => {
    const user = userEvent.setup();
    refusal = '无权配置超管角色!';
    renderPage();
    const dialog = await openFor(user, '超级管理员');
    const menus = await within(dialog).findByRole('tree', { name: '菜单权限' });
    await user.click(within(item(menus, '工作台')).getByText('工作台'));
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(notified).toEqual(['无权配置超管角色!']));
    expect(screen.getByRole('dialog', { name: '权限设置' })).toBeInTheDocument();
    expect(item(menus, '工作台')).toHaveAttribute('aria-checked', 'true');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: '保存' })).toBeEnabled());
  });

  it('shows no 权限设置 to whoever may not edit roles', async () => {
    renderPage((code) => code !== 'role_edit');
    await screen.findByRole('row', { name: /超级管理员/ });
    expect(screen.queryByRole('button', { name: '权限设置' })).toBeNull();
  });
});
