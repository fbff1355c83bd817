/**
 * Data scopes (docs/platform-contract.md §3.11): which rows of a list the caller sees.
 *
 * A rule is attached to a menu and identified by its `resourceCode`; a list opts in with
 * `CrudSpec.dataScope = { code, columns }`. The rules of that code granted to the caller's roles are OR-ed:
 * no granted rule → no filter; a type-1 rule → no filter; the administrator role bypasses.
 *
 * Types: 1 all; 2 own (`create_user` = me); 3 my departments (`create_dept` in the token's depts); 4 my departments
 * and their descendants (through `smart_dept.ancestors`); 5 custom.
 *
 * The column of a rule is its `scopeColumn` when the list declares it, else the type's default (2 `create_user`,
 * 3/4 `create_dept`). A rule whose column the list does not have matches nothing (fail closed).
 *
 * Custom rules (type 5) never run SQL from the rule: `scopeValue` is a comma list whose items are ids or the
 * placeholders `${userId}` / `${deptId}` (every department of the caller), and the filter is
 * `<scopeColumn> IN (items)`. Anything else in the value makes the rule match nothing.
 */
import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/index';
import { dept } from '../db/schema';
import { deptIdsOf, isAdministrator, roleIdsOf, scopeCache, type DataRule } from './permissions';
import type { TokenClaims } from './tokens';

/** A column of the list: a plain column, or a comma-joined id list (e.g. `smart_user.dept_id`). */
export type ScopeColumn = PgColumn | { column: PgColumn; list: true };

export interface DataScopeSpec {
  /** `resourceCode` of the rules that apply to this list. */
  code: string;
  /** snake_case column names a rule's `scopeColumn` may name → columns. */
  columns: Record<string, ScopeColumn>;
}

const DEFAULT_COLUMN: Record<number, string> = { 2: 'create_user', 3: 'create_dept', 4: 'create_dept' };

const NOTHING = sql`false`;

/** Parses a custom value; undefined when it holds anything but ids and the placeholders. */
export function customValues(value: string, a: TokenClaims): string[] | undefined {
  const out: string[] = [];
  for (const raw of value.split(',')) {
    const item = raw.trim();
    if (item === '') continue;
    if (item === '${userId}') out.push(a.user_id);
    else if (item === '${deptId}') out.push(...deptIdsOf(a).map(String));
    else if (/^[0-9]{1,20}$/.test(item)) out.push(item);
    else return undefined;
  }
  return out;
}

function inValues(col: ScopeColumn, values: string[]): SQL {
  if (values.length === 0) return NOTHING;
  if ('list' in col) {
    const arr = sql.join(
      values.map((v) => sql`${v}`),
      sql`, `,
    );
    return sql`string_to_array(${col.column}, ',') && ARRAY[${arr}]::text[]`;
  }
  return inArray(col, values);
}

async function deptAndChildren(db: Db, a: TokenClaims): Promise<string[]> {
  const mine = deptIdsOf(a);
  if (mine.length === 0) return [];
  const rows = await db
    .select({ id: dept.id })
    .from(dept)
    .where(
      and(
        eq(dept.tenantId, a.tenant_id),
        eq(dept.isDeleted, 0),
        or(
          inArray(dept.id, mine),
          ...mine.map((d) => sql`(',' || ${dept.ancestors} || ',') like ${`%,${d},%`}`),
        ),
      ),
    );
  return rows.map((r) => r.id.toString());
}

async function ruleCondition(
  db: Db,
  a: TokenClaims,
  rule: DataRule,
  spec: DataScopeSpec,
): Promise<SQL | 'all'> {
  if (rule.scopeType === 1) return 'all';
  const name = Object.hasOwn(spec.columns, rule.scopeColumn)
    ? rule.scopeColumn
    : DEFAULT_COLUMN[rule.scopeType];
  const col = name && Object.hasOwn(spec.columns, name) ? spec.columns[name] : undefined;
  if (!col) return NOTHING;
  switch (rule.scopeType) {
    case 2:
      return inValues(col, [a.user_id]);
    case 3:
      return inValues(col, deptIdsOf(a).map(String));
    case 4:
      return inValues(col, await deptAndChildren(db, a));
    case 5: {
      const values = customValues(rule.scopeValue, a);
      return values ? inValues(col, values) : NOTHING;
    }
    default:
      return NOTHING;
  }
}

/** The row filter of `spec` for the caller, or undefined for no filter. */
export async function dataScopeCondition(
  db: Db,
  a: TokenClaims,
  spec: DataScopeSpec,
): Promise<SQL | undefined> {
  if (isAdministrator(a)) return undefined;
  const snap = await scopeCache(db).get();
  const rules = snap.dataRules.filter((r) => r.resourceCode === spec.code);
  if (rules.length === 0) return undefined;
  const granted = new Set<bigint>();
  for (const r of roleIdsOf(a)) for (const id of snap.dataGrants.get(r) ?? []) granted.add(id);
  const mine = rules.filter((r) => granted.has(r.id));
  if (mine.length === 0) return undefined;
  const conds: SQL[] = [];
  for (const rule of mine) {
    const c = await ruleCondition(db, a, rule, spec);
    if (c === 'all') return undefined;
    conds.push(c);
  }
  return conds.length === 1 ? conds[0] : or(...conds);
}
