import { configureWebsite, getSession, resetWebsite, updateSession } from '@smart/auth';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithShell, setupMswServer } from '../../test-utils/providers';
import { firstRegisterProblem, type RegisterForm } from './register-checks';
import RegisterDialog from './RegisterDialog';

const notifyError = vi.hoisted(() => vi.fn());
vi.mock('../../shell/toaster-host', () => ({ notifyError, notifySuccess: vi.fn(), ensureToaster: vi.fn() }));

let registered: unknown[] = [];
let answer: () => Response = () => HttpResponse.json({ code: 200, success: true, msg: '操作成功', data: {} });
const server = setupMswServer(
  http.post('*/api/smart-user/register', async ({ request }) => {
    registered.push(await request.json());
    return answer();
  }),
  http.get('*/api/smart-auth/oauth/logout', () => HttpResponse.json({ success: true })),
);

const full: RegisterForm = { tenantId: '000000', name: 'n', account: 'a', password: 'p', password2: 'p' };

describe('registration checks (docs/spec.md §5 order)', () => {
  it('stops at the first failing check, in the spec order', () => {
    expect(firstRegisterProblem({ ...full, tenantId: '', account: '', password: '' })).toBe(
      'register.tenantRequired',
    );
    expect(firstRegisterProblem({ ...full, account: ' ', password: '' })).toBe('register.accountRequired');
    expect(firstRegisterProblem({ ...full, password: '' })).toBe('register.passwordRequired');
    expect(firstRegisterProblem({ ...full, password2: '' })).toBe('register.passwordRequired');
    expect(firstRegisterProblem({ ...full, password2: 'q' })).toBe('register.mismatch');
    expect(firstRegisterProblem({ ...full, name: '' })).toBeUndefined();
  });
});

describe('registration dialog', () => {
  beforeEach(() => {
    registered = [];
    notifyError.mockClear();
    answer = () => HttpResponse.json({ code: 200, success: true, msg: '操作成功', data: {} });
    configureWebsite({ tenantMode: true });
  });
  afterEach(() => resetWebsite());

  function open() {
    return renderWithShell(<RegisterDialog open onOpenChange={() => undefined} />, { path: '/login' });
  }

  it('is titled account registration and shows the tenant field in tenant mode only', async () => {
    open();
    expect(await screen.findByRole('dialog', { name: '账号注册' })).toBeInTheDocument();
    expect(screen.getByLabelText('租户编号')).toHaveValue('000000');
  });

  it('hides the tenant field when tenant mode is off', async () => {
    resetWebsite();
    open();
    await screen.findByRole('dialog', { name: '账号注册' });
    expect(screen.queryByLabelText('租户编号')).not.toBeInTheDocument();
  });

  it('shows each check’s message in the spec order and submits only when all pass', async () => {
    const user = userEvent.setup();
    open();
    const submit = await screen.findByRole('button', { name: '提交' });
    await user.clear(screen.getByLabelText('租户编号'));
    await user.click(submit);
    expect(screen.getByRole('alert')).toHaveTextContent('请先输入租户编号');
    await user.type(screen.getByLabelText('租户编号'), '000000');
    await user.click(submit);
    expect(screen.getByRole('alert')).toHaveTextContent('请先输入账号名称');
    await user.type(screen.getByLabelText('账号名称'), 'xiaoming');
    await user.click(submit);
    expect(screen.getByRole('alert')).toHaveTextContent('请先输入密码');
    await user.type(screen.getByLabelText('账号密码'), '123456');
    await user.click(submit);
    expect(screen.getByRole('alert')).toHaveTextContent('请先输入密码');
    await user.type(screen.getByLabelText('确认密码'), '654321');
    await user.click(submit);
    expect(screen.getByRole('alert')).toHaveTextContent('两次密码输入不一致');
    expect(registered).toHaveLength(0);

    await user.clear(screen.getByLabelText('确认密码'));
    await user.type(screen.getByLabelText('确认密码'), '123456');
    await user.type(screen.getByLabelText('用户姓名'), '小明');
    await user.click(submit);
    expect(await screen.findByText('注册申请已提交,请耐心等待管理员通过!')).toBeInTheDocument();
    expect(registered).toEqual([
      { tenantId: '000000', name: '小明', account: 'xiaoming', password: '123456', password2: '123456' },
    ]);
  }, 30_000);

  it('after the pending-approval message it logs out and goes to /login', async () => {
    const user = userEvent.setup();
    updateSession({ token: 'guest-token', refreshToken: 'r' });
    renderWithShell(<RegisterDialog open onOpenChange={() => undefined} />, { path: '/wel/index' });
    await user.type(await screen.findByLabelText('账号名称'), 'xiaoming');
    await user.type(screen.getByLabelText('账号密码'), '123456');
    await user.type(screen.getByLabelText('确认密码'), '123456');
    await user.click(screen.getByRole('button', { name: '提交' }));
    await user.click(await screen.findByRole('button', { name: '确定' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
    expect(getSession().token).toBe('');
  }, 20_000);

  it('shows the returned msg when the server refuses, else “submission failed”', async () => {
    const user = userEvent.setup();
    answer = () =>
      HttpResponse.json({ code: 400, success: false, msg: '账号已存在', data: null }, { status: 400 });
    open();
    await user.type(await screen.findByLabelText('账号名称'), 'admin');
    await user.type(screen.getByLabelText('账号密码'), '1');
    await user.type(screen.getByLabelText('确认密码'), '1');
    await user.click(screen.getByRole('button', { name: '提交' }));
    await waitFor(() => expect(notifyError).toHaveBeenCalledWith('账号已存在'));

    answer = () => HttpResponse.json({ code: 500, success: false, data: null }, { status: 500 });
    await user.click(screen.getByRole('button', { name: '提交' }));
    await waitFor(() => expect(notifyError).toHaveBeenLastCalledWith('提交失败'));
  });

  it('a network error only stops the loading state', async () => {
    const user = userEvent.setup();
    server.use(http.post('*/api/smart-user/register', () => HttpResponse.error()));
    open();
    await user.type(await screen.findByLabelText('账号名称'), 'admin');
    await user.type(screen.getByLabelText('账号密码'), '1');
    await user.type(screen.getByLabelText('确认密码'), '1');
    const submit = screen.getByRole('button', { name: '提交' });
    await user.click(submit);
    await waitFor(() => expect(submit).not.toHaveAttribute('aria-busy', 'true'));
    expect(notifyError).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: '账号注册' })).toBeInTheDocument();
  });
});
