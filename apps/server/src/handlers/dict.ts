import { and, asc, eq, ne } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/index';
import { dict } from '../db/schema';
import { ok } from '../util';

export function dictHandlers(db: Db) {
  return {
    async dictDictionary(req: FastifyRequest) {
      const { code } = req.query as { code: string };
      const rows = await db
        .select()
        .from(dict)
        .where(and(eq(dict.code, code), ne(dict.parentId, 0n), eq(dict.isSealed, 0), eq(dict.isDeleted, 0)))
        .orderBy(asc(dict.sort), asc(dict.id));
      return ok(
        rows.map((d) => ({
          id: d.id.toString(),
          parentId: d.parentId.toString(),
          code: d.code,
          dictKey: d.dictKey,
          dictValue: d.dictValue,
          sort: d.sort,
          remark: d.remark,
        })),
      );
    },
  };
}
