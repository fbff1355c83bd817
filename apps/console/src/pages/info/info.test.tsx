import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithShell, setupMswServer } from '../../test-utils/providers';
import InfoPage from './InfoPage';
import { PasswordForm, passwordProblem } from './PasswordForm';
import { phoneProblem } from './phone';
import { ProfileForm } from './ProfileForm';

vi.mock('../../shell/toaster-host', () => ({
  notifyError: vi.fn(),
  notifySuccess: vi.fn(),
  ensureToaster: vi.fn(),
}));

const user0 = {
  id: '1123598821738675201',
  name: '管理员',
  realName: '管理员',
  avatar: '',
  phone: '13800000000',
  email: 'admin@example.cn',
  expireTime: '2027-01-01 00:00:00',
  power: 1200,
  balance: 99.5,
};
let updates: unknown[] = [];
let passwords: URLSearchParams[] = [];
let uploads: { kind: string | null; name: string }[] = [];

setupMswServer(
  http.get('*/api/smart-user/info', () =>
    HttpResponse.json({ code: 200, success: true, msg: '', data: user0 }),
  ),
  http.post('*/api/smart-user/update-info', async ({ request }) => {
    updates.push(await request.json());
    return HttpResponse.json({ code: 200, success: true, msg: '操作成功', data: {} });
  }),
  http.post('*/api/smart-user/update-password', ({ request }) => {
    passwords.push(new URL(request.url).searchParams);
    return HttpResponse.json({ code: 200, success: true, msg: '操作成功', data: {} });
  }),
  http.post('*/api/smart-resource/oss/endpoint/put-file', async ({ request }) => {
    const file = (await request.formData()).get('file') as File;
    uploads.push({ kind: new URL(request.url).searchParams.get('kind'), name: file.name });
    return HttpResponse.json({
      code: 200,
      success: true,
      msg: '',
      data: {
        link: 'https://oss.example.cn/a.png',
        domain: '',
        name: 'a.png',
        originalName: file.name,
        attachId: '1',
      },
    });
  }),
);

beforeEach(() => {
  updates = [];
  passwords = [];
  uploads = [];
});

describe('phone check helper (docs/spec.md §5)', () => {
  it('answers empty, length and format problems in that order', () => {
    expect(phoneProblem('')).toBe('info.phoneEmpty');
    expect(phoneProblem('  ')).toBe('info.phoneEmpty');
    expect(phoneProblem('1380000000')).toBe('info.phoneLength');
    expect(phoneProblem('1380000000a')).toBe('info.phoneFormat');
    expect(phoneProblem('23800000000')).toBe('info.phoneFormat');
    expect(phoneProblem('13800000000')).toBeUndefined();
  });
});

describe('personal info tab', () => {
  it('shows expiry time and remaining power read-only, checks the phone on blur', async () => {
    const user = userEvent.setup();
    renderWithShell(<ProfileForm />);
    expect(await screen.findByTestId('info-expire')).toHaveTextContent('2027-01-01 00:00:00');
    expect(screen.getByTestId('info-power')).toHaveTextContent('1200');
    const phone = screen.getByLabelText('手机号码');
    await user.clear(phone);
    await user.tab();
    expect(await screen.findByText('手机号码不能为空')).toBeInTheDocument();
    await user.type(phone, '1380000');
    await user.tab();
    expect(await screen.findByText('手机号码长度不为11位')).toBeInTheDocument();
    await user.clear(phone);
    await user.type(phone, '12345678901');
    await user.tab();
    expect(await screen.findByText('手机号码格式不正确')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '保存' }));
    expect(updates).toHaveLength(0);
  }, 20_000);

  it('refuses a non-jpg/png avatar and one above 500 kB with the kit’s messages', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const { container } = renderWithShell(<ProfileForm />);
    await screen.findByTestId('info-power');
    const input = container.querySelector('input[type=file]') as HTMLInputElement;
    await user.upload(input, new File(['gif'], 'a.gif', { type: 'image/gif' }));
    expect(await screen.findByText('只能上传 jpg/png 文件')).toBeInTheDocument();
    await user.upload(input, new File([new Uint8Array(500 * 1024 + 1)], 'big.png', { type: 'image/png' }));
    expect(await screen.findByText(/文件大小不能超过 500/)).toBeInTheDocument();
    expect(uploads).toHaveLength(0);
  });

  it('uploads an accepted avatar with kind=avatar and saves the profile with update-info', async () => {
    const user = userEvent.setup();
    const { container } = renderWithShell(<ProfileForm />);
    await screen.findByTestId('info-power');
    const input = container.querySelector('input[type=file]') as HTMLInputElement;
    await user.upload(input, new File(['png'], 'me.png', { type: 'image/png' }));
    // (jsdom's File reaches the server as a plain blob part, so only the kind is compared.)
    await waitFor(() => expect(uploads.map((u) => u.kind)).toEqual(['avatar']));
    await waitFor(() =>
      expect(container.querySelector('img')).toHaveAttribute('src', 'https://oss.example.cn/a.png'),
    );
    await user.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(updates).toHaveLength(1));
    expect(updates[0]).toMatchObject({
      id: user0.id,
      name: '管理员',
      avatar: 'https://oss.example.cn/a.png',
      phone: '13800000000',
      email: 'admin@example.cn',
    });
  }, 20_000);
});

describe('change password tab', () => {
  it('requires the three fields and refuses a confirmation that differs', async () => {
    expect(passwordProblem('oldPassword', { oldPassword: '', newPassword: '', newPassword1: '' })).toBe(
      'info.oldRequired',
    );
    const user = userEvent.setup();
    renderWithShell(<PasswordForm />);
    await user.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('请输入原密码')).toBeInTheDocument();
    expect(screen.getByText('请输入新密码')).toBeInTheDocument();
    expect(screen.getByText('请输入确认密码')).toBeInTheDocument();
    await user.type(screen.getByLabelText('新密码'), 'abc123');
    await user.type(screen.getByLabelText('确认密码'), 'abc124');
    await user.tab();
    expect(await screen.findByText('两次密码输入不一致')).toBeInTheDocument();
    expect(passwords).toHaveLength(0);
  }, 20_000);

  it('sends md5 hex of old, new and confirmation to update-password', async () => {
    const user = userEvent.setup();
    renderWithShell(<PasswordForm />);
    await user.type(screen.getByLabelText('原密码'), '123456');
    await user.type(screen.getByLabelText('新密码'), 'admin');
    await user.type(screen.getByLabelText('确认密码'), 'admin');
    await user.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(passwords).toHaveLength(1));
    expect(passwords[0]?.get('oldPassword')).toBe('e10adc3949ba59abbe56e057f20f883e');
    expect(passwords[0]?.get('newPassword')).toBe('21232f297a57a5a743894a0e4a801fc3');
    expect(passwords[0]?.get('newPassword1')).toBe('21232f297a57a5a743894a0e4a801fc3');
    await waitFor(() => expect(screen.getByLabelText('原密码')).toHaveValue(''));
  }, 20_000);
});

describe('info page', () => {
  it('has the personal info and change password tabs', async () => {
    renderWithShell(<InfoPage />, { path: '/info/index' });
    expect(screen.getByRole('tab', { name: '个人信息' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: '修改密码' })).toBeInTheDocument();
    expect(await screen.findByTestId('info-power')).toBeInTheDocument();
  });
});
