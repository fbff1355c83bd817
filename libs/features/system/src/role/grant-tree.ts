import type { TreeNode as ContractTreeNode } from '@smart/api-sdk';
import type { TreeNode } from '@smart/ui';

/** The contract's grant tree (menu.yaml `grantTree`, schemas/tree.yaml) as the kit's checkable tree. */
export function toTreeNodes(nodes: readonly ContractTreeNode[] | undefined): TreeNode[] {
  return (nodes ?? []).map((n) => ({
    id: n.value,
    label: n.title,
    textValue: n.title,
    ...(n.children?.length ? { children: toTreeNodes(n.children) } : { isLeaf: true }),
  }));
}

/**
 * The ids to check in the tree for what a role holds (menu.yaml `roleTreeKeys`). The tree checks a checked id's
 * whole subtree, while a grant stores a menu beside the buttons granted under it (`menuIdsToGrant`): so a stored id
 * is checked only when none of its descendants is stored, and its parents then show checked or half-checked from
 * their children. A stored menu without any stored descendant is checked with its subtree: this dialog never stores
 * one like that, but writers granting menus whole do (the default menus of a new tenant's `admin` role,
 * docs/platform-contract.md §3.7, which the reference server grants with all their descendants).
 */
export function checkedFromGranted(nodes: readonly TreeNode[], granted: readonly string[]): string[] {
  const stored = new Set(granted);
  const out: string[] = [];
  // answers whether the node or one of its descendants is stored
  const walk = (node: TreeNode): boolean => {
    let below = false;
    for (const child of node.children ?? []) below = walk(child) || below;
    if (stored.has(node.id) && !below) out.push(node.id);
    return below || stored.has(node.id);
  };
  nodes.forEach(walk);
  return out;
}

export interface TreeGrant {
  /** Nodes checked with their whole subtree. */
  checked: string[];
  /** Parents with some but not all of their subtree checked. */
  halfChecked: string[];
  /** Checked leaves. */
  leaves: string[];
}

/** The state of every node of the tree when `checked` are checked, by the tree's own rule (libs/ui tree.tsx). */
export function grantedIds(nodes: readonly TreeNode[], checked: readonly string[]): TreeGrant {
  const on = new Set(checked);
  const out: TreeGrant = { checked: [], halfChecked: [], leaves: [] };
  const walk = (node: TreeNode, inherited: boolean): boolean | 'some' => {
    const self = inherited || on.has(node.id);
    const kids = node.children ?? [];
    if (kids.length === 0) {
      if (self) {
        out.checked.push(node.id);
        out.leaves.push(node.id);
      }
      return self;
    }
    const states = kids.map((k) => walk(k, self));
    if (states.every((s) => s === true)) {
      out.checked.push(node.id);
      return true;
    }
    if (states.some((s) => s !== false)) {
      out.halfChecked.push(node.id);
      return 'some';
    }
    return false;
  };
  nodes.forEach((n) => walk(n, false));
  return out;
}

/**
 * Menu ids to grant: the checked menus and buttons and the half-checked menus above them, so a role holding a button
 * holds its page and the page's group too (role.yaml `grant` replaces the roles' menus with exactly these ids; the
 * role-tree-keys then answer them, and `checkedFromGranted` reads them back).
 */
export function menuIdsToGrant(nodes: readonly TreeNode[], checked: readonly string[]): string[] {
  const { checked: full, halfChecked } = grantedIds(nodes, checked);
  return [...full, ...halfChecked];
}

/**
 * Scope rule ids to grant: the checked leaves. In the scope trees the menus are only the rules' holders (menu.yaml
 * `grantTree`: menus as parents, rules under them), so no menu id goes into `dataScopeIds` or `apiScopeIds`.
 */
export function scopeIdsToGrant(nodes: readonly TreeNode[], checked: readonly string[]): string[] {
  return grantedIds(nodes, checked).leaves;
}
