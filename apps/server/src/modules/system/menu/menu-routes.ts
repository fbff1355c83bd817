/**
 * The caller's navigation: the routes (menus) and buttons of their role grants ∩ tenant package
 * (src/auth/permissions.ts), optionally narrowed to one top menu, and the tenant's top menus.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { grantedMenuIds, scopeCache, withAncestors, type MenuRow } from '../../../auth/permissions';
import type { TokenClaims } from '../../../auth/tokens';
import { caller } from '../../../crud/index';
import type { Db } from '../../../db/index';
import { topMenu } from '../../../db/schema';
import { ok, parseIds } from '../../../util';
import { topMenuMenuIds } from './menu-rows';
import { buildForest, bySort, toVO } from './menu-vo';

/** `topMenuView`: the view of a top menu, which `menuTopMenu` answers (./menu.module.ts). */
export function menuRouteHandlers(db: Db, topMenuView: (row: typeof topMenu.$inferSelect) => object) {
  const cache = scopeCache(db);

  /** Live menus the caller may use, with their missing ancestors. */
  async function visibleMenus(a: TokenClaims): Promise<MenuRow[]> {
    const all = (await cache.get()).menus;
    const granted = await grantedMenuIds(db, a);
    if (granted === 'all') return all;
    const keep = withAncestors(all, granted);
    return all.filter((m) => keep.has(m.id));
  }

  return {
    async menuRoutes(req: FastifyRequest) {
      const a = caller(req);
      const { topMenuId } = req.query as { topMenuId?: string };
      let rows = (await visibleMenus(a)).filter((m) => m.category === 1);
      if (topMenuId) {
        // only the menus granted to that top menu (no ancestors: they become the sidebar's roots)
        const ofTop = new Set(await topMenuMenuIds(db, a, parseIds(topMenuId)));
        rows = rows.filter((m) => ofTop.has(m.id));
      }
      return ok(buildForest(rows));
    },

    async menuButtons(req: FastifyRequest) {
      const a = caller(req);
      const rows = await visibleMenus(a);
      const granted = await grantedMenuIds(db, a);
      const byId = new Map(rows.map((m) => [m.id, m]));
      // a button counts only when granted itself (visibleMenus adds ancestors, never descendants)
      const buttons = rows.filter((m) => m.category === 2 && (granted === 'all' || granted.has(m.id)));
      const parents = new Map<bigint, MenuRow>();
      for (const b of buttons) {
        const p = byId.get(b.parentId);
        if (p && p.category === 1) parents.set(p.id, p);
      }
      // upstream shape: each node is the parent menu of permitted buttons, its children are those buttons
      const result = [...parents.values()].sort(bySort).map((p) => ({
        ...toVO(p),
        children: buttons
          .filter((b) => b.parentId === p.id)
          .sort(bySort)
          .map(toVO),
        hasChildren: true,
      }));
      return ok(result);
    },

    async menuTopMenu(req: FastifyRequest) {
      const a = caller(req);
      const rows = await db
        .select()
        .from(topMenu)
        .where(and(eq(topMenu.tenantId, a.tenant_id), eq(topMenu.isDeleted, 0)))
        .orderBy(asc(topMenu.sort), asc(topMenu.id));
      return ok(rows.map(topMenuView));
    },
  };
}
