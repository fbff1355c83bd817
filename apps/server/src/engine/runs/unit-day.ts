/**
 * A roster unit's count of the day (docs/automation-domain.md §2.1 pattern ARR `daily_limit` / `today_count`;
 * openapi/schemas/business/patterns.yaml ArrFields `todayCount`, "reset at midnight"): the successful actions of the
 * unit on one China day, which the unit's `dailyLimit` caps (./trigger.ts). The row keeps the day its count belongs
 * to (`todayDate`, src/db/columns-automation.ts) instead of being reset by a job at midnight: a count of an earlier
 * day is simply 0, to the cap, to the next increment and to the console, and no missed or late midnight job can
 * leave a unit blocked (the count used to grow for ever, so a unit that reached its cap once stayed skipped).
 */
import { and, eq, lte, sql, type SQLWrapper } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/index';
import { chinaDate } from '../../kernel/datetime';
import type { TaskKind } from './task-kinds';

/** A unit's count of the day of `now` (China time): its stored count if that is of the same day, else 0. */
export function countToday(unit: { todayCount: number; todayDate: string }, now: Date): number {
  return unit.todayDate === chinaDate(now) ? unit.todayCount : 0;
}

/**
 * Adds `n` successful actions to the unit's count of the day of `now`, in one conditional UPDATE: the row lock
 * orders concurrent reports of the unit's runs, and each one's CASE reads the row as the previous one left it
 * (PostgreSQL re-evaluates the SET on the updated row), so none is lost, including across midnight, where the
 * first report of the day starts the count again and the others add to it. A report dated a day before the
 * stored one (taken just before midnight, written just after a report of the new day) leaves the row alone: its
 * day is over, and writing it would take the row back a day and drop the new day's count.
 */
export async function addToToday(
  db: Pick<Db, 'update'>,
  units: TaskKind['units'],
  arrId: bigint,
  n: number,
  now: Date,
): Promise<void> {
  const today = chinaDate(now);
  await db
    .update(units)
    .set({
      todayCount: sql`case when ${units.todayDate} = ${today} then ${units.todayCount} + ${n} else ${n} end`,
      todayDate: today,
    })
    .where(and(eq(units.id, arrId), lte(units.todayDate, today)));
}

/**
 * The count of the day as an SQL expression, for ordering a roster list by `today_count` as the console shows it.
 * The day is taken when the query is built (drizzle asks an SQLWrapper for its SQL then), not when the module is.
 */
export function todayCountSql(units: { todayCount: PgColumn; todayDate: PgColumn }): SQLWrapper {
  return {
    getSQL: () =>
      sql`case when ${units.todayDate} = ${chinaDate(new Date())} then ${units.todayCount} else 0 end`,
  };
}
