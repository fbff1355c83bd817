// The columns DataTable adds around the caller's: the selection checkboxes, the row number and the row actions.
import type { ColumnDef } from '@tanstack/react-table';
import type * as React from 'react';

import type { UiMessages } from '../../locale/messages';
import { Checkbox } from '../checkbox';

export const SELECT_ID = '__select';
export const INDEX_ID = '__index';
export const ACTIONS_ID = '__actions';
export const SYNTHETIC = new Set([SELECT_ID, INDEX_ID, ACTIONS_ID]);

export type SyntheticColumnsOptions<Row> = {
  selectable: boolean;
  showIndex: boolean;
  hasActions: boolean;
  messages: UiMessages;
  indexOffset: number;
  actionsWidth: number;
  actionsHeader: React.ReactNode;
  /** Display position of each row (client-side sorting reorders rows), read by the index cells. */
  positionsRef: React.RefObject<Map<string, number>>;
  /** The latest row actions of the caller (see DataTable). */
  actionsRef: React.RefObject<((row: Row) => React.ReactNode) | undefined>;
};

/** The caller's columns with the leading select/index columns and the trailing action column. */
export function withSyntheticColumns<Row>(
  columns: ColumnDef<Row, unknown>[],
  {
    selectable,
    showIndex,
    hasActions,
    messages,
    indexOffset,
    actionsWidth,
    actionsHeader,
    positionsRef,
    actionsRef,
  }: SyntheticColumnsOptions<Row>,
): ColumnDef<Row, unknown>[] {
  const lead: ColumnDef<Row, unknown>[] = [];
  if (selectable) {
    lead.push({
      id: SELECT_ID,
      enableHiding: false,
      enableSorting: false,
      meta: { width: 48, align: 'center', label: messages.selectAll, resizable: false },
      header: ({ table }) => (
        <Checkbox
          aria-label={messages.selectAll}
          disabled={table.getRowModel().rows.length === 0}
          checked={
            table.getIsAllRowsSelected() ? true : table.getIsSomeRowsSelected() ? 'indeterminate' : false
          }
          onCheckedChange={(value) => table.toggleAllRowsSelected(value === true)}
        />
      ),
      cell: ({ row }) => (
        <Checkbox
          aria-label={messages.selectRow}
          checked={row.getIsSelected()}
          disabled={!row.getCanSelect()}
          onCheckedChange={(value) => row.toggleSelected(value === true)}
        />
      ),
    });
  }
  if (showIndex) {
    lead.push({
      id: INDEX_ID,
      enableHiding: false,
      enableSorting: false,
      meta: { width: 56, align: 'center', label: messages.index, resizable: false },
      header: () => messages.index,
      cell: ({ row }) => indexOffset + (positionsRef.current.get(row.id) ?? row.index) + 1,
    });
  }
  const tail: ColumnDef<Row, unknown>[] = [];
  if (hasActions) {
    tail.push({
      id: ACTIONS_ID,
      enableHiding: false,
      enableSorting: false,
      meta: {
        width: actionsWidth,
        align: 'center',
        fixed: 'right',
        label: messages.actions,
        resizable: false,
      },
      header: () => actionsHeader ?? messages.actions,
      cell: ({ row }) => actionsRef.current?.(row.original),
    });
  }
  return [...lead, ...columns, ...tail];
}
