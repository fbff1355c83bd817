import type { Dict, DictSubmit } from '@smart/api-sdk';
import type { CrudAdapter } from '@smart/crud';
import type { DictApi } from './dict.api';

/** A child-list row: the item plus its depth in the forest, for the tree-shaped list. */
export type DictChildRow = Dict & { depth: number };

type DictValues = { [K in keyof DictSubmit]?: unknown };

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));

/**
 * The submit body from dialog values or a list row. Rows and details carry read-only VO fields (parentName,
 * children, hasChildren…) that the contract does not accept, so only the writable fields pass.
 */
export function toDictSubmit(values: DictValues): DictSubmit {
  const id = text(values.id);
  const parentId = text(values.parentId);
  const dictKey = text(values.dictKey);
  return {
    ...(id ? { id } : {}),
    // Without a parent the server makes a header row and gives it the key -1.
    ...(parentId && parentId !== '0' ? { parentId } : {}),
    ...(dictKey ? { dictKey } : {}),
    code: text(values.code),
    dictValue: text(values.dictValue),
    sort: Number(values.sort ?? 0),
    isSealed: Number(values.isSealed) === 1 ? 1 : 0,
    remark: text(values.remark),
  };
}

/** Depth-first rows of a forest, each with its depth. */
export function flattenDictForest(forest: readonly Dict[], depth = 0): DictChildRow[] {
  return forest.flatMap((node) => [{ ...node, depth }, ...flattenDictForest(node.children ?? [], depth + 1)]);
}

/** Data access of the parent (header) list. */
export function createParentAdapter(api: DictApi): CrudAdapter<Dict, DictSubmit> {
  return {
    list: ({ current, size, ...filters }) => api.parentList({ current, size, ...filters }),
    detail: (id) => api.detail(id),
    create: ({ id: _id, parentId: _parentId, ...form }) => api.submit(toDictSubmit(form)),
    update: ({ parentId: _parentId, ...form }) => api.submit(toDictSubmit(form)),
    remove: (ids) => api.remove(ids),
  };
}

/**
 * Data access of the items of one header. child-list answers the whole forest (it is not paged, docs/platform-contract.md
 * §4.5), so the pages are cut here, by top-level item, keeping each item with its descendants.
 */
export function createChildAdapter(api: DictApi, parent: Dict): CrudAdapter<DictChildRow, DictSubmit> {
  return {
    async list({ current, size, parentId: _parentId, ...filters }) {
      const forest = await api.childList({ ...filters, parentId: parent.id });
      const roots = forest.slice((current - 1) * size, current * size);
      return { records: flattenDictForest(roots), total: forest.length };
    },
    detail: async (id) => ({ ...(await api.detail(id)), depth: 0 }),
    // Items always belong to the chosen header and share its code; neither is editable (docs/spec.md §3).
    create: ({ id: _id, ...form }) =>
      api.submit(toDictSubmit({ ...form, parentId: parent.id, code: parent.code })),
    update: (form) =>
      api.submit(toDictSubmit({ ...form, parentId: form.parentId || parent.id, code: parent.code })),
    remove: (ids) => api.remove(ids),
  };
}
