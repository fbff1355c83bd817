/**
 * The `enable` of the comment targets (dy_comm_url, xsh_comm_url, xsh_comm_keyword; body patterns.yaml
 * `EnableRequest`): sets the row's `status` (1 enabled, 0 disabled) and answers the updated row. Only the switch
 * changes: the counters and the use state stay (docs/automation-domain.md §4.2), so a disabled URL keeps its place.
 * An unknown id, or another tenant's, answers 400 as the detail does.
 */
import { and, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { TokenClaims } from '../../auth/tokens';
import { caller, NOT_FOUND_MSG } from '../../crud/index';
import type { Db } from '../../db/index';
import { BizError, ok, parseId } from '../../util';

/** What the switch needs of the generic module (src/crud/define-module.ts). */
interface EnableModule<R> {
  spec: { table: PgTable };
  scope(a: TokenClaims): SQL;
  findOwn(a: TokenClaims, id: bigint | undefined): Promise<R>;
  toVO(row: R): object;
}

interface EnableColumns {
  id: PgColumn;
  status: PgColumn;
}

export function enableHandler<R extends { id: bigint }>(db: Db, m: EnableModule<R>, cols: EnableColumns) {
  return async (req: FastifyRequest) => {
    const a = caller(req);
    const body = req.body as { id: string; status: number };
    const row = await m.findOwn(a, parseId(body.id));
    const [updated] = await db
      .update(m.spec.table)
      .set({ status: body.status, updateUser: parseId(a.user_id) ?? null, updateTime: new Date() } as never)
      .where(and(m.scope(a), eq(cols.id, row.id)))
      .returning();
    // removed between the read and the write
    if (!updated) throw new BizError(NOT_FOUND_MSG);
    return ok(m.toVO(updated as R));
  };
}
