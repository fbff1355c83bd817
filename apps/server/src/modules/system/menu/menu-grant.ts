/**
 * The grant dialogs of roles and top menus: the trees of what the caller may grant (menus, and the data-scope and
 * API-scope rules under their menus) and the keys already granted to roles or top menus.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  grantableMenuIds,
  SCOPE_API,
  SCOPE_DATA,
  withAncestors,
  type MenuRow,
} from '../../../auth/permissions';
import type { TokenClaims } from '../../../auth/tokens';
import { caller } from '../../../crud/index';
import { forest, treeNode, type TreeNode } from '../../../crud/tree';
import type { Db } from '../../../db/index';
import { menu, roleMenu, roleScope, scopeApi, scopeData } from '../../../db/schema';
import { visibleRoleIds } from '../../../kernel/role-reach';
import { ok, parseIds } from '../../../util';
import { live, liveMenus, topMenuMenuIds } from './menu-rows';
import { bySort, menuTree } from './menu-vo';

/** Rule nodes under their menus, for the data-scope and API-scope grant trees. */
function scopeTree(menus: MenuRow[], rules: { id: bigint; menuId: bigint; scopeName: string }[]): TreeNode[] {
  const allowed = new Map(menus.map((m) => [m.id, m]));
  const mine = rules.filter((r) => allowed.has(r.menuId));
  const holders = withAncestors(menus, new Set(mine.map((r) => r.menuId)));
  const nodes = menus
    .filter((m) => holders.has(m.id))
    .sort(bySort)
    .map((m) => treeNode(m.id.toString(), m.parentId.toString(), m.name));
  for (const r of mine) nodes.push(treeNode(r.id.toString(), r.menuId.toString(), r.scopeName));
  return forest(nodes);
}

export function menuGrantHandlers(db: Db) {
  /** Live menus the caller may grant (no ancestors added: the grant trees show what may be checked). */
  async function grantableMenus(a: TokenClaims): Promise<MenuRow[]> {
    const all = await liveMenus(db);
    const allowed = await grantableMenuIds(db, a);
    return allowed === 'all' ? all : all.filter((m) => allowed.has(m.id));
  }

  return {
    async menuGrantTree(req: FastifyRequest) {
      const a = caller(req);
      const menus = await grantableMenus(a);
      const menuIds = menus.map((m) => m.id);
      const [data, api] =
        menuIds.length === 0
          ? [[], []]
          : await Promise.all([
              db
                .select({ id: scopeData.id, menuId: scopeData.menuId, scopeName: scopeData.scopeName })
                .from(scopeData)
                .where(and(eq(scopeData.isDeleted, 0), inArray(scopeData.menuId, menuIds)))
                .orderBy(asc(scopeData.id)),
              db
                .select({ id: scopeApi.id, menuId: scopeApi.menuId, scopeName: scopeApi.scopeName })
                .from(scopeApi)
                .where(and(eq(scopeApi.isDeleted, 0), inArray(scopeApi.menuId, menuIds)))
                .orderBy(asc(scopeApi.id)),
            ]);
      const cat1 = menus.filter((m) => m.category === 1);
      return ok({ menu: menuTree(menus), dataScope: scopeTree(cat1, data), apiScope: scopeTree(cat1, api) });
    },

    async menuRoleTreeKeys(req: FastifyRequest) {
      const a = caller(req);
      const roles = await visibleRoleIds(db, a, parseIds((req.query as { roleIds: string }).roleIds));
      if (roles.length === 0) return ok({ menu: [], dataScope: [], apiScope: [] });
      const [menus, scopes] = await Promise.all([
        db
          .selectDistinct({ id: roleMenu.menuId })
          .from(roleMenu)
          .innerJoin(menu, and(eq(menu.id, roleMenu.menuId), live))
          .where(inArray(roleMenu.roleId, roles)),
        db
          .selectDistinct({ id: roleScope.scopeId, category: roleScope.scopeCategory })
          .from(roleScope)
          .where(inArray(roleScope.roleId, roles)),
      ]);
      const sorted = (ids: bigint[]) => [...new Set(ids)].sort((x, y) => (x < y ? -1 : 1)).map(String);
      return ok({
        menu: sorted(menus.map((m) => m.id)),
        dataScope: sorted(scopes.filter((s) => s.category === SCOPE_DATA).map((s) => s.id)),
        apiScope: sorted(scopes.filter((s) => s.category === SCOPE_API).map((s) => s.id)),
      });
    },

    async menuGrantTopTree(req: FastifyRequest) {
      const a = caller(req);
      const menus = (await grantableMenus(a)).filter((m) => m.category === 1);
      return ok({ menu: menuTree(menus), dataScope: [], apiScope: [] });
    },

    async menuTopTreeKeys(req: FastifyRequest) {
      const a = caller(req);
      const ids = await topMenuMenuIds(db, a, parseIds((req.query as { topMenuIds: string }).topMenuIds));
      return ok({ menu: ids.sort((x, y) => (x < y ? -1 : 1)).map(String) });
    },
  };
}
