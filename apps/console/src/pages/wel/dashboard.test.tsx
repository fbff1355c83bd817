import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithShell, setupMswServer } from '../../test-utils/providers';
import DashboardPage from './DashboardPage';
import WelcomePage from './WelcomePage';

const ok = <T,>(data: T) => HttpResponse.json({ code: 200, success: true, msg: '', data });

/** The periods asked for, and a day's figures that say which period they came from. */
const trendRequests: number[] = [];
let trendsFail = false;
const trendDays = (days: number) =>
  Array.from({ length: days }, (_, i) => ({
    date: `2026-${i < days - 27 ? '10' : '11'}-${String(((i + 27 - days + 31) % 31) + 1).padStart(2, '0')}`,
    runs: 3,
    runsFailed: 1,
    actions: days,
    powerSpent: 2,
    orders: 1,
    paidAmount: 9.9,
  }));

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
  http.get('*/api/smart-desk/dashboard/trends', ({ request }) => {
    const days = Number(new URL(request.url).searchParams.get('days'));
    trendRequests.push(days);
    if (trendsFail)
      return HttpResponse.json({ code: 500, success: false, msg: 'down', data: null }, { status: 500 });
    const list = trendDays(days);
    return ok({ from: list[0]!.date, to: list[days - 1]!.date, days: list });
  }),
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

  it('draws the trends of 14 days, with the figures as a table, and of another period on choice', async () => {
    const user = userEvent.setup();
    trendRequests.length = 0;
    renderWithShell(<DashboardPage />, { path: '/wel/dashboard' });
    const runs = await screen.findByTestId('trend-runs', {}, { timeout: 10_000 });
    expect(trendRequests).toEqual([14]);
    // 14 days of 3 runs; the orders' total is the money paid
    expect(within(runs).getByTestId('trend-runs-total')).toHaveTextContent('合计 42');
    expect(screen.getByTestId('trend-power-total')).toHaveTextContent('合计 28');
    expect(screen.getByTestId('trend-orders-total')).toHaveTextContent('合计 138.60');
    // screen readers read the figures: one row a day, failed runs apart from the others
    const table = within(runs).getByRole('table', { name: '任务运行' });
    expect(within(table).getAllByRole('row')).toHaveLength(15);
    expect(within(table).getByRole('columnheader', { name: '失败' })).toBeInTheDocument();
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent(/^11-142114$/);

    await user.click(screen.getByRole('combobox', { name: '统计范围' }));
    await user.click(await screen.findByRole('option', { name: '近 30 天' }));
    await waitFor(() => expect(screen.getByTestId('trend-runs-total')).toHaveTextContent('合计 90'));
    expect(trendRequests).toEqual([14, 30]);
  });

  it('says when the trends cannot be read, and reads them again on retry', async () => {
    const user = userEvent.setup();
    trendsFail = true;
    renderWithShell(<DashboardPage />, { path: '/wel/dashboard' });
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(alert).toHaveTextContent('加载失败');
    trendsFail = false;
    await user.click(within(alert).getByRole('button', { name: '重试' }));
    expect(await screen.findByTestId('trend-runs')).toBeInTheDocument();
  });

  it('the welcome page shows the account figures and the latest notices', async () => {
    renderWithShell(<WelcomePage />, { path: '/wel/index' });
    expect(await within(screen.getByTestId('figure-power')).findByText('321')).toBeInTheDocument();
    expect(await screen.findByText('年度体检')).toBeInTheDocument();
  });
});
