import { renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import PayPage, { amountProblem } from './PayPage';
import { payOutcome, PAY_POLL_INTERVAL_MS, usePayStatus } from './pay-polling';
import { encodeQr, qrPath } from './QrCodeView';
import { renderWithShell, setupMswServer } from './test-utils';

const order = {
  id: '1790000000000005101',
  orderNo: 'PO202611221030001234',
  payAmount: 99,
  productType: 1,
  productName: '算力充值',
  createTime: '2026-11-22 10:30:00',
};
const ok = <T,>(data: T) => HttpResponse.json({ code: 200, success: true, msg: '操作成功', data });
const status = (orderStatus: number, finished: boolean) => ({
  orderId: order.id,
  orderNo: order.orderNo,
  orderStatus,
  payStatus: finished ? 1 : 0,
  payChannel: 'WECHAT_NATIVE',
  channelStatus: finished ? 'SUCCESS' : 'NOTPAY',
  payAmount: 99,
  paidTime: finished ? '2026-11-22 10:32:10' : '',
  finished,
});

let placed: unknown[] = [];
let paid: { path: string; body: unknown }[] = [];
let polls = 0;
let paidAfter = 2;
let finalStatus = 2;

setupMswServer(
  http.get('*/api/smart-auth/oauth/user-info', () =>
    ok({ userName: 'admin', avatar: '', expireTime: '2027-01-01 00:00:00', power: 10, balance: 1.5 }),
  ),
  http.post('*/api/smart-order/order/placeOrder', async ({ request }) => {
    placed.push(await request.json());
    return ok(order);
  }),
  http.post('*/api/smart-pay/:provider/:action', async ({ request, params }) => {
    paid.push({
      path: `${String(params['provider'])}/${String(params['action'])}`,
      body: await request.json(),
    });
    // a balance payment answers the completed order (contract balancePay)
    if (params['provider'] === 'balance')
      return ok({ ...order, orderStatus: 2, payChannel: 'BALANCE', expireTime: '2026-11-22 10:45:00' });
    const attempt = {
      payId: '1',
      orderId: order.id,
      orderNo: order.orderNo,
      outTradeNo: 'PP1',
      amount: 99,
      expireTime: '2026-11-22 10:45:00',
    };
    return params['action'] === 'pcPay'
      ? ok({
          ...attempt,
          channel: 'ALIPAY_PC',
          payForm: '<form></form>',
          payUrl: 'https://openapi.alipay.com/gateway.do?x=1',
        })
      : ok({ ...attempt, channel: 'WECHAT_NATIVE', qrCode: 'weixin://wxpay/bizpayurl?pr=tGAKd8Tzz' });
  }),
  http.get('*/api/smart-order/order/priceList', ({ request }) => {
    const productType = Number(new URL(request.url).searchParams.get('productType'));
    return ok(
      productType === 1
        ? {
            productType,
            onSale: true,
            packages: [
              { name: '算力包 1000', price: 99, value: 1000 },
              { name: '算力包 5000', price: 449, value: 5000 },
            ],
            open: { name: '算力充值', min: 1, max: 50000, rate: 10 },
          }
        : { productType, onSale: false, packages: [] },
    );
  }),
  http.post('*/api/smart-order/order/getOrderPayStatus', () => {
    polls++;
    return ok(polls > paidAfter ? status(finalStatus, true) : status(0, false));
  }),
);

beforeEach(() => {
  placed = [];
  paid = [];
  polls = 0;
  paidAfter = 2;
  finalStatus = 2;
});

describe('pay helpers', () => {
  it('polls every 2 s by default and reads the outcome from the order status', () => {
    expect(PAY_POLL_INTERVAL_MS).toBe(2000);
    expect(payOutcome({ orderStatus: 0, finished: false })).toBeUndefined();
    expect(payOutcome({ orderStatus: 1, finished: true })).toBe('paid');
    expect(payOutcome({ orderStatus: 2, finished: true })).toBe('paid');
    expect(payOutcome({ orderStatus: 3, finished: true })).toBe('closed');
    expect(payOutcome({ orderStatus: 5, finished: true })).toBe('refunded');
  });

  it('checks the amount: required, above 0, two decimals at most', () => {
    expect(amountProblem('')).toBe('pay.amountRequired');
    expect(amountProblem('0')).toBe('pay.amountInvalid');
    expect(amountProblem('1.234')).toBe('pay.amountInvalid');
    expect(amountProblem('abc')).toBe('pay.amountInvalid');
    expect(amountProblem('99.50')).toBeUndefined();
  });

  it('stops polling once the order is paid', async () => {
    const { result } = renderHook(() => usePayStatus(order.id, 20));
    await waitFor(() => expect(result.current?.finished).toBe(true));
    const stoppedAt = polls;
    expect(stoppedAt).toBe(3);
    await new Promise((r) => setTimeout(r, 150));
    expect(polls).toBe(stoppedAt);
  });
});

describe('pay page', () => {
  it('pays from the balance at once: the balance is on the choice, no QR code, the paid result', async () => {
    paidAfter = 0;
    const user = userEvent.setup();
    renderWithShell(<PayPage pollIntervalMs={20} />, { path: '/pay/pay' });
    await user.click(await screen.findByRole('radio', { name: '自定义金额' }));
    await user.type(screen.getByLabelText('支付金额(元)'), '1');
    const balance = await screen.findByRole('radio', { name: '余额支付（余额 1.5 元）' });
    await user.click(balance);
    await user.click(screen.getByRole('button', { name: '立即支付' }));
    expect(await screen.findByTestId('pay-result')).toHaveAttribute('data-outcome', 'paid');
    expect(placed[0]).toMatchObject({ payChannel: 'BALANCE', amount: 1 });
    expect(paid).toEqual([
      { path: 'balance/pay', body: { orderId: order.id, amount: 99, subject: '算力充值' } },
    ]);
    expect(screen.queryByTestId('pay-qr-content')).not.toBeInTheDocument();
  });

  it('places the order, shows the WeChat QR content, polls and shows the paid result', async () => {
    const user = userEvent.setup();
    renderWithShell(<PayPage pollIntervalMs={20} />, { path: '/pay/pay' });
    expect(await screen.findByText('1.5 元')).toBeInTheDocument();
    await user.click(await screen.findByRole('radio', { name: '自定义金额' }));
    await user.type(screen.getByLabelText('支付金额(元)'), '99');
    expect(screen.getByTestId('pay-due')).toHaveTextContent('应付 ¥99.00,到账 990 次算力');
    await user.click(screen.getByRole('radio', { name: '微信扫码' }));
    await user.click(screen.getByRole('button', { name: '立即支付' }));
    expect(await screen.findByTestId('pay-qr-content')).toHaveValue('weixin://wxpay/bizpayurl?pr=tGAKd8Tzz');
    // The image is the qrcode package's symbol of the content, with a 4-module quiet zone.
    const qr = screen.getByRole('img', { name: '付款二维码' });
    const modules = encodeQr('weixin://wxpay/bizpayurl?pr=tGAKd8Tzz');
    expect(qr).toHaveAttribute('viewBox', `0 0 ${modules.size + 8} ${modules.size + 8}`);
    expect(qr.querySelector('path')).toHaveAttribute('d', qrPath(modules));
    expect(placed[0]).toEqual({
      productType: 1,
      productName: '算力充值',
      quantity: 1,
      amount: 99,
      payChannel: 'WECHAT_NATIVE',
    });
    // 15 minutes from the order's creation to its expiry, counted down here
    expect(screen.getByTestId('pay-countdown')).toHaveTextContent(/^剩余支付时间 1[45]:[0-5]\d$/);
    expect(paid[0]).toEqual({
      path: 'wxPay/scanCode',
      body: { orderId: order.id, amount: 99, subject: '算力充值' },
    });
    const result = await screen.findByTestId('pay-result');
    expect(result).toHaveAttribute('data-outcome', 'paid');
    expect(result).toHaveTextContent('支付成功');
    const stoppedAt = polls;
    await new Promise((r) => setTimeout(r, 120));
    expect(polls).toBe(stoppedAt);
  }, 20_000);

  it('opens the Alipay PC page and reports a closed order', async () => {
    finalStatus = 3;
    paidAfter = 0;
    const popup = { opener: {}, location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    const user = userEvent.setup();
    renderWithShell(<PayPage pollIntervalMs={20} />, { path: '/pay/pay' });
    await user.click(await screen.findByRole('radio', { name: '自定义金额' }));
    await user.type(await screen.findByLabelText('支付金额(元)'), '10');
    await user.click(screen.getByRole('radio', { name: '支付宝网页支付' }));
    await user.click(screen.getByRole('button', { name: '立即支付' }));
    await waitFor(() => expect(popup.location.href).toBe('https://openapi.alipay.com/gateway.do?x=1'));
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(paid[0]?.path).toBe('aliPay/pcPay');
    expect(await screen.findByTestId('pay-result')).toHaveAttribute('data-outcome', 'closed');
    open.mockRestore();
  }, 20_000);

  it('refuses an empty custom amount, and one outside the top-up range', async () => {
    const user = userEvent.setup();
    renderWithShell(<PayPage pollIntervalMs={20} />, { path: '/pay/pay' });
    await user.click(await screen.findByRole('radio', { name: '自定义金额' }));
    await user.click(screen.getByRole('button', { name: '立即支付' }));
    expect(await screen.findByText('请输入支付金额')).toBeInTheDocument();
    await user.type(screen.getByLabelText('支付金额(元)'), '0.5');
    await user.click(screen.getByRole('button', { name: '立即支付' }));
    expect(await screen.findByText('金额须在 1 到 50000 元之间')).toBeInTheDocument();
    expect(placed).toHaveLength(0);
  });

  it("offers the server's packages, the first chosen, and buys one by its name at its price", async () => {
    const user = userEvent.setup();
    renderWithShell(<PayPage pollIntervalMs={20} />, { path: '/pay/pay' });
    const first = await screen.findByRole('radio', { name: '算力包 1000' });
    expect(first).toBeChecked();
    expect(screen.getByTestId('pay-packages')).toHaveTextContent('¥449.00');
    expect(screen.queryByLabelText('支付金额(元)')).toBeNull();
    await user.click(screen.getByRole('radio', { name: '算力包 5000' }));
    expect(screen.getByTestId('pay-due')).toHaveTextContent('应付 ¥449.00,到账 5,000 次算力');
    await user.click(screen.getByRole('button', { name: '立即支付' }));
    await screen.findByTestId('pay-waiting');
    expect(placed[0]).toMatchObject({ productType: 1, productName: '算力包 5000', quantity: 1, amount: 449 });
    expect(paid[0]?.body).toMatchObject({ subject: '算力包 5000' });
  });

  it('says when a product is not on sale and offers nothing to pay', async () => {
    const user = userEvent.setup();
    renderWithShell(<PayPage pollIntervalMs={20} />, { path: '/pay/pay' });
    await user.click(await screen.findByRole('radio', { name: '会员' }));
    expect(await screen.findByText('该商品暂未开放购买')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '立即支付' })).toBeDisabled();
  });
});
