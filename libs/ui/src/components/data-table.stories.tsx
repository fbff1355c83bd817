import type { Meta, StoryObj } from '@storybook/react-vite';
import * as React from 'react';
import { expect, fn } from 'storybook/test';

import { Button } from './button';
import { type ColumnDef, DataTable, type DataTableProps, type RowSelectionState } from './data-table';

type Param = { id: string; paramName: string; paramKey: string; paramValue: string };

const rows: Param[] = Array.from({ length: 8 }, (_, i) => ({
  id: String(i + 1),
  paramName: `参数 ${i + 1}`,
  paramKey: `account.key${i + 1}`,
  paramValue: i % 2 ? 'true' : '123456',
}));

const columns: ColumnDef<Param, unknown>[] = [
  { accessorKey: 'paramName', header: '参数名称' },
  { accessorKey: 'paramKey', header: '参数键名' },
  { accessorKey: 'paramValue', header: '参数键值', meta: { width: 160 } },
];

function Stateful(props: DataTableProps<Param>) {
  const [selection, setSelection] = React.useState<RowSelectionState>({});
  return (
    <DataTable<Param>
      {...props}
      rowSelection={selection}
      onRowSelectionChange={(next, selected) => {
        setSelection(next);
        props.onRowSelectionChange?.(next, selected);
      }}
    />
  );
}

const meta = {
  title: 'Components/DataTable',
  component: DataTable<Param>,
  args: {
    data: rows,
    columns,
    showIndex: true,
    selectable: true,
    bordered: true,
    actionsWidth: 200,
    actions: (row: Param) => (
      <Button variant="link" size="xs">
        编辑 {row.id}
      </Button>
    ),
    onRowSelectionChange: fn(),
    'aria-label': '参数',
  },
  render: (args) => <Stateful {...args} />,
} satisfies Meta<typeof DataTable<Param>>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole('checkbox', { name: /全选|Select all/ }));
    await expect(args.onRowSelectionChange).toHaveBeenCalled();
  },
};
export const Loading: Story = { args: { loading: true } };
export const LoadingFirstPage: Story = { args: { loading: true, data: [] } };
export const Empty: Story = { args: { data: [] } };
export const Borderless: Story = { args: { bordered: false, selectable: false, actions: undefined } };
export const WithPagination: Story = {
  args: { pagination: { current: 1, size: 10, total: 8, onChange: fn() } },
};
