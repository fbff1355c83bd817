/**
 * Roles (docs/platform-contract.md §3.2, §4.2): tenant-owned; the administrator of tenant 000000 reaches every tenant's roles,
 * everybody else only their own tenant's (another tenant's ids behave like unknown ids). The controller is for
 * `administrator` and `admin` (tenant administrators), except `select`.
 *
 * `grant` replaces the menus, data scopes and API scopes of the roles; a caller may only grant what
 * `grantableMenuIds` allows (the tenant package for tenant administrators).
 */
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  bodyOf,
  grantableMenuIds,
  isAdministrator,
  menusOutside,
  SCOPE_API,
  SCOPE_DATA,
  scopeCache,
} from '../../../auth/permissions';
import type { TokenClaims } from '../../../auth/tokens';
import {
  caller,
  filterConds,
  isPlatformAdmin,
  NO_PERMISSION_MSG,
  NOT_FOUND_MSG,
  requireAll,
} from '../../../crud/index';
import { forest, treeNode } from '../../../crud/tree';
import type { Db } from '../../../db/index';
import { menu, role, roleMenu, roleScope, scopeApi, scopeData, user } from '../../../db/schema';
import { BizError, nextId, ok, parseId, parseIds } from '../../../util';
import { HAS_CHILDREN_MSG } from '../../../kernel/messages';
import { reach, visibleRoleIds } from '../../../kernel/role-reach';

type RoleRow = typeof role.$inferSelect;

export const DUPLICATE_ALIAS_MSG = '角色别名已存在!';
export const CREATE_ADMINISTRATOR_MSG = '无权限创建超管角色！';
export const GRANT_ADMINISTRATOR_MSG = '无权配置超管角色!';
export const OUTSIDE_PACKAGE_MSG = '无权分配租户套餐外的菜单!';

interface RoleVO {
  id: string;
  tenantId: string;
  parentId: string;
  roleName: string;
  roleAlias: string;
  sort: number;
  isDeleted: number;
  parentName: string;
  hasChildren: boolean;
  children?: RoleVO[];
}

const toRoleVO = (r: RoleRow, parentName = ''): RoleVO => ({
  id: r.id.toString(),
  tenantId: r.tenantId,
  parentId: r.parentId.toString(),
  roleName: r.roleName,
  roleAlias: r.roleAlias,
  sort: r.sort,
  isDeleted: r.isDeleted,
  parentName,
  hasChildren: false,
});

const bySort = (a: RoleRow, b: RoleRow) => a.sort - b.sort || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** `administrator` or a tenant `admin`: the callers of the role controller. */
const isRoleManager = (a: TokenClaims) => isAdministrator(a) || a.authorities.includes('admin');

function requireRoleManager(a: TokenClaims): void {
  if (!isRoleManager(a)) throw new BizError(NO_PERMISSION_MSG, 401);
}

export function roleHandlers(db: Db) {
  async function findOwn(a: TokenClaims, id: bigint | undefined): Promise<RoleRow> {
    const [row] =
      id === undefined
        ? []
        : await db
            .select()
            .from(role)
            .where(and(reach(a), eq(role.id, id)))
            .limit(1);
    if (!row) throw new BizError(NOT_FOUND_MSG);
    return row;
  }

  const withParentNames = (rows: RoleRow[], all: RoleRow[]): RoleVO[] => {
    const names = new Map(all.map((r) => [r.id, r.roleName]));
    return [...rows]
      .sort(bySort)
      .map((r) => toRoleVO(r, r.parentId === 0n ? '顶级' : (names.get(r.parentId) ?? '')));
  };

  async function tenantTree(a: TokenClaims, tenantId: string) {
    let rows = await db
      .select()
      .from(role)
      .where(and(eq(role.isDeleted, 0), eq(role.tenantId, tenantId)));
    if (!isRoleManager(a)) rows = rows.filter((r) => r.roleAlias !== 'administrator');
    return forest(rows.sort(bySort).map((r) => treeNode(r.id.toString(), r.parentId.toString(), r.roleName)));
  }

  return {
    async roleList(req: FastifyRequest) {
      const a = caller(req);
      requireRoleManager(a);
      const q = req.query as object;
      const conds = filterConds(
        {
          roleName: { column: role.roleName },
          roleAlias: { column: role.roleAlias },
          // within reach(a): another tenant's code leaves a tenant's own administrator nothing to list
          tenantId: { column: role.tenantId, plain: 'equal', kinds: ['equal'] },
        },
        q,
      );
      const rows = await db
        .select()
        .from(role)
        .where(and(reach(a), ...conds))
        .orderBy(asc(role.sort), asc(role.id));
      const all = conds.length ? await db.select().from(role).where(reach(a)) : rows;
      return ok(forest(withParentNames(rows, all)));
    },

    async roleDetail(req: FastifyRequest) {
      const a = caller(req);
      requireRoleManager(a);
      const r = await findOwn(a, parseId((req.query as { id: string }).id));
      let parentName = '顶级';
      if (r.parentId !== 0n) {
        const [p] = await db.select({ n: role.roleName }).from(role).where(eq(role.id, r.parentId)).limit(1);
        parentName = p?.n ?? '';
      }
      const [kid] = await db
        .select({ id: role.id })
        .from(role)
        .where(and(eq(role.isDeleted, 0), eq(role.parentId, r.id)))
        .limit(1);
      return ok({ ...toRoleVO(r, parentName), hasChildren: kid !== undefined });
    },

    async roleTree(req: FastifyRequest) {
      const a = caller(req);
      const { tenantId } = req.query as { tenantId?: string };
      // only the platform administrator may name another tenant
      return ok(await tenantTree(a, tenantId && isPlatformAdmin(a) ? tenantId : a.tenant_id));
    },

    async roleTreeById(req: FastifyRequest) {
      const a = caller(req);
      const id = parseId((req.query as { roleId: string }).roleId);
      const [r] =
        id === undefined
          ? []
          : await db
              .select({ tenantId: role.tenantId })
              .from(role)
              .where(and(reach(a), eq(role.id, id)))
              .limit(1);
      return ok(await tenantTree(a, r?.tenantId ?? a.tenant_id));
    },

    async roleSelect(req: FastifyRequest) {
      const a = caller(req);
      const q = req.query as { userId?: string; roleId?: string };
      let ids: bigint[];
      if (q.roleId) ids = parseIds(q.roleId);
      else {
        const uid = parseId(q.userId ?? a.user_id);
        const [u] =
          uid === undefined
            ? []
            : await db
                .select({ roleId: user.roleId })
                .from(user)
                .where(and(eq(user.id, uid), eq(user.tenantId, a.tenant_id), eq(user.isDeleted, 0)))
                .limit(1);
        ids = parseIds(u?.roleId ?? '');
      }
      if (ids.length === 0) return ok([]);
      const rows = await db
        .select()
        .from(role)
        .where(and(eq(role.isDeleted, 0), eq(role.tenantId, a.tenant_id), inArray(role.id, ids)));
      return ok(withParentNames(rows, rows));
    },

    async roleSubmit(req: FastifyRequest) {
      const a = caller(req);
      requireRoleManager(a);
      const b = bodyOf(req);
      const roleAlias = String(b.roleAlias ?? '');
      const rawId = typeof b.id === 'string' ? b.id : '';
      const existing = rawId ? await findOwn(a, parseId(rawId)) : undefined;
      if (roleAlias === 'administrator' && existing?.roleAlias !== 'administrator' && !isAdministrator(a))
        throw new BizError(CREATE_ADMINISTRATOR_MSG);
      const parentId = parseId(typeof b.parentId === 'string' && b.parentId ? b.parentId : '0') ?? 0n;
      // A new child belongs to its parent's tenant: the platform administrator reaches every tenant's roles and
      // adds children under them (新增子项 on another tenant's row); anyone else reaches only their own tenant.
      let tenantId = existing?.tenantId ?? a.tenant_id;
      if (!existing && parentId !== 0n) {
        const [p] = await db
          .select({ tenantId: role.tenantId })
          .from(role)
          .where(and(reach(a), eq(role.id, parentId)))
          .limit(1);
        if (!p) throw new BizError('父节点不存在');
        tenantId = p.tenantId;
      }
      if (parentId !== 0n) {
        const parents = await db
          .select()
          .from(role)
          .where(and(eq(role.isDeleted, 0), eq(role.tenantId, tenantId)));
        const byId = new Map(parents.map((r) => [r.id, r]));
        if (!byId.has(parentId)) throw new BizError('父节点不存在');
        for (let cur = byId.get(parentId); cur && existing; cur = byId.get(cur.parentId)) {
          if (cur.id === existing.id) throw new BizError('父节点不能是自身或其子节点');
          if (cur.parentId === 0n) break;
        }
      }
      const [dup] = await db
        .select({ id: role.id })
        .from(role)
        .where(
          and(
            eq(role.isDeleted, 0),
            eq(role.tenantId, tenantId),
            eq(role.roleAlias, roleAlias),
            existing ? ne(role.id, existing.id) : undefined,
          ),
        )
        .limit(1);
      if (dup) throw new BizError(DUPLICATE_ALIAS_MSG);
      const userId = parseId(a.user_id) ?? null;
      const now = new Date();
      const values = {
        parentId,
        roleName: String(b.roleName ?? ''),
        roleAlias,
        sort: typeof b.sort === 'number' ? b.sort : 1,
        updateUser: userId,
        updateTime: now,
      };
      if (existing) {
        await db.update(role).set(values).where(eq(role.id, existing.id));
      } else {
        await db.insert(role).values({
          id: nextId(),
          tenantId,
          ...values,
          createUser: userId,
          createDept: parseId(a.dept_id.split(',')[0]) ?? null,
          createTime: now,
          status: 1,
          isDeleted: 0,
        });
      }
      scopeCache(db).invalidate();
      return ok({});
    },

    async roleRemove(req: FastifyRequest) {
      const a = caller(req);
      requireRoleManager(a);
      const asked = parseIds((req.query as { ids: string }).ids);
      const ids = await visibleRoleIds(db, a, asked);
      requireAll(asked, ids);
      const [kid] = await db
        .select({ id: role.id })
        .from(role)
        .where(and(eq(role.isDeleted, 0), inArray(role.parentId, ids)))
        .limit(1);
      if (kid) throw new BizError(HAS_CHILDREN_MSG);
      await db
        .update(role)
        .set({ isDeleted: 1, updateUser: parseId(a.user_id) ?? null, updateTime: new Date() })
        .where(inArray(role.id, ids));
      scopeCache(db).invalidate();
      return ok({});
    },

    async roleGrant(req: FastifyRequest) {
      const a = caller(req);
      requireRoleManager(a);
      const b = bodyOf(req) as {
        roleIds: string[];
        menuIds: string[];
        dataScopeIds?: string[];
        apiScopeIds?: string[];
      };
      const ids = (list: string[] | undefined) => [
        ...new Set((list ?? []).map((s) => parseId(s)).filter((x): x is bigint => x !== undefined)),
      ];
      const wanted = ids(b.roleIds);
      const roles =
        wanted.length === 0
          ? []
          : await db
              .select({ id: role.id, alias: role.roleAlias })
              .from(role)
              .where(and(reach(a), inArray(role.id, wanted)));
      // another tenant's roles behave like unknown ids: nothing changes
      if (roles.length !== wanted.length || roles.length === 0) throw new BizError(NOT_FOUND_MSG);
      if (!isAdministrator(a) && roles.some((r) => r.alias === 'administrator'))
        throw new BizError(GRANT_ADMINISTRATOR_MSG);

      const allowed = await grantableMenuIds(db, a);
      const menuIds = ids(b.menuIds);
      if (menusOutside(allowed, menuIds).length > 0) throw new BizError(OUTSIDE_PACKAGE_MSG);
      const liveMenus =
        menuIds.length === 0
          ? []
          : (
              await db
                .select({ id: menu.id })
                .from(menu)
                .where(and(eq(menu.isDeleted, 0), inArray(menu.id, menuIds)))
            ).map((m) => m.id);
      // scope rules: live ones attached to menus the caller may grant
      const liveRules = async (table: typeof scopeData | typeof scopeApi, list: bigint[]) => {
        if (list.length === 0) return [];
        const rows = await db
          .select({ id: table.id, menuId: table.menuId })
          .from(table)
          .where(and(eq(table.isDeleted, 0), inArray(table.id, list)));
        if (
          menusOutside(
            allowed,
            rows.map((r) => r.menuId),
          ).length > 0
        )
          throw new BizError(OUTSIDE_PACKAGE_MSG);
        return rows.map((r) => r.id);
      };
      const dataIds = await liveRules(scopeData, ids(b.dataScopeIds));
      const apiIds = await liveRules(scopeApi, ids(b.apiScopeIds));

      const roleIds = roles.map((r) => r.id);
      await db.transaction(async (tx) => {
        await tx.delete(roleMenu).where(inArray(roleMenu.roleId, roleIds));
        await tx.delete(roleScope).where(inArray(roleScope.roleId, roleIds));
        const menuRows = roleIds.flatMap((roleId) =>
          liveMenus.map((menuId) => ({ id: nextId(), roleId, menuId })),
        );
        if (menuRows.length) await tx.insert(roleMenu).values(menuRows);
        const scopeRows = roleIds.flatMap((roleId) => [
          ...dataIds.map((scopeId) => ({ id: nextId(), roleId, scopeId, scopeCategory: SCOPE_DATA })),
          ...apiIds.map((scopeId) => ({ id: nextId(), roleId, scopeId, scopeCategory: SCOPE_API })),
        ]);
        if (scopeRows.length) await tx.insert(roleScope).values(scopeRows);
      });
      scopeCache(db).invalidate();
      return ok({});
    },
  };
}
