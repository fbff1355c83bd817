import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/index';
import { authRate } from '../db/schema';

export interface RateLimits {
  /** Attempts per account and tenant per window; 0 turns the limit off. */
  perAccount: number;
  /** Attempts per client address per window; 0 turns the limit off. */
  perAddress: number;
  windowMs: number;
}

const int = (v: string | undefined, fallback: number) => {
  const n = Number.parseInt(v ?? '', 10);
  return Number.isFinite(n) && n >= 0 ? n : fallback;
};

/**
 * Limits of the token endpoint from the environment: `AUTH_RATE_ACCOUNT` (default 10), `AUTH_RATE_ADDRESS`
 * (default 30) attempts per `AUTH_RATE_WINDOW_SECONDS` (default 60).
 */
export function rateLimitsFromEnv(env: NodeJS.ProcessEnv = process.env): RateLimits {
  return {
    perAccount: int(env.AUTH_RATE_ACCOUNT, 10),
    perAddress: int(env.AUTH_RATE_ADDRESS, 30),
    windowMs: Math.max(1, int(env.AUTH_RATE_WINDOW_SECONDS, 60)) * 1000,
  };
}

export const accountBucket = (tenantId: string, account: string) => `acct:${tenantId}:${account}`;
export const addressBucket = (ip: string) => `ip:${ip}`;

/**
 * Fixed-window counters in the database, so that every instance counts together. An attempt takes one unit of
 * each of its buckets before it runs (one atomic upsert, so concurrent attempts cannot slip past the limit) and a
 * successful one gives it back: only failures use the budget up, and people or tests logging in often never hit it.
 */
export class RateLimiter {
  constructor(
    private readonly db: Db,
    readonly limits: RateLimits = rateLimitsFromEnv(),
  ) {}

  /** Counts one attempt in `bucket`; false when it is over `limit` (0 = unlimited). */
  async hit(bucket: string, limit: number): Promise<boolean> {
    if (limit <= 0) return true;
    const now = Date.now();
    const windowStart = now - (now % this.limits.windowMs);
    const [row] = await this.db
      .insert(authRate)
      .values({ bucket: bucket.slice(0, 200), windowStart, count: 1 })
      .onConflictDoUpdate({
        target: [authRate.bucket, authRate.windowStart],
        set: { count: sql`${authRate.count} + 1` },
      })
      .returning({ count: authRate.count });
    // housekeeping: past windows no longer matter
    if (Math.random() < 0.02) {
      await this.db.delete(authRate).where(lt(authRate.windowStart, windowStart - this.limits.windowMs));
    }
    return (row?.count ?? 0) <= limit;
  }

  /** Gives back one attempt of the current window (a successful login does not count). */
  async refund(buckets: string[]): Promise<void> {
    if (buckets.length === 0) return;
    const now = Date.now();
    const windowStart = now - (now % this.limits.windowMs);
    for (const bucket of buckets) {
      await this.db
        .update(authRate)
        .set({ count: sql`greatest(${authRate.count} - 1, 0)` })
        .where(and(eq(authRate.bucket, bucket.slice(0, 200)), eq(authRate.windowStart, windowStart)));
    }
  }

  /** Seconds until the current window ends (Retry-After). */
  retryAfter(): number {
    const now = Date.now();
    return Math.ceil((this.limits.windowMs - (now % this.limits.windowMs)) / 1000);
  }

  /** Forgets the counters of an account (unlock). */
  async reset(tenantId: string, account: string): Promise<void> {
    await this.db.delete(authRate).where(eq(authRate.bucket, accountBucket(tenantId, account)));
  }
}
