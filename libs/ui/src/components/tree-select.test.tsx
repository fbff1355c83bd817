import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as React from 'react';
import { describe, expect, it, vi } from 'vitest';

import { resolveTree, toggleTreeCheck, type TreeNodeData, TreeSelect } from './tree-select';

const menus: TreeNodeData[] = [
  {
    id: '1',
    title: '系统管理',
    children: [
      { id: '11', title: '用户管理' },
      { id: '12', title: '角色管理' },
    ],
  },
  { id: '2', title: '日志', hasChildren: true },
];

describe('TreeSelect', () => {
  it('maps platform TreeNode fields and picks a single node', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<TreeSelect aria-label="上级" data={menus} onChange={onChange} />);
    await user.click(screen.getByRole('combobox', { name: '上级' }));
    const tree = await screen.findByRole('tree');
    const parent = within(tree).getByRole('treeitem', { name: '系统管理' });
    expect(parent).toHaveAttribute('aria-expanded', 'false');
    await user.click(parent.querySelector('[data-slot=tree-select-toggle]') as Element);
    await user.click(within(tree).getByRole('treeitem', { name: '角色管理' }));
    expect(onChange).toHaveBeenCalledWith('12', expect.objectContaining({ title: '角色管理' }));
    expect(screen.queryByRole('tree')).toBeNull();
    expect(screen.getByRole('combobox', { name: '上级' })).toHaveTextContent('角色管理');
  });

  it('loads children lazily once, with the keyboard', async () => {
    const user = userEvent.setup();
    const loadChildren = vi.fn(async (node: TreeNodeData) => [
      { id: `${String(node.id)}-a`, title: '操作日志' },
      { id: `${String(node.id)}-b`, title: '登录日志' },
    ]);
    render(<TreeSelect aria-label="t" data={menus} loadChildren={loadChildren} searchable={false} />);
    await user.click(screen.getByRole('combobox', { name: 't' }));
    const tree = await screen.findByRole('tree');
    await waitFor(() => expect(within(tree).getByRole('treeitem', { name: '系统管理' })).toHaveFocus());
    await user.keyboard('{ArrowDown}');
    const logs = within(tree).getByRole('treeitem', { name: '日志' });
    expect(logs).toHaveFocus();
    expect(logs).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard('{ArrowRight}');
    expect(await within(tree).findByRole('treeitem', { name: '操作日志' })).toHaveAttribute(
      'aria-level',
      '2',
    );
    expect(loadChildren).toHaveBeenCalledTimes(1);
    expect(loadChildren).toHaveBeenCalledWith(expect.objectContaining({ id: '2' }));
    await user.keyboard('{ArrowLeft}');
    expect(within(tree).queryByRole('treeitem', { name: '操作日志' })).toBeNull();
    await user.keyboard('{ArrowRight}');
    expect(within(tree).getByRole('treeitem', { name: '操作日志' })).toBeInTheDocument();
    expect(loadChildren).toHaveBeenCalledTimes(1);
  });

  it('filters loaded nodes by the search text', async () => {
    const user = userEvent.setup();
    render(<TreeSelect aria-label="t" data={menus} />);
    await user.click(screen.getByRole('combobox', { name: 't' }));
    await user.type(screen.getByRole('searchbox', { name: '搜索' }), '角色');
    const items = within(screen.getByRole('tree')).getAllByRole('treeitem');
    expect(items.map((i) => i.textContent)).toEqual(['系统管理', '角色管理']);
  });

  it('checks a subtree in multiple mode and reports the checked ids', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    function Multi() {
      const [value, setValue] = React.useState<string[]>([]);
      return (
        <TreeSelect
          multiple
          aria-label="菜单"
          data={menus}
          defaultExpandAll
          value={value}
          onChange={(next) => {
            onChange(next);
            setValue(next);
          }}
        />
      );
    }
    render(<Multi />);
    await user.click(screen.getByRole('combobox', { name: '菜单' }));
    const tree = await screen.findByRole('tree');
    expect(tree).toHaveAttribute('aria-multiselectable', 'true');
    await user.click(within(tree).getByRole('treeitem', { name: '用户管理' }));
    expect(onChange).toHaveBeenLastCalledWith(['11']);
    expect(within(tree).getByRole('treeitem', { name: '系统管理' })).toHaveAttribute('aria-checked', 'mixed');
    await user.click(within(tree).getByRole('treeitem', { name: '角色管理' }));
    expect(onChange).toHaveBeenLastCalledWith(['1', '11', '12']);
    await user.click(within(tree).getByRole('treeitem', { name: '系统管理' }));
    expect(onChange).toHaveBeenLastCalledWith([]);
  });

  it('toggleTreeCheck respects checkStrictly', () => {
    const roots = resolveTree(menus);
    const parent = roots[0]!;
    expect(toggleTreeCheck(roots, [], parent)).toEqual(['1', '11', '12']);
    expect(toggleTreeCheck(roots, [], parent, true)).toEqual(['1']);
  });

  it('resolveTree honours field names', () => {
    const [node] = resolveTree([{ code: 'a', dictValue: 'A', kids: [{ code: 'b', dictValue: 'B' }] }], {
      value: 'code',
      label: 'dictValue',
      children: 'kids',
    });
    expect(node?.label).toBe('A');
    expect(node?.children?.[0]?.value).toBe('b');
  });
});
