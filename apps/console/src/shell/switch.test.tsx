import type { TokenResult } from '@smart/api-sdk';
import { configureWebsite, getSession, resetWebsite, updateSession } from '@smart/auth';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithShell, setupMswServer } from '../test-utils/providers';
import { SwitchDeptRoleDialog } from './SwitchDeptRoleDialog';
import { TopBar } from './TopBar';

vi.mock('./toaster-host', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn(), ensureToaster: vi.fn() }));

const ok = <T,>(data: T) => HttpResponse.json({ code: 200, success: true, msg: '', data });
let refreshHeaders: { dept: string | null; role: string | null }[] = [];

setupMswServer(
  http.get('*/api/smart-auth/oauth/user-info', () =>
    ok({ userName: 'admin', avatar: '', expireTime: '', power: 1, balance: 2 }),
  ),
  http.get('*/api/smart-system/menu/top-menu', () => ok([])),
  http.get('*/api/smart-system/dept/select', () => ok([{ id: '11', deptName: '研发部' }])),
  http.get('*/api/smart-system/role/select', () => ok([{ id: '22', roleName: '管理员' }])),
  http.post('*/api/smart-auth/oauth/token/refresh', ({ request }) => {
    refreshHeaders.push({ dept: request.headers.get('Dept-Id'), role: request.headers.get('Role-Id') });
    return HttpResponse.json({
      access_token: 'new-token',
      refresh_token: 'new-refresh',
      tenant_id: '000000',
    });
  }),
);

const login = { user_id: '1', dept_id: '', role_id: '', account: 'admin', user_name: 'admin' } as TokenResult;

beforeEach(() => {
  refreshHeaders = [];
  updateSession({ token: 't', refreshToken: 'r', userInfo: login, deptId: '', roleId: '' });
});
afterEach(() => resetWebsite());

async function openUserMenu() {
  const user = userEvent.setup();
  renderWithShell(
    <TopBar
      collapsed={false}
      onToggle={() => undefined}
      items={[]}
      topMenuId=""
      onTopMenu={() => undefined}
    />,
    { path: '/wel/index' },
  );
  await user.click(screen.getByTestId('user-menu'));
  await screen.findByRole('menuitem', { name: '退出登录' });
  return user;
}

describe('avatar dropdown', () => {
  it('offers dashboard, user info and log out, and no switch entry while switch mode is off', async () => {
    await openUserMenu();
    expect(screen.getByRole('menuitem', { name: '控制台' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: '个人信息' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: '切换部门/角色' })).not.toBeInTheDocument();
  });

  it('user info goes to /info/index', async () => {
    const user = await openUserMenu();
    await user.click(screen.getByRole('menuitem', { name: '个人信息' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/info/index'));
  });

  it('offers switch department/role when switch mode is on, and opens its dialog', async () => {
    configureWebsite({ switchMode: true });
    const user = await openUserMenu();
    await user.click(screen.getByRole('menuitem', { name: '切换部门/角色' }));
    expect(await screen.findByRole('dialog', { name: '切换部门/角色' })).toBeInTheDocument();
  });
});

describe('switch department/role dialog', () => {
  it('requires both, with the spec messages', async () => {
    const user = userEvent.setup();
    renderWithShell(<SwitchDeptRoleDialog open onOpenChange={() => undefined} />);
    await user.click(await screen.findByTestId('switch-submit'));
    expect(await screen.findByText('请选择部门')).toBeInTheDocument();
    expect(screen.getByText('请选择角色')).toBeInTheDocument();
    expect(refreshHeaders).toHaveLength(0);
  });

  it('sends Dept-Id and Role-Id and refreshes the token', async () => {
    updateSession({ userInfo: { ...login, dept_id: '11', role_id: '22' } });
    const user = userEvent.setup();
    const closed = vi.fn();
    renderWithShell(<SwitchDeptRoleDialog open onOpenChange={closed} />);
    await user.click(await screen.findByTestId('switch-submit'));
    await waitFor(() => expect(refreshHeaders).toEqual([{ dept: '11', role: '22' }]));
    await waitFor(() => expect(closed).toHaveBeenCalledWith(false));
    expect(getSession()).toMatchObject({ deptId: '11', roleId: '22', token: 'new-token' });
  });
});
