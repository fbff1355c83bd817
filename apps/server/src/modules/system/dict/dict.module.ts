import { and, asc, eq, inArray, ne, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { TokenClaims } from '../../../auth/tokens';
import { BizError, ok, parseId } from '../../../util';
import { defineCrudModule } from '../../../crud/define-module';
import type { EntityRegistry } from '../../../crud/entities';
import { caller, filterConds, requirePlatformAdmin } from '../../../crud/index';
import { forest, treeNode, type TreeNode } from '../../../crud/tree';
import type { Db } from '../../../db/index';
import { dict, dictBiz } from '../../../db/schema';
import { dictLabel } from '../../../db/seed-dicts-en';
import { HAS_CHILDREN_MSG } from '../../../kernel/messages';

/** The contract's unique-key message of both dictionaries (openapi.yaml `x-entity.unique`). */
export const DUPLICATE_DICT_MSG = '当前字典键值已存在!';

interface DictRow extends Record<string, unknown> {
  id: bigint;
  tenantId?: string;
  parentId: bigint;
  code: string;
  dictKey: string;
  dictValue: string;
  sort: number;
  remark: string;
  isSealed: number;
  isDeleted: number;
}

interface DictVO {
  id: string;
  tenantId?: string;
  parentId: string;
  code: string;
  dictKey: string;
  dictValue: string;
  sort: number;
  remark: string;
  isSealed: number;
  isDeleted: number;
  parentName: string;
  hasChildren: boolean;
  children?: DictVO[];
}

const toItem = (d: DictRow) => ({
  id: d.id.toString(),
  parentId: d.parentId.toString(),
  code: d.code,
  dictKey: d.dictKey,
  dictValue: d.dictValue,
  sort: d.sort,
  remark: d.remark,
});

/**
 * System dictionaries (`dict`, platform-wide: only the administrator of tenant 000000 writes them) and business
 * dictionaries (`dict-biz`, per tenant): one module, two tables (docs/platform-contract.md §3.9, §4.5). The
 * generic module comes from the contract's declarations (filters, unique key, buttons: src/crud/define-module.ts);
 * this file keeps what the contract cannot say: how a row becomes a header or an item, the renaming of a header's
 * items, the lists of headers and items, the tree and the dictionary lookups.
 */
function dictModule(db: Db, entities: EntityRegistry, biz: boolean, prefix: 'dict' | 'dictBiz') {
  const t = (biz ? dictBiz : dict) as unknown as typeof dictBiz;
  const order = [asc(t.sort), asc(t.id)];

  const toVO = (d: DictRow, parentName = ''): DictVO => ({
    ...toItem(d),
    ...(biz ? { tenantId: d.tenantId ?? '' } : {}),
    isSealed: d.isSealed,
    isDeleted: d.isDeleted,
    parentName,
    hasChildren: false,
  });

  const m = defineCrudModule(db, entities.get(biz ? 'dict-biz' : 'dict'), t, {
    defaultOrder: [asc(t.sort)],
    // the entity's list is the page of headers (`parentList`): no parent to name; the forests below compute both
    view: () => ({ parentName: '', hasChildren: false }),
    ...(biz ? {} : { authorizeWrite: requirePlatformAdmin }),
    async fields(b, existing, a) {
      const parentId = parseId(typeof b.parentId === 'string' ? b.parentId : '') ?? 0n;
      let code = String(b.code);
      if (parentId !== 0n) {
        if (existing && parentId === existing.id) throw new BizError('父节点不能选择自身');
        const parent = (await m.findOwn(a, parentId).catch(() => {
          throw new BizError('父节点不存在');
        })) as DictRow;
        if (parent.parentId !== 0n) throw new BizError('父节点必须是字典');
        code = parent.code; // items share their header's code
      } else if (existing && existing.parentId !== 0n) {
        throw new BizError('字典项不能改为字典');
      }
      const dictKey =
        typeof b.dictKey === 'string' && b.dictKey !== '' ? b.dictKey : parentId === 0n ? '-1' : '';
      if (dictKey === '') throw new BizError('请输入字典键值');
      return {
        parentId,
        code,
        dictKey,
        dictValue: b.dictValue,
        sort: b.sort,
        isSealed: b.isSealed ?? 0,
        ...(b.remark !== undefined ? { remark: b.remark } : {}),
      };
    },
    async afterWrite(row, existing, a) {
      // editing a header's code renames its items' code
      if (existing && existing.parentId === 0n && existing.code !== row.code) {
        await db
          .update(t)
          .set({ code: row.code })
          .where(and(m.scope(a), eq(t.parentId, row.id)));
      }
    },
    async beforeRemove(ids, a) {
      const [child] = await db
        .select({ id: t.id })
        .from(t)
        .where(and(m.scope(a), inArray(t.parentId, ids)))
        .limit(1);
      if (child) throw new BizError(HAS_CHILDREN_MSG);
    },
  });
  const filters = m.spec.filters ?? {};

  const rows = async (a: TokenClaims, ...conds: (SQL | undefined)[]) =>
    (await db
      .select()
      .from(t)
      .where(and(m.scope(a), ...conds))
      .orderBy(...order)) as DictRow[];

  /** VOs with parentName (the header's dictValue) and the forest built. */
  async function voForest(a: TokenClaims, list: DictRow[]): Promise<DictVO[]> {
    const names = new Map(list.map((r) => [r.id, r.dictValue]));
    const missing = [...new Set(list.map((r) => r.parentId))].filter((p) => p !== 0n && !names.has(p));
    if (missing.length) for (const p of await rows(a, inArray(t.id, missing))) names.set(p.id, p.dictValue);
    return forest(list.map((r) => toVO(r, names.get(r.parentId) ?? '')));
  }

  const parentCol: PgColumn = t.parentId;
  return {
    handlers: {
      ...m.handlers,
      async [`${prefix}List`](req: FastifyRequest) {
        const a = caller(req);
        return ok(await voForest(a, await rows(a, ...filterConds(filters, req.query as object))));
      },
      async [`${prefix}ParentList`](req: FastifyRequest) {
        const a = caller(req);
        const p = await m.page(a, req.query as Record<string, unknown>, [eq(parentCol, 0n)]);
        return ok({ ...p, records: (p.records as DictVO[]).map((r) => ({ ...r })) });
      },
      async [`${prefix}ChildList`](req: FastifyRequest) {
        const a = caller(req);
        const q = req.query as { parentId?: string };
        const pid = parseId(q.parentId);
        if (pid === undefined) return ok([]);
        const [header] = await rows(a, eq(t.id, pid));
        if (!header) return ok([]);
        const items = await rows(
          a,
          eq(t.code, header.code),
          ne(t.parentId, 0n),
          ...filterConds(filters, req.query as object),
        );
        return ok(await voForest(a, items));
      },
      async [`${prefix}Detail`](req: FastifyRequest) {
        const a = caller(req);
        const row = await m.findOwn(a, parseId((req.query as { id: string }).id));
        let parentName = '';
        if (row.parentId !== 0n) parentName = (await rows(a, eq(t.id, row.parentId)))[0]?.dictValue ?? '';
        return ok(toVO(row, parentName));
      },
      async [`${prefix}Tree`](req: FastifyRequest) {
        const a = caller(req);
        const nodes: TreeNode[] = (await rows(a)).map((r) =>
          treeNode(r.id.toString(), r.parentId.toString(), r.dictValue),
        );
        return ok(forest(nodes));
      },
      async [`${prefix}Dictionary`](req: FastifyRequest) {
        const a = caller(req);
        const { code, lang } = req.query as { code: string; lang?: string };
        const items = await rows(a, eq(t.code, code), ne(t.parentId, 0n), eq(t.isSealed, 0));
        // business dictionaries are the tenant's own wording: only the seeded system ones have English labels
        return ok(
          items
            .map(toItem)
            .map((i) => (biz ? i : { ...i, dictValue: dictLabel(code, i.dictKey, i.dictValue, lang) })),
        );
      },
      ...(biz
        ? {}
        : {
            async dictGetChildAllList(req: FastifyRequest) {
              const a = caller(req);
              const { code } = req.query as { code?: string };
              const items = (await db
                .select()
                .from(t)
                .where(and(m.scope(a), ne(t.parentId, 0n), code ? eq(t.code, code) : undefined))
                .orderBy(asc(t.code), ...order)) as DictRow[];
              return ok(await voForest(a, items));
            },
          }),
    },
  };
}

export const dictHandlers = (db: Db, entities: EntityRegistry) =>
  dictModule(db, entities, false, 'dict').handlers;
export const dictBizHandlers = (db: Db, entities: EntityRegistry) =>
  dictModule(db, entities, true, 'dictBiz').handlers;
