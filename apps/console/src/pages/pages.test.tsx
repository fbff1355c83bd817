import { hydrateSession, lock } from '@smart/auth';
import { ConfirmProvider, UiLocaleProvider } from '@smart/ui';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../i18n';
import { tabActions } from '../shell/tab-store';
import { features } from '../features';
import { createViews, isIframePath } from '../shell/views';
import ErrorPage from './ErrorPage';
import IframePage, { safeFrameSrc } from './IframePage';
import LockPage from './LockPage';

const toasts = vi.hoisted(() => ({ error: vi.fn() }));
vi.mock('../shell/toaster-host', () => ({
  notifyError: (m: string) => Promise.resolve(toasts.error(m)),
  notifySuccess: () => Promise.resolve(),
  ensureToaster: () => Promise.resolve(),
  ToasterHost: () => null,
}));

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname}</output>;
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  hydrateSession();
  tabActions.reset();
  toasts.error.mockReset();
  setLanguage('zh');
});

describe('lock page', () => {
  const renderLock = () =>
    render(
      <MemoryRouter initialEntries={['/lock']}>
        <UiLocaleProvider locale="zh">
          <ConfirmProvider>
            <Routes>
              <Route path="/lock" element={<LockPage />} />
              <Route path="*" element={<Where />} />
            </Routes>
          </ConfirmProvider>
        </UiLocaleProvider>
      </MemoryRouter>,
    );

  it('a wrong password says so and stays locked; the right one unlocks and returns to the tab', async () => {
    const user = userEvent.setup();
    await lock('open-sesame');
    renderLock();
    const input = screen.getByLabelText('锁屏密码');
    await user.type(input, 'wrong');
    await user.click(screen.getByRole('button', { name: '解锁' }));
    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith('解锁密码错误,请重新输入'));
    expect(input).toHaveValue('');
    await user.type(input, 'open-sesame');
    await user.keyboard('{Enter}');
    expect(await screen.findByTestId('where')).toHaveTextContent('/wel/index');
  });
});

describe('error pages and titles', () => {
  it.each([
    [403, '抱歉,你无权访问该页面'],
    [404, '抱歉,你访问的页面不存在'],
    [500, '抱歉,服务器出错了'],
  ] as const)('%i shows its text, a way home and a title', (code, text) => {
    render(
      <MemoryRouter>
        <ErrorPage code={code} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: text })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '返回首页' })).toHaveAttribute('href', '/');
    expect(document.title).toBe(`${code}-Smart 运营控制台`);
  });

  it('the title follows the language', async () => {
    render(
      <MemoryRouter>
        <ErrorPage code={404} />
      </MemoryRouter>,
    );
    setLanguage('en');
    await waitFor(() => expect(document.title).toBe('404-Smart Console'));
    setLanguage('zh');
    await waitFor(() => expect(document.title).toBe('404-Smart 运营控制台'));
  });
});

describe('embedded page (/myiframe)', () => {
  it('every /myiframe/{routerPath} is the embedded page', () => {
    expect(isIframePath('/myiframe/urlPath')).toBe(true);
    const { resolveView } = createViews(features);
    expect(resolveView('/myiframe/anything')).toEqual({ kind: 'iframe' });
    expect(isIframePath('/myiframe/')).toBe(false);
    expect(resolveView('/nope')).toBeUndefined();
  });

  it('embeds only http(s) addresses', () => {
    expect(safeFrameSrc('https://example.org/a?b=1')).toBe('https://example.org/a?b=1');
    expect(safeFrameSrc('javascript:alert(1)')).toBeUndefined();
    expect(safeFrameSrc('not a url')).toBeUndefined();
    expect(safeFrameSrc(undefined)).toBeUndefined();
    render(<IframePage src="https://example.org/" title="Docs" />);
    expect(screen.getByTitle('Docs')).toHaveAttribute('src', 'https://example.org/');
  });

  it('says so instead of embedding a bad address', () => {
    render(<IframePage src="javascript:alert(1)" title="Bad" />);
    expect(screen.getByRole('alert')).toHaveTextContent('无效的页面地址');
    expect(screen.queryByTitle('Bad')).toBeNull();
  });
});
