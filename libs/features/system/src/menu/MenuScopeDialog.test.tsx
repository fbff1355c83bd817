import { apiScopeEntity, dataScopeEntity, entityCatalogue } from '@smart/api-sdk/entities';
import { envelope } from '@smart/api-sdk/mocks';
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
import { MenuScopeDialog } from './MenuScopeDialog';

const rule = (id: string, menuId: string, scopeName: string) => ({
  id,
  menuId,
  resourceCode: 'post',
  scopeName,
  scopeField: 'create_user',
  scopeClass: 'org.springblade.system.mapper.PostMapper.selectPostPage',
  scopeColumn: '',
  scopeType: 1,
  scopeValue: '',
  remark: '',
  isDeleted: 0,
});
const api = (id: string, menuId: string, scopeName: string) => ({
  id,
  menuId,
  resourceCode: 'post',
  scopeName,
  scopePath: '/api/smart-system/post/list',
  scopeType: 1,
  remark: '',
  isDeleted: 0,
});

const data = memoryBackend(dataScopeEntity, [
  rule('1', '11', '岗位本人可见'),
  rule('2', '12', '参数本人可见'),
] as never[]);
const apis = memoryBackend(apiScopeEntity, [
  api('5', '11', '岗位列表接口'),
  api('6', '12', '参数接口'),
] as never[]);

const server = setupServer(
  ...data.handlers,
  ...apis.handlers,
  http.get('*/api/smart-system/menu/tree', () =>
    HttpResponse.json(
      envelope([treeNode('10', '系统管理', [treeNode('11', '岗位管理'), treeNode('12', '参数管理')])]),
    ),
  ),
);

const t = catalogueT(zh, entityCatalogue.zh);
// the data_scope_type dictionary, as far as these rules need it
const SCOPE_TYPES = [
  { label: '本人可见', value: 1 },
  { label: '所在机构可见', value: 2 },
];
const renderWithShell = createShellRenderer({
  zh: { ...feature.catalogue.zh, ...entityCatalogue.zh },
  en: { ...feature.catalogue.en, ...entityCatalogue.en },
});

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  data.reset();
  apis.reset();
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('MenuScopeDialog', () => {
  it("lists one menu's data and API rules, and a rule added there belongs to that menu", async () => {
    const user = userEvent.setup();
    renderWithShell(
      <CrudProvider value={{ t, can: () => true, dictionary: () => SCOPE_TYPES }}>
        <MenuScopeDialog menu={{ id: '11', name: '岗位管理' }} onOpenChange={() => undefined} />
        <Toaster />
      </CrudProvider>,
    );
    const dialog = await screen.findByRole('dialog', { name: '岗位管理 的权限配置' });
    expect(await within(dialog).findByRole('row', { name: /岗位本人可见/ })).toBeInTheDocument();
    expect(within(dialog).queryByText('参数本人可见')).toBeNull();
    // every list asks for this menu's rules only
    expect(data.calls.list.every((q) => q.get('menuId') === '11')).toBe(true);

    await user.click(within(dialog).getByRole('button', { name: '新增' }));
    const form = await screen.findByRole('dialog', { name: /新增/ });
    // the menu is the dialog's own, shown and fixed (the tree control loads on demand)
    expect(await within(form).findByRole('combobox', { name: /菜单/ })).toBeDisabled();
    await user.type(within(form).getByLabelText(/权限编号/), 'post');
    await user.type(within(form).getByLabelText(/权限名称/), '岗位所在机构可见');
    await user.type(
      within(form).getByLabelText(/权限类名/),
      'org.springblade.system.mapper.PostMapper.selectPostPage',
    );
    await user.click(within(form).getByRole('combobox', { name: /规则类型/ }));
    await user.click(await screen.findByRole('option', { name: '所在机构可见' }));
    await user.click(within(form).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(data.calls.submit).toHaveLength(1));
    expect(data.calls.submit[0]).toMatchObject({ menuId: '11', scopeName: '岗位所在机构可见', scopeType: 2 });

    await user.click(within(dialog).getByRole('tab', { name: '接口权限' }));
    expect(await within(dialog).findByRole('row', { name: /岗位列表接口/ })).toBeInTheDocument();
    expect(within(dialog).queryByText('参数接口')).toBeNull();
    expect(apis.calls.list.every((q) => q.get('menuId') === '11')).toBe(true);
  });
});
