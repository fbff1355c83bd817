import { CrudProvider } from '@smart/crud';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithShell, setupMswServer } from '../test-utils';
import { GrantDialog, grantAmountProblem } from './GrantDialog';
import extension, { GRANT_BUTTON } from './grant-extension';

const ok = <T,>(data: T) => HttpResponse.json({ code: 200, success: true, msg: '操作成功', data });
// the grant_type dictionary as the console's loader answers it
const dictionary = async () => [
  { value: '1', label: '算力' },
  { value: '2', label: '余额' },
  { value: '3', label: '服务天数' },
  { value: '4', label: '机器人额度' },
];
let granted: unknown[] = [];
let refuse = false;

setupMswServer(
  http.get('*/api/smart-user/page', () =>
    ok({
      total: 2,
      size: 1000,
      current: 1,
      pages: 1,
      records: [
        { id: '1123598821738675201', account: 'admin', realName: '管理员' },
        { id: '1123598821738675209', account: 'guest', realName: '' },
      ],
    }),
  ),
  http.post('*/api/smart-grant/grantRecord/grant', async ({ request }) => {
    granted.push(await request.json());
    if (refuse)
      return HttpResponse.json(
        { code: 400, success: false, msg: '该客户没有到期时间（不限期），无需赠送天数' },
        { status: 400 },
      );
    return ok({ id: '1790000000000008101', beforeValue: 10, afterValue: 210 });
  }),
);

beforeEach(() => {
  granted = [];
  refuse = false;
});

describe('grantAmountProblem', () => {
  it('wants whole numbers for power and days, two decimals for a balance, above 0', () => {
    expect(grantAmountProblem(1, '')).toBe('pay.grant.amountRequired');
    expect(grantAmountProblem(1, '1.5')).toBe('pay.grant.amountWhole');
    expect(grantAmountProblem(3, '0')).toBe('pay.grant.amountWhole');
    expect(grantAmountProblem(3, '30')).toBeUndefined();
    expect(grantAmountProblem(2, '12.345')).toBe('pay.grant.amountMoney');
    expect(grantAmountProblem(2, '12.34')).toBeUndefined();
    expect(grantAmountProblem(1, '1000001')).toBe('pay.grant.amountWhole');
  });
});

describe('GrantDialog', () => {
  it('says what is missing, then sends the grant and closes', async () => {
    const user = userEvent.setup();
    const onOpenChange = vi.fn();
    const onGranted = vi.fn();
    renderWithShell(
      <CrudProvider value={{ dictionary }}>
        <GrantDialog open onOpenChange={onOpenChange} onGranted={onGranted} />
      </CrudProvider>,
    );
    const dialog = await screen.findByRole('dialog', { name: '赠送给客户' });

    await user.click(within(dialog).getByRole('button', { name: '确认赠送' }));
    expect(await within(dialog).findByText('请选择客户')).toBeTruthy();
    expect(within(dialog).getByText('请输入赠送数量')).toBeTruthy();
    expect(within(dialog).getByText('请输入赠送原因')).toBeTruthy();
    expect(granted).toEqual([]);

    await user.click(within(dialog).getByRole('combobox', { name: /客户/ }));
    await user.click(await screen.findByRole('option', { name: '管理员 (admin)' }));
    await user.type(within(dialog).getByRole('textbox', { name: /赠送数量/ }), '1.5');
    await user.type(within(dialog).getByRole('textbox', { name: /赠送原因/ }), ' 活动补偿 ');
    await user.click(within(dialog).getByRole('button', { name: '确认赠送' }));
    expect(await within(dialog).findByText('须为大于 0 的整数')).toBeTruthy();
    expect(granted).toEqual([]);

    // the dictionary's types a grant may give; the robot quota is not one of them
    expect(within(dialog).queryByRole('radio', { name: '机器人额度' })).toBeNull();
    // a balance may have cents
    await user.click(within(dialog).getByRole('radio', { name: '余额' }));
    await user.click(within(dialog).getByRole('button', { name: '确认赠送' }));
    await waitFor(() => expect(onGranted).toHaveBeenCalled());
    expect(granted).toEqual([
      { ydUserId: '1123598821738675201', grantType: 2, amount: 1.5, reason: '活动补偿', remark: '' },
    ]);
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('stays open when the server refuses', async () => {
    refuse = true;
    const user = userEvent.setup();
    const onOpenChange = vi.fn();
    renderWithShell(
      <CrudProvider value={{ dictionary }}>
        <GrantDialog open onOpenChange={onOpenChange} />
      </CrudProvider>,
    );
    const dialog = await screen.findByRole('dialog', { name: '赠送给客户' });
    await user.click(within(dialog).getByRole('combobox', { name: /客户/ }));
    await user.click(await screen.findByRole('option', { name: 'guest' }));
    await user.click(within(dialog).getByRole('radio', { name: '服务天数' }));
    await user.type(within(dialog).getByRole('textbox', { name: /赠送数量/ }), '30');
    await user.type(within(dialog).getByRole('textbox', { name: /赠送原因/ }), '续期');
    await user.click(within(dialog).getByRole('button', { name: '确认赠送' }));
    await waitFor(() => expect(granted).toHaveLength(1));
    expect(onOpenChange).not.toHaveBeenCalledWith(false);
    expect(within(dialog).getByRole('button', { name: '确认赠送' })).toBeTruthy();
  });
});

describe('the grant records page toolbar', () => {
  const page = { reload: vi.fn(), selectedIds: [] } as never;
  it('offers the grant only to whoever holds the grant button', async () => {
    const { unmount } = renderWithShell(
      <CrudProvider value={{ can: (b) => b === GRANT_BUTTON }}>{extension.toolbar!(page)}</CrudProvider>,
    );
    expect(screen.getByRole('button', { name: '赠送' })).toBeTruthy();
    unmount();
    renderWithShell(<CrudProvider value={{ can: () => false }}>{extension.toolbar!(page)}</CrudProvider>);
    expect(screen.queryByRole('button', { name: '赠送' })).toBeNull();
  });
});
