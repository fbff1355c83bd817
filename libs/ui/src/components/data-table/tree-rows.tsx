// Tree rows of DataTable (the "tree table" of the back-office's departments, menus, regions and roles): the
// expansion state, the loading of sub rows on first expansion, and the toggle and indent of the first data column.
import type { ExpandedState, OnChangeFn, Row as TableRowModel } from '@tanstack/react-table';
import { ChevronRight } from 'lucide-react';
import * as React from 'react';

import { cn } from '../../lib/utils';
import type { UiMessages } from '../../locale/messages';
import { Spinner } from '../spinner';

/** Indentation of one tree level (px). */
export const TREE_INDENT = 16;

export type TreeRowsOptions<Row> = {
  enabled: boolean;
  expanded: ExpandedState | undefined;
  defaultExpanded: ExpandedState | undefined;
  onExpandedChange: ((expanded: ExpandedState) => void) | undefined;
  onExpand: ((row: Row) => void | Promise<void>) | undefined;
};

export type TreeRowsController<Row> = {
  expanded: ExpandedState;
  onExpandedChange: OnChangeFn<ExpandedState>;
  /** Ids of the rows whose `onExpand` is pending. */
  pending: ReadonlySet<string>;
  toggle: (row: TableRowModel<Row>) => void;
};

/**
 * A row shows as open only when it is expanded and has sub rows: a lazily loaded row whose data was reloaded
 * without its children is then closed again, and the next expansion loads them again.
 */
export function isRowOpen<Row>(row: TableRowModel<Row>): boolean {
  return row.getIsExpanded() && row.subRows.length > 0;
}

export function useTreeRows<Row>({
  enabled,
  expanded: expandedProp,
  defaultExpanded,
  onExpandedChange,
  onExpand,
}: TreeRowsOptions<Row>): TreeRowsController<Row> {
  const [innerExpanded, setInnerExpanded] = React.useState<ExpandedState>(defaultExpanded ?? {});
  const expanded = expandedProp ?? innerExpanded;
  const [pending, setPending] = React.useState<ReadonlySet<string>>(() => new Set());
  // Also kept synchronously, so a second click before the spinner renders does not load twice.
  const pendingRef = React.useRef(new Set<string>());

  // The latest state, also updated on each change: two levels that finish loading before the next render both
  // stay open.
  const expandedRef = React.useRef(expanded);
  expandedRef.current = expanded;

  const handleExpanded: OnChangeFn<ExpandedState> = (updater) => {
    const next = typeof updater === 'function' ? updater(expandedRef.current) : updater;
    expandedRef.current = next;
    if (expandedProp === undefined) setInnerExpanded(next);
    onExpandedChange?.(next);
  };

  const setRowPending = (id: string, on: boolean) => {
    if (on) pendingRef.current.add(id);
    else pendingRef.current.delete(id);
    setPending(new Set(pendingRef.current));
  };

  // `row.toggleExpanded` goes through the table by row id, so it stays right after the data changed.
  const toggle = (row: TableRowModel<Row>) => {
    if (!enabled || pendingRef.current.has(row.id)) return;
    if (isRowOpen(row)) {
      row.toggleExpanded(false);
      return;
    }
    if (row.subRows.length > 0 || !onExpand) {
      row.toggleExpanded(true);
      return;
    }
    // Sub rows not loaded yet: the owner loads them and passes new data; the row opens once that is done,
    // and stays closed when loading fails (the owner reports the error).
    setRowPending(row.id, true);
    Promise.resolve()
      .then(() => onExpand(row.original))
      .then(
        () => row.toggleExpanded(true),
        () => undefined,
      )
      .finally(() => setRowPending(row.id, false));
  };

  return { expanded, onExpandedChange: handleExpanded, pending, toggle };
}

export type TreeCellContext<Row> = {
  /** The first visible data column: the one holding the toggle and the indent. */
  columnId: string | undefined;
  pending: ReadonlySet<string>;
  toggle: (row: TableRowModel<Row>) => void;
  messages: UiMessages;
};

/** The content of the tree column's cell: indent by depth, then the toggle (or its room on a leaf), then the value. */
export function TreeCell<Row>({
  row,
  tree,
  indent = true,
  children,
}: {
  row: TableRowModel<Row>;
  tree: TreeCellContext<Row>;
  /** Indent by depth (a card stands indented as a whole, so its title does not). */
  indent?: boolean;
  children: React.ReactNode;
}) {
  const open = isRowOpen(row);
  const busy = tree.pending.has(row.id);
  const label = open ? tree.messages.collapseRow : tree.messages.expandRow;
  return (
    <div
      data-slot="data-table-tree-cell"
      className="flex min-w-0 items-center gap-1"
      style={indent && row.depth > 0 ? { paddingLeft: row.depth * TREE_INDENT } : undefined}
    >
      {row.getCanExpand() ? (
        <button
          type="button"
          data-slot="data-table-expand"
          aria-expanded={open}
          aria-label={label}
          aria-busy={busy || undefined}
          title={label}
          className="inline-flex size-5 shrink-0 items-center justify-center rounded-sm text-muted-foreground outline-none hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring"
          onClick={() => tree.toggle(row)}
          onKeyDown={(event) => {
            // The tree keys of the kit's Tree: → opens, ← closes.
            if ((event.key === 'ArrowRight' && !open) || (event.key === 'ArrowLeft' && open)) {
              event.preventDefault();
              tree.toggle(row);
            }
          }}
        >
          {busy ? (
            <Spinner className="size-3.5" aria-hidden />
          ) : (
            <ChevronRight
              aria-hidden
              className={cn('size-4 motion-safe:transition-transform', open && 'rotate-90')}
            />
          )}
        </button>
      ) : (
        <span data-slot="data-table-expand-space" aria-hidden className="size-5 shrink-0" />
      )}
      <div className="min-w-0 flex-1">{children}</div>
    </div>
  );
}
