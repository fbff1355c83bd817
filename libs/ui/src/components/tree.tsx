import { Check, ChevronRight, Minus } from 'lucide-react';
import * as React from 'react';

import { cn } from '../lib/utils';
import { useUiLocale } from '../locale/ui-locale';
import { Spinner } from './spinner';

export interface TreeNode {
  id: string;
  label: React.ReactNode;
  /** Text for type-ahead when `label` is not a string. */
  textValue?: string;
  /** Known children. Leave undefined (and isLeaf false) to load them lazily through `loadChildren`. */
  children?: TreeNode[];
  /** No children, even with `loadChildren`. */
  isLeaf?: boolean;
  disabled?: boolean;
}

export type TreeCheckState = boolean | 'indeterminate';

export interface TreeCheckedInfo {
  /** Parents with some but not all descendants checked. */
  halfChecked: string[];
}

export type TreeProps = Omit<React.ComponentProps<'ul'>, 'onSelect' | 'defaultChecked'> & {
  nodes: TreeNode[];
  /** Required accessible name, unless `aria-labelledby` is given. */
  'aria-label'?: string;
  expanded?: string[];
  defaultExpanded?: string[];
  onExpandedChange?: (expanded: string[]) => void;
  /** Single selection (Enter, click). */
  selected?: string | null;
  defaultSelected?: string | null;
  onSelectedChange?: (id: string, node: TreeNode) => void;
  /** Show a checkbox per node; parents are checked when all, half-checked when some children are. */
  checkable?: boolean;
  checked?: string[];
  defaultChecked?: string[];
  onCheckedChange?: (checked: string[], info: TreeCheckedInfo) => void;
  /** Loads the children of a node the first time it expands. */
  loadChildren?: (node: TreeNode) => Promise<TreeNode[]>;
  /** Custom row content. */
  renderLabel?: (node: TreeNode) => React.ReactNode;
};

function useControllable<T>(value: T | undefined, initial: T, onChange?: (next: T) => void) {
  const [inner, setInner] = React.useState(initial);
  const current = value !== undefined ? value : inner;
  const set = React.useCallback(
    (next: T) => {
      if (value === undefined) setInner(next);
      onChange?.(next);
    },
    [value, onChange],
  );
  return [current, set] as const;
}

type Visible = { node: TreeNode; level: number; parent: string | null; posinset: number; setsize: number };

/**
 * A WAI-ARIA tree (`role=tree` / `treeitem` / `group`) with one tab stop. Keys: ↑/↓ move, → expands or enters,
 * ← collapses or goes to the parent, Home/End, Enter selects, Space checks (checkable) or selects,
 * `*` expands all siblings, printable characters jump to the next matching label.
 */
export function Tree({
  nodes,
  expanded: expandedProp,
  defaultExpanded = [],
  onExpandedChange,
  selected: selectedProp,
  defaultSelected = null,
  onSelectedChange,
  checkable = false,
  checked: checkedProp,
  defaultChecked = [],
  onCheckedChange,
  loadChildren,
  renderLabel,
  className,
  ...props
}: TreeProps) {
  const { messages } = useUiLocale();
  const [expanded, setExpanded] = useControllable(expandedProp, defaultExpanded, onExpandedChange);
  const [selected, setSelected] = React.useState<string | null>(defaultSelected);
  const currentSelected = selectedProp !== undefined ? selectedProp : selected;
  const [checkedList, setCheckedList] = React.useState<string[]>(defaultChecked);
  const checkedIds = checkedProp ?? checkedList;
  const [loaded, setLoaded] = React.useState<Record<string, TreeNode[]>>({});
  const [loading, setLoading] = React.useState<Record<string, boolean>>({});
  const [focusId, setFocusId] = React.useState<string | null>(null);
  const itemRefs = React.useRef(new Map<string, HTMLLIElement>());
  const typeahead = React.useRef({ text: '', time: 0 });

  const childrenOf = React.useCallback(
    (node: TreeNode): TreeNode[] | undefined => node.children ?? loaded[node.id],
    [loaded],
  );
  const isParent = React.useCallback(
    (node: TreeNode) => {
      const kids = childrenOf(node);
      if (kids) return kids.length > 0;
      return !node.isLeaf && !!loadChildren;
    },
    [childrenOf, loadChildren],
  );

  const expandedSet = React.useMemo(() => new Set(expanded), [expanded]);
  const checkedSet = React.useMemo(() => new Set(checkedIds), [checkedIds]);

  const visible = React.useMemo(() => {
    const out: Visible[] = [];
    const walk = (list: TreeNode[], level: number, parent: string | null) => {
      list.forEach((node, i) => {
        out.push({ node, level, parent, posinset: i + 1, setsize: list.length });
        const kids = childrenOf(node);
        if (kids && expandedSet.has(node.id)) walk(kids, level + 1, node.id);
      });
    };
    walk(nodes, 1, null);
    return out;
  }, [nodes, childrenOf, expandedSet]);

  // Check state of every known node. A checked id checks its whole (known or later loaded) subtree;
  // a parent with children is checked when all of them are, half-checked when some are.
  const computeStates = React.useCallback(
    (set: Set<string>) => {
      const states = new Map<string, TreeCheckState>();
      const parents = new Map<string, string | null>();
      const compute = (node: TreeNode, inherited: boolean, parent: string | null): TreeCheckState => {
        parents.set(node.id, parent);
        const on = inherited || set.has(node.id);
        const kids = childrenOf(node);
        let state: TreeCheckState;
        if (!kids || kids.length === 0) state = on;
        else {
          const childStates = kids.map((k) => compute(k, on, node.id));
          state = childStates.every((c) => c === true)
            ? true
            : childStates.some((c) => c !== false)
              ? 'indeterminate'
              : false;
        }
        states.set(node.id, state);
        return state;
      };
      nodes.forEach((n) => compute(n, false, null));
      return { states, parents };
    },
    [nodes, childrenOf],
  );

  const checkState = React.useMemo(() => computeStates(checkedSet).states, [computeStates, checkedSet]);

  const toggleCheck = (node: TreeNode) => {
    if (node.disabled) return;
    const { states, parents } = computeStates(checkedSet);
    const next = new Set<string>();
    states.forEach((state, id) => {
      if (state === true) next.add(id);
    });
    const value = states.get(node.id) !== true;
    const apply = (n: TreeNode) => {
      if (n.disabled && n.id !== node.id) return;
      if (value) next.add(n.id);
      else next.delete(n.id);
      childrenOf(n)?.forEach(apply);
    };
    apply(node);
    if (!value) {
      for (let p = parents.get(node.id); p; p = parents.get(p)) next.delete(p);
    }
    const result = computeStates(next).states;
    const checkedOut: string[] = [];
    const half: string[] = [];
    result.forEach((state, id) => {
      if (state === true) checkedOut.push(id);
      else if (state === 'indeterminate') half.push(id);
    });
    if (checkedProp === undefined) setCheckedList(checkedOut);
    onCheckedChange?.(checkedOut, { halfChecked: half });
  };

  const expand = async (node: TreeNode) => {
    if (expandedSet.has(node.id)) return;
    setExpanded([...expanded, node.id]);
    if (!childrenOf(node) && loadChildren && !node.isLeaf && !loading[node.id]) {
      setLoading((l) => ({ ...l, [node.id]: true }));
      try {
        const kids = await loadChildren(node);
        // Children of a checked parent show as checked (the parent's id checks its subtree).
        setLoaded((l) => ({ ...l, [node.id]: kids }));
      } finally {
        setLoading((l) => ({ ...l, [node.id]: false }));
      }
    }
  };

  const collapse = (node: TreeNode) => {
    if (expandedSet.has(node.id)) setExpanded(expanded.filter((id) => id !== node.id));
  };

  const select = (node: TreeNode) => {
    if (node.disabled) return;
    setSelected(node.id);
    onSelectedChange?.(node.id, node);
  };

  const focusNode = (id: string | undefined | null) => {
    if (!id) return;
    setFocusId(id);
    itemRefs.current.get(id)?.focus();
  };

  const tabStop =
    focusId && visible.some((v) => v.node.id === focusId)
      ? focusId
      : (visible.find((v) => v.node.id === currentSelected)?.node.id ?? visible[0]?.node.id);

  const onKeyDown = (event: React.KeyboardEvent<HTMLLIElement>, entry: Visible) => {
    if (event.target !== event.currentTarget) return;
    const index = visible.findIndex((v) => v.node.id === entry.node.id);
    const { node } = entry;
    let handled = true;
    switch (event.key) {
      case 'ArrowDown':
        focusNode(visible[index + 1]?.node.id);
        break;
      case 'ArrowUp':
        focusNode(visible[index - 1]?.node.id);
        break;
      case 'Home':
        focusNode(visible[0]?.node.id);
        break;
      case 'End':
        focusNode(visible[visible.length - 1]?.node.id);
        break;
      case 'ArrowRight':
        if (isParent(node)) {
          if (!expandedSet.has(node.id)) void expand(node);
          else focusNode(childrenOf(node)?.[0]?.id);
        }
        break;
      case 'ArrowLeft':
        if (isParent(node) && expandedSet.has(node.id)) collapse(node);
        else focusNode(entry.parent);
        break;
      case 'Enter':
        select(node);
        break;
      case ' ':
        if (checkable) toggleCheck(node);
        else select(node);
        break;
      case '*': {
        const siblings = visible.filter((v) => v.parent === entry.parent && isParent(v.node));
        const ids = siblings.map((v) => v.node.id).filter((id) => !expandedSet.has(id));
        if (ids.length) setExpanded([...expanded, ...ids]);
        siblings.forEach((v) => {
          if (!childrenOf(v.node)) void expand(v.node);
        });
        break;
      }
      default:
        if (event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) {
          const now = Date.now();
          const t = typeahead.current;
          t.text = now - t.time > 500 ? event.key.toLowerCase() : t.text + event.key.toLowerCase();
          t.time = now;
          const text = (v: Visible) =>
            (v.node.textValue ?? (typeof v.node.label === 'string' ? v.node.label : '')).toLowerCase();
          const ordered = [...visible.slice(index + 1), ...visible.slice(0, index + 1)];
          const match = ordered.find((v) => text(v).startsWith(t.text));
          if (match) focusNode(match.node.id);
        } else handled = false;
    }
    if (handled) {
      event.preventDefault();
      event.stopPropagation();
    }
  };

  const renderNodes = (list: TreeNode[], level: number, parent: string | null): React.ReactNode =>
    list.map((node, i) => {
      const entry: Visible = { node, level, parent, posinset: i + 1, setsize: list.length };
      const parentNode = isParent(node);
      const open = parentNode && expandedSet.has(node.id);
      const kids = childrenOf(node);
      const state = checkState.get(node.id) ?? false;
      const busy = !!loading[node.id];
      return (
        <li
          key={node.id}
          ref={(el) => {
            if (el) itemRefs.current.set(node.id, el);
            else itemRefs.current.delete(node.id);
          }}
          role="treeitem"
          data-slot="tree-item"
          aria-level={level}
          aria-posinset={entry.posinset}
          aria-setsize={entry.setsize}
          aria-expanded={parentNode ? open : undefined}
          aria-selected={checkable ? undefined : currentSelected === node.id}
          aria-checked={checkable ? (state === 'indeterminate' ? 'mixed' : state) : undefined}
          aria-disabled={node.disabled || undefined}
          aria-busy={busy || undefined}
          tabIndex={tabStop === node.id ? 0 : -1}
          className="outline-none"
          onKeyDown={(event) => onKeyDown(event, entry)}
          onFocus={(event) => {
            if (event.target === event.currentTarget) setFocusId(node.id);
          }}
        >
          <div
            data-slot="tree-row"
            data-selected={currentSelected === node.id || undefined}
            className={cn(
              'flex cursor-pointer items-center gap-1.5 rounded-sm py-1 pr-2 text-sm select-none hover:bg-accent hover:text-accent-foreground',
              'data-[selected]:bg-accent data-[selected]:text-accent-foreground [li:focus-visible>&]:ring-2 [li:focus-visible>&]:ring-ring',
              node.disabled && 'cursor-not-allowed opacity-50',
            )}
            style={{ paddingLeft: `${(level - 1) * 1.25 + 0.25}rem` }}
            onClick={() => {
              focusNode(node.id);
              if (checkable) toggleCheck(node);
              else select(node);
            }}
          >
            <span
              data-slot="tree-toggle"
              aria-hidden
              className="flex size-4 shrink-0 items-center justify-center text-muted-foreground"
              onClick={(event) => {
                if (!parentNode) return;
                event.stopPropagation();
                focusNode(node.id);
                if (open) collapse(node);
                else void expand(node);
              }}
            >
              {busy ? (
                <Spinner className="size-3.5" label={messages.loading} />
              ) : parentNode ? (
                <ChevronRight
                  className={cn('size-4 motion-safe:transition-transform', open && 'rotate-90')}
                />
              ) : null}
            </span>
            {checkable ? (
              <span
                data-slot="tree-checkbox"
                data-state={state === 'indeterminate' ? 'indeterminate' : state ? 'checked' : 'unchecked'}
                aria-hidden
                className="flex size-4 shrink-0 items-center justify-center rounded-[3px] border border-input bg-background text-primary-foreground data-[state=checked]:border-primary data-[state=checked]:bg-primary data-[state=indeterminate]:border-primary data-[state=indeterminate]:bg-primary [&_svg]:size-3"
              >
                {state === true ? (
                  <Check strokeWidth={3} />
                ) : state === 'indeterminate' ? (
                  <Minus strokeWidth={3} />
                ) : null}
              </span>
            ) : null}
            <span data-slot="tree-label" className="min-w-0 truncate">
              {renderLabel ? renderLabel(node) : node.label}
            </span>
          </div>
          {open && kids && kids.length > 0 ? (
            <ul role="group" data-slot="tree-group">
              {renderNodes(kids, level + 1, node.id)}
            </ul>
          ) : null}
        </li>
      );
    });

  return (
    <ul
      role="tree"
      data-slot="tree"
      aria-multiselectable={checkable || undefined}
      className={cn('flex flex-col', className)}
      {...props}
    >
      {renderNodes(nodes, 1, null)}
    </ul>
  );
}
