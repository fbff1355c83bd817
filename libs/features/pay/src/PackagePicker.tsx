import { orderPriceList, type PriceList, type PricePackage } from '@smart/api-sdk';
import { Button, RadioGroup, RadioGroupItem, Skeleton, cn } from '@smart/ui';
import { useQuery } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** What the buyer picked: a package of the list by its name, or the open top-up. */
export type PriceChoice = { kind: 'package'; name: string } | { kind: 'open' };

export type ProductKey = 'power' | 'member';

/** The list `placeOrder` prices a product type with (`order/priceList`). */
export function usePriceList(productType: number) {
  return useQuery({
    queryKey: ['pay-price-list', productType],
    queryFn: ({ signal }) => orderPriceList({ productType: productType as 1 }, { silent: true }, signal),
    staleTime: 60_000,
  });
}

/** The choice a list starts with: its first package, else its open top-up. */
export function firstChoice(list: PriceList | undefined): PriceChoice | undefined {
  if (!list) return undefined;
  const first = list.packages[0];
  if (first) return { kind: 'package', name: first.name };
  return list.open ? { kind: 'open' } : undefined;
}

/** The package a choice names, if it is one of the list's. */
export function chosenPackage(list: PriceList | undefined, choice: PriceChoice | undefined) {
  return choice?.kind === 'package' ? list?.packages.find((p) => p.name === choice.name) : undefined;
}

const money = (v: number) => v.toFixed(2);

/** What an amount of a product credits, in words: power, or days of validity. */
export function creditText(
  t: (key: string, values: { value: string }) => string,
  product: ProductKey,
  value: number,
) {
  const values = { value: value.toLocaleString() };
  return product === 'power' ? t('pay.credit.power', values) : t('pay.credit.member', values);
}
const OPEN = '\u0000open';

/**
 * The recharge page's offer: one card per package of the server's price list (name, price, what it credits) and a
 * card for a custom amount when the list has an open top-up, as one radio group.
 */
export function PackagePicker({
  product,
  list,
  loading,
  failed,
  onRetry,
  choice,
  onChoose,
}: {
  product: ProductKey;
  list: PriceList | undefined;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  choice: PriceChoice | undefined;
  onChoose: (choice: PriceChoice) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  if (loading) return <Skeleton className="h-24 w-full" />;
  if (failed)
    return (
      <p className="flex items-center gap-3 text-sm text-destructive" role="alert">
        {t('pay.pricesFailed')}
        <Button size="sm" variant="outline" onClick={onRetry}>
          {t('pay.retry')}
        </Button>
      </p>
    );
  if (!list?.onSale) return <p className="text-sm text-muted-foreground">{t('pay.notOnSale')}</p>;
  const credit = (value: number) => creditText(t, product, value);
  const value = choice?.kind === 'open' ? OPEN : choice?.name;
  return (
    <div className="grid gap-1.5">
      <span className="text-sm font-medium" id={`${id}-label`}>
        {t('pay.packages')}
      </span>
      <RadioGroup
        aria-labelledby={`${id}-label`}
        value={value ?? ''}
        onValueChange={(v) => onChoose(v === OPEN ? { kind: 'open' } : { kind: 'package', name: v })}
        className="grid grid-cols-2 gap-3 sm:grid-cols-3"
        data-testid="pay-packages"
      >
        {list.packages.map((p: PricePackage, i) => (
          <Option key={p.name} id={`${id}-${i}`} value={p.name} title={p.name}>
            <span className="text-xl font-semibold">¥{money(p.price)}</span>
            <span className="text-xs text-muted-foreground">{credit(p.value)}</span>
          </Option>
        ))}
        {list.open ? (
          <Option id={`${id}-open`} value={OPEN} title={t('pay.custom')}>
            <span className="text-xs text-muted-foreground">
              {t('pay.customHint', {
                min: list.open.min,
                max: list.open.max,
                credit: credit(list.open.rate),
              })}
            </span>
          </Option>
        ) : null}
      </RadioGroup>
    </div>
  );
}

function Option({
  id,
  value,
  title,
  children,
}: {
  id: string;
  value: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <label
      htmlFor={id}
      className={cn(
        'flex min-w-0 cursor-pointer flex-col gap-1 rounded-lg border p-3 transition-colors hover:border-primary',
        'has-[[data-state=checked]]:border-primary has-[[data-state=checked]]:bg-accent',
      )}
    >
      <span className="flex items-center gap-2 text-sm font-medium">
        <RadioGroupItem id={id} value={value} aria-label={title} aria-describedby={`${id}-desc`} />
        <span className="min-w-0 break-words">{title}</span>
      </span>
      <span id={`${id}-desc`} className="flex flex-col gap-1">
        {children}
      </span>
    </label>
  );
}
