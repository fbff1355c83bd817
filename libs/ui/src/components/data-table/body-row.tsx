// A body row of DataTable: its cells with their width, alignment, density and sticky position, and in a tree its
// level and the toggle of its first data column.
import { flexRender, type Row as TableRowModel } from '@tanstack/react-table';

import { cn } from '../../lib/utils';
import { TableCell, TableRow } from '../table';
import { type ColumnLayout, densityCell } from './column-layout';
import { alignClass } from './columns';
import type { Density } from './table-state';
import { TreeCell, type TreeCellContext } from './tree-rows';

export type BodyRowContext<Row> = {
  layout: ColumnLayout<Row>;
  density: Density;
  fixedLayout: boolean;
  cellBorder: string | undefined;
  virtual: boolean;
  headerRows: number;
  /** Set when the table shows tree rows. */
  tree: TreeCellContext<Row> | undefined;
};

export function renderBodyRow<Row>(
  row: TableRowModel<Row>,
  index: number,
  measureRef: ((el: HTMLTableRowElement | null) => void) | undefined,
  { layout, density, fixedLayout, cellBorder, virtual, headerRows, tree }: BodyRowContext<Row>,
) {
  const { cellStyle, pinClass } = layout;
  return (
    <TableRow
      key={row.id}
      ref={measureRef}
      data-index={measureRef ? index : undefined}
      aria-rowindex={virtual ? headerRows + index + 1 : undefined}
      data-state={row.getIsSelected() ? 'selected' : undefined}
      aria-level={tree ? row.depth + 1 : undefined}
      className="group/row"
    >
      {row.getVisibleCells().map((cell) => {
        const meta = cell.column.columnDef.meta;
        const content = flexRender(cell.column.columnDef.cell, cell.getContext());
        return (
          <TableCell
            key={cell.id}
            data-column={cell.column.id}
            style={cellStyle(cell.column)}
            className={cn(
              cellBorder,
              densityCell[density],
              alignClass(meta?.align),
              fixedLayout && 'overflow-hidden [overflow-wrap:anywhere]',
              meta?.className,
              pinClass(cell.column, false),
            )}
          >
            {tree && cell.column.id === tree.columnId ? (
              <TreeCell row={row} tree={tree}>
                {content}
              </TreeCell>
            ) : (
              content
            )}
          </TableCell>
        );
      })}
    </TableRow>
  );
}
