import * as React from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { type ColumnDef, DataTable } from './data-table';
import type { RowSelectionState } from './data-table';

type Row = { id: string; name: string };
const rows: Row[] = [
  { id: 'a', name: 'Alpha' },
  { id: 'b', name: 'Beta' },
  { id: 'c', name: 'Gamma' },
];
const columns: ColumnDef<Row, unknown>[] = [
  { id: 'name', header: 'Name', cell: ({ row }) => row.original.name },
];

function rowOf(text: string): HTMLElement {
  const row = screen.getByText(text).closest('tr');
  if (!row) throw new Error('row not found');
  return row;
}

describe('DataTable', () => {
  it('numbers rows from the index offset', () => {
    render(<DataTable data={rows} columns={columns} showIndex indexOffset={20} />);
    expect(within(rowOf('Alpha')).getByText('21')).toBeTruthy();
    expect(within(rowOf('Gamma')).getByText('23')).toBeTruthy();
  });

  it('selects rows and all rows, reporting ids and rows', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<DataTable data={rows} columns={columns} selectable onRowSelectionChange={onChange} />);
    await user.click(within(rowOf('Beta')).getByRole('checkbox'));
    expect(onChange).toHaveBeenLastCalledWith({ b: true }, [rows[1]]);
    const all = screen.getByRole('checkbox', { name: '全选' });
    expect(all.getAttribute('data-state')).toBe('indeterminate');
    await user.click(all);
    expect(onChange).toHaveBeenLastCalledWith({ a: true, b: true, c: true }, rows);
    expect(all.getAttribute('data-state')).toBe('checked');
    await user.click(all);
    expect(onChange).toHaveBeenLastCalledWith({}, []);
  });

  it('keeps earlier selected rows when more are selected (controlled)', async () => {
    const user = userEvent.setup();
    const seen: RowSelectionState[] = [];
    function Controlled() {
      const [selection, setSelection] = React.useState<RowSelectionState>({});
      return (
        <DataTable
          data={rows}
          columns={columns}
          selectable
          rowSelection={selection}
          onRowSelectionChange={(next) => {
            seen.push(next);
            setSelection(next);
          }}
        />
      );
    }
    render(<Controlled />);
    await user.click(within(rowOf('Alpha')).getByRole('checkbox'));
    await user.click(within(rowOf('Beta')).getByRole('checkbox'));
    expect(seen.at(-1)).toEqual({ a: true, b: true });
  });

  it('renders a fixed-width action column', () => {
    render(
      <DataTable
        data={rows}
        columns={columns}
        actions={(r) => <button type="button">edit {r.name}</button>}
        actionsWidth={250}
      />,
    );
    expect(screen.getByRole('button', { name: 'edit Beta' })).toBeTruthy();
    const th = screen.getByRole('columnheader', { name: '操作' });
    expect(th.style.width).toBe('250px');
  });

  it('shows the empty state and the loading overlay', () => {
    const { rerender } = render(<DataTable data={[]} columns={columns} />);
    expect(screen.getByText('暂无数据')).toBeTruthy();
    rerender(<DataTable data={[]} columns={columns} loading />);
    expect(screen.getByRole('status', { name: '加载中' })).toBeTruthy();
    expect(screen.queryByText('暂无数据')).toBeNull();
  });

  it('renders server pagination from props', () => {
    render(
      <DataTable
        data={rows}
        columns={columns}
        bordered
        pagination={{ current: 1, size: 10, total: 3, onChange: () => {} }}
      />,
    );
    expect(screen.getByText('共 3 条')).toBeTruthy();
    expect(document.querySelector('[data-slot="data-table"]')?.getAttribute('data-bordered')).toBe('true');
  });
});
