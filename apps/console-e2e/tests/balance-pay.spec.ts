import { expect, test } from '@playwright/test';
import { api, consoleToken } from './api-helper';
import { loginAsAdmin } from './login-helper';

// Paying from the money balance (smart-pay/balance/pay) against the real server: an administrator grants the
// account balance, recharges 12.5 yuan of power paying with 余额支付, sees the page say paid at once, the power rise
// and the balance fall by the amount; the order's 支付记录 shows the BALANCE attempt, and the ledger its one
// consumption row.

interface Figures {
  power: number;
  balance: number;
}
interface LedgerRow {
  changeType: number;
  amount: number;
  bizNo: string;
}

test('an account pays a recharge from its balance; the order shows the attempt and the ledger the debit', async ({
  page,
}) => {
  await loginAsAdmin(page);
  const token = await consoleToken(page);
  const figures = () => api<Figures>(page.request, token, 'GET', 'smart-auth/oauth/user-info');
  const adminId = (
    JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { user_id: string }
  ).user_id;
  await api(page.request, token, 'POST', 'smart-grant/grantRecord/grant', {
    ydUserId: adminId,
    grantType: 2,
    amount: 20,
    reason: 'E2E 余额支付',
  });
  const before = await figures();

  await page.goto('/pay/pay');
  const form = page.getByTestId('pay-form');
  await form.getByRole('radio', { name: '自定义金额' }).click();
  await form.getByLabel('支付金额(元)').fill('12.5');
  await form.getByRole('radio', { name: /^余额支付/ }).click();
  await expect(form.getByRole('radio', { name: /^余额支付/ })).toHaveAccessibleName(
    `余额支付（余额 ${before.balance} 元）`,
  );
  await form.getByRole('button', { name: '立即支付' }).click();
  const result = page.getByTestId('pay-result');
  await expect(result).toHaveAttribute('data-outcome', 'paid');
  const after = await figures();
  expect(after.power).toBe(before.power + 125);
  expect(after.balance).toBeCloseTo(before.balance - 12.5, 2);
  const orderNo = (await result.textContent())!.match(/PO\d+/)![0];

  // the order's attempts: one, paid from the balance
  await page.goto('/commerce/order');
  const search = page.getByRole('search');
  await search.getByLabel('订单号').fill(orderNo);
  await search.getByLabel('订单号').press('Enter');
  const row = page.getByRole('row').filter({ hasText: orderNo });
  await expect(row).toContainText('余额支付');
  await row.getByRole('button', { name: '支付记录' }).click();
  const dialog = page.getByRole('dialog', { name: `支付记录：${orderNo}` });
  const attempts = dialog.getByTestId('pay-attempts').locator('tbody tr');
  await expect(attempts).toHaveCount(1);
  await expect(attempts.first()).toContainText('余额支付');
  await expect(attempts.first()).toContainText('支付成功');
  await expect(attempts.first()).toContainText('12.50');

  // the ledger: the consumption only (the money did not come from a channel)
  const ledger = await api<{ records: LedgerRow[] }>(
    page.request,
    token,
    'GET',
    `smart-order/balance_log/list?bizNo=${orderNo}`,
  );
  expect(ledger.records.map((r) => [r.changeType, r.amount])).toEqual([[2, -12.5]]);
});
