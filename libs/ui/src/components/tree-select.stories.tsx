import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen } from 'storybook/test';

import { UiLocaleProvider } from '../locale/ui-locale';
import { Label } from './label';
import { type TreeNodeData, TreeSelect, type TreeSelectSingleProps } from './tree-select';

const menus: TreeNodeData[] = [
  {
    id: '1',
    title: '系统管理',
    children: [
      { id: '11', title: '用户管理' },
      { id: '12', title: '角色管理' },
      { id: '13', title: '字典管理' },
    ],
  },
  { id: '2', title: '日志管理', hasChildren: true },
  { id: '3', title: '首页' },
];

/** Simulates the platform's lazy-tree endpoint. */
const loadChildren = async (node: TreeNodeData): Promise<TreeNodeData[]> => {
  await new Promise((resolve) => setTimeout(resolve, 300));
  return [
    { id: `${String(node.id)}-1`, title: '操作日志' },
    { id: `${String(node.id)}-2`, title: '登录日志' },
  ];
};

const meta = {
  title: 'Forms/TreeSelect',
  component: TreeSelect,
  args: {
    'aria-label': '上级菜单',
    data: menus,
    loadChildren,
    placeholder: '请选择上级菜单',
    className: 'w-80',
  },
} satisfies Meta<typeof TreeSelect>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Single selection; "日志管理" loads its children when expanded (keyboard: ArrowRight). */
export const Default: Story = {
  args: { onChange: fn() },
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole('combobox', { name: '上级菜单' }));
    const logs = await screen.findByRole('treeitem', { name: '日志管理' });
    logs.focus();
    await userEvent.keyboard('{ArrowRight}');
    await userEvent.click(await screen.findByRole('treeitem', { name: '登录日志' }));
    await expect(args.onChange).toHaveBeenCalledWith('2-2', expect.objectContaining({ title: '登录日志' }));
    await expect(canvas.getByRole('combobox', { name: '上级菜单' })).toHaveTextContent('登录日志');
  },
};

/** Multiple with checkboxes: checking a parent checks its subtree. */
export const Multiple: Story = {
  args: { multiple: true, defaultValue: ['11'], defaultExpandAll: true, maxTagCount: 3, onChange: fn() },
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole('combobox', { name: '上级菜单' }));
    await userEvent.click(await screen.findByRole('treeitem', { name: '系统管理' }));
    await expect(args.onChange).toHaveBeenLastCalledWith(['1', '11', '12', '13']);
    await userEvent.keyboard('{Escape}');
  },
};

export const Search: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('combobox', { name: '上级菜单' }));
    await userEvent.type(screen.getByRole('searchbox'), '字典');
    await expect(screen.getAllByRole('treeitem')).toHaveLength(2);
    await userEvent.keyboard('{Escape}');
  },
};

export const WithLabel: Story = {
  render: (args) => (
    <div className="grid w-80 gap-2">
      <Label htmlFor="parent-menu">上级菜单</Label>
      <TreeSelect
        {...(args as TreeSelectSingleProps)}
        aria-label={undefined}
        id="parent-menu"
        defaultValue="12"
      />
    </div>
  ),
};

export const Invalid: Story = { args: { 'aria-invalid': true } };

export const Disabled: Story = { args: { disabled: true, defaultValue: '11' } };

export const English: Story = {
  render: (args) => (
    <UiLocaleProvider locale="en">
      <TreeSelect
        {...args}
        aria-label="Parent"
        placeholder="Select the parent"
        data={[{ id: 'a', title: 'System', children: [{ id: 'b', title: 'Users' }] }]}
      />
    </UiLocaleProvider>
  ),
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('combobox', { name: 'Parent' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'zzz');
    await expect(screen.getByText('No results')).toBeVisible();
    await userEvent.keyboard('{Escape}');
  },
};
