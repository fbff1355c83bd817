import type { TokenResult } from '@smart/api-sdk';
import { updateSession } from '@smart/auth';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithShell, setupMswServer } from '../test-utils/providers';
import { TopBar } from './TopBar';
import { TopMenu, useMenus } from './TopMenu';

vi.mock('./toaster-host', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn(), ensureToaster: vi.fn() }));

const ok = <T,>(data: T) => HttpResponse.json({ code: 200, success: true, msg: '', data });
let topMenus: { id: string; name: string; source: string }[] = [];

setupMswServer(
  http.get('*/api/smart-auth/oauth/user-info', () =>
    ok({ userName: 'admin', avatar: '', expireTime: '2030-12-31', power: 120, balance: 8.5 }),
  ),
  http.get('*/api/smart-system/menu/top-menu', () => ok(topMenus)),
);

beforeEach(() => {
  topMenus = [];
  updateSession({
    token: 't',
    userInfo: { user_id: '1', account: 'admin', user_name: 'admin' } as TokenResult,
  });
});

const bar = (topMenuId = '', onTopMenu: (id: string) => void = () => undefined) =>
  renderWithShell(
    <TopBar
      collapsed={false}
      onToggle={() => undefined}
      items={[]}
      topMenuId={topMenuId}
      onTopMenu={onTopMenu}
    />,
    { path: '/wel/index' },
  );

describe('top-bar figures', () => {
  it('show expiry, power and balance, and lead to /pay/pay', async () => {
    const user = userEvent.setup();
    bar();
    const figures = screen.getByTestId('account-figures');
    await waitFor(() => expect(figures).toHaveTextContent('2030-12-31'));
    expect(figures).toHaveTextContent('算力: 120 次');
    expect(figures).toHaveTextContent('余额: 8.5 元');
    expect(figures).toHaveAttribute('href', '/pay/pay');
    await user.click(figures);
    expect(screen.getByTestId('location')).toHaveTextContent('/pay/pay');
  });
});

describe('top menu (docs/spec.md §2: optional)', () => {
  it('is not shown when the server has no top menus', async () => {
    bar();
    await waitFor(() => expect(screen.getByTestId('account-figures')).toHaveTextContent('2030-12-31'));
    expect(screen.queryByRole('navigation', { name: '顶部菜单' })).not.toBeInTheDocument();
  });

  it('shows home and the top menus; choosing one passes its id, the chosen one is pressed', async () => {
    topMenus = [
      { id: '7', name: '工作台', source: 'dashboard' },
      { id: '8', name: '运营', source: '' },
    ];
    const user = userEvent.setup();
    const chosen = vi.fn();
    bar('7', chosen);
    const nav = await screen.findByRole('navigation', { name: '顶部菜单' });
    const buttons = screen.getAllByTestId('top-menu-item');
    expect(buttons.map((b) => b.textContent)).toEqual(['首页', '工作台', '运营']);
    expect(nav.querySelector('[aria-pressed="true"]')).toHaveTextContent('工作台');
    await user.click(screen.getByRole('button', { name: '运营' }));
    expect(chosen).toHaveBeenLastCalledWith('8');
    await user.click(screen.getByRole('button', { name: '首页' }));
    expect(chosen).toHaveBeenLastCalledWith('');
  });

  it('a failure to load the top menus leaves the bar without them', async () => {
    renderWithShell(
      <TopMenu active="" onSelect={() => undefined} load={() => Promise.reject(new Error('x'))} />,
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });
});

describe('the sidebar menu of a top menu', () => {
  function wrapper(client: QueryClient) {
    return ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
  }

  it('loads menu/routes with the topMenuId under its own query key; the whole menu stays for the rest', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const load = vi.fn(async (topMenuId?: string) => [{ id: topMenuId ?? 'all' }]);
    const { result, rerender } = renderHook(({ id }) => useMenus(id, load), {
      wrapper: wrapper(client),
      initialProps: { id: '' },
    });
    await waitFor(() => expect(result.current.sidebar.data).toEqual([{ id: 'all' }]));
    expect(load).toHaveBeenCalledTimes(1);
    expect(load).toHaveBeenCalledWith();

    rerender({ id: '7' });
    await waitFor(() => expect(result.current.sidebar.data).toEqual([{ id: '7' }]));
    expect(load).toHaveBeenLastCalledWith('7');
    expect(result.current.all.data).toEqual([{ id: 'all' }]);
    expect(client.getQueryData(['menu-routes', '7'])).toEqual([{ id: '7' }]);
    expect(client.getQueryData(['menu-routes', ''])).toEqual([{ id: 'all' }]);

    rerender({ id: '' });
    expect(result.current.sidebar.data).toEqual([{ id: 'all' }]);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
