/**
 * Order and pay-attempt states (docs/automation-domain.md §4.4) and the small helpers every part of the order code shares.
 */
import { randomInt } from 'node:crypto';
import { isUniqueViolation } from '../crud/index';
import type { order, pay } from '../db/schema';
import type { Db } from '../db/index';
import type { PayRuntime } from './runtime';

export type OrderRow = typeof order.$inferSelect;
export type PayRow = typeof pay.$inferSelect;

export const ORDER_STATUS = {
  UNPAID: 0,
  PAID: 1,
  COMPLETED: 2,
  CLOSED: 3,
  REFUNDING: 4,
  REFUNDED: 5,
} as const;
export const PAY_STATUS = { PENDING: 0, SUCCESS: 1, CLOSED: 2, FAILED: 3, REFUNDED: 4 } as const;

/** Unpaid orders close 15 minutes after they are placed (contract `placeOrder`). */
export const ORDER_TTL_MS = 15 * 60 * 1000;

export const EXPIRED_REASON = '超时未支付';
export const ORDER_NOT_FOUND_MSG = '订单不存在';

/** What the order code needs: the database, the channels, and somewhere to report what it swallowed. */
export interface PayContext {
  db: Db;
  runtime: PayRuntime;
  log(msg: string, err?: unknown): void;
}

export const isExpired = (o: Pick<OrderRow, 'expireTime'>, now = Date.now()): boolean =>
  !!o.expireTime && o.expireTime.getTime() <= now;

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A business number: prefix, local `yyyyMMddHHmmss`, six random digits (20 characters, `[0-9A-Za-z]`, within
 * WeChat's 6–32 for `out_trade_no`). Unique indexes catch the rare collision; callers retry.
 */
export function businessNo(prefix: 'PO' | 'PP', d = new Date()): string {
  const stamp = `${d.getFullYear()}${pad(d.getMonth() + 1)}${pad(d.getDate())}${pad(d.getHours())}${pad(d.getMinutes())}${pad(d.getSeconds())}`;
  return `${prefix}${stamp}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

/** Runs `insert` with fresh numbers until one is not taken (a unique violation on the number). */
export async function withFreshNo<T>(prefix: 'PO' | 'PP', insert: (no: string) => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await insert(businessNo(prefix));
    } catch (e) {
      if (attempt >= 4 || !isUniqueViolation(e)) throw e;
    }
  }
}
