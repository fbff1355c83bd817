/**
 * Regions (docs/platform-contract.md §3.13, §4.7): platform-wide, keyed by code, no audit columns, physical removes. Any
 * signed-in user reads; only the administrator of tenant 000000 writes. The write itself is ./region-write.ts (shared
 * with the import); the Excel template, export and import are ./region-excel-handlers.ts.
 */
import { and, asc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { caller, NOT_FOUND_MSG, requirePlatformAdmin } from '../../../crud/index';
import { treeNode } from '../../../crud/tree';
import type { Db } from '../../../db/index';
import { region } from '../../../db/schema';
import { BizError, escapeLike, ok } from '../../../util';
import { regionExcelHandlers } from './region-excel-handlers';
import { findRegion, writeRegion, type RegionInput, type RegionRow } from './region-write';

export const HAS_CHILDREN_MSG = '请先删除子节点!';

export function toRegionVO(r: RegionRow, parentName: string, hasChildren: boolean) {
  return {
    id: r.code,
    parentId: r.parentCode,
    ancestors: r.ancestors,
    provinceCode: r.provinceCode,
    provinceName: r.provinceName,
    cityCode: r.cityCode,
    cityName: r.cityName,
    districtCode: r.districtCode,
    districtName: r.districtName,
    townCode: r.townCode,
    townName: r.townName,
    villageCode: r.villageCode,
    villageName: r.villageName,
    parentName,
    hasChildren,
    code: r.code,
    parentCode: r.parentCode,
    name: r.name,
    regionLevel: r.regionLevel,
    sort: r.sort,
    remark: r.remark,
  };
}

interface LevelQuery {
  parentCode?: string;
  code?: string;
  name?: string;
}

// spelled out: drizzle leaves columns of a single-table select unqualified, which the subquery would capture
const child = sql`exists (select 1 from smart_region c where c.parent_code = smart_region.code)`;

export function regionHandlers(db: Db) {
  const find = (code: string | undefined) => findRegion(db, code);

  /** One level: the children of parentCode (`00` by default); with a code/name filter and no parent, a search. */
  async function level(q: LevelQuery) {
    const conds: SQL[] = [];
    if (q.code) conds.push(ilike(region.code, `%${escapeLike(q.code)}%`));
    if (q.name) conds.push(ilike(region.name, `%${escapeLike(q.name)}%`));
    const parentCode = q.parentCode || (conds.length ? undefined : '00');
    if (parentCode) conds.push(eq(region.parentCode, parentCode));
    const rows = await db
      .select({ r: region, hasChildren: child.mapWith(Boolean) })
      .from(region)
      .where(and(...conds))
      .orderBy(asc(region.sort), asc(region.code))
      .limit(5000);
    const names = new Map<string, string>();
    const parents = [...new Set(rows.map((x) => x.r.parentCode))];
    if (parents.length > 0) {
      const ps = await db
        .select({ code: region.code, name: region.name })
        .from(region)
        .where(inArray(region.code, parents));
      for (const p of ps) names.set(p.code, p.name);
    }
    return rows.map((x) => ({ ...x, parentName: names.get(x.r.parentCode) ?? '' }));
  }

  return {
    ...regionExcelHandlers(db),
    async regionLazyList(req: FastifyRequest) {
      caller(req);
      const rows = await level(req.query as LevelQuery);
      return ok(rows.map((x) => toRegionVO(x.r, x.parentName, x.hasChildren)));
    },
    async regionLazyTree(req: FastifyRequest) {
      caller(req);
      const rows = await level(req.query as LevelQuery);
      return ok(rows.map((x) => treeNode(x.r.code, x.r.parentCode, x.r.name, x.hasChildren)));
    },
    async regionDetail(req: FastifyRequest) {
      caller(req);
      const r = await find((req.query as { code?: string }).code);
      if (!r) throw new BizError(NOT_FOUND_MSG);
      const parent = await find(r.parentCode);
      const [kids] = await db
        .select({ n: sql<number>`1` })
        .from(region)
        .where(eq(region.parentCode, r.code))
        .limit(1);
      return ok(toRegionVO(r, parent?.name ?? '', kids !== undefined));
    },
    /** A known code updates that region, a new one inserts it; ancestors and level pairs are derived. */
    async regionSubmit(req: FastifyRequest) {
      requirePlatformAdmin(caller(req));
      const b = req.body as RegionInput | undefined;
      if (!b || typeof b !== 'object') throw new BizError('参数校验失败');
      await writeRegion(db, b);
      return ok({});
    },
    /** Physical remove of one region (`id` = code); refused while it has children or when the code is unknown. */
    async regionRemove(req: FastifyRequest) {
      requirePlatformAdmin(caller(req));
      const code = (req.query as { id: string }).id;
      const [known] = await db
        .select({ code: region.code })
        .from(region)
        .where(eq(region.code, code))
        .limit(1);
      if (!known) throw new BizError(NOT_FOUND_MSG);
      const [kid] = await db
        .select({ code: region.code })
        .from(region)
        .where(eq(region.parentCode, code))
        .limit(1);
      if (kid) throw new BizError(HAS_CHILDREN_MSG);
      await db.delete(region).where(eq(region.code, code));
      return ok({});
    },
  };
}
