import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor, within } from 'storybook/test';

import { Tree, type TreeNode } from './tree';

const menu: TreeNode[] = [
  {
    id: 'system',
    label: '系统管理',
    children: [
      { id: 'user', label: '用户管理' },
      { id: 'dept', label: '部门管理' },
      { id: 'dict', label: '字典管理' },
    ],
  },
  {
    id: 'monitor',
    label: '系统监控',
    children: [
      {
        id: 'log',
        label: '日志管理',
        children: [
          { id: 'log-usual', label: '通用日志' },
          { id: 'log-api', label: '接口日志' },
        ],
      },
      { id: 'online', label: '在线用户' },
    ],
  },
  { id: 'tenant', label: '租户管理', disabled: true },
];

const meta = {
  title: 'Components/Tree',
  component: Tree,
  args: {
    nodes: menu,
    'aria-label': '菜单',
    onSelectedChange: fn(),
    onCheckedChange: fn(),
    onExpandedChange: fn(),
  },
  decorators: [(Story) => <div className="w-72">{Story()}</div>],
} satisfies Meta<typeof Tree>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  args: { defaultExpanded: ['system'] },
  play: async ({ canvas, userEvent, args }) => {
    const tree = canvas.getByRole('tree', { name: '菜单' });
    await userEvent.tab();
    const first = within(tree).getByRole('treeitem', { name: /系统管理/ });
    await expect(first).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    await expect(within(tree).getByRole('treeitem', { name: '用户管理' })).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}');
    await expect(first).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}');
    await expect(first).toHaveAttribute('aria-expanded', 'false');
    await userEvent.keyboard('{End}');
    await userEvent.keyboard('{ArrowUp}');
    const monitor = within(tree).getByRole('treeitem', { name: /系统监控/ });
    await expect(monitor).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    await expect(monitor).toHaveAttribute('aria-expanded', 'true');
    await userEvent.keyboard('{ArrowRight}');
    await userEvent.keyboard('{Enter}');
    await expect(args.onSelectedChange).toHaveBeenCalledWith('log', expect.objectContaining({ id: 'log' }));
    await expect(within(tree).getByRole('treeitem', { name: '日志管理' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  },
};

export const Checkable: Story = {
  args: { checkable: true, defaultExpanded: ['system', 'monitor', 'log'], defaultChecked: ['user'] },
  play: async ({ canvas, userEvent, args }) => {
    const system = canvas.getByRole('treeitem', { name: /系统管理/ });
    await expect(system).toHaveAttribute('aria-checked', 'mixed');
    await userEvent.click(canvas.getByText('部门管理'));
    await userEvent.click(canvas.getByText('字典管理'));
    await expect(system).toHaveAttribute('aria-checked', 'true');
    // Space on a parent unchecks the whole branch.
    system.focus();
    await userEvent.keyboard(' ');
    await expect(system).toHaveAttribute('aria-checked', 'false');
    await expect(canvas.getByRole('treeitem', { name: '用户管理' })).toHaveAttribute('aria-checked', 'false');
    await userEvent.click(canvas.getByText('通用日志'));
    await expect(canvas.getByRole('treeitem', { name: /系统监控/ })).toHaveAttribute('aria-checked', 'mixed');
    await expect(args.onCheckedChange).toHaveBeenLastCalledWith(['log-usual'], {
      halfChecked: expect.arrayContaining(['monitor', 'log']),
    });
  },
};

const lazyRoots: TreeNode[] = [
  { id: 'dept-1', label: '总部' },
  { id: 'dept-2', label: '分公司', isLeaf: true },
];

export const LazyChildren: Story = {
  args: {
    nodes: lazyRoots,
    'aria-label': '部门',
    loadChildren: async (node) => {
      await new Promise((r) => setTimeout(r, 150));
      return [
        { id: `${node.id}-a`, label: `${String(node.label)} · 研发部`, isLeaf: true },
        { id: `${node.id}-b`, label: `${String(node.label)} · 市场部`, isLeaf: true },
      ];
    },
  },
  play: async ({ canvas, userEvent }) => {
    const root = canvas.getByRole('treeitem', { name: /总部/ });
    await expect(root).toHaveAttribute('aria-expanded', 'false');
    await expect(canvas.getByRole('treeitem', { name: '分公司' })).not.toHaveAttribute('aria-expanded');
    root.focus();
    await userEvent.keyboard('{ArrowRight}');
    await waitFor(() => expect(canvas.getByRole('treeitem', { name: '总部 · 研发部' })).toBeVisible());
    await expect(root).toHaveAttribute('aria-expanded', 'true');
  },
};

export const Empty: Story = { args: { nodes: [] } };
