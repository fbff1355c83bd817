/**
 * The robot-unit rosters of the content platforms (docs/automation-domain.md §2.1 pattern ARR: dy_arr, dy_comm_arr,
 * dy_live_arr, xsh_arr, xsh_comm_arr, sph_arr): the generic module of the declaration and the getList
 * (./get-list.ts), where `todayCount` is the count of today, China time. The row keeps its count with the day it
 * belongs to (src/engine/runs/unit-day.ts), so a count of an earlier day reads 0, in the list, the detail and the
 * getList, and orders as 0 under `ascs`/`descs=today_count`.
 */
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { EntityRegistry } from '../../crud/entities';
import type { Db } from '../../db/index';
import { countToday, todayCountSql } from '../../engine/runs/unit-day';
import { getListModule } from './get-list';

/** A roster table: a table getList lists, with the count and its day of src/db/columns-automation.ts `arrColumns`. */
type RosterTable = Parameters<typeof getListModule>[3] &
  Record<'todayCount' | 'todayDate', PgColumn> & {
    $inferSelect: { todayCount: number; todayDate: string };
  };

export function rosterModule<T extends RosterTable>(
  db: Db,
  entities: EntityRegistry,
  name: string,
  table: T,
  op: string,
) {
  return getListModule(db, entities, name, table, op, {
    view: (row) => ({ todayCount: countToday(row, new Date()) }),
    sortable: { today_count: todayCountSql(table) },
  });
}
