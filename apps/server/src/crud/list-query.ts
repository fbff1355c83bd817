/**
 * The list query of the generic CRUD module (docs/platform-contract.md §1.6): map-style filters over the declared
 * properties (`prop=v`, `prop_<kind>=v`) and the ascs/descs order over a whitelist of columns.
 */
import { FILTER_KINDS, type FilterKind } from '@smart/api-sdk/manifest';
import {
  asc,
  desc,
  eq,
  gt,
  gte,
  ilike,
  isNotNull,
  isNull,
  lt,
  lte,
  ne,
  not,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { BizError, escapeLike, parseDateTime } from '../util';

/** The filter kinds of the contract's `x-filter` (libs/api-sdk/src/manifest/types.ts). */
export type { FilterKind };

/** Suffixes a query key may carry: the filter kinds, and `ignore` (the key filters nothing). */
const SUFFIXES = new Set<string>([...FILTER_KINDS, 'ignore']);

export interface FilterSpec {
  column: PgColumn;
  /**
   * Kind of the plain key (`name=v`): `like` (contains, docs/platform-contract.md §1.6 Map style) unless told; `null` when only
   * suffixed keys filter the property (a contract declaring just `createTime_dategt`, see define-module.ts).
   */
  plain?: FilterKind | null;
  /** Suffixes accepted for this property (`name_equal=v` …); others are ignored. Default: the plain kind only. */
  kinds?: FilterKind[];
}

/** A date filter's value: `yyyy-MM-dd[ HH:mm:ss]`, a real date (src/kernel/datetime.ts), else 400. */
const parseDate = (v: string): Date => parseDateTime(v, { dateOnly: true });

const INT64 = /^-?\d{1,19}$/;
const INT64_MAX = 9223372036854775807n;

/**
 * A compared value as the column holds it: text beyond a bigint's range (an id of 30 digits) or that is not a number
 * at all would fail in the database as a 500, so it answers 400 here (a clear error, never half an answer).
 */
function typedValue(col: PgColumn, v: string): unknown {
  if (col.dataType === 'bigint') {
    const n = INT64.test(v) ? BigInt(v) : undefined;
    if (n === undefined || n > INT64_MAX || n < -INT64_MAX - 1n) throw new BizError(`无效的编号: ${v}`);
    return n;
  }
  if (col.dataType === 'number') {
    const n = v.trim() === '' ? NaN : Number(v);
    if (!Number.isFinite(n) || Math.abs(n) > 2 ** 31 - 1) throw new BizError(`无效的数值: ${v}`);
    return n;
  }
  return v;
}

function condition(col: PgColumn, kind: FilterKind, raw: string): SQL {
  const esc = escapeLike(raw);
  const v = ['equal', 'notequal', 'gt', 'lt', 'ge', 'le'].includes(kind) ? typedValue(col, raw) : raw;
  switch (kind) {
    case 'like':
      return ilike(col, `%${esc}%`);
    case 'notlike':
      return not(ilike(col, `%${esc}%`));
    case 'likeleft':
      return ilike(col, `%${esc}`);
    case 'likeright':
      return ilike(col, `${esc}%`);
    case 'equal':
      return eq(col, v);
    case 'notequal':
      return ne(col, v);
    case 'gt':
      return gt(col, v);
    case 'lt':
      return lt(col, v);
    case 'ge':
      return gte(col, v);
    case 'le':
      return lte(col, v);
    case 'dategt':
      return gt(col, parseDate(raw));
    case 'datelt':
      return lt(col, parseDate(raw));
    case 'dateequal':
      return eq(col, parseDate(raw));
    case 'datege':
      return gte(col, parseDate(raw));
    case 'datele':
      return lte(col, parseDate(raw));
    case 'null':
      return isNull(col);
    case 'notnull':
      return isNotNull(col);
  }
}

/**
 * Map-style filters (docs/platform-contract.md §1.6) over the declared properties: `prop=v` uses the property's plain kind,
 * `prop_<suffix>=v` a declared suffix; empty values, `_ignore`, undeclared properties and suffixes are skipped.
 */
export function filterConds(filters: Record<string, FilterSpec> | undefined, query: object): SQL[] {
  const out: SQL[] = [];
  if (!filters) return out;
  for (const [key, raw] of Object.entries(query as Record<string, unknown>)) {
    if (raw === undefined || raw === null || raw === '') continue;
    const v = Array.isArray(raw) ? String(raw[0] ?? '') : String(raw);
    if (v === '') continue;
    let prop = key;
    let kind: string | undefined;
    const us = key.lastIndexOf('_');
    if (us > 0 && SUFFIXES.has(key.slice(us + 1))) {
      prop = key.slice(0, us);
      kind = key.slice(us + 1);
    }
    const f = Object.hasOwn(filters, prop) ? filters[prop] : undefined;
    if (!f || kind === 'ignore') continue;
    if (kind === undefined && f.plain === null) continue;
    const plain = f.plain ?? 'like';
    const k = (kind ?? plain) as FilterKind;
    if (kind !== undefined && !(f.kinds ?? [plain]).includes(k)) continue;
    out.push(condition(f.column, k, v));
  }
  return out;
}

/** ascs/descs (comma-joined snake_case names) over a whitelist; an unknown name answers 400. */
export function orderBy(
  sortable: Record<string, PgColumn | SQLWrapper> | undefined,
  ascs: string | undefined,
  descs: string | undefined,
  fallback: SQL[],
  tie: PgColumn,
): SQL[] {
  const out: SQL[] = [];
  const add = (list: string | undefined, dir: typeof asc) => {
    for (const name of (list ?? '').split(',').filter(Boolean)) {
      const col = sortable && Object.hasOwn(sortable, name) ? sortable[name] : undefined;
      if (!col) throw new BizError(`不支持的排序字段: ${name}`);
      out.push(dir(col));
    }
  };
  add(ascs, asc);
  add(descs, desc);
  if (out.length === 0) out.push(...fallback);
  out.push(desc(tie)); // stable paging
  return out;
}
