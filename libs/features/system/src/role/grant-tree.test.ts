import type { TreeNode } from '@smart/ui';
import { describe, expect, it } from 'vitest';
import { checkedFromGranted, menuIdsToGrant, scopeIdsToGrant } from './grant-tree';

const leaf = (id: string): TreeNode => ({ id, label: id, isLeaf: true });
// a group, a page with two buttons, a page without buttons
const menus: TreeNode[] = [
  { id: 'g', label: 'g', children: [{ id: 'p', label: 'p', children: [leaf('b1'), leaf('b2')] }, leaf('q')] },
];

describe('grant trees', () => {
  it('reads stored menus back as the deepest stored ids, so parents are derived from their children', () => {
    expect(checkedFromGranted(menus, ['g', 'p', 'b1'])).toEqual(['b1']);
    // a menu stored alone means all of it
    expect(checkedFromGranted(menus, ['g', 'p'])).toEqual(['p']);
    // ids the tree does not hold (outside the package, removed) are not checked
    expect(checkedFromGranted(menus, ['gone'])).toEqual([]);
  });

  it('grants checked menus with the half-checked ones above them, and round-trips', () => {
    expect(menuIdsToGrant(menus, ['b1']).sort()).toEqual(['b1', 'g', 'p']);
    expect(menuIdsToGrant(menus, ['p']).sort()).toEqual(['b1', 'b2', 'g', 'p']);
    expect(menuIdsToGrant(menus, ['p', 'q']).sort()).toEqual(['b1', 'b2', 'g', 'p', 'q']);
    expect(menuIdsToGrant(menus, [])).toEqual([]);
    const stored = ['b2', 'g', 'p', 'q'];
    expect(menuIdsToGrant(menus, checkedFromGranted(menus, stored)).sort()).toEqual(stored);
  });

  it('grants only the rules of a scope tree, never the menus holding them', () => {
    const rules: TreeNode[] = [{ id: 'm', label: 'm', children: [leaf('r1'), leaf('r2')] }];
    expect(scopeIdsToGrant(rules, ['m']).sort()).toEqual(['r1', 'r2']);
    expect(scopeIdsToGrant(rules, ['r2'])).toEqual(['r2']);
  });
});
