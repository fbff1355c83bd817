import {
  aliPayPcPay,
  aliPayTradePreCreatePay,
  orderPlaceOrder,
  wxPayScanCode,
  type Order,
} from '@smart/api-sdk';
import { Button, Card, CardContent, CardHeader, CardTitle, Input, Label, RadioGroup } from '@smart/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PAY_POLL_INTERVAL_MS, payOutcome, usePayStatus } from './pay-polling';
import { QrCodeView } from './QrCodeView';
import { USER_FIGURES_KEY, useUserFigures } from './user-figures';

export const PAY_CHANNELS = ['ALIPAY_PC', 'ALIPAY_QR', 'WECHAT_NATIVE'] as const;
export type PayChannel = (typeof PAY_CHANNELS)[number];

/** What can be recharged here: 1 power package, 2 membership (contract `PlaceOrderRequest.productType`). */
const PRODUCTS = { power: 1, member: 2 } as const;
type Product = keyof typeof PRODUCTS;

/** The catalogue key of the amount's problem: required, above 0, at most two decimals. */
export function amountProblem(value: string): string | undefined {
  const text = value.trim();
  if (!text) return 'pay.amountRequired';
  if (!/^\d+(\.\d{1,2})?$/.test(text) || Number(text) <= 0 || Number(text) > 100_000_000)
    return 'pay.amountInvalid';
  return undefined;
}

interface Attempt {
  order: Order;
  channel: PayChannel;
  /** QR channels: what the QR code holds. */
  qrCode?: string;
  /** Alipay PC: the payment page. */
  payUrl?: string;
  expireTime: string;
}

/**
 * `/pay/pay` (docs/spec.md §1, §2): amount and channel, place the order, show the QR code or open Alipay's page, poll the
 * order state every 2 s until it is paid or closed, and show the result.
 */
export default function PayPage({ pollIntervalMs = PAY_POLL_INTERVAL_MS }: { pollIntervalMs?: number } = {}) {
  const { t } = useTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const figures = useUserFigures().data;

  const [product, setProduct] = useState<Product>('power');
  const [amount, setAmount] = useState('');
  const [amountError, setAmountError] = useState<string>();
  const [channel, setChannel] = useState<PayChannel>('ALIPAY_QR');
  const [busy, setBusy] = useState(false);
  const [attempt, setAttempt] = useState<Attempt>();

  const status = usePayStatus(attempt?.order.id, pollIntervalMs);
  const outcome = status ? payOutcome(status) : undefined;

  useEffect(() => {
    // Paid: power, balance and validity changed.
    if (outcome === 'paid') void queryClient.invalidateQueries({ queryKey: USER_FIGURES_KEY });
  }, [outcome, queryClient]);

  const checkAmount = (value: string) => {
    const key = amountProblem(value);
    setAmountError(key ? t(key) : undefined);
    return !key;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!checkAmount(amount) || busy) return;
    // Opened now, while the click still counts as a user gesture, so the popup blocker lets it through.
    const popup = channel === 'ALIPAY_PC' ? window.open('', '_blank') : null;
    setBusy(true);
    try {
      const productName = t(`pay.productName.${product}`);
      const order = await orderPlaceOrder({
        productType: PRODUCTS[product],
        productName,
        quantity: 1,
        amount: Number(amount),
        payChannel: channel,
      });
      const request = { orderId: order.id, amount: order.payAmount ?? Number(amount), subject: productName };
      if (channel === 'ALIPAY_PC') {
        const pay = await aliPayPcPay({ ...request, returnUrl: `${window.location.origin}/pay/pay` });
        if (popup) {
          popup.opener = null;
          popup.location.href = pay.payUrl;
        }
        setAttempt({ order, channel, payUrl: pay.payUrl, expireTime: pay.expireTime });
      } else {
        const pay = await (channel === 'ALIPAY_QR'
          ? aliPayTradePreCreatePay(request)
          : wxPayScanCode(request));
        setAttempt({ order, channel, qrCode: pay.qrCode, expireTime: pay.expireTime });
      }
    } catch {
      popup?.close(); // the HTTP layer showed why
    } finally {
      setBusy(false);
    }
  };

  const reset = () => {
    setAttempt(undefined);
    setAmount('');
  };

  return (
    <div className="grid max-w-3xl gap-3">
      <Card>
        <CardHeader>
          <CardTitle>{t('pay.account')}</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid grid-cols-[8rem_1fr] gap-y-1 text-sm" data-testid="pay-figures">
            <dt className="text-muted-foreground">{t('pay.expireTime')}</dt>
            <dd>{figures ? figures.expireTime || t('pay.unlimited') : '-'}</dd>
            <dt className="text-muted-foreground">{t('pay.power')}</dt>
            <dd>
              {figures?.power ?? '-'} {t('pay.powerUnit')}
            </dd>
            <dt className="text-muted-foreground">{t('pay.balance')}</dt>
            <dd>
              {figures?.balance ?? '-'} {t('pay.balanceUnit')}
            </dd>
          </dl>
        </CardContent>
      </Card>
      <Card>
        <CardContent className="pt-4">
          {attempt ? (
            <PayProgress attempt={attempt} outcome={outcome} onDone={reset} />
          ) : (
            <form noValidate onSubmit={submit} className="grid max-w-md gap-4" data-testid="pay-form">
              <div className="grid gap-1.5">
                <span className="text-sm font-medium" id={`${id}-product`}>
                  {t('pay.product')}
                </span>
                <RadioGroup
                  aria-labelledby={`${id}-product`}
                  value={product}
                  onValueChange={(v) => setProduct(v as Product)}
                  options={(Object.keys(PRODUCTS) as Product[]).map((p) => ({
                    value: p,
                    label: t(`pay.products.${p}`),
                  }))}
                />
              </div>
              <div className="grid gap-1.5">
                <Label htmlFor={`${id}-amount`}>{t('pay.amount')}</Label>
                <Input
                  id={`${id}-amount`}
                  inputMode="decimal"
                  value={amount}
                  aria-invalid={amountError ? true : undefined}
                  aria-describedby={amountError ? `${id}-amount-error` : undefined}
                  onChange={(e) => setAmount(e.target.value)}
                  onBlur={(e) => checkAmount(e.target.value)}
                />
                {amountError ? (
                  <p id={`${id}-amount-error`} role="alert" className="text-sm text-destructive">
                    {amountError}
                  </p>
                ) : null}
              </div>
              <div className="grid gap-1.5">
                <span className="text-sm font-medium" id={`${id}-channel`}>
                  {t('pay.channel')}
                </span>
                <RadioGroup
                  aria-labelledby={`${id}-channel`}
                  value={channel}
                  onValueChange={(v) => setChannel(v as PayChannel)}
                  options={PAY_CHANNELS.map((c) => ({ value: c, label: t(`pay.channels.${c}`) }))}
                />
              </div>
              <div>
                <Button type="submit" variant="primary" loading={busy}>
                  {t('pay.submit')}
                </Button>
              </div>
            </form>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

function PayProgress({
  attempt,
  outcome,
  onDone,
}: {
  attempt: Attempt;
  outcome: ReturnType<typeof payOutcome>;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const orderNo = attempt.order.orderNo;

  if (outcome) {
    const title =
      outcome === 'paid' ? t('pay.paid') : outcome === 'closed' ? t('pay.closed') : t('pay.refunded');
    return (
      <div className="grid gap-3" role="status" data-testid="pay-result" data-outcome={outcome}>
        <p className={outcome === 'paid' ? 'text-lg font-medium text-success' : 'text-lg font-medium'}>
          {title}
        </p>
        {outcome === 'paid' ? <p className="text-sm">{t('pay.paidHint', { orderNo })}</p> : null}
        {outcome === 'closed' ? <p className="text-sm">{t('pay.closedHint', { orderNo })}</p> : null}
        <div>
          <Button variant="primary" onClick={onDone}>
            {t('pay.again')}
          </Button>
        </div>
      </div>
    );
  }

  return (
    <div className="grid gap-3" data-testid="pay-waiting">
      <dl className="grid grid-cols-[8rem_1fr] gap-y-1 text-sm">
        <dt className="text-muted-foreground">{t('pay.orderNo')}</dt>
        <dd>{orderNo}</dd>
      </dl>
      <p className="text-sm">{t('pay.payBefore', { time: attempt.expireTime })}</p>
      {attempt.channel === 'ALIPAY_PC' && attempt.payUrl ? (
        <>
          <p className="text-sm">{t('pay.pcOpened')}</p>
          <div>
            <a
              href={attempt.payUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="text-sm text-primary-text underline-offset-4 hover:underline"
            >
              {t('pay.openPcPay')}
            </a>
          </div>
        </>
      ) : null}
      {attempt.qrCode ? (
        <div className="grid gap-2">
          <p className="text-sm font-medium">
            {attempt.channel === 'WECHAT_NATIVE' ? t('pay.scanWechat') : t('pay.scanAlipay')}
          </p>
          <QrCodeView content={attempt.qrCode} />
        </div>
      ) : null}
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {t('pay.waiting')}
      </p>
      <div>
        <Button onClick={onDone}>{t('pay.stop')}</Button>
      </div>
    </div>
  );
}
