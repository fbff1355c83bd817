import { expect, test } from '@playwright/test';
import { axeViolations } from './a11y-helper';
import { api, consoleToken } from './api-helper';
import { loginAsAdmin } from './login-helper';

// The dashboard's trends (smart-desk/dashboard/trends) against the real server: an order paid on the pay sandbox
// shows in today's figures of the orders chart, and another period asks the server for that many days.

interface Day {
  date: string;
  orders: number;
  paidAmount: number;
}

const money = (n: number) =>
  n.toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

test('an order paid today shows in the dashboard trends; another period reads that many days', async ({
  page,
  browser,
}) => {
  await loginAsAdmin(page);
  const token = await consoleToken(page);
  const trends = async (days = 14) =>
    (await api<{ days: Day[] }>(page.request, token, 'GET', `smart-desk/dashboard/trends?days=${days}`)).days;
  const before = await trends();
  const paidBefore = before.reduce((n, d) => n + d.paidAmount, 0);

  // pay 8.80 on the Alipay sandbox, as the pay page's buyer does
  await page.goto('/pay/pay');
  const form = page.getByTestId('pay-form');
  await form.getByRole('radio', { name: '自定义金额' }).click();
  await form.getByLabel('支付金额(元)').fill('8.8');
  await form.getByRole('radio', { name: '支付宝扫码' }).click();
  await form.getByRole('button', { name: '立即支付' }).click();
  const qr = await page.getByTestId('pay-qr-content').inputValue();
  const phone = await browser.newPage();
  await phone.goto(qr);
  await phone.getByRole('button', { name: '确认付款' }).click();
  await phone.close();
  await expect(page.getByTestId('pay-result')).toHaveAttribute('data-outcome', 'paid');

  await page.goto('/wel/dashboard');
  const orders = page.getByTestId('trend-orders');
  await expect(orders.getByTestId('trend-orders-total')).toHaveText(`合计 ${money(paidBefore + 8.8)}`);
  // today is the last row of the orders' table, with one more order than before
  const today = before[before.length - 1]!;
  const table = orders.getByRole('table', { name: '订单' });
  await expect(table.locator('tbody tr')).toHaveCount(14);
  await expect(table.locator('tbody tr').last()).toHaveText(
    `${today.date.slice(5)}${today.orders + 1}${money(today.paidAmount + 8.8)}`,
  );
  // the drawing is there: at least today's bar of orders
  await expect(orders.locator('.recharts-bar-rectangle').first()).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  await page.getByRole('combobox', { name: '统计范围' }).click();
  await page.getByRole('option', { name: '近 30 天' }).click();
  await expect(table.locator('tbody tr')).toHaveCount(30);
  expect((await trends(30)).length).toBe(30);
});
