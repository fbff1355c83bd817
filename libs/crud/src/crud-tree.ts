import type { CrudColumn, Option, ResourceDef } from './types';

// Tree resources (departments, menus, regions, roles): `list` answers the roots, each either with its `children`
// (a forest, e.g. `dept/list`) or with `hasChildren` and its level loaded on demand (`dept/lazy-list`,
// `region/lazy-list`); docs/platform-contract.md, "Entity VO tree".

/** A resource's tree options with their defaults, or undefined for a flat list. */
export type ResolvedTree = { parentField: string; lazy: boolean; addChild: boolean };

export function resolveTree<Row, Form>(resource: ResourceDef<Row, Form>): ResolvedTree | undefined {
  const tree = resource.tree;
  if (!tree) return undefined;
  return {
    parentField: tree.parentField ?? 'parentId',
    lazy: tree.lazy ?? false,
    addChild: tree.addChild !== false,
  };
}

type TreeFields<Row> = { children?: Row[] | null; hasChildren?: boolean };

/** The loaded children of a row (`children`), if any. */
export function childrenOf<Row>(row: Row): Row[] | undefined {
  const children = (row as TreeFields<Row>).children;
  return Array.isArray(children) && children.length > 0 ? children : undefined;
}

/** A lazy row whose children are still to be loaded. */
export function hasUnloadedChildren<Row>(row: Row): boolean {
  return (row as TreeFields<Row>).hasChildren === true && childrenOf(row) === undefined;
}

/**
 * `rows` with `target` (found at any depth, by identity: the very row the table expanded) given its loaded
 * `children`; `hasChildren` follows them, so a row whose level came back empty loses its toggle. Rows off the
 * path keep their identity, so levels loading at the same time each still find their row.
 */
export function insertChildren<Row>(rows: Row[], target: Row, children: Row[]): Row[] {
  let changed = false;
  const next = rows.map((row) => {
    if (row === target) {
      changed = true;
      return { ...row, children, hasChildren: children.length > 0 };
    }
    const current = childrenOf(row);
    if (!current) return row;
    const replaced = insertChildren(current, target, children);
    if (replaced === current) return row;
    changed = true;
    return { ...row, children: replaced };
  });
  return changed ? next : rows;
}

/** Every row of a forest, each parent before its children (what an export of a tree lists). */
export function flattenTree<Row>(rows: Row[]): Row[] {
  const out: Row[] = [];
  const walk = (list: Row[]) => {
    for (const row of list) {
      out.push(row);
      const children = childrenOf(row);
      if (children) walk(children);
    }
  };
  walk(rows);
  return out;
}

/**
 * The resource its form dialog gets: a parent column of type `tree` that brings no options picks among the loaded
 * rows (the forest on screen), named by the tree's label column, so a generic tree page needs no extra request.
 */
export function withParentOptions<Row, Form>(
  resource: ResourceDef<Row, Form>,
  rows: Row[],
  rowKey: string,
): ResourceDef<Row, Form> {
  const tree = resolveTree(resource);
  if (!tree) return resource;
  // named by the first typed field that is not the key: a region's name, not the code that keys it
  const label =
    resource.tree?.labelField ??
    resource.columns.find((c) => (c.type ?? 'input') === 'input' && c.prop !== rowKey)?.prop;
  const parent = resource.columns.find((c) => c.prop === tree.parentField);
  if (!label || !parent || parent.type !== 'tree' || parent.options) return resource;
  const toOptions = (list: Row[]): Option[] =>
    list.map((row) => {
      const r = row as Record<string, unknown>;
      const children = childrenOf(row);
      return {
        label: String(r[label] ?? r[rowKey]),
        value: String(r[rowKey]),
        ...(children ? { children: toOptions(children) } : {}),
      };
    });
  const options = toOptions(rows);
  const columns = resource.columns.map((c): CrudColumn<Row, Form> => (c === parent ? { ...c, options } : c));
  return { ...resource, columns };
}
