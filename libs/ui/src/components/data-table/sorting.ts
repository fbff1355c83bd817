import type { SortingState } from '@tanstack/react-table';

/** Sort parameters as the platform expects them: comma-joined snake_case column names. */
export type SortParams = { ascs?: string; descs?: string };

/** `createTime` → `create_time`; names already in snake_case pass unchanged. */
export function toSnakeCase(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .toLowerCase();
}

/**
 * `[{ id: 'createTime', desc: true }, { id: 'paramKey', desc: false }]` → `{ descs: 'create_time', ascs: 'param_key' }`.
 * `field` maps a column id to its server field (default: the id in snake_case). Empty keys are left out.
 */
export function toSortParams(sorting: SortingState, field: (id: string) => string = toSnakeCase): SortParams {
  const ascs = sorting.filter((s) => !s.desc).map((s) => field(s.id));
  const descs = sorting.filter((s) => s.desc).map((s) => field(s.id));
  const out: SortParams = {};
  if (ascs.length > 0) out.ascs = ascs.join(',');
  if (descs.length > 0) out.descs = descs.join(',');
  return out;
}
