/**
 * The filters of the users' page that the generic module cannot apply (contract user.yaml `page`): the tenant an
 * administrator of 000000 names, and a department with every department below it. The page and the Excel export
 * (`export-user`, same filters) both read their users through this.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { TokenClaims } from '../../../auth/tokens';
import { dept, user } from '../../../db/schema';
import { parseId } from '../../../util';
import type { UserContext } from './user-context';

export interface UserListQuery {
  deptId?: string;
  tenantId?: string;
  [k: string]: unknown;
}

export interface UserListFilter {
  /** The claims to list with (in the named tenant for the platform administrator). */
  ctx: TokenClaims;
  /** The department condition, if any. */
  extra: SQL[];
  /** The rest of the query, for the generic filters, sorts and paging. */
  rest: Record<string, unknown>;
}

export async function userListFilter(
  { db, inTenant }: Pick<UserContext, 'db' | 'inTenant'>,
  a: TokenClaims,
  q: UserListQuery,
): Promise<UserListFilter> {
  const ctx = inTenant(a, q.tenantId);
  const extra: SQL[] = [];
  const deptId = parseId(q.deptId);
  if (q.deptId) {
    // the department and every descendant (ancestors holds the path of ids)
    const depts =
      deptId === undefined
        ? []
        : await db
            .select({ id: dept.id })
            .from(dept)
            .where(
              and(
                eq(dept.tenantId, ctx.tenant_id),
                eq(dept.isDeleted, 0),
                sql`(${dept.id} = ${deptId} or (',' || ${dept.ancestors} || ',') like ${`%,${deptId},%`})`,
              ),
            );
    extra.push(
      depts.length === 0
        ? sql`false`
        : sql`string_to_array(${user.deptId}, ',') && array[${sql.join(
            depts.map((d) => sql`${d.id.toString()}`),
            sql`, `,
          )}]::text[]`,
    );
  }
  const { tenantId: _t, deptId: _d, ...rest } = q;
  return { ctx, extra, rest };
}
