import { and, asc, count, eq, inArray, like, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { TokenClaims } from '../../../auth/tokens';
import { caller, crud, filterConds, isPlatformAdmin, type FilterSpec } from '../../../crud/index';
import { forest, treeNode } from '../../../crud/tree';
import type { Db } from '../../../db/index';
import { dept, user } from '../../../db/schema';
import { BizError, ok, parseId, parseIds } from '../../../util';
import { HAS_CHILDREN_MSG } from '../../../kernel/messages';

type DeptRow = typeof dept.$inferSelect;

/** Labels of the dictionary `org_category`. */
const CATEGORY: Record<number, string> = { 1: '公司', 2: '部门', 3: '小组' };

interface DeptVO {
  id: string;
  tenantId: string;
  parentId: string;
  ancestors: string;
  deptCategory: number;
  deptCategoryName: string;
  deptName: string;
  fullName: string;
  sort: number;
  remark: string;
  isDeleted: number;
  parentName: string;
  hasChildren: boolean;
  children?: DeptVO[];
}

const toDeptVO = (d: DeptRow, parentName = '', hasChildren = false): DeptVO => ({
  id: d.id.toString(),
  tenantId: d.tenantId,
  parentId: d.parentId.toString(),
  ancestors: d.ancestors,
  deptCategory: d.deptCategory,
  deptCategoryName: CATEGORY[d.deptCategory] ?? '',
  deptName: d.deptName,
  fullName: d.fullName,
  sort: d.sort,
  remark: d.remark,
  isDeleted: d.isDeleted,
  parentName,
  hasChildren,
});

const filters: Record<string, FilterSpec> = {
  deptName: { column: dept.deptName, kinds: ['like', 'equal'] },
  fullName: { column: dept.fullName, kinds: ['like', 'equal'] },
};

/**
 * Departments (tenant-owned). Writes stay in the caller's tenant; the administrator of tenant 000000 reads every
 * tenant in list, lazy-list and lazy-tree (contract), and may name another tenant in tree / getDeviceTree.
 */
export function deptHandlers(db: Db) {
  const m = crud<DeptRow>(db, {
    table: dept,
    id: dept.id,
    isDeleted: dept.isDeleted,
    tenantId: dept.tenantId,
    audited: true,
    toVO: (d) => toDeptVO(d),
    filters,
    defaultOrder: [asc(dept.sort)],
    async fields(b, existing, a) {
      const parentId = parseId(typeof b.parentId === 'string' ? b.parentId : '') ?? 0n;
      let ancestors = '0';
      if (parentId !== 0n) {
        const parent = await m.findOwn(a, parentId).catch(() => {
          throw new BizError('父节点不存在');
        });
        if (
          existing &&
          (parent.id === existing.id || parent.ancestors.split(',').includes(String(existing.id)))
        )
          throw new BizError('父节点不能是自身或其子节点');
        ancestors = `${parent.ancestors},${parent.id}`;
      }
      return {
        parentId,
        ancestors,
        deptName: b.deptName,
        fullName: b.fullName,
        deptCategory: b.deptCategory,
        sort: b.sort,
        ...(b.remark !== undefined ? { remark: b.remark } : {}),
      };
    },
    async afterWrite(row, existing, a) {
      if (!existing || existing.ancestors === row.ancestors) return;
      // moved: rewrite the ancestors of the subtree
      const oldPrefix = `${existing.ancestors},${row.id}`;
      const subtree = await db
        .select()
        .from(dept)
        .where(and(m.scope(a), like(dept.ancestors, `${oldPrefix}%`)));
      for (const d of subtree) {
        if (d.ancestors !== oldPrefix && !d.ancestors.startsWith(`${oldPrefix},`)) continue;
        await db
          .update(dept)
          .set({ ancestors: `${row.ancestors},${row.id}${d.ancestors.slice(oldPrefix.length)}` })
          .where(eq(dept.id, d.id));
      }
    },
    async beforeRemove(ids, a) {
      const [child] = await db
        .select({ id: dept.id })
        .from(dept)
        .where(and(m.scope(a), inArray(dept.parentId, ids)))
        .limit(1);
      if (child) throw new BizError(HAS_CHILDREN_MSG);
    },
    submitResult: (d) => ({
      id: d.id.toString(),
      tenantId: d.tenantId,
      deptCategoryName: CATEGORY[d.deptCategory] ?? '',
    }),
    ops: { submit: 'deptSubmit', remove: 'deptRemove' },
  });

  const live = eq(dept.isDeleted, 0);
  /** Read scope: every tenant for the platform administrator, else the caller's. */
  const readScope = (a: TokenClaims): SQL => (isPlatformAdmin(a) ? live : m.scope(a));
  /** `tenantId` param: the platform administrator may name another tenant; others read their own. */
  const tenantScope = (a: TokenClaims, tenantId: string | undefined): SQL =>
    and(eq(dept.tenantId, tenantId && isPlatformAdmin(a) ? tenantId : a.tenant_id), live)!;

  const rows = (where: SQL | undefined) =>
    db.select().from(dept).where(where).orderBy(asc(dept.sort), asc(dept.id));

  async function childCounts(ids: bigint[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const r = await db
      .select({ p: dept.parentId, n: count() })
      .from(dept)
      .where(and(live, inArray(dept.parentId, ids)))
      .groupBy(dept.parentId);
    return new Set(r.filter((x) => Number(x.n) > 0).map((x) => x.p.toString()));
  }

  async function parentNames(list: DeptRow[]): Promise<Map<string, string>> {
    const names = new Map(list.map((d) => [d.id.toString(), d.deptName]));
    const missing = [...new Set(list.map((d) => d.parentId))].filter(
      (p) => p !== 0n && !names.has(p.toString()),
    );
    if (missing.length)
      for (const p of await rows(and(live, inArray(dept.id, missing))))
        names.set(p.id.toString(), p.deptName);
    return names;
  }

  async function treeOf(where: SQL) {
    return forest(
      (await rows(where)).map((d) => treeNode(d.id.toString(), d.parentId.toString(), d.deptName)),
    );
  }

  return {
    ...m.handlers,
    async deptList(req: FastifyRequest) {
      const a = caller(req);
      const list = await rows(and(readScope(a), ...filterConds(filters, req.query as object)));
      const names = await parentNames(list);
      return ok(forest(list.map((d) => toDeptVO(d, names.get(d.parentId.toString()) ?? ''))));
    },
    async deptLazyList(req: FastifyRequest) {
      const a = caller(req);
      const q = req.query as { parentId?: string };
      const pid = parseId(q.parentId) ?? 0n;
      const list = await rows(and(readScope(a), eq(dept.parentId, pid), ...filterConds(filters, q)));
      const [names, parents] = await Promise.all([parentNames(list), childCounts(list.map((d) => d.id))]);
      return ok(
        list.map((d) => toDeptVO(d, names.get(d.parentId.toString()) ?? '', parents.has(d.id.toString()))),
      );
    },
    async deptTree(req: FastifyRequest) {
      const a = caller(req);
      return ok(await treeOf(tenantScope(a, (req.query as { tenantId?: string }).tenantId)));
    },
    async deptGetDeviceTree(req: FastifyRequest) {
      const a = caller(req);
      return ok(await treeOf(tenantScope(a, (req.query as { tenantId?: string }).tenantId)));
    },
    async deptLazyTree(req: FastifyRequest) {
      const a = caller(req);
      const q = req.query as { parentId?: string; tenantId?: string };
      const pid = parseId(q.parentId) ?? 0n;
      const scope = isPlatformAdmin(a) ? live : tenantScope(a, q.tenantId);
      const list = await rows(and(scope, eq(dept.parentId, pid)));
      const parents = await childCounts(list.map((d) => d.id));
      return ok(
        list.map((d) =>
          treeNode(d.id.toString(), d.parentId.toString(), d.deptName, parents.has(d.id.toString())),
        ),
      );
    },
    async deptSelect(req: FastifyRequest) {
      const a = caller(req);
      const q = req.query as { userId?: string; deptId?: string };
      let ids = parseIds(q.deptId);
      const uid = parseId(q.userId);
      if (uid !== undefined) {
        const [u] = await db
          .select({ deptId: user.deptId })
          .from(user)
          .where(and(eq(user.id, uid), eq(user.tenantId, a.tenant_id), eq(user.isDeleted, 0)))
          .limit(1);
        ids = parseIds(u?.deptId);
      }
      if (ids.length === 0) return ok([]);
      const list = await rows(and(m.scope(a), inArray(dept.id, ids)));
      const names = await parentNames(list);
      return ok(list.map((d) => toDeptVO(d, names.get(d.parentId.toString()) ?? '')));
    },
    async deptDetail(req: FastifyRequest) {
      const a = caller(req);
      const d = await m.findOwn(a, parseId((req.query as { id: string }).id));
      const names = await parentNames([d]);
      const parents = await childCounts([d.id]);
      return ok(toDeptVO(d, names.get(d.parentId.toString()) ?? '', parents.has(d.id.toString())));
    },
  };
}
