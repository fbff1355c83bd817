import type { TreeNode } from '@smart/api-sdk';
import type { Option } from '@smart/crud';

/** The contract's tree nodes as the CRUD kit's tree options (label = title, value = id). */
export function treeOptions(nodes: readonly TreeNode[]): Option[] {
  return nodes.map((node) => ({
    label: node.title,
    value: node.value,
    ...(node.children?.length ? { children: treeOptions(node.children) } : {}),
  }));
}
