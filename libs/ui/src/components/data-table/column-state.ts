// The column state DataTable hands to TanStack: the pinning of fixed columns, the order (synthetic columns first)
// and the stored visibility, which never hides a column that may not be hidden.
import type { ColumnDef, ColumnOrderState, ColumnPinningState, VisibilityState } from '@tanstack/react-table';

import { ACTIONS_ID, INDEX_ID, SELECT_ID, SYNTHETIC } from './synthetic-columns';

// Fixed columns: user columns with meta.fixed; the leading select/index columns join the left ones.
export function columnPinning<Row>(
  allColumns: ColumnDef<Row, unknown>[],
  selectable: boolean,
  showIndex: boolean,
  hasActions: boolean,
): ColumnPinningState {
  const left: string[] = [];
  const right: string[] = [];
  for (const c of allColumns) {
    const id = c.id ?? ('accessorKey' in c ? String(c.accessorKey) : undefined);
    if (!id || SYNTHETIC.has(id)) continue;
    if (c.meta?.fixed === 'left') left.push(id);
    else if (c.meta?.fixed === 'right') right.push(id);
  }
  const lead = left.length > 0 ? [selectable && SELECT_ID, showIndex && INDEX_ID].filter(Boolean) : [];
  return { left: [...(lead as string[]), ...left], right: hasActions ? [...right, ACTIONS_ID] : right };
}

export function columnOrderOf(columnOrder: ColumnOrderState): ColumnOrderState {
  return [SELECT_ID, INDEX_ID, ...columnOrder.filter((id) => !SYNTHETIC.has(id))];
}

// Stored visibility never hides a column that may not be hidden.
export function lockedVisibility<Row>(
  allColumns: ColumnDef<Row, unknown>[],
  columnVisibility: VisibilityState,
): VisibilityState {
  const out: VisibilityState = {};
  const locked = new Set(
    allColumns
      .filter((c) => c.enableHiding === false)
      .map((c) => c.id ?? ('accessorKey' in c ? String(c.accessorKey) : '')),
  );
  for (const [id, visible] of Object.entries(columnVisibility)) if (!locked.has(id)) out[id] = visible;
  return out;
}
