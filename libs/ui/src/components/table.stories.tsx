import type { Meta, StoryObj } from '@storybook/react-vite';

import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from './table';

const meta = { title: 'Components/Table', component: Table } satisfies Meta<typeof Table>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  render: () => (
    <Table>
      <TableCaption>错误日志</TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead>类型</TableHead>
          <TableHead>地址</TableHead>
          <TableHead>时间</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        <TableRow>
          <TableCell>error</TableCell>
          <TableCell>/system/param</TableCell>
          <TableCell>2026-01-01 10:00:00</TableCell>
        </TableRow>
      </TableBody>
    </Table>
  ),
};
