import { apiFetch } from '@smart/api-sdk';
import type { EntityRef } from '@smart/api-sdk/manifest';

import type { Option, RemoteOptions } from './types';

/**
 * The page size a ref's rows are read with: the largest the contract's lists take (components/parameters.yaml
 * `Size`, maximum 1000). Rows beyond it are not offered; a value naming one shows its id.
 */
export const REF_PAGE_SIZE = 1000;

type Row = Record<string, unknown>;

const isRow = (v: unknown): v is Row => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The rows of a list answer: a page's records, or a forest (a tree entity's list) flattened. */
function rowsOf(data: unknown): Row[] {
  const list = Array.isArray(data) ? data : isRow(data) && Array.isArray(data.records) ? data.records : [];
  return (list as unknown[]).filter(isRow).flatMap((row) => [row, ...rowsOf(row.children ?? [])]);
}

/** A row as an option: its id, named by the ref's label field (the id when that is empty). */
function toOption(row: Row, label: string): Option | undefined {
  if (row.id === undefined || row.id === null || row.id === '') return undefined;
  const value = String(row.id as string | number);
  const text = row[label];
  return {
    value,
    label: text === undefined || text === null || text === '' ? value : String(text as string),
  };
}

/**
 * The options of a field holding ids of another entity's rows (`x-entity.refs`, the manifest field's `ref`): that
 * entity's rows read through its list operation by the SDK's HTTP layer, the first `REF_PAGE_SIZE` of them, cached
 * per entity (remote-options.ts). Read silently: an operator who may not list that entity sees the ids, no error.
 */
export function refOptions(ref: EntityRef): RemoteOptions {
  return {
    key: [ref.entity, ref.label],
    async load(signal) {
      const data = await apiFetch<unknown>(
        { url: ref.list, method: 'GET', params: { current: 1, size: REF_PAGE_SIZE }, signal },
        { silent: true },
      );
      return rowsOf(data).flatMap((row) => toOption(row, ref.label) ?? []);
    },
  };
}
