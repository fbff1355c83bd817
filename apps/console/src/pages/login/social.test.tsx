import { configureHttp } from '@smart/api-sdk';
import { getSession } from '@smart/auth';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { routeMeta } from '../../shell/route-meta';
import { renderWithShell, setupMswServer } from '../../test-utils/providers';
import SocialCallbackPage from './SocialCallbackPage';

vi.mock('../../shell/toaster-host', () => ({
  notifyError: vi.fn(),
  notifySuccess: vi.fn(),
  ensureToaster: vi.fn(),
}));

let grants: URLSearchParams[] = [];
let guestCalls: { query: URLSearchParams; token: string | null }[] = [];
let bound = false;

setupMswServer(
  http.post('*/api/smart-auth/oauth/token', ({ request }) => {
    grants.push(new URL(request.url).searchParams);
    return HttpResponse.json({
      access_token: bound ? 'user-token' : 'guest-token',
      refresh_token: 'r',
      token_type: 'bearer',
      expires_in: 3600,
      tenant_id: '000000',
      user_id: bound ? '1123598821738675201' : '0',
      user_name: 'octocat',
      nick_name: 'octocat',
      account: 'octocat',
      role_name: bound ? 'administrator' : 'guest',
      role_id: '',
      dept_id: '',
      oauth_id: '1123598832738675201',
      avatar: '',
    });
  }),
  http.get('*/api/smart-system/dict/dictionary', () =>
    HttpResponse.json({ code: 200, success: true, msg: '', data: [] }),
  ),
  http.post('*/api/smart-user/register-guest', ({ request }) => {
    guestCalls.push({ query: new URL(request.url).searchParams, token: request.headers.get('Smart-Auth') });
    return HttpResponse.json({ code: 200, success: true, msg: '操作成功', data: {} });
  }),
  http.get('*/api/smart-auth/oauth/logout', () => HttpResponse.json({ success: true })),
);

beforeEach(() => {
  configureHttp({ getToken: () => getSession().token });
  grants = [];
  guestCalls = [];
  bound = false;
});

const at = '/oauth/callback/github?code=9b7c4f1e2d3a&state=9c1e';

describe('third-party sign-in callback', () => {
  it('is a public route', () => {
    expect(routeMeta('/oauth/callback/github')).toMatchObject({ isAuth: false, isTab: false });
  });

  it('runs the social grant and goes home for a bound account', async () => {
    bound = true;
    renderWithShell(<SocialCallbackPage />, { path: at, route: '/oauth/callback/:source' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/wel/index'));
    expect(grants[0]?.get('grant_type')).toBe('social');
    expect(grants[0]?.get('source')).toBe('github');
    expect(grants[0]?.get('code')).toBe('9b7c4f1e2d3a');
    expect(grants[0]?.get('state')).toBe('9c1e');
    expect(getSession().token).toBe('user-token');
  });

  it('lets an unbound (guest) account register with register-guest, then logs out to /login', async () => {
    const user = userEvent.setup();
    renderWithShell(<SocialCallbackPage />, { path: at, route: '/oauth/callback/:source' });
    expect(await screen.findByRole('dialog', { name: '账号注册' })).toBeInTheDocument();
    expect(screen.getByLabelText('账号名称')).toHaveValue('octocat');
    expect(screen.getByLabelText('用户姓名')).toHaveValue('octocat');
    expect(screen.queryByRole('button', { name: '取消' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: '账号注册' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('账号密码'), '123456');
    await user.type(screen.getByLabelText('确认密码'), '123456');
    await user.click(screen.getByRole('button', { name: '提交' }));
    expect(await screen.findByText('注册申请已提交,请耐心等待管理员通过!')).toBeInTheDocument();
    expect(guestCalls).toHaveLength(1);
    expect(Object.fromEntries(guestCalls[0]!.query)).toEqual({
      tenantId: '000000',
      name: 'octocat',
      account: 'octocat',
      password: '123456',
      oauthId: '1123598832738675201',
    });
    expect(guestCalls[0]?.token).toBe('bearer guest-token');
    await user.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
    expect(getSession().token).toBe('');
  }, 20_000);

  it('without a code it says the sign-in failed', async () => {
    renderWithShell(<SocialCallbackPage />, {
      path: '/oauth/callback/github',
      route: '/oauth/callback/:source',
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('第三方登录失败');
    expect(grants).toHaveLength(0);
  });
});
