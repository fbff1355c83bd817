import { asc, eq, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/index';
import { menu, roleMenu } from '../db/schema';
import { AuthError, ok, parseId } from '../util';

type MenuRow = typeof menu.$inferSelect;

interface MenuVO {
  id: string;
  parentId: string;
  code: string;
  name: string;
  alias: string;
  path: string;
  source: string;
  sort: number;
  category: number;
  action: number;
  isOpen: number;
  remark: string;
  isDeleted: number;
  children?: MenuVO[];
  hasChildren: boolean;
  parentName: string;
  categoryName: string;
  actionName: string;
  isOpenName: string;
}

const toVO = (m: MenuRow): MenuVO => ({
  id: m.id.toString(),
  parentId: m.parentId.toString(),
  code: m.code,
  name: m.name,
  alias: m.alias,
  path: m.path,
  source: m.source,
  sort: m.sort,
  category: m.category,
  action: m.action,
  isOpen: m.isOpen,
  remark: m.remark,
  isDeleted: m.isDeleted,
  hasChildren: false,
  parentName: '',
  categoryName: '',
  actionName: '',
  isOpenName: '',
});

/** Forest by parentId; a node whose parent is not in the set becomes a root. Siblings by sort, then id. */
export function buildForest(rows: MenuRow[]): MenuVO[] {
  const sorted = [...rows].sort((a, b) => a.sort - b.sort || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const nodes = new Map<bigint, MenuVO>();
  for (const r of sorted) nodes.set(r.id, toVO(r));
  const roots: MenuVO[] = [];
  for (const r of sorted) {
    const node = nodes.get(r.id) as MenuVO;
    const parent = r.parentId === 0n ? undefined : nodes.get(r.parentId);
    if (parent) {
      (parent.children ??= []).push(node);
      parent.hasChildren = true;
    } else {
      roots.push(node);
    }
  }
  return roots;
}

export function menuHandlers(db: Db) {
  /** Live menus visible to the caller: everything for administrator, else the roles' grants plus ancestors. */
  async function visibleMenus(req: FastifyRequest): Promise<MenuRow[]> {
    const a = req.auth;
    if (!a) throw new AuthError();
    const all = await db.select().from(menu).where(eq(menu.isDeleted, 0)).orderBy(asc(menu.sort));
    if (a.authorities.includes('administrator')) return all;
    const roleIds = a.role_id
      .split(',')
      .map((r) => parseId(r))
      .filter((r): r is bigint => r !== undefined);
    if (roleIds.length === 0) return [];
    const granted = await db
      .selectDistinct({ menuId: roleMenu.menuId })
      .from(roleMenu)
      .where(inArray(roleMenu.roleId, roleIds));
    const byId = new Map(all.map((m) => [m.id, m]));
    const keep = new Set<bigint>();
    for (const { menuId } of granted) {
      // add the missing ancestors
      let cur = byId.get(menuId);
      while (cur && !keep.has(cur.id)) {
        keep.add(cur.id);
        cur = cur.parentId === 0n ? undefined : byId.get(cur.parentId);
      }
    }
    return all.filter((m) => keep.has(m.id));
  }

  return {
    async menuRoutes(req: FastifyRequest) {
      const { topMenuId } = req.query as { topMenuId?: string };
      void topMenuId; // top menus are not part of this slice: every granted menu is returned
      const rows = (await visibleMenus(req)).filter((m) => m.category === 1);
      return ok(buildForest(rows));
    },

    async menuButtons(req: FastifyRequest) {
      const rows = await visibleMenus(req);
      const byId = new Map(rows.map((m) => [m.id, m]));
      const buttons = rows.filter((m) => m.category === 2);
      const parents = new Map<bigint, MenuRow>();
      for (const b of buttons) {
        const p = byId.get(b.parentId);
        if (p && p.category === 1) parents.set(p.id, p);
      }
      // upstream shape: each node is the parent menu of permitted buttons, its children are those buttons
      const bySort = (a: MenuRow, b: MenuRow) => a.sort - b.sort || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
      const forest = [...parents.values()].sort(bySort).map((p) => {
        const kids = buttons
          .filter((b) => b.parentId === p.id)
          .sort(bySort)
          .map(toVO);
        return { ...toVO(p), children: kids, hasChildren: true };
      });
      return ok(forest);
    },
  };
}
