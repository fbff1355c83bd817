/**
 * Top menus (docs/platform-contract.md §3.4, §4.4): tenant-owned entries of the top bar; `grant` replaces the menus of the
 * caller's top menus (another tenant's ids behave like unknown ids). Writes are for `administrator` / `admin`.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { bodyOf, isAdministrator } from '../auth/permissions';
import type { TokenClaims } from '../auth/tokens';
import { caller, crud, NO_PERMISSION_MSG, NOT_FOUND_MSG } from '../crud/index';
import type { Db } from '../db/index';
import { menu, topMenu, topMenuSetting } from '../db/schema';
import { auditVO, BizError, nextId, ok, parseId } from '../util';

type TopMenuRow = typeof topMenu.$inferSelect;

export function toTopMenuVO(t: TopMenuRow) {
  return {
    id: t.id.toString(),
    tenantId: t.tenantId,
    code: t.code,
    name: t.name,
    source: t.source,
    sort: t.sort,
    ...auditVO(t),
  };
}

function requireManager(a: TokenClaims): void {
  if (!isAdministrator(a) && !a.authorities.includes('admin')) throw new BizError(NO_PERMISSION_MSG, 401);
}

export function topmenuHandlers(db: Db) {
  const m = crud<TopMenuRow>(db, {
    table: topMenu,
    id: topMenu.id,
    isDeleted: topMenu.isDeleted,
    tenantId: topMenu.tenantId,
    audited: true,
    toVO: toTopMenuVO,
    filters: {
      code: { column: topMenu.code, plain: 'equal' },
      name: { column: topMenu.name, plain: 'equal' },
    },
    sortable: {
      id: topMenu.id,
      code: topMenu.code,
      name: topMenu.name,
      sort: topMenu.sort,
      create_time: topMenu.createTime,
      update_time: topMenu.updateTime,
    },
    defaultOrder: [asc(topMenu.sort)],
    authorizeWrite: requireManager,
    fields: (b, existing) => ({
      code: b.code,
      name: b.name,
      sort: b.sort,
      ...(b.source !== undefined ? { source: b.source } : existing ? {} : { source: '' }),
    }),
    async beforeRemove(ids) {
      await db.delete(topMenuSetting).where(inArray(topMenuSetting.topMenuId, ids));
    },
    ops: { list: 'topmenuList', detail: 'topmenuDetail', submit: 'topmenuSubmit', remove: 'topmenuRemove' },
  });

  return {
    ...m.handlers,
    async topmenuGrant(req: FastifyRequest) {
      const a = caller(req);
      requireManager(a);
      const b = bodyOf(req) as { topMenuIds: string[]; menuIds?: string[] };
      const ids = (list: string[] | undefined) => [
        ...new Set((list ?? []).map((s) => parseId(s)).filter((x): x is bigint => x !== undefined)),
      ];
      const wanted = ids(b.topMenuIds);
      const tops =
        wanted.length === 0
          ? []
          : await db
              .select({ id: topMenu.id })
              .from(topMenu)
              .where(and(m.scope(a), inArray(topMenu.id, wanted)));
      if (tops.length === 0 || tops.length !== wanted.length) throw new BizError(NOT_FOUND_MSG);
      const menuIds = ids(b.menuIds);
      const live =
        menuIds.length === 0
          ? []
          : (
              await db
                .select({ id: menu.id })
                .from(menu)
                .where(and(eq(menu.isDeleted, 0), inArray(menu.id, menuIds)))
            ).map((r) => r.id);
      const topIds = tops.map((t) => t.id);
      await db.transaction(async (tx) => {
        await tx.delete(topMenuSetting).where(inArray(topMenuSetting.topMenuId, topIds));
        const rows = topIds.flatMap((topMenuId) =>
          live.map((menuId) => ({ id: nextId(), topMenuId, menuId })),
        );
        if (rows.length) await tx.insert(topMenuSetting).values(rows);
      });
      return ok({});
    },
  };
}
