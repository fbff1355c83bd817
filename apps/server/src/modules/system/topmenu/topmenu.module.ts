/**
 * Top menus (docs/platform-contract.md §3.4, §4.4): tenant-owned entries of the top bar. The generic module from the
 * contract's `topmenu` declaration (src/crud/define-module.ts), plus what the contract cannot say: the default order,
 * the role check of writes (`administrator` / `admin`), dropping a removed entry's menu settings, and `grant`, which
 * replaces the menus of the caller's top menus (another tenant's ids behave like unknown ids).
 *
 * A new entry without `source` stores '' (the column's default, src/db/schema-perm.ts).
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { bodyOf, isAdministrator } from '../../../auth/permissions';
import type { TokenClaims } from '../../../auth/tokens';
import { defineCrudModule } from '../../../crud/define-module';
import type { EntityRegistry } from '../../../crud/entities';
import { caller, NO_PERMISSION_MSG, NOT_FOUND_MSG } from '../../../crud/index';
import type { Db } from '../../../db/index';
import { menu, topMenu, topMenuSetting } from '../../../db/schema';
import { BizError, nextId, ok, parseId } from '../../../util';

function requireManager(a: TokenClaims): void {
  if (!isAdministrator(a) && !a.authorities.includes('admin')) throw new BizError(NO_PERMISSION_MSG, 401);
}

export function topmenuModule(db: Db, entities: EntityRegistry) {
  const m = defineCrudModule(db, entities.get('topmenu'), topMenu, {
    defaultOrder: [asc(topMenu.sort)],
    authorizeWrite: requireManager,
    async beforeRemove(ids) {
      await db.delete(topMenuSetting).where(inArray(topMenuSetting.topMenuId, ids));
    },
  });

  const handlers = {
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
  // the view of a top menu, which the menu service's `menuTopMenu` answers too (app.ts hands it over)
  return { handlers, toVO: m.toVO };
}
