import { useOrderPayAttempts } from '@smart/api-sdk';
import { useOptions, type Option } from '@smart/crud';
import { SimpleDialog, Spinner } from '@smart/ui';
import { useTranslation } from 'react-i18next';

export interface PayAttemptsDialogProps {
  /** The order shown; undefined = closed. */
  order: { id: string; orderNo: string } | undefined;
  onOpenChange: (open: boolean) => void;
}

/** The columns, in order; each heading is `pay.attempts.<column>`. */
export const ATTEMPT_COLUMNS = [
  'payNo',
  'channel',
  'amount',
  'payStatus',
  'channelTradeNo',
  'channelStatus',
  'buyerId',
  'successTime',
  'notifyCount',
  'failReason',
  'createTime',
] as const;

const labelOf = (options: Option[], value: unknown) =>
  options.find((o) => String(o.value) === String(value))?.label ?? String(value);

/**
 * 支付记录 of an order (contract `order/payAttempts`): every attempt, newest first, with our trade number, the
 * channel's state and trade number, the payer, when it was paid, the notifications received and why it failed; the
 * channel and state by their dictionaries (`pay_channel`, `pay_status`).
 */
export function PayAttemptsDialog({ order, onOpenChange }: PayAttemptsDialogProps) {
  const { t } = useTranslation();
  const channels = useOptions('pay_channel', undefined);
  const states = useOptions('pay_status', undefined, true);
  const { data, isPending } = useOrderPayAttempts(
    { id: order?.id ?? '' },
    { query: { enabled: order !== undefined } },
  );
  return (
    <SimpleDialog
      open={order !== undefined}
      onOpenChange={onOpenChange}
      width={1000}
      title={t('pay.attempts.title', { orderNo: order?.orderNo ?? '' })}
    >
      {isPending ? (
        <Spinner aria-label={t('pay.attempts.loading')} />
      ) : !data?.length ? (
        <p className="text-sm text-muted-foreground">{t('pay.attempts.none')}</p>
      ) : (
        <div
          role="region"
          tabIndex={0}
          aria-label={t('pay.attempts.title', { orderNo: order?.orderNo ?? '' })}
          className="overflow-auto rounded-md border"
        >
          <table className="w-full text-sm" data-testid="pay-attempts">
            <thead className="bg-muted">
              <tr>
                {ATTEMPT_COLUMNS.map((c) => (
                  <th key={c} scope="col" className="px-3 py-1.5 text-left font-medium whitespace-nowrap">
                    {t(`pay.attempts.${c}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.map((p) => (
                <tr key={p.id} className="border-t">
                  <td className="px-3 py-1 font-mono whitespace-nowrap">{p.payNo}</td>
                  <td className="px-3 py-1 whitespace-nowrap">{labelOf(channels, p.channel)}</td>
                  <td className="px-3 py-1 tabular-nums">{p.amount.toFixed(2)}</td>
                  <td className="px-3 py-1 whitespace-nowrap">{labelOf(states, p.payStatus)}</td>
                  <td className="px-3 py-1 font-mono break-all">{p.channelTradeNo}</td>
                  <td className="px-3 py-1">{p.channelStatus}</td>
                  <td className="px-3 py-1 break-all">{p.buyerId}</td>
                  <td className="px-3 py-1 whitespace-nowrap">{p.successTime}</td>
                  <td className="px-3 py-1 tabular-nums">{p.notifyCount}</td>
                  <td className="px-3 py-1">{p.failReason}</td>
                  <td className="px-3 py-1 whitespace-nowrap">{p.createTime}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </SimpleDialog>
  );
}
