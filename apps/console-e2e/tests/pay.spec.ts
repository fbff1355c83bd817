import { expect, test, type Page } from '@playwright/test';
import { api, consoleToken } from './api-helper';
import { loginAsAdmin } from './login-helper';

// Payment and recharge (docs/spec.md §1, §2 /pay/pay) against the real server: the order is placed and priced there, the
// channel is the server's Alipay / WeChat Pay sandbox (fake gateways speaking the real protocols, as `npm start`
// runs them), the person pays on the sandbox's cashier page, and the console learns the result by polling
// order/getOrderPayStatus. The open top-up credits 10 power per yuan.

interface Figures {
  power: number;
}

async function power(page: Page): Promise<number> {
  const token = await consoleToken(page);
  return (await api<Figures>(page.request, token, 'GET', 'smart-auth/oauth/user-info')).power;
}

async function placeOrder(page: Page, amount: string, channel: string): Promise<void> {
  await page.goto('/pay/pay');
  const form = page.getByTestId('pay-form');
  await form.getByRole('radio', { name: '自定义金额' }).click();
  await form.getByLabel('支付金额(元)').fill(amount);
  await form.getByRole('radio', { name: channel }).click();
  await form.getByRole('button', { name: '立即支付' }).click();
}

test.describe('payment and recharge', () => {
  test('Alipay QR: the QR code leads to the cashier; after paying there the page says paid and power rises', async ({
    page,
    browser,
  }) => {
    await loginAsAdmin(page);
    const before = await power(page);
    await placeOrder(page, '12.5', '支付宝扫码');

    const waiting = page.getByTestId('pay-waiting');
    await expect(waiting.getByTestId('pay-qr')).toBeVisible();
    await expect(waiting.getByText(/^请在 .+ 前完成支付$/)).toBeVisible();
    const qr = await waiting.getByTestId('pay-qr-content').inputValue();
    expect(qr).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/sandbox-pay\//);

    // the buyer's phone: another browser opens what the QR code holds and pays
    const phone = await browser.newPage();
    await phone.goto(qr);
    await expect(phone.getByText('¥12.50')).toBeVisible();
    await phone.getByRole('button', { name: '确认付款' }).click();
    await phone.close();

    const result = page.getByTestId('pay-result');
    await expect(result).toHaveAttribute('data-outcome', 'paid');
    await expect(result.getByText('支付成功')).toBeVisible();
    expect(await power(page)).toBe(before + 125);
    await expect(page.getByTestId('pay-figures')).toContainText(`${before + 125}`);
  });

  test("a package of the server's price list: chosen by its card, paid at its price, its power credited", async ({
    page,
    browser,
  }) => {
    await loginAsAdmin(page);
    const before = await power(page);
    await page.goto('/pay/pay');
    const form = page.getByTestId('pay-form');
    // the built-in list of a fresh server: three power packages and the open top-up
    await expect(form.getByRole('radio', { name: '算力包 1000' })).toBeChecked();
    await form.getByRole('radio', { name: '算力包 5000' }).click();
    await expect(form.getByTestId('pay-due')).toHaveText('应付 ¥449.00,到账 5,000 次算力');
    await form.getByRole('radio', { name: '微信扫码' }).click();
    await form.getByRole('button', { name: '立即支付' }).click();
    const waiting = page.getByTestId('pay-waiting');
    await expect(waiting.getByTestId('pay-countdown')).toHaveText(/^剩余支付时间 1[45]:[0-5]\d$/);
    const qr = await waiting.getByTestId('pay-qr-content').inputValue();
    const phone = await browser.newPage();
    await phone.goto(qr);
    await expect(phone.getByText('¥449.00')).toBeVisible();
    await phone.getByRole('button', { name: '确认付款' }).click();
    await phone.close();
    await expect(page.getByTestId('pay-result')).toHaveAttribute('data-outcome', 'paid');
    expect(await power(page)).toBe(before + 5000);
  });

  test('WeChat QR without a notification: polling asks the channel and finds the payment', async ({
    page,
    browser,
  }) => {
    await loginAsAdmin(page);
    const before = await power(page);
    await placeOrder(page, '3', '微信扫码');
    await expect(page.getByText('请使用微信扫描二维码支付')).toBeVisible();
    const qr = await page.getByTestId('pay-qr-content').inputValue();

    const phone = await browser.newPage();
    await phone.goto(qr);
    await phone.getByLabel(/不发送支付通知/).check();
    await phone.getByRole('button', { name: '确认付款' }).click();
    await phone.close();

    await expect(page.getByTestId('pay-result')).toHaveAttribute('data-outcome', 'paid', { timeout: 20_000 });
    expect(await power(page)).toBe(before + 30);
  });

  test('Alipay PC: the payment page opens in a new window and the result reaches the console', async ({
    page,
  }) => {
    await loginAsAdmin(page);
    const before = await power(page);
    const popup = page.waitForEvent('popup');
    await placeOrder(page, '1', '支付宝网页支付');
    const cashier = await popup;
    await cashier.waitForURL(/\/sandbox-pay\//);
    await expect(page.getByText('已在新窗口打开支付宝付款页面,付款完成后本页会自动更新。')).toBeVisible();
    await cashier.getByRole('button', { name: '确认付款' }).click();

    await expect(page.getByTestId('pay-result')).toHaveAttribute('data-outcome', 'paid');
    expect(await power(page)).toBe(before + 10);
  });

  test('stopping a payment returns to the form; a wrong amount is refused on the page', async ({ page }) => {
    await loginAsAdmin(page);
    await page.goto('/pay/pay');
    const form = page.getByTestId('pay-form');
    await form.getByRole('radio', { name: '自定义金额' }).click();
    await form.getByLabel('支付金额(元)').fill('1.234');
    await form.getByRole('button', { name: '立即支付' }).click();
    await expect(form.getByRole('alert')).toHaveText('金额须大于 0,最多两位小数');

    await placeOrder(page, '2', '支付宝扫码');
    await expect(page.getByTestId('pay-qr')).toBeVisible();
    await page.getByRole('button', { name: '取消支付' }).click();
    await expect(page.getByTestId('pay-form')).toBeVisible();
    // back at the form, the custom amount stays chosen, empty
    await expect(form.getByRole('radio', { name: '自定义金额' })).toBeChecked();
    await expect(form.getByLabel('支付金额(元)')).toHaveValue('');
  });
});
