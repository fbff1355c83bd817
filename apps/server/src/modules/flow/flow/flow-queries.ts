/** Reads several workflow operations share: user and category names, the list filters, an instance of the tenant. */
import { and, eq, gte, ilike, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { TokenClaims } from '../../../auth/tokens';
import { NOT_FOUND_MSG } from '../../../crud/index';
import type { Db } from '../../../db/index';
import type { flowTask } from '../../../db/schema';
import { dict, flowInstance, flowProcess, user } from '../../../db/schema';
import { BizError, escapeLike, parseDateTime, parseId } from '../../../util';
import type { InstanceRow } from './flow-view';

export interface ListQuery {
  current?: number;
  size?: number;
  category?: string;
  processDefinitionName?: string;
  beginDate?: string;
  endDate?: string;
}

/** Display names (real name, else nickname, else account) of users of the tenant. */
export async function userNames(
  db: Db,
  tenantId: string,
  ids: (bigint | null)[],
): Promise<Map<bigint, string>> {
  const wanted = [...new Set(ids.filter((i): i is bigint => i !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: user.id, realName: user.realName, name: user.name, account: user.account })
    .from(user)
    .where(and(eq(user.tenantId, tenantId), inArray(user.id, wanted)));
  return new Map(rows.map((r) => [r.id, r.realName || r.name || r.account]));
}

/** Labels of the `flow` dictionary by category (`flow_<dictKey>`). */
export async function categoryNames(db: Db): Promise<Map<string, string>> {
  const rows = await db
    .select({ key: dict.dictKey, value: dict.dictValue })
    .from(dict)
    .where(and(eq(dict.code, 'flow'), eq(dict.isDeleted, 0), sql`${dict.parentId} <> 0`));
  return new Map(rows.map((r) => [`flow_${r.key}`, r.value]));
}

/** Filters shared by the four work lists; `created` is the column the date range applies to. */
export function listConds(
  q: ListQuery,
  created: typeof flowTask.createTime | typeof flowInstance.startTime,
): SQL[] {
  const out: SQL[] = [];
  if (q.category) out.push(eq(flowProcess.category, q.category));
  if (q.processDefinitionName) out.push(ilike(flowProcess.name, `%${escapeLike(q.processDefinitionName)}%`));
  if (q.beginDate) out.push(gte(created, parseDateTime(q.beginDate)));
  if (q.endDate) out.push(lt(created, parseDateTime(q.endDate)));
  return out;
}

/** An instance of the caller's tenant ("not found" for another tenant's). */
export async function findInstance(db: Db, a: TokenClaims, id: string | undefined): Promise<InstanceRow> {
  const instanceId = parseId(id);
  if (instanceId === undefined) throw new BizError(NOT_FOUND_MSG);
  const [row] = await db
    .select()
    .from(flowInstance)
    .where(and(eq(flowInstance.id, instanceId), eq(flowInstance.tenantId, a.tenant_id)))
    .limit(1);
  if (!row) throw new BizError(NOT_FOUND_MSG);
  return row;
}
