/**
 * The unpaged `getList` of the content platforms' rosters and comment pools (e.g. paths/smart-dy/dy_arr.yaml
 * `getList`): the rows of the caller's tenant that the list's filters select, for select boxes, at most 1000. The
 * filters are the entity's declared list filters (src/crud/define-module.ts derives them from the contract, and the
 * getList parameters repeat them), the caller's data-scope rules of the page apply as on the list.
 */
import { and, asc, desc, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import { dataScopeCondition } from '../../auth/data-scope';
import { defineCrudModule, type CrudModuleOptions } from '../../crud/define-module';
import type { EntityRegistry } from '../../crud/entities';
import { caller, filterConds } from '../../crud/index';
import type { Db } from '../../db/index';
import { ok } from '../../util';

/** The contract's maximum of every getList answer (`maxItems: 1000`). */
export const GET_LIST_MAX = 1000;

type CrudModule<T extends PgTable> = ReturnType<typeof defineCrudModule<T>>;

interface ListColumns {
  id: PgColumn;
  createTime: PgColumn;
  /** The `sort` column (ascending first) of the tables that have one. */
  sort?: PgColumn | undefined;
}

/**
 * A getList handler over module `m`: by `sort` (where the table has it) then newest first, the id breaking ties.
 * The comment pools have no `sort` column (patterns.yaml CommCommentFields), so they are newest first only.
 */
export function getListHandler<T extends PgTable>(db: Db, m: CrudModule<T>, cols: ListColumns) {
  const order: SQL[] = [...(cols.sort ? [asc(cols.sort)] : []), desc(cols.createTime), desc(cols.id)];
  return async (req: FastifyRequest) => {
    const a = caller(req);
    const ds = m.spec.dataScope ? await dataScopeCondition(db, a, m.spec.dataScope) : undefined;
    const where = and(m.scope(a), ds, ...filterConds(m.spec.filters, req.query as object));
    const rows = await db
      .select()
      .from(m.spec.table)
      .where(where)
      .orderBy(...order)
      .limit(GET_LIST_MAX);
    return ok(rows.map((r) => m.toVO(r)));
  };
}

/** A table with the columns the getList orders by. */
type ListedTable = PgTable & Record<'id' | 'createTime', PgColumn> & { sort?: PgColumn };

/**
 * The module of an entity whose only extra is its getList (the rosters, the comment pools): the generic module of
 * its declaration (with `options`, e.g. a roster's computed count of the day: ./roster.ts) plus the handler `op`.
 */
export function getListModule<T extends ListedTable>(
  db: Db,
  entities: EntityRegistry,
  name: string,
  table: T,
  op: string,
  options: CrudModuleOptions<T['$inferSelect']> = {},
) {
  const m = defineCrudModule(db, entities.get(name), table, options);
  return {
    ...m.handlers,
    [op]: getListHandler(db, m, { id: table.id, createTime: table.createTime, sort: table.sort }),
  };
}
