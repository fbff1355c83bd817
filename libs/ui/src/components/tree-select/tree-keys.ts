// Keyboard navigation of TreeSelect's tree: arrows move and open or close branches, Home/End jump, Enter and
// Space choose.
import type * as React from 'react';

import type { ResolvedTreeNode } from './tree-model';

export type TreeKeyNavigation = {
  rows: ResolvedTreeNode[];
  focusValue: string | null;
  /** The search text (lower case); while searching, ArrowLeft never collapses. */
  needle: string;
  isOpen: (node: ResolvedTreeNode) => boolean;
  focusRow: (value: string | undefined) => void;
  expand: (node: ResolvedTreeNode) => Promise<void>;
  collapse: (node: ResolvedTreeNode) => void;
  choose: (node: ResolvedTreeNode) => void;
};

export function onTreeKeyDown(
  event: React.KeyboardEvent,
  { rows, focusValue, needle, isOpen, focusRow, expand, collapse, choose }: TreeKeyNavigation,
) {
  const index = rows.findIndex((r) => r.value === focusValue);
  const node = rows[index];
  if (!node) return;
  switch (event.key) {
    case 'ArrowDown':
      focusRow(rows[Math.min(index + 1, rows.length - 1)]?.value);
      break;
    case 'ArrowUp':
      focusRow(rows[Math.max(index - 1, 0)]?.value);
      break;
    case 'Home':
      focusRow(rows[0]?.value);
      break;
    case 'End':
      focusRow(rows[rows.length - 1]?.value);
      break;
    case 'ArrowRight':
      if (node.expandable && !(isOpen(node) && node.loaded)) void expand(node);
      else if (node.children?.[0]) focusRow(node.children[0].value);
      break;
    case 'ArrowLeft':
      if (node.expandable && isOpen(node) && !needle) collapse(node);
      else focusRow(node.parent?.value);
      break;
    case 'Enter':
    case ' ':
      choose(node);
      break;
    default:
      return;
  }
  event.preventDefault();
}
