import type { TreeNode } from '@smart/api-sdk';

/** A node of the contract's selector trees (menus, roles, departments) for tests: id, key and value alike. */
export const treeNode = (id: string, title: string, children?: TreeNode[]): TreeNode => ({
  id,
  parentId: '0',
  title,
  key: id,
  value: id,
  hasChildren: !!children,
  ...(children ? { children } : {}),
});
