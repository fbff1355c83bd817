/** Button permissions (docs/console-behaviour.md §8): the buttons tree flattened to `{code: true}`; `can(code)`. */
import { getSession, updateSession, useSession } from './session';
import type { PermissionMap } from './session';

export interface PermissionNode {
  code: string;
  children?: readonly PermissionNode[] | undefined;
}

/** The codes of the tree's leaves (a node with children recurses, a node without is a button). */
export function flattenPermissions(tree: readonly PermissionNode[]): Record<string, boolean> {
  const map: Record<string, boolean> = {};
  const walk = (nodes: readonly PermissionNode[]) => {
    for (const node of nodes) {
      if (node.children && node.children.length > 0) walk(node.children);
      else if (node.code) map[node.code] = true;
    }
  };
  walk(tree);
  return map;
}

/** Replaces the permission map with the leaves of the buttons tree. */
export function setPermissionsFromButtons(tree: readonly PermissionNode[]): PermissionMap {
  const permission = flattenPermissions(tree);
  updateSession({ permission });
  return permission;
}

/** Whether the signed-in user has the button permission `code` (e.g. `param_add`). */
export function can(code: string): boolean {
  return getSession().permission[code] === true;
}

/** React: the permission map and a `can` bound to it; re-renders when the map changes. */
export function usePermission(): { permission: PermissionMap; can: (code: string) => boolean } {
  const permission = useSession((s) => s.permission);
  return { permission, can: (code: string) => permission[code] === true };
}
