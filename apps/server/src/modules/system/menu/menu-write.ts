/**
 * Writes of menus, by the administrator of tenant 000000 only (menus are platform-wide rows): submit (a parent must
 * be a menu, never the menu itself or a descendant; codes unique, and names among menus) and remove (leaves only).
 * Both drop the scope cache's menus (src/auth/permissions.ts).
 */
import { and, eq, inArray, ne, or } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { bodyOf, scopeCache, type MenuRow } from '../../../auth/permissions';
import { caller, requireAll, requirePlatformAdmin } from '../../../crud/index';
import type { Db } from '../../../db/index';
import { menu } from '../../../db/schema';
import { HAS_CHILDREN_MSG } from '../../../kernel/messages';
import { BizError, nextId, ok, parseId, parseIds } from '../../../util';
import { live, liveMenus } from './menu-rows';

export const DUPLICATE_MENU_MSG = '菜单名或编号已存在!';
export const PARENT_NOT_MENU_MSG = '父节点只可选择菜单类型!';

export function menuWriteHandlers(db: Db) {
  const cache = scopeCache(db);

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
      const existing = rawId ? (await liveMenus(db, eq(menu.id, parseId(rawId) ?? -1n)))[0] : undefined;
      if (rawId && !existing) throw new BizError('数据不存在');
      if (parentId !== 0n) {
        const [parent] = await liveMenus(db, eq(menu.id, parentId));
        if (!parent) throw new BizError('父节点不存在');
        if (parent.category !== 1) throw new BizError(PARENT_NOT_MENU_MSG);
        if (existing) {
          // the new parent must not be the menu itself or one of its descendants
          const all = await liveMenus(db);
          const byId = new Map(all.map((m) => [m.id, m]));
          for (let cur: MenuRow | undefined = parent; cur; cur = byId.get(cur.parentId)) {
            if (cur.id === existing.id) throw new BizError('父节点不能是自身或其子节点');
            if (cur.parentId === 0n) break;
          }
        }
      }
      if (existing && existing.category === 1 && category === 2) {
        const [kid] = await liveMenus(db, eq(menu.parentId, existing.id));
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
      const found = ids.length
        ? await db
            .select({ id: menu.id })
            .from(menu)
            .where(and(live, inArray(menu.id, ids)))
        : [];
      requireAll(
        ids,
        found.map((r) => r.id),
      );
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
