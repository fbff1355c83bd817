import { orderGetOrderPayStatus, type OrderPayStatus } from '@smart/api-sdk';
import { useEffect, useState } from 'react';

/** How often the pay page asks for the order's state while it waits (the contract says every 2–3 s). */
export const PAY_POLL_INTERVAL_MS = 2000;

export type PayOutcome = 'paid' | 'closed' | 'refunded';

/** What a finished order status means for the user: paid (1 paid, 2 completed), closed (3), refunded (4, 5). */
export function payOutcome(status: Pick<OrderPayStatus, 'orderStatus' | 'finished'>): PayOutcome | undefined {
  if (!status.finished && status.orderStatus === 0) return undefined;
  if (status.orderStatus === 1 || status.orderStatus === 2) return 'paid';
  if (status.orderStatus === 3) return 'closed';
  if (status.orderStatus === 4 || status.orderStatus === 5) return 'refunded';
  return undefined;
}

/**
 * Polls `order/getOrderPayStatus` every `intervalMs` while `orderId` is set, until the server says `finished`.
 * One request at a time (the next waits for the answer); a failed poll is retried on the next tick, quietly.
 */
export function usePayStatus(
  orderId: string | undefined,
  intervalMs: number = PAY_POLL_INTERVAL_MS,
): OrderPayStatus | undefined {
  const [status, setStatus] = useState<OrderPayStatus>();

  useEffect(() => {
    setStatus(undefined);
    if (!orderId) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const controller = new AbortController();
    const tick = async () => {
      let next: OrderPayStatus | undefined;
      try {
        next = await orderGetOrderPayStatus({ id: orderId }, { silent: true }, controller.signal);
      } catch {
        next = undefined;
      }
      if (stopped) return;
      if (next) setStatus(next);
      if (next?.finished) return; // paid, completed, closed or refunded: stop
      timer = setTimeout(() => void tick(), intervalMs);
    };
    timer = setTimeout(() => void tick(), intervalMs);
    return () => {
      stopped = true;
      controller.abort();
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [orderId, intervalMs]);

  return status;
}
