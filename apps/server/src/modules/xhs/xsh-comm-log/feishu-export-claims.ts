/**
 * The claims of an export to Feishu on the logs it sends (`smart_feishu_export_claim`, src/db/schema-xhs.ts), which
 * make the export of ./xsh-comm-log-feishu.module.ts safe on every instance sharing the database:
 *
 * - an export claims its logs before calling Feishu: an insert that does nothing on a log claimed already, and the
 *   take-over of an old claim a compare-and-set on its batch id, so two exports racing for a log (two clicks, two
 *   instances) never both get it;
 * - a claim is live while its export may still be writing: `sending` for `CLAIM_LEASE_MS` (an instance that stopped
 *   mid-export leaves it behind), `unknown` (an append that got no answer) for `DOUBT_SETTLE_MS` (Feishu may still
 *   be writing what timed out on our side);
 * - who takes over a claim that is no longer live learns where its logs may already be (the sheet the claim names),
 *   and reads that sheet before appending them again.
 *
 * The clock is the instance's; both waits are minutes, far above the skew of servers kept on NTP.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, exists, gt, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/index';
import { feishuExportClaim } from '../../../db/schema';

/**
 * How long a `sending` claim holds: above the longest an export's Feishu calls can take (src/engine/feishu/client.ts:
 * 15 s per request, three attempts under rate limits with back-offs of at most 5 s, a token refresh that repeats a
 * call; for the check of an old sheet and for the append), so a live export is never taken over.
 */
export const CLAIM_LEASE_MS = 10 * 60_000;
/**
 * How long an `unknown` claim holds: an append that timed out on our side may still be carried out by Feishu; the
 * sheet is read for it only after this, so a late write is seen.
 */
export const DOUBT_SETTLE_MS = 60_000;
/** Ids per statement. */
const CHUNK = 1000;

export interface SheetTarget {
  spreadsheetToken: string;
  sheetId: string;
}

export const sameTarget = (a: SheetTarget, b: SheetTarget) =>
  a.spreadsheetToken === b.spreadsheetToken && a.sheetId === b.sheetId;

const c = feishuExportClaim;

const chunks = <T>(xs: T[]): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < xs.length; i += CHUNK) out.push(xs.slice(i, i + CHUNK));
  return out;
};

/** The cut-offs at `now`: a `sending` claim from before `leaseFrom`, an `unknown` one from before `settleFrom`, is over. */
function cutoffs(now: Date) {
  return {
    leaseFrom: new Date(now.getTime() - CLAIM_LEASE_MS),
    settleFrom: new Date(now.getTime() - DOUBT_SETTLE_MS),
  };
}

/** The claim conditions at `now`: still held (`live`), an unanswered append still settling, over (`stale`). */
function holds(now: Date) {
  const { leaseFrom, settleFrom } = cutoffs(now);
  const settling = and(eq(c.state, 'unknown'), gt(c.claimedAt, settleFrom))!;
  return {
    live: or(and(eq(c.state, 'sending'), gt(c.claimedAt, leaseFrom)), settling)!,
    settling,
    stale: or(
      and(eq(c.state, 'sending'), lte(c.claimedAt, leaseFrom)),
      and(eq(c.state, 'unknown'), lte(c.claimedAt, settleFrom)),
    )!,
  };
}

export class ExportClaims {
  /** The claims of this export. */
  readonly batchId = randomUUID();

  constructor(
    private readonly db: Db,
    /** The log table (`xsh_comm_log`). */
    private readonly source: string,
    private readonly tenantId: string,
    private readonly target: SheetTarget,
    private readonly now: Date,
  ) {}

  private claimOf(logId: AnyPgColumn, held: SQL): SQL {
    return exists(
      this.db
        .select({ one: sql`1` })
        .from(c)
        .where(and(eq(c.source, this.source), eq(c.logId, logId), held)),
    );
  }

  /** A filter on the log table: its log (column `logId`) is held by a live claim of an export. */
  liveClaimOn(logId: AnyPgColumn): SQL {
    return this.claimOf(logId, holds(this.now).live);
  }

  /** A filter on the log table: an append of its log got no answer less than `DOUBT_SETTLE_MS` ago. */
  settlingClaimOn(logId: AnyPgColumn): SQL {
    return this.claimOf(logId, holds(this.now).settling);
  }

  /**
   * Claims `ids` for this export: the unclaimed ones, and those whose claim is over. Answers the logs claimed and,
   * for those taken over, the sheet they may already be in.
   */
  async claim(ids: bigint[]): Promise<{ claimed: Set<bigint>; takenFrom: Map<bigint, SheetTarget> }> {
    const claimed = new Set<bigint>();
    const takenFrom = new Map<bigint, SheetTarget>();
    const { leaseFrom, settleFrom } = cutoffs(this.now);
    const { stale } = holds(this.now);
    for (const part of chunks(ids)) {
      const before = await this.db
        .select({ logId: c.logId, batchId: c.batchId, state: c.state, claimedAt: c.claimedAt })
        .from(c)
        .where(and(eq(c.source, this.source), inArray(c.logId, part)));
      const claimedBefore = new Set(before.map((r) => r.logId));
      const fresh = part.filter((id) => !claimedBefore.has(id));
      if (fresh.length > 0) {
        // a log another export claims meanwhile is its: the insert leaves that row alone and does not return it
        const inserted = await this.db
          .insert(c)
          .values(
            fresh.map((logId) => ({
              source: this.source,
              logId,
              tenantId: this.tenantId,
              batchId: this.batchId,
              state: 'sending',
              ...this.target,
              claimedAt: this.now,
            })),
          )
          .onConflictDoNothing()
          .returning({ logId: c.logId });
        for (const r of inserted) claimed.add(r.logId);
      }
      // the claims that are over, by their export; each taken over by a compare-and-set on that export's batch id (and
      // on being over still), so of two exports taking the same one over, one gets it. The claim keeps the sheet it
      // names (where the logs may be) until they are known not to be there.
      const byBatch = new Map<string, bigint[]>();
      for (const r of before) {
        const over = r.state === 'sending' ? r.claimedAt <= leaseFrom : r.claimedAt <= settleFrom;
        if (over) byBatch.set(r.batchId, [...(byBatch.get(r.batchId) ?? []), r.logId]);
      }
      for (const [old, logIds] of byBatch) {
        const taken = await this.db
          .update(c)
          .set({ batchId: this.batchId, state: 'sending', claimedAt: this.now })
          .where(and(eq(c.source, this.source), inArray(c.logId, logIds), eq(c.batchId, old), stale))
          .returning({ logId: c.logId, spreadsheetToken: c.spreadsheetToken, sheetId: c.sheetId });
        for (const t of taken) {
          claimed.add(t.logId);
          takenFrom.set(t.logId, { spreadsheetToken: t.spreadsheetToken, sheetId: t.sheetId });
        }
      }
    }
    return { claimed, takenFrom };
  }

  private mine(ids?: bigint[]) {
    return and(
      eq(c.source, this.source),
      eq(c.batchId, this.batchId),
      ids ? inArray(c.logId, ids) : undefined,
    );
  }

  /**
   * Right before the append: the claims name this export's sheet (a taken-over one named the sheet of its old
   * export until checked) and their lease starts again. Answers the logs still claimed: only those may be sent (a
   * claim lost to a take-over, were this export ever to outlast its lease, is the other export's to send).
   */
  async renewForAppend(): Promise<Set<bigint>> {
    const held = await this.db
      .update(c)
      .set({ ...this.target, claimedAt: new Date() })
      .where(and(this.mine(), eq(c.state, 'sending')))
      .returning({ logId: c.logId });
    return new Set(held.map((r) => r.logId));
  }

  /** Lets go of the claims on `ids` (all of them when absent): Feishu confirmed or refused those rows. */
  async release(ids?: bigint[], db: Db = this.db): Promise<void> {
    if (!ids) {
      await db.delete(c).where(this.mine());
      return;
    }
    for (const part of chunks(ids)) await db.delete(c).where(this.mine(part));
  }

  /**
   * The append got no answer: the logs may be in the sheet. The claims stay, `unknown`, for `DOUBT_SETTLE_MS` from
   * `at`; the export after that reads the sheet first.
   */
  async markUnknown(at: Date, ids?: bigint[]): Promise<void> {
    if (!ids) {
      await this.db.update(c).set({ state: 'unknown', claimedAt: at }).where(this.mine());
      return;
    }
    for (const part of chunks(ids))
      await this.db.update(c).set({ state: 'unknown', claimedAt: at }).where(this.mine(part));
  }
}
