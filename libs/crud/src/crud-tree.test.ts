import { describe, expect, it } from 'vitest';

import {
  childrenOf,
  flattenTree,
  hasUnloadedChildren,
  insertChildren,
  resolveTree,
  withParentOptions,
} from './crud-tree';

type Node = { id: string; children?: Node[] | null; hasChildren?: boolean };

describe('crud-tree', () => {
  it('resolves the tree options with their defaults', () => {
    expect(resolveTree({ name: 'post', columns: [] })).toBeUndefined();
    expect(resolveTree({ name: 'dept', columns: [], tree: {} })).toEqual({
      parentField: 'parentId',
      lazy: false,
      addChild: true,
    });
    expect(
      resolveTree({
        name: 'region',
        columns: [],
        tree: { parentField: 'parentCode', lazy: true, addChild: false },
      }),
    ).toEqual({ parentField: 'parentCode', lazy: true, addChild: false });
  });

  it('offers the loaded rows as parents, each named by its first typed field other than the key', () => {
    type Region = { code: string; name: string; parentCode: string; children?: Region[] };
    const resource = {
      name: 'region',
      columns: [
        { prop: 'code' as const, label: 'code' },
        { prop: 'name' as const, label: 'name' },
        { prop: 'parentCode' as const, label: 'parent', type: 'tree' as const },
      ],
      tree: { parentField: 'parentCode', lazy: true },
    };
    const rows: Region[] = [
      {
        code: '11',
        name: '北京市',
        parentCode: '00',
        children: [{ code: '1101', name: '北京城区', parentCode: '11' }],
      },
    ];
    const parent = withParentOptions<Region, Region>(resource, rows, 'code').columns[2]!;
    expect(parent.options).toEqual([
      { label: '北京市', value: '11', children: [{ label: '北京城区', value: '1101' }] },
    ]);
    // keyed by id (not a column), the first typed field names the row
    const byId = withParentOptions<Region, Region>(resource, rows, 'id').columns[2]!;
    expect(byId.options?.[0]?.label).toBe('11');
  });

  it('reads loaded children and rows still to load', () => {
    expect(childrenOf<Node>({ id: 'a', children: [] })).toBeUndefined();
    expect(childrenOf<Node>({ id: 'a', children: null })).toBeUndefined();
    expect(childrenOf<Node>({ id: 'a', children: [{ id: 'b' }] })).toEqual([{ id: 'b' }]);
    expect(hasUnloadedChildren<Node>({ id: 'a', hasChildren: true, children: [] })).toBe(true);
    expect(hasUnloadedChildren<Node>({ id: 'a', hasChildren: true, children: [{ id: 'b' }] })).toBe(false);
    expect(hasUnloadedChildren<Node>({ id: 'a', hasChildren: false })).toBe(false);
  });

  it('inserts a level at any depth, keeping the rows off the path', () => {
    const leaf: Node = { id: 'b1', hasChildren: true };
    const other: Node = { id: 'c' };
    const branch: Node = { id: 'b', children: [leaf] };
    const rows: Node[] = [{ id: 'a', children: [branch] }, other];
    const next = insertChildren(rows, leaf, [{ id: 'b1x' }]);
    expect(next[0]?.children?.[0]?.children?.[0]).toEqual({
      id: 'b1',
      hasChildren: true,
      children: [{ id: 'b1x' }],
    });
    expect(next[1]).toBe(other);
    expect(rows[0]?.children?.[0]).toBe(branch);
    // An empty level: the row has no children after all.
    expect(insertChildren(rows, other, [])[1]).toEqual({ id: 'c', children: [], hasChildren: false });
    // A row no longer there: nothing changes.
    expect(insertChildren(rows, { id: 'gone' }, [{ id: 'x' }])).toBe(rows);
  });

  it('flattens a forest parent first', () => {
    const rows: Node[] = [
      { id: 'a', children: [{ id: 'a1', children: [{ id: 'a11' }] }, { id: 'a2' }] },
      { id: 'b' },
    ];
    expect(flattenTree(rows).map((r) => r.id)).toEqual(['a', 'a1', 'a11', 'a2', 'b']);
  });
});
