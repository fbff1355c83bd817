/** Tree shapes of docs/platform-contract.md §1.7: forests of VOs and TreeNodes. */

export interface TreeNode {
  id: string;
  parentId: string;
  title: string;
  key: string;
  value: string;
  hasChildren: boolean;
  children?: TreeNode[];
}

/**
 * Builds a forest: a node whose parent is `0` or not in the set becomes a root (its `parentId` stays as is).
 * `children` is set only on nodes that have some; `hasChildren` follows.
 */
export function forest<T extends { id: string; parentId: string; hasChildren: boolean; children?: T[] }>(
  nodes: T[],
): T[] {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const roots: T[] = [];
  for (const n of nodes) {
    const parent = n.parentId !== '0' && n.parentId !== n.id ? byId.get(n.parentId) : undefined;
    if (parent) {
      (parent.children ??= []).push(n);
      parent.hasChildren = true;
    } else roots.push(n);
  }
  return roots;
}

export const treeNode = (id: string, parentId: string, title: string, hasChildren = false): TreeNode => ({
  id,
  parentId,
  title,
  key: id,
  value: id,
  hasChildren,
});
