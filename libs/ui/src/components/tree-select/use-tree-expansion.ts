// Which branches of TreeSelect's tree are open, which are loading, and the children loaded lazily so far.
import * as React from 'react';

import type { ResolvedTreeNode, TreeNodeData } from './tree-model';

export function useTreeExpansion(
  loadChildren: ((node: TreeNodeData) => Promise<TreeNodeData[]>) | undefined,
) {
  const [loaded, setLoaded] = React.useState<ReadonlyMap<string, TreeNodeData[]>>(new Map());
  const [loading, setLoading] = React.useState<ReadonlySet<string>>(new Set());
  const [expanded, setExpanded] = React.useState<ReadonlySet<string>>(new Set());

  /** Opens the branch and loads its children when needed; `onLoaded` runs once they arrived. */
  const expand = async (node: ResolvedTreeNode, onLoaded: (children: TreeNodeData[]) => void) => {
    setExpanded((prev) => new Set(prev).add(node.value));
    if (node.loaded || !loadChildren || loading.has(node.value)) return;
    setLoading((prev) => new Set(prev).add(node.value));
    try {
      const children = await loadChildren(node.data);
      setLoaded((prev) => new Map(prev).set(node.value, children));
      onLoaded(children);
    } catch {
      setExpanded((prev) => {
        const next = new Set(prev);
        next.delete(node.value);
        return next;
      });
    } finally {
      setLoading((prev) => {
        const next = new Set(prev);
        next.delete(node.value);
        return next;
      });
    }
  };
  const collapse = (node: ResolvedTreeNode) =>
    setExpanded((prev) => {
      const next = new Set(prev);
      next.delete(node.value);
      return next;
    });

  return { loaded, loading, expanded, expand, collapse };
}
