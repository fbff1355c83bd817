// The phone layout of DataTable: one card per row instead of a table squeezed to its pinned columns. A card shows
// the row's first visible column as its title, the other visible columns as label–value pairs (the column
// settings choose which and in what order, as for the table), and the row's actions at its foot. A bar above the
// cards holds select-all and, when columns sort, a chooser of the order (the headers that sort in the table). A
// tree's cards stand indented by their level, the toggle before the title, as the rows of its table do.
import { flexRender, type Cell, type Row as TableRowModel, type Table } from '@tanstack/react-table';
import type * as React from 'react';

import { cn } from '../../lib/utils';
import type { UiMessages } from '../../locale/messages';
import { SimpleSelect } from '../select';
import { getColumnLabel } from './columns';
import { ACTIONS_ID, INDEX_ID, SELECT_ID } from './synthetic-columns';
import { TREE_INDENT, TreeCell, type TreeCellContext } from './tree-rows';

const NO_SORT = '__none';

function sortValue(id: string, desc: boolean): string {
  return `${desc ? 'desc' : 'asc'}:${id}`;
}

function SortChooser<Row>({ table, messages }: { table: Table<Row>; messages: UiMessages }) {
  const sortable = table.getVisibleLeafColumns().filter((c) => c.getCanSort());
  if (sortable.length === 0) return null;
  const first = table.getState().sorting[0];
  const options = [
    { value: NO_SORT, label: messages.sortNone },
    ...sortable.flatMap((column) => {
      const label = getColumnLabel(column);
      return [
        { value: sortValue(column.id, false), label: messages.sortAscending(label) },
        { value: sortValue(column.id, true), label: messages.sortDescending(label) },
      ];
    }),
  ];
  return (
    <SimpleSelect
      size="sm"
      className="w-auto max-w-[60%] min-w-32"
      aria-label={messages.sortBy}
      value={first ? sortValue(first.id, first.desc) : NO_SORT}
      options={options}
      onValueChange={(value) => {
        if (value === NO_SORT) {
          table.setSorting([]);
          return;
        }
        const [direction, id] = [value.slice(0, value.indexOf(':')), value.slice(value.indexOf(':') + 1)];
        table.setSorting([{ id, desc: direction === 'desc' }]);
      }}
    />
  );
}

function renderCell<Row>(cell: Cell<Row, unknown> | undefined): React.ReactNode {
  return cell ? flexRender(cell.column.columnDef.cell, cell.getContext()) : null;
}

function RowCard<Row>({ row, tree }: { row: TableRowModel<Row>; tree: TreeCellContext<Row> | undefined }) {
  const cells = row.getVisibleCells();
  const select = cells.find((c) => c.column.id === SELECT_ID);
  const actions = cells.find((c) => c.column.id === ACTIONS_ID);
  const [title, ...fields] = cells.filter(
    (c) => c.column.id !== SELECT_ID && c.column.id !== ACTIONS_ID && c.column.id !== INDEX_ID,
  );
  return (
    <li
      data-slot="data-table-card"
      data-state={row.getIsSelected() ? 'selected' : undefined}
      aria-level={tree ? row.depth + 1 : undefined}
      className="rounded-md border bg-card p-3 text-sm data-[state=selected]:border-primary/60 data-[state=selected]:bg-primary/5"
      style={tree && row.depth > 0 ? { marginLeft: row.depth * TREE_INDENT } : undefined}
    >
      <div className="flex items-start gap-2">
        {select ? <div className="flex h-5 shrink-0 items-center">{renderCell(select)}</div> : null}
        <div className="min-w-0 flex-1 font-medium [overflow-wrap:anywhere]">
          {tree ? (
            <TreeCell row={row} tree={tree} indent={false}>
              {renderCell(title)}
            </TreeCell>
          ) : (
            renderCell(title)
          )}
        </div>
      </div>
      {fields.length > 0 ? (
        <dl className="mt-2 grid grid-cols-[minmax(5rem,auto)_1fr] gap-x-3 gap-y-1.5">
          {fields.map((cell) => (
            <div key={cell.id} className="contents" data-column={cell.column.id}>
              <dt className="text-muted-foreground">{getColumnLabel(cell.column)}</dt>
              <dd className="min-w-0 [overflow-wrap:anywhere]">{renderCell(cell)}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {actions ? (
        <div data-column={ACTIONS_ID} className="mt-2 flex justify-end border-t pt-2">
          {renderCell(actions)}
        </div>
      ) : null}
    </li>
  );
}

export type CardRowsProps<Row> = {
  table: Table<Row>;
  rows: TableRowModel<Row>[];
  messages: UiMessages;
  selectable: boolean;
  loading: boolean;
  empty: React.ReactNode;
  'aria-label'?: string;
  /** A tree's toggles and pending loads (tree-rows.tsx): its cards stand indented by level. */
  tree?: TreeCellContext<Row>;
};

export function CardRows<Row>({
  table,
  rows,
  messages,
  selectable,
  loading,
  empty,
  'aria-label': ariaLabel,
  tree,
}: CardRowsProps<Row>) {
  const selectHeader = selectable
    ? table.getFlatHeaders().find((header) => header.column.id === SELECT_ID)
    : undefined;
  return (
    <div data-slot="data-table-cards" className="flex flex-col gap-2">
      {selectHeader || table.getVisibleLeafColumns().some((c) => c.getCanSort()) ? (
        <div className="flex items-center gap-2 px-1">
          {selectHeader ? (
            <label className="flex items-center gap-2 text-sm text-muted-foreground">
              {flexRender(selectHeader.column.columnDef.header, selectHeader.getContext())}
              <span aria-hidden>{messages.selectAll}</span>
            </label>
          ) : null}
          <div className="flex-1" />
          <SortChooser table={table} messages={messages} />
        </div>
      ) : null}
      {rows.length === 0 ? (
        <div className={cn('rounded-md border', loading && 'h-24')}>{loading ? null : empty}</div>
      ) : (
        <ul aria-label={ariaLabel} className="flex flex-col gap-2">
          {rows.map((row) => (
            <RowCard key={row.id} row={row} tree={tree} />
          ))}
        </ul>
      )}
    </div>
  );
}
