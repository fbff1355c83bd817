import type * as Sdk from '@smart/api-sdk';
import { hydrateSession } from '@smart/auth';
import { UiLocaleProvider, ConfirmProvider, TooltipProvider } from '@smart/ui';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import '../i18n';
import { errorLog, recordError } from './error-log';
import { ErrorLogButton } from './ErrorLogButton';
import { LockButton, useLockScreen } from './LockButton';
import { normaliseMenu, type ServerMenu } from './menu';
import { MenuAutocomplete } from './MenuAutocomplete';
import { MenuSearch } from './MenuSearch';
import { tabActions } from './tab-store';
import { TabStrip } from './TabStrip';
import { TabViews } from './TabViews';
import { StableNavigateProvider } from './navigate';

const sdk = vi.hoisted(() => ({ oauthSendLogs: vi.fn() }));
vi.mock('@smart/api-sdk', async (original) => ({
  ...(await original<typeof Sdk>()),
  oauthSendLogs: sdk.oauthSendLogs,
}));
const toasts = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('./toaster-host', () => ({
  notifySuccess: (m: string) => Promise.resolve(toasts.success(m)),
  notifyError: (m: string) => Promise.resolve(toasts.error(m)),
  ensureToaster: () => Promise.resolve(),
  ToasterHost: () => null,
}));

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

function wrap(ui: ReactNode, at = '/wel/index') {
  return render(
    <MemoryRouter initialEntries={[at]}>
      <UiLocaleProvider locale="zh">
        <TooltipProvider>
          <ConfirmProvider>
            <StableNavigateProvider>{ui}</StableNavigateProvider>
            <Where />
          </ConfirmProvider>
        </TooltipProvider>
      </UiLocaleProvider>
    </MemoryRouter>,
  );
}

const where = () => screen.getByTestId('where').textContent;

const m = (over: Partial<ServerMenu> & { id: string; path: string }): ServerMenu => ({
  code: over.id,
  name: over.id,
  source: '',
  isOpen: 1,
  ...over,
});
const items = normaliseMenu([
  m({
    id: 'system',
    name: '系统管理',
    path: '/system',
    children: [
      m({ id: 'param', name: '参数管理', path: '/system/param' }),
      m({ id: 'user', name: 'User admin', path: '/system/user' }),
      m({ id: 'usual', name: 'usual log', path: '/system/usual' }),
    ],
  }),
  m({ id: 'docs', name: 'Docs', path: 'https://example.org/docs', isOpen: 2 }),
]);

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  hydrateSession();
  errorLog.reload();
  tabActions.reset();
  toasts.success.mockReset();
  sdk.oauthSendLogs.mockReset();
});

describe('tab pages', () => {
  function Counter({ name }: { name: string }) {
    const [n, setN] = useState(0);
    return (
      <button type="button" onClick={() => setN(n + 1)}>
        {name}: {n}
      </button>
    );
  }
  const tabs = ['/a', '/b'].map((value) => ({
    label: value,
    value,
    params: {},
    query: {},
    meta: {},
    group: [],
    close: true,
  }));
  const renderTab = (tab: { value: string }) => <Counter name={tab.value} />;

  it('a tab keeps its page state while another is shown', async () => {
    const user = userEvent.setup();
    const view = render(<TabViews tabs={tabs} current="/a" render={renderTab} />);
    await user.click(screen.getByRole('button', { name: '/a: 0' }));
    await user.click(screen.getByRole('button', { name: '/a: 1' }));
    view.rerender(<TabViews tabs={tabs} current="/b" render={renderTab} />);
    expect(screen.getByRole('button', { name: '/b: 0' })).toBeVisible();
    expect(screen.queryByRole('button', { name: '/a: 2' })).toBeNull(); // hidden, not gone
    view.rerender(<TabViews tabs={tabs} current="/a" render={renderTab} />);
    expect(screen.getByRole('button', { name: '/a: 2' })).toBeVisible();
  });

  it('refresh (a new version) remounts that tab only', async () => {
    const user = userEvent.setup();
    const view = render(<TabViews tabs={tabs} current="/a" render={renderTab} />);
    await user.click(screen.getByRole('button', { name: '/a: 0' }));
    view.rerender(<TabViews tabs={tabs} current="/a" render={renderTab} versions={{ '/a': 1 }} />);
    expect(screen.getByRole('button', { name: '/a: 0' })).toBeVisible();
  });
});

describe('tab strip menus', () => {
  const open = (value: string, label: string) =>
    tabActions.open({ label, value, params: {}, query: {}, meta: {}, group: [], close: true });

  function Strip(props: { onClearCache?: () => void; onSearch?: () => void; onRefresh?: () => void }) {
    const [state, setState] = useState(tabActions.get());
    return (
      <div
        onClickCapture={() => setTimeout(() => setState(tabActions.get()))}
        onKeyDownCapture={() => setTimeout(() => setState(tabActions.get()))}
      >
        <TabStrip
          tabs={state.tabs}
          active={state.active}
          onRefresh={props.onRefresh ?? (() => {})}
          onClearCache={props.onClearCache ?? (() => {})}
          onSearch={props.onSearch ?? (() => {})}
        />
      </div>
    );
  }

  it('right click on a tab offers the commands; close others keeps home and that tab and opens it', async () => {
    open('/a', 'A');
    open('/b', 'B');
    open('/c', 'C');
    wrap(<Strip />, '/c');
    const strip = screen.getByRole('navigation', { name: '已打开的页面' });
    fireEvent.contextMenu(within(strip).getByRole('button', { name: 'A' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['刷新页面', '清除缓存', '关闭', '关闭其他', '关闭全部', '搜索菜单']);
    fireEvent.click(within(menu).getByRole('menuitem', { name: '关闭其他' }));
    expect(tabActions.get().tabs.map((t) => t.value)).toEqual(['/wel/index', '/a']);
    await waitFor(() => expect(where()).toBe('/a'));
  });

  it('the home tab cannot be closed from its menu', async () => {
    open('/a', 'A');
    wrap(<Strip />, '/a');
    fireEvent.contextMenu(screen.getByRole('button', { name: '首页' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: '关闭' })).toHaveAttribute('aria-disabled', 'true');
  });

  it('close all from the dropdown goes back to the welcome tab', async () => {
    const user = userEvent.setup();
    open('/a', 'A');
    open('/b', 'B');
    wrap(<Strip />, '/b');
    await user.click(screen.getByTestId('tab-more'));
    await user.click(await screen.findByRole('menuitem', { name: '关闭全部' }));
    expect(tabActions.get().tabs.map((t) => t.value)).toEqual(['/wel/index']);
    await waitFor(() => expect(where()).toBe('/wel/index'));
  });

  it('search and clear cache from the dropdown call the shell', async () => {
    const user = userEvent.setup();
    const onSearch = vi.fn();
    const onClearCache = vi.fn();
    wrap(<Strip onSearch={onSearch} onClearCache={onClearCache} />);
    await user.click(screen.getByTestId('tab-more'));
    await user.click(await screen.findByRole('menuitem', { name: '搜索菜单' }));
    await waitFor(() => expect(onSearch).toHaveBeenCalled());
    await user.click(screen.getByTestId('tab-more'));
    await user.click(await screen.findByRole('menuitem', { name: '清除缓存' }));
    await waitFor(() => expect(onClearCache).toHaveBeenCalled());
  });

  it('clicking a tab navigates to it', async () => {
    const user = userEvent.setup();
    open('/a', 'A');
    wrap(<Strip />, '/wel/index');
    await user.click(screen.getByRole('button', { name: 'A' }));
    expect(where()).toBe('/a');
  });
});

describe('menu search', () => {
  function Overlay() {
    const [open, setOpen] = useState(true);
    return (
      <>
        <MenuSearch items={items} open={open} onOpenChange={setOpen} />
        <output data-testid="open">{String(open)}</output>
      </>
    );
  }

  it('the overlay lists leaves by name prefix; Enter opens the page and closes it', async () => {
    const user = userEvent.setup();
    wrap(<Overlay />);
    const input = await screen.findByRole('combobox');
    await user.type(input, 'US');
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['User admin', 'usual log']);
    await user.keyboard('{Enter}');
    expect(where()).toBe('/system/user');
    expect(screen.getByTestId('open').textContent).toBe('false');
  });

  it('Esc closes the overlay', async () => {
    const user = userEvent.setup();
    wrap(<Overlay />);
    await screen.findByRole('combobox');
    await user.keyboard('{Escape}');
    expect(screen.getByTestId('open').textContent).toBe('false');
  });

  it('the top-bar box completes with the same rule and opens the chosen page', async () => {
    const user = userEvent.setup();
    wrap(<MenuAutocomplete items={items} />);
    const input = screen.getByTestId('menu-autocomplete');
    await user.type(input, '参');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['参数管理']);
    await user.click(screen.getByRole('option', { name: '参数管理' }));
    expect(where()).toBe('/system/param');
    expect(input).toHaveValue('');
    await user.type(input, '管理'); // not a prefix of any leaf
    expect(screen.queryAllByRole('option')).toEqual([]);
    expect(screen.getByText('没有匹配的菜单')).toBeInTheDocument();
  });

  it('an isOpen=2 link opens a new window', async () => {
    const user = userEvent.setup();
    const openWindow = vi.spyOn(window, 'open').mockReturnValue(null);
    wrap(<MenuAutocomplete items={items} />);
    await user.type(screen.getByTestId('menu-autocomplete'), 'do');
    await user.keyboard('{Enter}');
    expect(openWindow).toHaveBeenCalledWith('https://example.org/docs', '_blank', 'noopener,noreferrer');
    expect(where()).toBe('/wel/index');
    openWindow.mockRestore();
  });
});

describe('error-log viewer', () => {
  it('shows the count on a badge capped at 99, and nothing at zero', () => {
    wrap(<ErrorLogButton />);
    expect(screen.queryByTestId('error-log-badge')).toBeNull();
    act(() => {
      for (let i = 0; i < 100; i++) recordError({ error: new Error(`e${i}`) });
    });
    expect(screen.getByTestId('error-log-badge')).toHaveTextContent('99+');
    act(() => errorLog.clear());
    act(() => recordError({ error: new Error('one') }));
    expect(screen.getByTestId('error-log-badge')).toHaveTextContent('1');
  });

  it("an operator's build shows the icon only while there are entries", () => {
    wrap(<ErrorLogButton always={false} />);
    expect(screen.queryByTestId('error-log-button')).toBeNull();
    act(() => recordError({ error: new Error('one') }));
    expect(screen.getByRole('button', { name: '1 条错误日志' })).toBeTruthy();
    act(() => errorLog.clear());
    expect(screen.queryByTestId('error-log-button')).toBeNull();
  });

  it('lists the entries in a dialog and clears them after the confirmation', async () => {
    const user = userEvent.setup();
    recordError({ error: new Error('first failure') });
    recordError({ error: new Error('second failure') });
    wrap(<ErrorLogButton />);
    await user.click(screen.getByRole('button', { name: '2 条错误日志' }));
    const dialog = await screen.findByRole('dialog', { name: '错误日志' });
    const table = within(dialog).getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['类型', '地址', '内容', '错误堆栈', '时间']);
    // Newest first.
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('second failure');
    await user.click(within(dialog).getByRole('button', { name: '清空本地日志' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent('确定清空本地日志记录?');
    await user.click(within(confirm).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(errorLog.list()).toEqual([]));
    expect(toasts.success).toHaveBeenCalledWith('清空成功!');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '错误日志' })).toBeNull());
  });

  it('uploads them with the send-logs call after the confirmation, then clears them', async () => {
    const user = userEvent.setup();
    sdk.oauthSendLogs.mockResolvedValue({});
    recordError({ error: new Error('to send'), url: 'http://x.test/p' });
    wrap(<ErrorLogButton />);
    await user.click(screen.getByRole('button', { name: '1 条错误日志' }));
    const dialog = await screen.findByRole('dialog', { name: '错误日志' });
    await user.click(within(dialog).getByRole('button', { name: '上传服务器' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent('确定上传本地日志到服务器?');
    await user.click(within(confirm).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('发送成功!'));
    expect(sdk.oauthSendLogs).toHaveBeenCalledTimes(1);
    const [sent] = sdk.oauthSendLogs.mock.calls[0] as [unknown[]];
    expect(sent).toEqual([
      expect.objectContaining({ type: 'error', message: 'to send', url: 'http://x.test/p' }),
    ]);
    expect(errorLog.list()).toEqual([]);
  });

  it('keeps the entries when the upload fails', async () => {
    const user = userEvent.setup();
    sdk.oauthSendLogs.mockRejectedValue(new Error('501'));
    recordError({ error: new Error('stays') });
    wrap(<ErrorLogButton />);
    await user.click(screen.getByRole('button', { name: '1 条错误日志' }));
    const dialog = await screen.findByRole('dialog', { name: '错误日志' });
    await user.click(within(dialog).getByRole('button', { name: '上传服务器' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(sdk.oauthSendLogs).toHaveBeenCalled());
    expect(errorLog.list()).toHaveLength(1);
    expect(toasts.success).not.toHaveBeenCalled();
  });
});

describe('lock dialog', () => {
  it('requires a lock password, then locks', async () => {
    const user = userEvent.setup();
    const { getSession } = await import('@smart/auth');
    function Lock() {
      const lockScreen = useLockScreen();
      return (
        <>
          <LockButton lockScreen={lockScreen} />
          {lockScreen.dialog}
        </>
      );
    }
    wrap(<Lock />);
    await user.click(screen.getByRole('button', { name: '锁屏' }));
    const dialog = await screen.findByRole('dialog', { name: '设置锁屏密码' });
    await user.click(within(dialog).getByRole('button', { name: '锁屏' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('锁屏密码不能为空');
    expect(getSession().isLock).toBe(false);
    await user.type(within(dialog).getByLabelText('锁屏密码'), 'secret');
    await user.click(within(dialog).getByRole('button', { name: '锁屏' }));
    await waitFor(() => expect(getSession().isLock).toBe(true));
  });
});
