import type { Meta, StoryObj } from '@storybook/react-vite';
import * as React from 'react';
import { expect, fn, waitFor, within } from 'storybook/test';

import { Button } from './button';
import { type ColumnDef, DataTable, type DataTableProps, type RowSelectionState } from './data-table';

// Tree rows: departments, menus and regions are listed as forests (`dept/list`, `menu/list`) or one level at a
// time (`dept/lazy-list`, `region/lazy-list`): docs/platform-contract.md, "Entity VO tree".

type Dept = {
  id: string;
  deptName: string;
  fullName: string;
  sort: number;
  children?: Dept[];
  hasChildren?: boolean;
};

const forest: Dept[] = [
  {
    id: '1',
    deptName: '总部',
    fullName: '示例集团总部',
    sort: 1,
    children: [
      {
        id: '11',
        deptName: '销售部',
        fullName: '示例集团销售部',
        sort: 1,
        children: [{ id: '111', deptName: '华东销售', fullName: '示例集团华东销售组', sort: 1 }],
      },
      { id: '12', deptName: '客服部', fullName: '示例集团客服部', sort: 2 },
    ],
  },
  { id: '2', deptName: '分公司', fullName: '示例集团分公司', sort: 2 },
];

const columns: ColumnDef<Dept, unknown>[] = [
  { accessorKey: 'deptName', header: '部门名称', meta: { minWidth: 200 } },
  { accessorKey: 'fullName', header: '部门全称' },
  { accessorKey: 'sort', header: '排序', meta: { width: 80, align: 'right' } },
];

function Stateful(props: DataTableProps<Dept>) {
  const [selection, setSelection] = React.useState<RowSelectionState>({});
  return (
    <DataTable<Dept>
      {...props}
      rowSelection={selection}
      onRowSelectionChange={(next, rows) => {
        setSelection(next);
        props.onRowSelectionChange?.(next, rows);
      }}
    />
  );
}

const meta = {
  title: 'Components/DataTable tree rows',
  component: DataTable<Dept>,
  args: {
    data: forest,
    columns,
    getSubRows: (row: Dept) => row.children,
    selectable: true,
    bordered: true,
    actionsWidth: 160,
    actions: (row: Dept) => (
      <Button variant="link" size="xs">
        编辑 {row.deptName}
      </Button>
    ),
    onRowSelectionChange: fn(),
    onExpandedChange: fn(),
    'aria-label': '部门',
  },
  render: (args) => <Stateful {...args} />,
} satisfies Meta<typeof DataTable<Dept>>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A forest loaded at once: expand, check a child, collapse. */
export const Forest: Story = {
  play: async ({ canvas, userEvent, args }) => {
    const grid = canvas.getByRole('treegrid', { name: '部门' });
    await expect(within(grid).queryByText('销售部')).toBeNull();
    const toggle = canvas.getByRole('button', { name: /^(展开|Expand)$/ });
    await userEvent.click(toggle);
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(args.onExpandedChange).toHaveBeenLastCalledWith({ '1': true });
    const sales = canvas.getByText('销售部').closest('tr') as HTMLElement;
    await expect(sales).toHaveAttribute('aria-level', '2');
    // Checking a child checks only that row.
    await userEvent.click(within(sales).getByRole('checkbox'));
    await expect(args.onRowSelectionChange).toHaveBeenLastCalledWith({ '11': true }, [
      forest[0]?.children?.[0],
    ]);
    await userEvent.click(toggle);
    await expect(within(grid).queryByText('销售部')).toBeNull();
  },
};

const lazyRoots: Dept[] = [
  { id: '1', deptName: '总部', fullName: '示例集团总部', sort: 1, hasChildren: true },
  { id: '2', deptName: '分公司', fullName: '示例集团分公司', sort: 2, hasChildren: false },
];

function insertChildren(rows: Dept[], id: string, children: Dept[]): Dept[] {
  return rows.map((row) =>
    row.id === id
      ? { ...row, children, hasChildren: children.length > 0 }
      : row.children
        ? { ...row, children: insertChildren(row.children, id, children) }
        : row,
  );
}

function LazyTree(props: DataTableProps<Dept>) {
  const [data, setData] = React.useState(lazyRoots);
  return (
    <Stateful
      {...props}
      data={data}
      canExpand={(row) => row.hasChildren === true}
      onExpand={async (row) => {
        await new Promise((resolve) => setTimeout(resolve, 400));
        const children: Dept[] = [
          { id: `${row.id}1`, deptName: `${row.deptName} · 一组`, fullName: '', sort: 1, hasChildren: true },
          { id: `${row.id}2`, deptName: `${row.deptName} · 二组`, fullName: '', sort: 2, hasChildren: false },
        ];
        setData((rows) => insertChildren(rows, row.id, children));
      }}
    />
  );
}

/** Each level loads when first expanded; the toggle spins meanwhile. */
export const LazyLevels: Story = {
  render: (args) => <LazyTree {...args} />,
  play: async ({ canvas, userEvent }) => {
    const root = canvas.getByText('总部').closest('tr') as HTMLElement;
    const toggle = within(root).getByRole('button', { name: /^(展开|Expand)$/ });
    await userEvent.click(toggle);
    await expect(toggle).toHaveAttribute('aria-busy', 'true');
    await waitFor(() => expect(canvas.getByText('总部 · 一组')).toBeInTheDocument());
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const group = canvas.getByText('总部 · 一组').closest('tr') as HTMLElement;
    await userEvent.click(within(group).getByRole('button', { name: /^(展开|Expand)$/ }));
    await waitFor(() => expect(canvas.getByText('总部 · 一组 · 一组')).toBeInTheDocument());
    await expect(canvas.getByText('总部 · 一组 · 一组').closest('tr')).toHaveAttribute('aria-level', '3');
  },
};

/** On a phone (`layout="auto"` below 640 px, or `layout="cards"`): a card per row, indented by level, the toggle first. */
export const Cards: Story = {
  args: { layout: 'cards' },
  play: async ({ canvas, userEvent }) => {
    const list = canvas.getByRole('list', { name: '部门' });
    await expect(within(list).queryByText('销售部')).toBeNull();
    await userEvent.click(within(list).getByRole('button', { name: /^(展开|Expand)$/ }));
    const sales = (await canvas.findByText('销售部')).closest('li') as HTMLElement;
    await expect(sales).toHaveAttribute('aria-level', '2');
    await expect(sales.style.marginLeft).toBe('16px');
  },
};
