/**
 * The roles a caller reaches (docs/platform-contract.md §3.2, §4.2): the role module's rule, which the menu module's
 * role tree keys apply too.
 */
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { TokenClaims } from '../auth/tokens';
import { isPlatformAdmin } from '../crud/index';
import type { Db } from '../db/index';
import { role } from '../db/schema';

/** Live roles the caller reaches: their tenant's, every tenant's for the platform administrator. */
export const reach = (a: TokenClaims): SQL =>
  isPlatformAdmin(a) ? eq(role.isDeleted, 0) : and(eq(role.isDeleted, 0), eq(role.tenantId, a.tenant_id))!;

/** The ids among `ids` of live roles the caller reaches. */
export async function visibleRoleIds(db: Db, a: TokenClaims, ids: bigint[]): Promise<bigint[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: role.id })
    .from(role)
    .where(and(reach(a), inArray(role.id, ids)));
  return rows.map((r) => r.id);
}
