/** The menu lists of the menu page: whole forests, lazily loaded levels, the menu tree, and the detail. */
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { caller, filterConds } from '../../../crud/index';
import type { Db } from '../../../db/index';
import { menu } from '../../../db/schema';
import { BizError, ok, parseId } from '../../../util';
import { filters, live, liveMenus } from './menu-rows';
import { ACTION, buildForest, CATEGORY, menuTree, toVO, YES_NO } from './menu-vo';

export function menuListHandlers(db: Db) {
  /** One level of children of `parentId`, `hasChildren` computed among rows of the same categories. */
  async function level(q: Record<string, unknown>, menusOnly: boolean) {
    const parentId = parseId(String(q.parentId ?? '0')) ?? 0n;
    const cat = menusOnly ? eq(menu.category, 1) : undefined;
    const rows = await liveMenus(db, cat, eq(menu.parentId, parentId), ...filterConds(filters, q));
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

  return {
    async menuList(req: FastifyRequest) {
      caller(req);
      return ok(buildForest(await liveMenus(db, ...filterConds(filters, req.query as object))));
    },

    async menuMenuList(req: FastifyRequest) {
      caller(req);
      return ok(
        buildForest(await liveMenus(db, eq(menu.category, 1), ...filterConds(filters, req.query as object))),
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
      return ok(menuTree(await liveMenus(db, eq(menu.category, 1))));
    },

    async menuDetail(req: FastifyRequest) {
      caller(req);
      const id = parseId((req.query as { id: string }).id);
      const [m] = id === undefined ? [] : await liveMenus(db, eq(menu.id, id));
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
  };
}
