import { configureHttp, resetHttpConfig, type User, type UserSubmit, type UserUpdate } from '@smart/api-sdk';
import { entityCatalogue } from '@smart/api-sdk/entities';
import { envelope } from '@smart/api-sdk/mocks';
import { treeNode } from '../shared/tree-node.fixture';
import { CrudProvider } from '@smart/crud';
import { catalogueT } from '@smart/crud/testing';
import { createShellRenderer } from '@smart/crud/testing/jsdom';
import { Toaster } from '@smart/ui';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import zh from '../i18n/zh';
import { feature } from '../index';
import { birthdayOut } from './user.adapter';
import UserPage from './UserPage';

// An in-memory backend speaking the user contract (user.yaml) and the role, department and post selectors.
let rows: User[] = [];
const calls = {
  list: [] as URLSearchParams[],
  submit: [] as UserSubmit[],
  update: [] as UserUpdate[],
  reset: [] as string[],
  unlock: [] as string[],
  grant: [] as string[],
  status: [] as string[],
  platform: [] as string[],
};

function person(i: number, over: Partial<User> = {}): User {
  return {
    id: String(900 + i),
    tenantId: '000000',
    tenantName: '管理组',
    userTypeName: 'WEB',
    roleName: '运营',
    deptName: '运营部',
    postName: '',
    sexName: '男',
    userExt: '',
    authCode: '',
    power: 0,
    balance: 0,
    expireTime: '',
    code: '',
    userType: 1,
    account: `op${i}`,
    roleId: '31',
    deptId: '41',
    postId: '',
    name: `运营${i}`,
    realName: `员工${i}`,
    avatar: '',
    email: '',
    phone: '',
    sex: 1,
    birthday: '1990-05-06 00:00:00',
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

const ok = () => HttpResponse.json(envelope({}));
const server = setupServer(
  http.get('*/api/smart-user/page', ({ request }) => {
    const q = new URL(request.url).searchParams;
    calls.list.push(q);
    const account = q.get('account');
    const hits = rows.filter((r) => !account || r.account === account);
    return HttpResponse.json(envelope({ records: hits, total: hits.length, size: 10, current: 1, pages: 1 }));
  }),
  http.get('*/api/smart-user/detail', ({ request }) => {
    const id = new URL(request.url).searchParams.get('id');
    return HttpResponse.json(envelope(rows.find((r) => r.id === id) ?? null));
  }),
  http.get('*/api/smart-system/role/tree', () =>
    HttpResponse.json(envelope([treeNode('30', '管理', [treeNode('31', '运营'), treeNode('32', '客服')])])),
  ),
  http.get('*/api/smart-system/dept/tree', () =>
    HttpResponse.json(envelope([treeNode('40', '总部', [treeNode('41', '运营部')])])),
  ),
  http.get('*/api/smart-system/post/select', () =>
    HttpResponse.json(envelope([{ id: '51', postName: '主管' }])),
  ),
  http.post('*/api/smart-user/submit', async ({ request }) => {
    calls.submit.push((await request.json()) as UserSubmit);
    return ok();
  }),
  http.post('*/api/smart-user/update', async ({ request }) => {
    calls.update.push((await request.json()) as UserUpdate);
    return ok();
  }),
  http.post('*/api/smart-user/reset-password', ({ request }) => {
    calls.reset.push(new URL(request.url).searchParams.get('userIds') ?? '');
    return ok();
  }),
  http.post('*/api/smart-user/grant', ({ request }) => {
    const q = new URL(request.url).searchParams;
    calls.grant.push(`${q.get('userIds')}:${q.get('roleIds')}`);
    return ok();
  }),
  http.get('*/api/smart-user/platform-detail', ({ request }) => {
    const id = new URL(request.url).searchParams.get('id');
    const row = rows.find((r) => r.id === id)!;
    return HttpResponse.json(envelope({ ...row, userExt: '{"theme":"dark"}' }));
  }),
  http.post('*/api/smart-user/update-platform', ({ request }) => {
    const q = new URL(request.url).searchParams;
    calls.platform.push(`${q.get('userId')}:${q.get('userType')}:${q.get('userExt')}`);
    return ok();
  }),
  http.post('*/api/smart-user/status', ({ request }) => {
    const q = new URL(request.url).searchParams;
    calls.status.push(`${q.get('userIds')}:${q.get('status')}`);
    return ok();
  }),
  http.post('*/api/smart-user/unlock', ({ request }) => {
    calls.unlock.push(new URL(request.url).searchParams.get('userIds') ?? '');
    return ok();
  }),
);

const t = catalogueT(zh, entityCatalogue.zh);
const dictionary = (code: string) =>
  code === 'user_status'
    ? [
        { label: '待审核', value: '0' },
        { label: '正常', value: '1' },
        { label: '停用', value: '2' },
      ]
    : code === 'user_type'
      ? [
          { label: 'WEB', value: '1' },
          { label: 'APP', value: '2' },
        ]
      : [
          { label: '男', value: '1' },
          { label: '女', value: '2' },
        ];

// (the shell's i18next instance with this feature's catalogue and the entities', as the console merges them: the
// toolbar's own texts go through react-i18next)
const renderWithShell = createShellRenderer({
  zh: { ...feature.catalogue.zh, ...entityCatalogue.zh },
  en: { ...feature.catalogue.en, ...entityCatalogue.en },
});

function renderPage(can: (code: string) => boolean = () => true) {
  return renderWithShell(
    <CrudProvider value={{ t, can, dictionary }}>
      <UserPage />
      <Toaster />
    </CrudProvider>,
  );
}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  rows = [person(1), person(2, { roleName: '客服', roleId: '32' })];
  for (const list of Object.values(calls)) list.length = 0;
  configureHttp({ baseUrl: 'http://localhost', getToken: () => 'token' });
});
afterEach(() => {
  server.resetHandlers();
  resetHttpConfig();
});
afterAll(() => server.close());

describe('user page', { timeout: 20_000 }, () => {
  it('lists users with their platform, roles and departments by name', async () => {
    renderPage();
    const row = await screen.findByRole('row', { name: /op2/ });
    expect(within(row).getByText('客服')).toBeInTheDocument();
    expect(within(row).getByText('运营部')).toBeInTheDocument();
    expect(within(row).getByText('WEB')).toBeInTheDocument();
  });

  it('filters by one department of the tree (the server adds the departments below it)', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('op1');
    const search = screen.getByRole('search');
    await user.click(within(search).getByRole('combobox', { name: /所属部门/ }));
    const tree = await screen.findByRole('tree');
    await user.click(tree.querySelector('[data-slot=tree-select-toggle]') as Element);
    await user.click(within(tree).getByRole('treeitem', { name: '运营部' }));
    await user.click(within(search).getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(calls.list.at(-1)?.get('deptId')).toBe('41'));
  });

  it('creates a user: both passwords must match, the trees send comma-joined ids, the birthday a datetime', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('op1');
    await user.click(screen.getByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/登录账号/), 'newbie');
    await user.type(within(dialog).getByLabelText(/^\*?\s*密码/), 'secret1');
    await user.type(within(dialog).getByLabelText(/确认密码/), 'secret2');
    await user.type(within(dialog).getByLabelText(/用户昵称/), '新人');
    await user.type(within(dialog).getByLabelText(/用户姓名/), '张三');
    await user.click(await within(dialog).findByRole('combobox', { name: /所属角色/ }));
    const roles = await screen.findByRole('tree');
    await user.click(roles.querySelector('[data-slot=tree-select-toggle]') as Element);
    await user.click(within(roles).getByRole('treeitem', { name: '运营' }));
    await user.keyboard('{Escape}');
    await user.click(within(dialog).getByRole('combobox', { name: /所属部门/ }));
    const depts = await screen.findByRole('tree');
    await user.click(depts.querySelector('[data-slot=tree-select-toggle]') as Element);
    await user.click(within(depts).getByRole('treeitem', { name: '运营部' }));
    await user.keyboard('{Escape}');
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('两次输入密码不一致!')).toBeInTheDocument();
    expect(calls.submit).toEqual([]);

    const confirm = within(dialog).getByLabelText(/确认密码/);
    await user.clear(confirm);
    await user.type(confirm, 'secret1');
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(calls.submit).toHaveLength(1));
    expect(calls.submit[0]).toMatchObject({
      account: 'newbie',
      password: 'secret1',
      password2: 'secret1',
      name: '新人',
      realName: '张三',
      userType: 1,
      roleId: '31',
      deptId: '41',
      birthday: '',
    });
    expect(calls.submit[0]).not.toHaveProperty('id');
  });

  it('edits through submit with the id, without the password fields', async () => {
    const user = userEvent.setup();
    renderPage();
    const row = await screen.findByRole('row', { name: /op2/ });
    await user.click(within(row).getByRole('button', { name: '编辑' }));
    const dialog = await screen.findByRole('dialog');
    const name = within(dialog).getByLabelText(/用户昵称/);
    await waitFor(() => expect(name).toHaveValue('运营2'));
    expect(within(dialog).queryByLabelText(/确认密码/)).toBeNull();
    await user.clear(name);
    await user.type(name, '客服组长');
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    // submit with an id updates, leaving the password as it is (user.yaml userSubmit)
    await waitFor(() => expect(calls.submit).toHaveLength(1));
    expect(calls.submit[0]).toMatchObject({
      id: '902',
      name: '客服组长',
      roleId: '32',
      deptId: '41',
      birthday: '1990-05-06 00:00:00',
    });
    expect(calls.submit[0]).not.toHaveProperty('password');
    // nor the names, figures and audit columns of the detail
    expect(calls.submit[0]).not.toHaveProperty('roleName');
    expect(calls.submit[0]).not.toHaveProperty('createTime');
    expect(calls.update).toEqual([]);
  });

  it('resets the selected users’ passwords and unlocks them, each after a question', async () => {
    const user = userEvent.setup();
    renderPage();
    const reset = await screen.findByRole('button', { name: '密码重置' });
    expect(reset).toBeDisabled();
    await user.click(within(await screen.findByRole('row', { name: /op1/ })).getByRole('checkbox'));
    await user.click(within(screen.getByRole('row', { name: /op2/ })).getByRole('checkbox'));
    await user.click(reset);
    const ask = await screen.findByRole('alertdialog');
    expect(ask).toHaveTextContent('确定将选择的 2 个账号的密码重置为初始密码?');
    await user.click(within(ask).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(calls.reset).toEqual(['901,902']));
    expect(await screen.findByText('密码重置成功')).toBeInTheDocument();

    await user.click(within(screen.getByRole('row', { name: /op1/ })).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: '账号解封' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(calls.unlock).toHaveLength(1));
  });

  it('disables the selected users after a question and enables them at once; the list shows each status', async () => {
    rows = [person(1), person(2, { status: 2 }), person(3, { status: 0 })];
    const user = userEvent.setup();
    renderPage();
    // the labels come with the dictionary, read after the rows
    expect(
      await within(await screen.findByRole('row', { name: /op2/ })).findByText('停用'),
    ).toBeInTheDocument();
    expect(await within(screen.getByRole('row', { name: /op3/ })).findByText('待审核')).toBeInTheDocument();
    const disable = screen.getByRole('button', { name: '停用' });
    expect(disable).toBeDisabled();
    await user.click(within(screen.getByRole('row', { name: /op1/ })).getByRole('checkbox'));
    await user.click(disable);
    const ask = await screen.findByRole('alertdialog');
    expect(ask).toHaveTextContent('确定停用选择的 1 个账号?');
    await user.click(within(ask).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(calls.status).toEqual(['901:2']));
    expect(await screen.findByText('账号停用成功')).toBeInTheDocument();

    await user.click(within(screen.getByRole('row', { name: /op2/ })).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: '启用' }));
    await waitFor(() => expect(calls.status).toEqual(['901:2', '902:1']));
    expect(await screen.findByText('账号启用成功')).toBeInTheDocument();
  });

  it('edits one user’s platform extension, checked as JSON before it is sent', async () => {
    const user = userEvent.setup();
    renderPage();
    const row = await screen.findByRole('row', { name: /op2/ });
    await user.click(within(row).getByRole('button', { name: '平台配置' }));
    const dialog = await screen.findByRole('dialog', { name: '平台配置' });
    const ext = await within(dialog).findByRole('textbox', { name: '用户拓展' });
    expect(ext).toHaveValue('{"theme":"dark"}');
    await user.clear(ext);
    await user.type(ext, 'not json');
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('用户拓展信息须为 JSON')).toBeInTheDocument();
    expect(calls.platform).toEqual([]);
    await user.clear(ext);
    await user.type(ext, '{{"lang":"zh"}');
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(calls.platform).toEqual(['902:1:{"lang":"zh"}']));
    expect(await screen.findByText('平台配置成功')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('gives the selected users exactly the checked roles', async () => {
    const user = userEvent.setup();
    renderPage();
    const grant = await screen.findByRole('button', { name: '角色配置' });
    expect(grant).toBeDisabled();
    await user.click(within(await screen.findByRole('row', { name: /op1/ })).getByRole('checkbox'));
    await user.click(grant);
    const dialog = await screen.findByRole('dialog', { name: '角色配置' });
    expect(dialog).toHaveTextContent('选择的 1 个账号的角色将改为勾选的角色');
    const save = within(dialog).getByRole('button', { name: '保存' });
    expect(save).toBeDisabled();
    const tree = await within(dialog).findByRole('tree', { name: '所属角色' });
    // (a click on the row's text, as a pointer lands on it)
    await user.click(within(within(tree).getByRole('treeitem', { name: '客服' })).getByText('客服'));
    await user.click(save);
    await waitFor(() => expect(calls.grant).toEqual(['901:32']));
    expect(await screen.findByText('角色配置成功')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows neither action to whoever may not edit users', async () => {
    renderPage((code) => code !== 'user_edit');
    await screen.findByText('op1');
    expect(screen.queryByRole('button', { name: '密码重置' })).toBeNull();
    expect(screen.queryByRole('button', { name: '账号解封' })).toBeNull();
    expect(screen.queryByRole('button', { name: '角色配置' })).toBeNull();
    expect(screen.queryByRole('button', { name: '停用' })).toBeNull();
    expect(screen.queryByRole('button', { name: '平台配置' })).toBeNull();
  });

  it('sends a date-only birthday as midnight of that day', () => {
    expect(birthdayOut('2000-02-29')).toBe('2000-02-29 00:00:00');
    expect(birthdayOut('1990-05-06 00:00:00')).toBe('1990-05-06 00:00:00');
    expect(birthdayOut('')).toBe('');
  });
});
