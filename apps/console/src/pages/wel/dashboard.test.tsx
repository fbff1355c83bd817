import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithShell, setupMswServer } from '../../test-utils/providers';
import DashboardPage from './DashboardPage';
import WelcomePage from './WelcomePage';

const ok = <T,>(data: T) => HttpResponse.json({ code: 200, success: true, msg: '', data });

setupMswServer(
  http.get('*/api/smart-auth/oauth/user-info', () =>
    ok({ userName: 'admin', avatar: '', expireTime: '2027-01-01 00:00:00', power: 321, balance: 45.6 }),
  ),
  http.get('*/api/smart-desk/notice/list', () =>
    ok({
      records: [
        {
          id: '1',
          title: '年度体检',
          content: '<p>请全体员工体检</p>',
          releaseTime: '2026-11-22 10:30:00',
          categoryName: '发布通知',
        },
      ],
      total: 7,
      size: 5,
      current: 1,
      pages: 2,
    }),
  ),
  // Without the order permission the list is refused: the card says so instead of inventing a number.
  http.get('*/api/smart-order/order/list', () =>
    HttpResponse.json({ code: 403, success: false, msg: '缺少权限', data: null }, { status: 403 }),
  ),
);

describe('dashboard', () => {
  it('shows the server’s figures and “no data” where there is none', async () => {
    renderWithShell(<DashboardPage />, { path: '/wel/dashboard' });
    expect(await within(screen.getByTestId('figure-power')).findByText('321')).toBeInTheDocument();
    expect(within(screen.getByTestId('figure-balance')).getByText('45.6')).toBeInTheDocument();
    expect(within(screen.getByTestId('figure-expire')).getByText('2027-01-01 00:00:00')).toBeInTheDocument();
    expect(await within(screen.getByTestId('figure-notices')).findByText('7')).toBeInTheDocument();
    expect(await within(screen.getByTestId('figure-orders')).findByText('暂无数据')).toBeInTheDocument();
    expect(screen.getByText('请全体员工体检')).toBeInTheDocument();
  });

  it('the welcome page shows the account figures and the latest notices', async () => {
    renderWithShell(<WelcomePage />, { path: '/wel/index' });
    expect(await within(screen.getByTestId('figure-power')).findByText('321')).toBeInTheDocument();
    expect(await screen.findByText('年度体检')).toBeInTheDocument();
  });
});
