import { configureWebsite, resetWebsite } from '@smart/auth';
import { screen, within, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithShell, setupMswServer } from '../../test-utils/providers';
import LoginPage from '../LoginPage';
import { socialRenderUrl } from './SocialButtons';

vi.mock('../../shell/toaster-host', () => ({
  notifyError: vi.fn(),
  notifySuccess: vi.fn(),
  ensureToaster: vi.fn(),
}));
// A submit starts downloading the shell and every feature (shell/preload.ts) and nothing awaits it: when the file's
// tests end first, vitest fails the run on an import after the environment's teardown (seen once the SDK was bundled
// and the tests got faster). The form under test never needs the shell.
const preload = vi.hoisted(() => ({ preloadShell: vi.fn() }));
vi.mock('../../shell/preload', () => preload);

const KEYS = [
  '0f5c2f8a6f0b4c1e9d3a7b6c5d4e3f21',
  '1f5c2f8a6f0b4c1e9d3a7b6c5d4e3f22',
  '2f5c2f8a6f0b4c1e9d3a7b6c5d4e3f23',
];
let served = 0;
let tokenCalls: { grant: string | null; key: string | null; code: string | null }[] = [];

setupMswServer(
  http.get('*/api/smart-auth/oauth/captcha', () => {
    const key = KEYS[served % KEYS.length]!;
    served++;
    return HttpResponse.json({ key, image: `data:image/png;base64,${key}` });
  }),
  http.post('*/api/smart-auth/oauth/token', ({ request }) => {
    tokenCalls.push({
      grant: new URL(request.url).searchParams.get('grant_type'),
      key: request.headers.get('Captcha-Key'),
      code: request.headers.get('Captcha-Code'),
    });
    return HttpResponse.json({ error: 'invalid_grant', error_description: '验证码不正确' }, { status: 400 });
  }),
);

beforeEach(() => {
  served = 0;
  tokenCalls = [];
});
afterEach(() => resetWebsite());

const image = () => screen.getByTestId('captcha-image').querySelector('img')?.getAttribute('src');

describe('login captcha mode', () => {
  it('is off by default: no captcha field, no captcha request', async () => {
    renderWithShell(<LoginPage />, { path: '/login' });
    expect(await screen.findByLabelText('账号')).toBeInTheDocument();
    expect(screen.queryByLabelText('验证码')).not.toBeInTheDocument();
    expect(served).toBe(0);
    // Spec §2: the page part of the title is '登录'; the site title follows, as on every page (upstream vue2).
    expect(document.title).toBe('登录-Smart 运营控制台');
  });

  it('sends the key and code as headers, and shows a new picture after a failed login', async () => {
    configureWebsite({ captchaMode: true });
    const user = userEvent.setup();
    renderWithShell(<LoginPage />, { path: '/login' });
    await waitFor(() => expect(image()).toBe(`data:image/png;base64,${KEYS[0]}`));
    await user.type(screen.getByLabelText('账号'), 'admin');
    await user.type(screen.getByLabelText('密码'), 'admin');
    await user.type(screen.getByLabelText('验证码'), 'x7k2p');
    await user.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(tokenCalls).toHaveLength(1));
    expect(tokenCalls[0]).toEqual({ grant: 'captcha', key: KEYS[0], code: 'x7k2p' });
    // the shell's chunks were asked for while the login call ran
    expect(preload.preloadShell).toHaveBeenCalledTimes(1);
    // Failed: a new picture, and the used code is cleared.
    await waitFor(() => expect(image()).toBe(`data:image/png;base64,${KEYS[1]}`));
    expect(screen.getByLabelText('验证码')).toHaveValue('');
  }, 20_000);

  it('reloads the picture on click and requires the code', async () => {
    configureWebsite({ captchaMode: true });
    const user = userEvent.setup();
    renderWithShell(<LoginPage />, { path: '/login' });
    await waitFor(() => expect(image()).toBe(`data:image/png;base64,${KEYS[0]}`));
    await user.click(screen.getByTestId('captcha-image'));
    await waitFor(() => expect(image()).toBe(`data:image/png;base64,${KEYS[1]}`));
    await user.type(screen.getByLabelText('账号'), 'admin');
    await user.type(screen.getByLabelText('密码'), 'admin');
    await user.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText('请输入验证码')).toBeInTheDocument();
    expect(tokenCalls).toHaveLength(0);
  }, 20_000);
});

describe('third-party sign-in', () => {
  it('links each provider to its render URL, shown by its logo', async () => {
    renderWithShell(<LoginPage />, { path: '/login' });
    const github = await screen.findByRole('link', { name: 'GitHub' });
    expect(github).toHaveAttribute('href', '/api/smart-auth/oauth/render/github');
    expect(socialRenderUrl('wechat_open')).toBe('/api/smart-auth/oauth/render/wechat_open');
    const links = within(screen.getByTestId('social-login')).getAllByRole('link');
    expect(links).toHaveLength(4);
    for (const link of links) {
      // a drawn mark, not letters standing in for it
      expect(link.textContent).toBe('');
      expect(link.querySelector('svg path')?.getAttribute('d')).toMatch(/^M[\d.]/);
    }
  });

  it('opens the registration dialog lazily from the login page', async () => {
    const user = userEvent.setup();
    renderWithShell(<LoginPage />, { path: '/login' });
    await user.click(await screen.findByRole('button', { name: '注册账号' }));
    expect(await screen.findByRole('dialog', { name: '账号注册' })).toBeInTheDocument();
  });
});
