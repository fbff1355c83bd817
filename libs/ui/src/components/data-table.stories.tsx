import type { Meta, StoryObj } from '@storybook/react-vite';
import * as React from 'react';
import { expect, fn, screen, waitFor, within } from 'storybook/test';

import { Button } from './button';
import {
  type ColumnDef,
  DataTable,
  type DataTableProps,
  orderColumnIds,
  type RowSelectionState,
  type SortingState,
} from './data-table';
import { ColumnSettings, type ColumnSettingsItem } from './data-table/column-settings';
import { DensityMenu } from './data-table/density-menu';
import { type ExportColumn, exportRows } from './data-table/export';
import { ExportMenu } from './data-table/export-menu';
import type { SortParams } from './data-table/sorting';
import { useDataTableSettings } from './data-table/table-state';

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
/**
 * The phone layout (`layout="auto"` chooses it below 640 px; here forced): a card per row with the first column
 * as its title, the others as labelled values and the actions at its foot; select-all above the cards.
 */
export const Cards: Story = {
  args: { layout: 'cards' },
  play: async ({ canvas, userEvent, args }) => {
    const cards = canvas.getAllByRole('listitem');
    await expect(cards).toHaveLength(8);
    await expect(
      within(cards[1]!)
        .getAllByRole('term')
        .map((t) => t.textContent),
    ).toEqual(['参数键名', '参数键值']);
    await userEvent.click(within(cards[1]!).getByRole('checkbox'));
    await expect(args.onRowSelectionChange).toHaveBeenLastCalledWith({ '2': true }, [rows[1]]);
  },
};
export const Loading: Story = { args: { loading: true } };
export const LoadingFirstPage: Story = { args: { loading: true, data: [] } };
export const Empty: Story = { args: { data: [] } };
export const Borderless: Story = { args: { bordered: false, selectable: false, actions: undefined } };
export const WithPagination: Story = {
  args: { pagination: { current: 1, size: 10, total: 8, onChange: fn() } },
};

// ---- Sorting, resizing, virtualisation, column settings, density, export -------------------------------------

type Log = { id: string; taskName: string; platform: string; status: number; createTime: string };

const platforms = ['dy', 'xhs', 'sph', 'mj'];
function makeLogs(n: number): Log[] {
  return Array.from({ length: n }, (_, i) => ({
    id: String(i + 1),
    taskName: `任务 ${String(i + 1).padStart(4, '0')}`,
    platform: platforms[i % platforms.length] ?? 'dy',
    status: i % 3,
    createTime: `2026-01-${String((i % 28) + 1).padStart(2, '0')} 10:${String(i % 60).padStart(2, '0')}:00`,
  }));
}
const statusLabels = ['待执行', '执行中', '已完成'];

const logColumns: ColumnDef<Log, unknown>[] = [
  { accessorKey: 'taskName', header: '任务名称', enableSorting: true, meta: { minWidth: 120 } },
  { accessorKey: 'platform', header: '平台', meta: { width: 100 } },
  {
    accessorKey: 'status',
    header: '状态',
    enableSorting: true,
    meta: { width: 100 },
    cell: ({ row }) => statusLabels[row.original.status],
  },
  { accessorKey: 'createTime', header: '创建时间', enableSorting: true, meta: { width: 180 } },
];

const settingsItems: ColumnSettingsItem[] = [
  { id: 'taskName', label: '任务名称', hideable: false },
  { id: 'platform', label: '平台' },
  { id: 'status', label: '状态' },
  { id: 'createTime', label: '创建时间' },
];

/** Server-side sorting: the header cycles asc → desc → none; the emitted `{ascs, descs}` is shown. */
export const ServerSorting: Story = {
  render: () => {
    function Demo() {
      const [sorting, setSorting] = React.useState<SortingState>([]);
      const [params, setParams] = React.useState<SortParams>({});
      const data = React.useMemo(() => {
        const rows = makeLogs(10);
        const s = sorting[0];
        if (!s) return rows;
        const key = s.id as keyof Log;
        return [...rows].sort((a, b) => (a[key] < b[key] ? -1 : a[key] > b[key] ? 1 : 0) * (s.desc ? -1 : 1));
      }, [sorting]);
      return (
        <div className="flex flex-col gap-2">
          <code data-testid="sort-params">{JSON.stringify(params)}</code>
          <DataTable<Log>
            aria-label="sorting"
            data={data}
            columns={logColumns}
            bordered
            showIndex
            sorting={sorting}
            onSortingChange={(next, p) => {
              setSorting(next);
              setParams(p);
            }}
          />
        </div>
      );
    }
    return <Demo />;
  },
  play: async ({ canvas, userEvent }) => {
    const header = canvas.getByRole('columnheader', { name: /创建时间/ });
    await userEvent.click(within(header).getByRole('button'));
    await expect(header).toHaveAttribute('aria-sort', 'ascending');
    await expect(canvas.getByTestId('sort-params')).toHaveTextContent('{"ascs":"create_time"}');
    await userEvent.click(within(header).getByRole('button'));
    await expect(canvas.getByTestId('sort-params')).toHaveTextContent('{"descs":"create_time"}');
  },
};

/** Drag a header edge (or focus it and press ←/→, Home resets); widths persist under `storageKey`. */
export const Resizable: Story = {
  render: () => (
    <DataTable<Log>
      aria-label="resizable"
      data={makeLogs(8)}
      columns={logColumns}
      bordered
      selectable
      resizable
      storageKey="storybook:resizable"
      actions={() => (
        <Button variant="link" size="xs">
          编辑
        </Button>
      )}
    />
  ),
  play: async ({ canvas, userEvent }) => {
    const handle = canvas.getByRole('separator', { name: /平台/ });
    handle.focus();
    await userEvent.keyboard('{Home}{ArrowRight}');
    await expect(handle).toHaveAttribute('aria-valuenow', '110');
    await userEvent.keyboard('{Home}');
  },
};

/** 1,000 rows: only the rows in view are rendered (aria-rowcount/aria-rowindex keep the table semantics). */
export const Virtualised1000Rows: Story = {
  render: () => (
    <DataTable<Log>
      aria-label="virtual"
      data={makeLogs(1000)}
      columns={logColumns}
      bordered
      showIndex
      selectable
      maxHeight={480}
    />
  ),
  play: async ({ canvas }) => {
    const table = canvas.getByRole('table', { name: 'virtual' });
    await expect(table).toHaveAttribute('aria-rowcount', '1001');
    await waitFor(() => expect(table.querySelectorAll('tbody tr[data-index]').length).toBeGreaterThan(5));
    await expect(table.querySelectorAll('tbody tr[data-index]').length).toBeLessThan(60);
  },
};

/** Column settings (show/hide, drag or ↑/↓ to reorder, reset), density and export, sharing one settings store. */
export const ColumnSettingsDensityExport: Story = {
  render: () => {
    function Demo() {
      const settings = useDataTableSettings({ storageKey: 'storybook:settings' });
      const data = React.useMemo(() => makeLogs(30), []);
      const exportColumns = (): ExportColumn<Log>[] =>
        orderColumnIds(
          settingsItems.map((c) => c.id),
          settings.columnOrder,
          settings.columnVisibility,
        ).map((id) => ({
          id,
          label: settingsItems.find((c) => c.id === id)?.label ?? id,
          value: (row: Log) => (id === 'status' ? statusLabels[row.status] : row[id as keyof Log]),
        }));
      return (
        <div className="flex flex-col gap-3">
          <div className="flex justify-end gap-2">
            <ExportMenu
              onExport={(format) =>
                void exportRows({ format, rows: data, columns: exportColumns(), filename: '任务日志' })
              }
            />
            <DensityMenu value={settings.density} onChange={settings.setDensity} />
            <ColumnSettings columns={settingsItems} settings={settings} />
          </div>
          <DataTable<Log>
            aria-label="settings"
            data={data}
            columns={logColumns}
            bordered
            showIndex
            resizable
            settings={settings}
          />
        </div>
      );
    }
    return <Demo />;
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: /列设置|Columns/ }));
    const popover = await screen.findByRole('dialog');
    await userEvent.click(within(popover).getByRole('checkbox', { name: '平台' }));
    // (A header's accessible name also holds its resize handle's label, hence the prefix match.)
    await waitFor(() => expect(canvas.queryByRole('columnheader', { name: /^平台/ })).toBeNull());
    await userEvent.click(within(popover).getByRole('button', { name: /重置|Reset/ }));
    await waitFor(() => expect(canvas.getByRole('columnheader', { name: /^平台/ })).toBeInTheDocument());
    await userEvent.keyboard('{Escape}');
  },
};

export const DensityCompact: Story = { args: { density: 'compact' } };
export const DensityComfortable: Story = { args: { density: 'comfortable' } };

/** A fixed-left name column and the fixed action column stay in view when the table scrolls sideways. */
export const FixedColumns: Story = {
  render: () => (
    <div className="max-w-3xl">
      <DataTable<Log>
        aria-label="fixed"
        data={makeLogs(6)}
        columns={[
          { ...logColumns[0]!, meta: { width: 160, fixed: 'left' } },
          ...logColumns.slice(1).map((c) => ({ ...c, meta: { ...c.meta, width: 220 } })),
        ]}
        bordered
        selectable
        showIndex
        resizable
        actionsWidth={160}
        actions={() => (
          <Button variant="link" size="xs">
            编辑
          </Button>
        )}
      />
    </div>
  ),
};
