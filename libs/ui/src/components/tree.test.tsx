import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { Tree, type TreeNode } from './tree';

const nodes: TreeNode[] = [
  {
    id: 'a',
    label: 'A',
    children: [
      { id: 'a1', label: 'A1' },
      { id: 'a2', label: 'A2' },
    ],
  },
  { id: 'b', label: 'B' },
];

/** The treeitem whose own label is `name` (a treeitem's accessible name also holds its open children). */
const item = (name: string) => screen.getByText(name, { selector: '[data-slot=tree-label]' }).closest('li')!;

describe('Tree', () => {
  it('renders a WAI-ARIA tree with levels, sets and one tab stop', () => {
    render(<Tree nodes={nodes} aria-label="menu" defaultExpanded={['a']} />);
    expect(screen.getByRole('tree', { name: 'menu' })).toBeTruthy();
    expect(item('A').getAttribute('aria-expanded')).toBe('true');
    expect(item('A1').getAttribute('aria-level')).toBe('2');
    expect(item('A2').getAttribute('aria-posinset')).toBe('2');
    expect(item('B').hasAttribute('aria-expanded')).toBe(false);
    expect(screen.getAllByRole('treeitem').filter((el) => el.tabIndex === 0)).toHaveLength(1);
  });

  it('moves with arrows, expands and collapses', () => {
    const onExpandedChange = vi.fn();
    render(<Tree nodes={nodes} aria-label="menu" onExpandedChange={onExpandedChange} />);
    act(() => item('A').focus());
    fireEvent.keyDown(item('A'), { key: 'ArrowRight' });
    expect(onExpandedChange).toHaveBeenLastCalledWith(['a']);
    fireEvent.keyDown(item('A'), { key: 'ArrowRight' });
    expect(document.activeElement).toBe(item('A1'));
    fireEvent.keyDown(item('A1'), { key: 'End' });
    expect(document.activeElement).toBe(item('B'));
    fireEvent.keyDown(item('B'), { key: 'Home' });
    fireEvent.keyDown(item('A'), { key: 'ArrowLeft' });
    expect(onExpandedChange).toHaveBeenLastCalledWith([]);
    fireEvent.keyDown(item('A'), { key: 'b' });
    expect(document.activeElement).toBe(item('B'));
  });

  it('checks subtrees and half-checks parents', () => {
    const onCheckedChange = vi.fn();
    render(
      <Tree
        nodes={nodes}
        aria-label="menu"
        checkable
        defaultExpanded={['a']}
        onCheckedChange={onCheckedChange}
      />,
    );
    fireEvent.click(screen.getByText('A1'));
    expect(item('A').getAttribute('aria-checked')).toBe('mixed');
    expect(onCheckedChange).toHaveBeenLastCalledWith(['a1'], { halfChecked: ['a'] });
    fireEvent.click(screen.getByText('A'));
    expect(onCheckedChange).toHaveBeenLastCalledWith(expect.arrayContaining(['a', 'a1', 'a2']), {
      halfChecked: [],
    });
    fireEvent.keyDown(item('A2'), { key: ' ' });
    expect(item('A').getAttribute('aria-checked')).toBe('mixed');
    expect(item('A1').getAttribute('aria-checked')).toBe('true');
  });

  it('loads children lazily once, and a checked parent checks them', async () => {
    const loadChildren = vi.fn(async (node: TreeNode) => [{ id: `${node.id}-x`, label: 'X', isLeaf: true }]);
    render(
      <Tree
        nodes={[{ id: 'p', label: 'P' }]}
        aria-label="lazy"
        checkable
        defaultChecked={['p']}
        loadChildren={loadChildren}
      />,
    );
    expect(item('P').getAttribute('aria-expanded')).toBe('false');
    fireEvent.keyDown(item('P'), { key: 'ArrowRight' });
    await waitFor(() => expect(item('X').getAttribute('aria-checked')).toBe('true'));
    fireEvent.keyDown(item('P'), { key: 'ArrowLeft' });
    fireEvent.keyDown(item('P'), { key: 'ArrowRight' });
    expect(loadChildren).toHaveBeenCalledTimes(1);
  });
});
