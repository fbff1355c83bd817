// A node of TreeSelect's tree: its expand toggle (or spinner while its children load), its checkbox in multiple
// mode and its label.
import { Check, ChevronDown, ChevronRight, Loader2, Minus } from 'lucide-react';
import type * as React from 'react';

import { cn } from '../../lib/utils';
import type { ResolvedTreeNode } from './tree-model';

export type TreeSelectItemProps = {
  node: ResolvedTreeNode;
  itemRef: React.RefCallback<HTMLLIElement>;
  multiple: boolean;
  isExpanded: boolean;
  isLoading: boolean;
  state: boolean | 'mixed';
  /** The roving tab stop of the tree. */
  focusable: boolean;
  onFocus: () => void;
  onChoose: () => void;
  onToggleExpand: () => void;
};

export function TreeSelectItem({
  node,
  itemRef,
  multiple,
  isExpanded,
  isLoading,
  state,
  focusable,
  onFocus,
  onChoose,
  onToggleExpand,
}: TreeSelectItemProps) {
  return (
    <li
      ref={itemRef}
      role="treeitem"
      data-slot="tree-select-item"
      aria-level={node.level}
      aria-expanded={node.expandable ? isExpanded : undefined}
      aria-selected={multiple ? undefined : state === true}
      aria-checked={multiple ? state : undefined}
      aria-disabled={node.disabled || undefined}
      aria-busy={isLoading || undefined}
      tabIndex={focusable ? 0 : -1}
      data-state={state === true ? 'checked' : state === 'mixed' ? 'indeterminate' : 'unchecked'}
      className="flex cursor-pointer items-center gap-1.5 rounded-sm py-1.5 pr-2 text-sm outline-none select-none hover:bg-accent focus-visible:bg-accent focus-visible:ring-2 focus-visible:ring-ring aria-disabled:pointer-events-none aria-disabled:opacity-50 aria-selected:font-medium aria-selected:text-primary-text"
      style={{ paddingLeft: `${(node.level - 1) * 1.25 + 0.25}rem` }}
      onFocus={onFocus}
      onClick={onChoose}
    >
      <span
        data-slot="tree-select-toggle"
        aria-hidden
        className="flex size-4 shrink-0 items-center justify-center text-muted-foreground"
        onClick={(event) => {
          if (!node.expandable) return;
          event.stopPropagation();
          onToggleExpand();
        }}
      >
        {isLoading ? (
          <Loader2 className="size-3.5 animate-spin" />
        ) : node.expandable ? (
          isExpanded ? (
            <ChevronDown className="size-3.5" />
          ) : (
            <ChevronRight className="size-3.5" />
          )
        ) : null}
      </span>
      {multiple ? (
        <span
          data-slot="tree-select-check"
          aria-hidden
          className={cn(
            'flex size-4 shrink-0 items-center justify-center rounded-[4px] border border-input',
            state !== false && 'border-primary bg-primary text-primary-foreground',
          )}
        >
          {state === true ? <Check className="size-3" strokeWidth={3} /> : null}
          {state === 'mixed' ? <Minus className="size-3" strokeWidth={3} /> : null}
        </span>
      ) : null}
      <span className="truncate">{node.label}</span>
    </li>
  );
}
