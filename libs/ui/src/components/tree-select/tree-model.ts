// The tree of TreeSelect: raw platform nodes resolved into nodes with value, label, level and (loaded) children,
// walking, checking a node with its subtree, and the rows visible under a search or the expanded branches.

/** A node as the platform sends it (`TreeNode`: id/value/key, title/label, children, hasChildren). */
export type TreeNodeData = {
  id?: string | number;
  value?: string | number;
  key?: string | number;
  title?: string;
  label?: string;
  name?: string;
  children?: TreeNodeData[] | null;
  /** The node has children that `loadChildren` fetches. */
  hasChildren?: boolean;
  /** `false` = has children to load (Element/Avue style). */
  isLeaf?: boolean;
  disabled?: boolean;
  [key: string]: unknown;
};

/** Property names of value, label and children (Avue `props`). Defaults: value|id|key, title|label|name, children. */
export type TreeFieldNames = { value?: string; label?: string; children?: string };

/** A node with its value, label and (loaded) children resolved. */
export type ResolvedTreeNode = {
  value: string;
  label: string;
  level: number;
  parent?: ResolvedTreeNode;
  children?: ResolvedTreeNode[];
  /** Children may be loaded on expand. */
  expandable: boolean;
  loaded: boolean;
  disabled: boolean;
  data: TreeNodeData;
};

function pick(node: TreeNodeData, names: (string | undefined)[]): unknown {
  for (const name of names) {
    if (name && node[name] !== undefined && node[name] !== null) return node[name];
  }
  return undefined;
}

/** Resolve raw nodes (and children loaded lazily, by parent value) into `ResolvedTreeNode`s. */
export function resolveTree(
  data: TreeNodeData[],
  fieldNames: TreeFieldNames = {},
  loaded: ReadonlyMap<string, TreeNodeData[]> = new Map(),
  lazy = false,
  parent?: ResolvedTreeNode,
): ResolvedTreeNode[] {
  return data.map((raw) => {
    const value = String(pick(raw, [fieldNames.value, 'value', 'id', 'key']) ?? '');
    const label = String(pick(raw, [fieldNames.label, 'title', 'label', 'name']) ?? value);
    const rawChildren = pick(raw, [fieldNames.children ?? 'children']);
    const own =
      Array.isArray(rawChildren) && rawChildren.length > 0 ? (rawChildren as TreeNodeData[]) : undefined;
    const lazyChildren = loaded.get(value);
    const node: ResolvedTreeNode = {
      value,
      label,
      level: parent ? parent.level + 1 : 1,
      parent,
      expandable: false,
      loaded: !!own || !!lazyChildren,
      disabled: !!raw.disabled,
      data: raw,
    };
    const childData = own ?? lazyChildren;
    node.children = childData ? resolveTree(childData, fieldNames, loaded, lazy, node) : undefined;
    node.expandable =
      (node.children?.length ?? 0) > 0 ||
      (!node.loaded && lazy && (raw.hasChildren === true || raw.isLeaf === false));
    return node;
  });
}

/** Depth-first walk of resolved nodes. */
export function walkTree(nodes: ResolvedTreeNode[], visit: (node: ResolvedTreeNode) => void): void {
  for (const node of nodes) {
    visit(node);
    if (node.children) walkTree(node.children, visit);
  }
}

export function descendants(node: ResolvedTreeNode): string[] {
  const out: string[] = [];
  if (node.children) walkTree(node.children, (n) => out.push(n.value));
  return out;
}

/** Check or uncheck a node with its loaded descendants, then fix ancestors (checked iff all children are). */
export function toggleTreeCheck(
  roots: ResolvedTreeNode[],
  selected: string[],
  node: ResolvedTreeNode,
  checkStrictly = false,
): string[] {
  const set = new Set(selected);
  const on = !set.has(node.value);
  if (checkStrictly) {
    if (on) set.add(node.value);
    else set.delete(node.value);
    return [...set];
  }
  for (const v of [node.value, ...descendants(node)]) {
    if (on) set.add(v);
    else set.delete(v);
  }
  for (let p = node.parent; p; p = p.parent) {
    const all = (p.children ?? []).every((c) => set.has(c.value));
    if (all) set.add(p.value);
    else set.delete(p.value);
  }
  // Keep the original order, new values last.
  const order = new Map<string, number>();
  let i = 0;
  walkTree(roots, (n) => order.set(n.value, i++));
  return [...set].sort((a, b) => (order.get(a) ?? Infinity) - (order.get(b) ?? Infinity));
}

/** Visible rows: the expanded branches, or the matches of the search (`needle`, lower case) and their ancestors. */
export function visibleRows(
  roots: ResolvedTreeNode[],
  needle: string,
  isOpen: (node: ResolvedTreeNode) => boolean,
): ResolvedTreeNode[] {
  const rows: ResolvedTreeNode[] = [];
  if (needle) {
    const keep = new Set<string>();
    walkTree(roots, (n) => {
      if (n.label.toLowerCase().includes(needle)) {
        for (let p: ResolvedTreeNode | undefined = n; p; p = p.parent) keep.add(p.value);
      }
    });
    walkTree(roots, (n) => {
      if (keep.has(n.value)) rows.push(n);
    });
  } else {
    const add = (nodes: ResolvedTreeNode[]) => {
      for (const n of nodes) {
        rows.push(n);
        if (n.children && isOpen(n)) add(n.children);
      }
    };
    add(roots);
  }
  return rows;
}
