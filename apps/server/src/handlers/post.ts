import { and, asc, desc, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { caller, crud, isPlatformAdmin } from '../crud/index';
import type { Db } from '../db/index';
import { post } from '../db/schema';
import { auditVO, ok } from '../util';

type PostRow = typeof post.$inferSelect;

/** Labels of the dictionary `post_category`. */
const CATEGORY: Record<number, string> = { 1: '高层', 2: '中层', 3: '基层', 4: '其他' };

export function toPostVO(p: PostRow) {
  return {
    id: p.id.toString(),
    tenantId: p.tenantId,
    categoryName: CATEGORY[p.category] ?? '',
    category: p.category,
    postCode: p.postCode,
    postName: p.postName,
    sort: p.sort,
    remark: p.remark,
    ...auditVO(p),
  };
}

/** Posts (tenant-owned). Filters are equality (Entity style, blade-contract §4.4); `_like` is accepted too. */
export function postHandlers(db: Db) {
  const m = crud<PostRow>(db, {
    table: post,
    id: post.id,
    isDeleted: post.isDeleted,
    tenantId: post.tenantId,
    audited: true,
    toVO: toPostVO,
    filters: {
      category: { column: post.category, plain: 'equal', kinds: ['equal'] },
      postCode: { column: post.postCode, plain: 'equal', kinds: ['equal', 'like'] },
      postName: { column: post.postName, plain: 'equal', kinds: ['equal', 'like'] },
    },
    sortable: {
      id: post.id,
      sort: post.sort,
      category: post.category,
      post_code: post.postCode,
      post_name: post.postName,
      create_time: post.createTime,
      update_time: post.updateTime,
    },
    defaultOrder: [asc(post.sort)],
    fields: (b) => ({
      category: b.category,
      postCode: b.postCode,
      postName: b.postName,
      sort: b.sort,
      ...(b.remark !== undefined ? { remark: b.remark } : {}),
    }),
    dataScope: {
      code: 'post',
      columns: { create_user: post.createUser, create_dept: post.createDept, id: post.id },
    },
    ops: { list: 'postList', detail: 'postDetail', submit: 'postSubmit', remove: 'postRemove' },
  });
  return {
    ...m.handlers,
    /** Posts of `tenantId`: only the platform administrator may name another tenant (others get their own). */
    async postSelect(req: FastifyRequest) {
      const a = caller(req);
      const { tenantId } = req.query as { tenantId?: string };
      const t = tenantId && isPlatformAdmin(a) ? tenantId : a.tenant_id;
      const rows = await db
        .select()
        .from(post)
        .where(and(eq(post.tenantId, t), eq(post.isDeleted, 0)))
        .orderBy(asc(post.sort), desc(post.id));
      return ok(rows.map(toPostVO));
    },
  };
}
