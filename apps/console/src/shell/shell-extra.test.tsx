import type { TokenResult } from '@smart/api-sdk';
import { emitAuthEvent, hydrateSession, updateSession } from '@smart/auth';
import { PHONE_QUERY, TooltipProvider } from '@smart/ui';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import '../i18n';
import TestPage from '../pages/test/TestPage';
import { normaliseMenu, type ServerMenu } from './menu';
import { Sidebar } from './Sidebar';
import { tabActions } from './tab-store';
import { useSidebarCollapse } from './use-screen';
import { features } from '../features';
import { createViews } from './views';

const { resolveView } = createViews(features);

const login = {
  user_id: '1123598821738675201',
  account: 'admin',
  user_name: 'admin',
  nick_name: '管理员',
  tenant_id: '000000',
  role_name: 'administrator',
  dept_id: '1123598813738675201',
} as TokenResult;

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  hydrateSession();
  tabActions.reset();
});

describe('tabs and the session (docs/spec.md §4: login and logout reset the tabs)', () => {
  const open = (value: string) =>
    tabActions.open({ label: value, value, params: {}, query: {}, meta: {}, group: [], close: true });

  it('a login leaves only the home tab', () => {
    open('/system/param');
    open('/info/index');
    expect(tabActions.get().tabs).toHaveLength(3);
    emitAuthEvent({ type: 'login', userInfo: login });
    expect(tabActions.get().tabs.map((t) => t.value)).toEqual(['/wel/index']);
    expect(tabActions.get().tabs[0]?.label).toBe('首页');
  });

  it('a logout, remote or local, leaves only the home tab', () => {
    open('/system/param');
    emitAuthEvent({ type: 'logout', remote: true });
    expect(tabActions.get().tabs.map((t) => t.value)).toEqual(['/wel/index']);
    open('/pay/pay');
    emitAuthEvent({ type: 'logout', remote: false });
    expect(tabActions.get().tabs.map((t) => t.value)).toEqual(['/wel/index']);
  });

  it('the reset is kept in session storage (a reload does not bring the old tabs back)', () => {
    open('/system/param');
    emitAuthEvent({ type: 'logout', remote: true });
    expect(sessionStorage.getItem('saber-tagList')).not.toContain('/system/param');
  });
});

describe('sidebar on a small screen (docs/spec.md §2: choosing an item collapses the menu)', () => {
  const m = (id: string, path: string, children?: ServerMenu[]): ServerMenu => ({
    id,
    code: id,
    name: id,
    path,
    source: '',
    isOpen: 1,
    ...(children ? { children } : {}),
  });
  const items = normaliseMenu([m('系统管理', '/system', [m('参数管理', '/system/param')])]);

  function Layout() {
    const { collapsed, toggle, onNavigate } = useSidebarCollapse();
    return (
      <>
        <button type="button" onClick={toggle}>
          toggle
        </button>
        <Sidebar
          items={items}
          collapsed={collapsed}
          activePath="/wel/index"
          loading={false}
          onNavigate={onNavigate}
        />
      </>
    );
  }

  const width = window.innerWidth;
  afterEach(() => {
    window.innerWidth = width;
  });

  function renderAt(innerWidth: number) {
    window.innerWidth = innerWidth;
    render(
      <MemoryRouter>
        <TooltipProvider>
          <Layout />
        </TooltipProvider>
      </MemoryRouter>,
    );
    return document.querySelector('aside[data-collapsed]');
  }

  async function chooseParam(user: ReturnType<typeof userEvent.setup>) {
    await user.click(screen.getByRole('button', { name: '系统管理' }));
    await user.click(screen.getByRole('link', { name: '参数管理' }));
  }

  it('below 992 px it starts collapsed, and collapses again after an item was chosen', async () => {
    const user = userEvent.setup();
    const aside = renderAt(800);
    expect(aside).toHaveAttribute('data-collapsed', 'true');
    await user.click(screen.getByRole('button', { name: 'toggle' }));
    expect(aside).toHaveAttribute('data-collapsed', 'false');
    await chooseParam(user);
    expect(aside).toHaveAttribute('data-collapsed', 'true');
  });

  it('on a phone the menu is a drawer over the page: hidden until opened, closed by Escape, the backdrop or a choice', async () => {
    const phone = (query: string) =>
      ({
        matches: query === PHONE_QUERY,
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList;
    const matchMedia = window.matchMedia;
    window.matchMedia = phone;
    try {
      const user = userEvent.setup();
      const aside = renderAt(390)!;
      expect(aside).toHaveAttribute('data-collapsed', 'true');
      expect(aside).toHaveClass('hidden');
      await user.click(screen.getByRole('button', { name: 'toggle' }));
      expect(aside).toHaveAttribute('data-drawer', 'true');
      expect(aside).toHaveClass('fixed');
      await user.keyboard('{Escape}');
      expect(aside).toHaveAttribute('data-collapsed', 'true');
      await user.click(screen.getByRole('button', { name: 'toggle' }));
      await user.click(document.querySelector('[data-slot="sidebar-backdrop"]')!);
      expect(aside).toHaveAttribute('data-collapsed', 'true');
      await user.click(screen.getByRole('button', { name: 'toggle' }));
      await chooseParam(user);
      expect(aside).toHaveAttribute('data-collapsed', 'true');
      expect(document.querySelector('[data-slot="sidebar-backdrop"]')).toBeNull();
    } finally {
      window.matchMedia = matchMedia;
    }
  });

  it('on a large screen choosing an item leaves the menu open', async () => {
    const user = userEvent.setup();
    const aside = renderAt(1280);
    expect(aside).toHaveAttribute('data-collapsed', 'false');
    await chooseParam(user);
    expect(aside).toHaveAttribute('data-collapsed', 'false');
  });
});

describe('feature routes outside the server menu', () => {
  it('the dictionary pages of docs/spec.md §2 get the tab labels their feature names', () => {
    expect(resolveView('/dict-horizontal/index')).toMatchObject({ labelKey: 'system.dict.horizontalTitle' });
    expect(resolveView('/dict-vertical/index')).toMatchObject({ labelKey: 'system.dict.verticalTitle' });
    // Menu pages take the menu's name.
    expect(resolveView('/system/param')).not.toHaveProperty('labelKey');
  });
});

describe('/test/index (docs/spec.md §2)', () => {
  it('is a page of the layout with its own tab label', () => {
    const view = resolveView('/test/index');
    expect(view).toMatchObject({ kind: 'page', labelKey: 'route.test' });
  });

  it('shows who is signed in and the granted button permissions, never the token', async () => {
    updateSession({
      token: 'secret-access-token',
      userInfo: { ...login, access_token: 'secret-access-token' },
      permission: { param_delete: true, param_add: true },
    });
    render(<TestPage />);
    const page = await screen.findByTestId('session-check');
    expect(page).toHaveTextContent('admin');
    expect(page).toHaveTextContent('000000');
    expect(page).toHaveTextContent('administrator');
    expect(screen.getByRole('list', { name: '按钮权限' })).toHaveTextContent('param_addparam_delete');
    expect(page).toHaveTextContent('共 2 项');
    expect(page).not.toHaveTextContent('secret-access-token');
  });

  it('says so when the account has no button permissions', async () => {
    updateSession({ token: 't', userInfo: login, permission: {} });
    render(<TestPage />);
    await waitFor(() => expect(screen.getByText('当前账号没有按钮权限')).toBeInTheDocument());
  });
});
