import {
  aliPayPcPay,
  aliPayTradePreCreatePay,
  balancePay,
  orderPlaceOrder,
  wxPayScanCode,
  type Order,
} from '@smart/api-sdk';
import {
  Button,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  Input,
  Label,
  RadioGroup,
  Spinner,
} from '@smart/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  chosenPackage,
  creditText,
  firstChoice,
  PackagePicker,
  usePriceList,
  type PriceChoice,
} from './PackagePicker';
import { useCountdown } from './countdown';
import { PAY_POLL_INTERVAL_MS, payOutcome, usePayStatus } from './pay-polling';
import { QrCodeView } from './QrCodeView';
import { USER_FIGURES_KEY, useUserFigures } from './user-figures';

/** BALANCE pays at once from the account's money balance (contract `smart-pay/balance/pay`). */
export const PAY_CHANNELS = ['ALIPAY_PC', 'ALIPAY_QR', 'WECHAT_NATIVE', 'BALANCE'] as const;
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

/** A custom amount's problem, the open top-up's range included: a catalogue key and its values. */
function customAmountProblem(
  value: string,
  range: { min: number; max: number } | undefined,
): { key: string; values?: { min: number; max: number } } | undefined {
  const key = amountProblem(value);
  if (key) return { key };
  const n = Number(value.trim());
  if (range && (n < range.min || n > range.max))
    return { key: 'pay.amountRange', values: { min: range.min, max: range.max } };
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
  const prices = usePriceList(PRODUCTS[product]);
  const list = prices.data;
  const [choice, setChoice] = useState<PriceChoice>();
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

  // a list read (again): keep the choice while the list still offers it, else start from its first offer
  useEffect(() => {
    setChoice((current) => {
      const still =
        current?.kind === 'open' ? !!list?.open : current ? !!chosenPackage(list, current) : false;
      return still ? current : firstChoice(list);
    });
  }, [list]);

  const pkg = chosenPackage(list, choice);
  const open = choice?.kind === 'open' ? list?.open : undefined;

  const checkAmount = (value: string) => {
    const problem = customAmountProblem(value, open);
    setAmountError(problem ? t(problem.key, problem.values) : undefined);
    return !problem;
  };

  /** What the order will cost and credit, as the server prices it (src/pay/pricing.ts on the server). */
  const due = pkg
    ? { amount: pkg.price, credit: pkg.value }
    : open && !amountProblem(amount)
      ? { amount: Number(amount), credit: Math.floor(Number(amount) * open.rate) }
      : undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || (!pkg && !open)) return;
    if (open && !checkAmount(amount)) return;
    // Opened now, while the click still counts as a user gesture, so the popup blocker lets it through.
    const popup = channel === 'ALIPAY_PC' ? window.open('', '_blank') : null;
    setBusy(true);
    try {
      const productName = pkg?.name ?? open?.name ?? t(`pay.productName.${product}`);
      const price = pkg ? pkg.price : Number(amount);
      const order = await orderPlaceOrder({
        productType: PRODUCTS[product],
        productName,
        quantity: 1,
        amount: price,
        payChannel: channel,
      });
      const request = { orderId: order.id, amount: order.payAmount ?? price, subject: productName };
      if (channel === 'BALANCE') {
        // paid or refused at once; the status poll then shows the outcome as for the other channels
        const paid = await balancePay(request);
        setAttempt({ order: paid, channel, expireTime: paid.expireTime ?? '' });
      } else if (channel === 'ALIPAY_PC') {
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
    <div className="grid max-w-3xl min-w-0 gap-3">
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
            <form noValidate onSubmit={submit} className="grid max-w-xl gap-4" data-testid="pay-form">
              <div className="grid gap-1.5">
                <span className="text-sm font-medium" id={`${id}-product`}>
                  {t('pay.product')}
                </span>
                <RadioGroup
                  aria-labelledby={`${id}-product`}
                  value={product}
                  onValueChange={(v) => {
                    setProduct(v as Product);
                    setAmountError(undefined);
                  }}
                  options={(Object.keys(PRODUCTS) as Product[]).map((p) => ({
                    value: p,
                    label: t(`pay.products.${p}`),
                  }))}
                />
              </div>
              <PackagePicker
                product={product}
                list={list}
                loading={prices.isPending}
                failed={prices.isError}
                onRetry={() => void prices.refetch()}
                choice={choice}
                onChoose={(next) => {
                  setChoice(next);
                  setAmountError(undefined);
                }}
              />
              {open ? (
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
              ) : null}
              <div className="grid gap-1.5">
                <span className="text-sm font-medium" id={`${id}-channel`}>
                  {t('pay.channel')}
                </span>
                <RadioGroup
                  aria-labelledby={`${id}-channel`}
                  value={channel}
                  onValueChange={(v) => setChannel(v as PayChannel)}
                  options={PAY_CHANNELS.map((c) => ({
                    value: c,
                    label: t(`pay.channels.${c}`, { balance: figures?.balance ?? '-' }),
                  }))}
                />
              </div>
              {due ? (
                <p className="text-sm" data-testid="pay-due">
                  {t('pay.summary', {
                    amount: due.amount.toFixed(2),
                    credit: creditText(t, product, due.credit),
                  })}
                </p>
              ) : null}
              <div>
                <Button type="submit" variant="primary" loading={busy} disabled={!pkg && !open}>
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

/** Seconds as `mm:ss`. */
const formatLeft = (seconds: number) =>
  `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;

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
  const left = useCountdown(attempt.order.createTime, attempt.expireTime);

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
      {left !== undefined ? (
        <p
          className={left > 0 ? 'text-sm font-medium tabular-nums' : 'text-sm font-medium text-destructive'}
          data-testid="pay-countdown"
        >
          {left > 0 ? t('pay.remaining', { time: formatLeft(left) }) : t('pay.expired')}
        </p>
      ) : null}
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
      <p className="flex items-center gap-2 text-sm text-muted-foreground" aria-live="polite">
        <Spinner className="size-4" aria-hidden />
        {t('pay.waiting')}
      </p>
      <div>
        <Button onClick={onDone}>{t('pay.stop')}</Button>
      </div>
    </div>
  );
}
