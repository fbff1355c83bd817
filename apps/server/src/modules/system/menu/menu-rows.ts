/** Reads of menu rows several parts share: live menus (with the list filters) and the menus of top menus. */
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { MenuRow } from '../../../auth/permissions';
import type { TokenClaims } from '../../../auth/tokens';
import type { FilterSpec } from '../../../crud/index';
import type { Db } from '../../../db/index';
import { menu, topMenu, topMenuSetting } from '../../../db/schema';

export const live = eq(menu.isDeleted, 0);

/** Query properties of the lists → filters. */
export const filters: Record<string, FilterSpec> = {
  code: { column: menu.code },
  name: { column: menu.name },
  alias: { column: menu.alias },
};

/** Live menus matching `conds`, by sort then id. */
export const liveMenus = async (db: Db, ...conds: (SQL | undefined)[]): Promise<MenuRow[]> =>
  db
    .select()
    .from(menu)
    .where(and(live, ...conds))
    .orderBy(asc(menu.sort), asc(menu.id));

/** Menu ids of a top menu of the caller's tenant (empty for another tenant's or an unknown one). */
export async function topMenuMenuIds(db: Db, a: TokenClaims, ids: bigint[]): Promise<bigint[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ menuId: topMenuSetting.menuId })
    .from(topMenuSetting)
    .innerJoin(topMenu, eq(topMenu.id, topMenuSetting.topMenuId))
    .where(and(inArray(topMenu.id, ids), eq(topMenu.tenantId, a.tenant_id), eq(topMenu.isDeleted, 0)));
  return [...new Set(rows.map((r) => r.menuId))];
}
