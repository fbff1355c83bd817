/**
 * Menus (docs/platform-contract.md §3.3, §4.1): platform-wide rows, written only by the administrator of tenant 000000.
 * Routes and buttons follow the caller's role grants ∩ tenant package (src/auth/permissions.ts); grant trees and
 * tree keys serve the role and top-menu grant dialogs.
 */
import { and, asc, eq, inArray, ne, or, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  bodyOf,
  grantableMenuIds,
  grantedMenuIds,
  SCOPE_API,
  SCOPE_DATA,
  scopeCache,
  withAncestors,
  type MenuRow,
} from '../auth/permissions';
import type { TokenClaims } from '../auth/tokens';
import { caller, filterConds, requirePlatformAdmin, type FilterSpec } from '../crud/index';
import { forest, treeNode, type TreeNode } from '../crud/tree';
import type { Db } from '../db/index';
import { menu, roleMenu, roleScope, scopeApi, scopeData, topMenu, topMenuSetting } from '../db/schema';
import { BizError, nextId, ok, parseId, parseIds } from '../util';
import { HAS_CHILDREN_MSG } from './dict';
import { visibleRoleIds } from './role';

export const DUPLICATE_MENU_MSG = '菜单名或编号已存在!';
export const PARENT_NOT_MENU_MSG = '父节点只可选择菜单类型!';

const CATEGORY: Record<number, string> = { 1: '菜单', 2: '按钮' };
const ACTION: Record<number, string> = { 1: '工具栏', 2: '操作栏', 3: '工具操作栏' };
const YES_NO: Record<number, string> = { 1: '否', 2: '是' };

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

const bySort = (a: MenuRow, b: MenuRow) => a.sort - b.sort || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Forest by parentId; a node whose parent is not in the set becomes a root. Siblings by sort, then id. */
export function buildForest(rows: MenuRow[]): MenuVO[] {
  return forest([...rows].sort(bySort).map(toVO));
}

const menuTree = (rows: MenuRow[]): TreeNode[] =>
  forest([...rows].sort(bySort).map((m) => treeNode(m.id.toString(), m.parentId.toString(), m.name)));

const filters: Record<string, FilterSpec> = {
  code: { column: menu.code },
  name: { column: menu.name },
  alias: { column: menu.alias },
};

/** `topMenuView`: the view of a top menu (src/modules/system/topmenu), which `menuTopMenu` answers. */
export function menuHandlers(db: Db, topMenuView: (row: typeof topMenu.$inferSelect) => object) {
  const live = eq(menu.isDeleted, 0);
  const cache = scopeCache(db);

  const liveMenus = async (...conds: (SQL | undefined)[]): Promise<MenuRow[]> =>
    db
      .select()
      .from(menu)
      .where(and(live, ...conds))
      .orderBy(asc(menu.sort), asc(menu.id));

  /** Live menus the caller may use, with their missing ancestors. */
  async function visibleMenus(a: TokenClaims): Promise<MenuRow[]> {
    const all = (await cache.get()).menus;
    const granted = await grantedMenuIds(db, a);
    if (granted === 'all') return all;
    const keep = withAncestors(all, granted);
    return all.filter((m) => keep.has(m.id));
  }

  /** Live menus the caller may grant (no ancestors added: the grant trees show what may be checked). */
  async function grantableMenus(a: TokenClaims): Promise<MenuRow[]> {
    const all = await liveMenus();
    const allowed = await grantableMenuIds(db, a);
    return allowed === 'all' ? all : all.filter((m) => allowed.has(m.id));
  }

  /** Menu ids of a top menu of the caller's tenant (empty for another tenant's or an unknown one). */
  async function topMenuMenuIds(a: TokenClaims, ids: bigint[]): Promise<bigint[]> {
    if (ids.length === 0) return [];
    const rows = await db
      .select({ menuId: topMenuSetting.menuId })
      .from(topMenuSetting)
      .innerJoin(topMenu, eq(topMenu.id, topMenuSetting.topMenuId))
      .where(and(inArray(topMenu.id, ids), eq(topMenu.tenantId, a.tenant_id), eq(topMenu.isDeleted, 0)));
    return [...new Set(rows.map((r) => r.menuId))];
  }

  /** One level of children of `parentId`, `hasChildren` computed among rows of the same categories. */
  async function level(q: Record<string, unknown>, menusOnly: boolean) {
    const parentId = parseId(String(q.parentId ?? '0')) ?? 0n;
    const cat = menusOnly ? eq(menu.category, 1) : undefined;
    const rows = await liveMenus(cat, eq(menu.parentId, parentId), ...filterConds(filters, q));
    const ids = rows.map((r) => r.id);
    const withKids = new Set(
      ids.length === 0
        ? []
        : (
            await db
              .selectDistinct({ parentId: menu.parentId })
              .from(menu)
              .where(and(live, cat, inArray(menu.parentId, ids)))
          ).map((r) => r.parentId),
    );
    return rows.map((r) => ({ ...toVO(r), hasChildren: withKids.has(r.id) }));
  }

  /** Rule nodes under their menus, for the data-scope and API-scope grant trees. */
  function scopeTree(
    menus: MenuRow[],
    rules: { id: bigint; menuId: bigint; scopeName: string }[],
  ): TreeNode[] {
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

  async function assertUniqueMenu(code: string, name: string, category: number, exceptId?: bigint) {
    const [dup] = await db
      .select({ id: menu.id })
      .from(menu)
      .where(
        and(
          live,
          exceptId === undefined ? undefined : ne(menu.id, exceptId),
          or(
            eq(menu.code, code),
            category === 1 ? and(eq(menu.name, name), eq(menu.category, 1)) : undefined,
          ),
        ),
      )
      .limit(1);
    if (dup) throw new BizError(DUPLICATE_MENU_MSG);
  }

  return {
    async menuRoutes(req: FastifyRequest) {
      const a = caller(req);
      const { topMenuId } = req.query as { topMenuId?: string };
      let rows = (await visibleMenus(a)).filter((m) => m.category === 1);
      if (topMenuId) {
        // only the menus granted to that top menu (no ancestors: they become the sidebar's roots)
        const ofTop = new Set(await topMenuMenuIds(a, parseIds(topMenuId)));
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

    async menuList(req: FastifyRequest) {
      caller(req);
      return ok(buildForest(await liveMenus(...filterConds(filters, req.query as object))));
    },

    async menuMenuList(req: FastifyRequest) {
      caller(req);
      return ok(
        buildForest(await liveMenus(eq(menu.category, 1), ...filterConds(filters, req.query as object))),
      );
    },

    async menuLazyList(req: FastifyRequest) {
      caller(req);
      return ok(await level(req.query as Record<string, unknown>, false));
    },

    async menuLazyMenuList(req: FastifyRequest) {
      caller(req);
      return ok(await level(req.query as Record<string, unknown>, true));
    },

    async menuTree(req: FastifyRequest) {
      caller(req);
      return ok(menuTree(await liveMenus(eq(menu.category, 1))));
    },

    async menuDetail(req: FastifyRequest) {
      caller(req);
      const id = parseId((req.query as { id: string }).id);
      const [m] = id === undefined ? [] : await liveMenus(eq(menu.id, id));
      if (!m) throw new BizError('数据不存在');
      let parentName = '顶级';
      if (m.parentId !== 0n) {
        const [p] = await db.select({ name: menu.name }).from(menu).where(eq(menu.id, m.parentId)).limit(1);
        parentName = p?.name ?? '';
      }
      const [kid] = await db
        .select({ id: menu.id })
        .from(menu)
        .where(and(live, eq(menu.parentId, m.id)))
        .limit(1);
      return ok({
        ...toVO(m),
        hasChildren: kid !== undefined,
        parentName,
        categoryName: CATEGORY[m.category] ?? '',
        actionName: ACTION[m.action] ?? '',
        isOpenName: YES_NO[m.isOpen] ?? '',
      });
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
      const ids = await topMenuMenuIds(a, parseIds((req.query as { topMenuIds: string }).topMenuIds));
      return ok({ menu: ids.sort((x, y) => (x < y ? -1 : 1)).map(String) });
    },

    async menuSubmit(req: FastifyRequest) {
      const a = caller(req);
      requirePlatformAdmin(a);
      const b = bodyOf(req);
      const str = (k: string, d = '') => (typeof b[k] === 'string' ? (b[k] as string) : d);
      const num = (k: string, d: number) => (typeof b[k] === 'number' ? (b[k] as number) : d);
      const category = num('category', 1);
      if (category !== 1 && category !== 2) throw new BizError('菜单类型错误');
      const parentId = parseId(str('parentId', '0') || '0') ?? 0n;
      const rawId = str('id');
      const existing = rawId ? (await liveMenus(eq(menu.id, parseId(rawId) ?? -1n)))[0] : undefined;
      if (rawId && !existing) throw new BizError('数据不存在');
      if (parentId !== 0n) {
        const [parent] = await liveMenus(eq(menu.id, parentId));
        if (!parent) throw new BizError('父节点不存在');
        if (parent.category !== 1) throw new BizError(PARENT_NOT_MENU_MSG);
        if (existing) {
          // the new parent must not be the menu itself or one of its descendants
          const all = await liveMenus();
          const byId = new Map(all.map((m) => [m.id, m]));
          for (let cur: MenuRow | undefined = parent; cur; cur = byId.get(cur.parentId)) {
            if (cur.id === existing.id) throw new BizError('父节点不能是自身或其子节点');
            if (cur.parentId === 0n) break;
          }
        }
      }
      if (existing && existing.category === 1 && category === 2) {
        const [kid] = await liveMenus(eq(menu.parentId, existing.id));
        if (kid) throw new BizError('该菜单有子节点, 不能改为按钮');
      }
      const code = str('code');
      const name = str('name');
      await assertUniqueMenu(code, name, category, existing?.id);
      const values = {
        parentId,
        code,
        name,
        alias: str('alias'),
        path: str('path'),
        source: str('source', existing?.source ?? ''),
        sort: num('sort', 1),
        category,
        // menus have no button position
        action: category === 1 ? 0 : num('action', existing?.action || 1),
        isOpen: num('isOpen', existing?.isOpen ?? 1) === 2 ? 2 : 1,
        remark: str('remark', existing?.remark ?? ''),
      };
      if (existing) {
        await db.update(menu).set(values).where(eq(menu.id, existing.id));
        cache.invalidate();
        return ok({ id: existing.id.toString() });
      }
      const id = nextId();
      await db.insert(menu).values({ id, ...values, isDeleted: 0 });
      cache.invalidate();
      return ok({ id: id.toString() });
    },

    async menuRemove(req: FastifyRequest) {
      const a = caller(req);
      requirePlatformAdmin(a);
      const ids = parseIds((req.query as { ids: string }).ids);
      if (ids.length === 0) return ok({});
      const [kid] = await db
        .select({ id: menu.id })
        .from(menu)
        .where(and(live, inArray(menu.parentId, ids)))
        .limit(1);
      if (kid) throw new BizError(HAS_CHILDREN_MSG);
      await db
        .update(menu)
        .set({ isDeleted: 1 })
        .where(and(live, inArray(menu.id, ids)));
      cache.invalidate();
      return ok({});
    },
  };
}
