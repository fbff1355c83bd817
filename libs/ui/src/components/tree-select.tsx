import { Check, ChevronDown, ChevronRight, Loader2, Minus } from 'lucide-react';
import * as React from 'react';

import { cn } from '../lib/utils';
import { useUiLocale } from '../locale/ui-locale';
import {
  ClearButton,
  controlAria,
  controlBoxClassName,
  controlTriggerClassName,
  type FormControlProps,
  SelectionTags,
} from './control-parts';
import { Popover, PopoverAnchor, PopoverContent, PopoverTrigger } from './popover';

/** A node as the platform sends it (`TreeNode`: id/value/key, title/label, children, hasChildren). */
export type TreeNodeData = {
  id?: string | number;
  value?: string | number;
  key?: string | number;
  title?: string;
  label?: string;
  name?: string;
  children?: TreeNodeData[] | null;
  /** The node has children that `loadChildren` fetches. */
  hasChildren?: boolean;
  /** `false` = has children to load (Element/Avue style). */
  isLeaf?: boolean;
  disabled?: boolean;
  [key: string]: unknown;
};

/** Property names of value, label and children (Avue `props`). Defaults: value|id|key, title|label|name, children. */
export type TreeFieldNames = { value?: string; label?: string; children?: string };

/** A node with its value, label and (loaded) children resolved. */
export type ResolvedTreeNode = {
  value: string;
  label: string;
  level: number;
  parent?: ResolvedTreeNode;
  children?: ResolvedTreeNode[];
  /** Children may be loaded on expand. */
  expandable: boolean;
  loaded: boolean;
  disabled: boolean;
  data: TreeNodeData;
};

function pick(node: TreeNodeData, names: (string | undefined)[]): unknown {
  for (const name of names) {
    if (name && node[name] !== undefined && node[name] !== null) return node[name];
  }
  return undefined;
}

/** Resolve raw nodes (and children loaded lazily, by parent value) into `ResolvedTreeNode`s. */
export function resolveTree(
  data: TreeNodeData[],
  fieldNames: TreeFieldNames = {},
  loaded: ReadonlyMap<string, TreeNodeData[]> = new Map(),
  lazy = false,
  parent?: ResolvedTreeNode,
): ResolvedTreeNode[] {
  return data.map((raw) => {
    const value = String(pick(raw, [fieldNames.value, 'value', 'id', 'key']) ?? '');
    const label = String(pick(raw, [fieldNames.label, 'title', 'label', 'name']) ?? value);
    const rawChildren = pick(raw, [fieldNames.children ?? 'children']);
    const own =
      Array.isArray(rawChildren) && rawChildren.length > 0 ? (rawChildren as TreeNodeData[]) : undefined;
    const lazyChildren = loaded.get(value);
    const node: ResolvedTreeNode = {
      value,
      label,
      level: parent ? parent.level + 1 : 1,
      parent,
      expandable: false,
      loaded: !!own || !!lazyChildren,
      disabled: !!raw.disabled,
      data: raw,
    };
    const childData = own ?? lazyChildren;
    node.children = childData ? resolveTree(childData, fieldNames, loaded, lazy, node) : undefined;
    node.expandable =
      (node.children?.length ?? 0) > 0 ||
      (!node.loaded && lazy && (raw.hasChildren === true || raw.isLeaf === false));
    return node;
  });
}

/** Depth-first walk of resolved nodes. */
export function walkTree(nodes: ResolvedTreeNode[], visit: (node: ResolvedTreeNode) => void): void {
  for (const node of nodes) {
    visit(node);
    if (node.children) walkTree(node.children, visit);
  }
}

function descendants(node: ResolvedTreeNode): string[] {
  const out: string[] = [];
  if (node.children) walkTree(node.children, (n) => out.push(n.value));
  return out;
}

/** Check or uncheck a node with its loaded descendants, then fix ancestors (checked iff all children are). */
export function toggleTreeCheck(
  roots: ResolvedTreeNode[],
  selected: string[],
  node: ResolvedTreeNode,
  checkStrictly = false,
): string[] {
  const set = new Set(selected);
  const on = !set.has(node.value);
  if (checkStrictly) {
    if (on) set.add(node.value);
    else set.delete(node.value);
    return [...set];
  }
  for (const v of [node.value, ...descendants(node)]) {
    if (on) set.add(v);
    else set.delete(v);
  }
  for (let p = node.parent; p; p = p.parent) {
    const all = (p.children ?? []).every((c) => set.has(c.value));
    if (all) set.add(p.value);
    else set.delete(p.value);
  }
  // Keep the original order, new values last.
  const order = new Map<string, number>();
  let i = 0;
  walkTree(roots, (n) => order.set(n.value, i++));
  return [...set].sort((a, b) => (order.get(a) ?? Infinity) - (order.get(b) ?? Infinity));
}

type TreeSelectBaseProps = FormControlProps & {
  data: TreeNodeData[];
  fieldNames?: TreeFieldNames;
  /** Fetch the children of a node with `hasChildren: true` or `isLeaf: false`. */
  loadChildren?: (node: TreeNodeData) => Promise<TreeNodeData[]>;
  placeholder?: string;
  /** Search box that filters the loaded nodes. Default true. */
  searchable?: boolean;
  clearable?: boolean;
  /** Only leaves can be chosen (single mode). */
  leafOnly?: boolean;
  /** Expand every loaded node when the popup opens. */
  defaultExpandAll?: boolean;
  emptyText?: React.ReactNode;
};

export type TreeSelectSingleProps = TreeSelectBaseProps & {
  multiple?: false;
  value?: string | null;
  defaultValue?: string;
  onChange?: (value: string | undefined, node?: TreeNodeData) => void;
};

export type TreeSelectMultipleProps = TreeSelectBaseProps & {
  multiple: true;
  value?: string[];
  defaultValue?: string[];
  onChange?: (value: string[]) => void;
  /** Parent and children are checked independently. Default false (checking a parent checks its subtree). */
  checkStrictly?: boolean;
  maxTagCount?: number;
};

export type TreeSelectProps = TreeSelectSingleProps | TreeSelectMultipleProps;

function toList(value: string | string[] | null | undefined): string[] {
  if (Array.isArray(value)) return value;
  return value === undefined || value === null || value === '' ? [] : [value];
}

/** Tree select, single or multiple (checkboxes), with lazily loaded children and a search filter. */
export function TreeSelect(props: TreeSelectProps) {
  const {
    data,
    fieldNames,
    loadChildren,
    placeholder,
    searchable = true,
    clearable = true,
    leafOnly = false,
    defaultExpandAll = false,
    emptyText,
    className,
    disabled,
    name,
    onBlur,
    ref,
  } = props;
  const { messages } = useUiLocale();
  const [inner, setInner] = React.useState<string[]>(toList(props.defaultValue));
  const selected = props.value !== undefined ? toList(props.value) : inner;
  const [open, setOpen] = React.useState(false);
  const [loaded, setLoaded] = React.useState<ReadonlyMap<string, TreeNodeData[]>>(new Map());
  const [loading, setLoading] = React.useState<ReadonlySet<string>>(new Set());
  const [expanded, setExpanded] = React.useState<ReadonlySet<string>>(new Set());
  const [search, setSearch] = React.useState('');
  const [focused, setFocused] = React.useState<string | null>(null);
  const itemRefs = React.useRef(new Map<string, HTMLLIElement>());
  const treeId = React.useId();

  const roots = React.useMemo(
    () => resolveTree(data, fieldNames, loaded, !!loadChildren),
    [data, fieldNames, loaded, loadChildren],
  );
  const byValue = React.useMemo(() => {
    const map = new Map<string, ResolvedTreeNode>();
    walkTree(roots, (n) => map.set(n.value, n));
    return map;
  }, [roots]);

  const emit = (next: string[], node?: ResolvedTreeNode) => {
    setInner(next);
    if (props.multiple) props.onChange?.(next);
    else props.onChange?.(next[0], node?.data);
  };

  // Visible rows: the expanded branches, or the matches of the search and their ancestors.
  const needle = search.trim().toLowerCase();
  const rows: ResolvedTreeNode[] = [];
  const isOpen = (node: ResolvedTreeNode) => expanded.has(node.value) || (defaultExpandAll && !needle);
  if (needle) {
    const keep = new Set<string>();
    walkTree(roots, (n) => {
      if (n.label.toLowerCase().includes(needle)) {
        for (let p: ResolvedTreeNode | undefined = n; p; p = p.parent) keep.add(p.value);
      }
    });
    walkTree(roots, (n) => {
      if (keep.has(n.value)) rows.push(n);
    });
  } else {
    const add = (nodes: ResolvedTreeNode[]) => {
      for (const n of nodes) {
        rows.push(n);
        if (n.children && isOpen(n)) add(n.children);
      }
    };
    add(roots);
  }
  const focusValue = focused && rows.some((r) => r.value === focused) ? focused : (rows[0]?.value ?? null);

  const focusRow = (value: string | undefined) => {
    if (!value) return;
    setFocused(value);
    itemRefs.current.get(value)?.focus();
  };

  const expand = async (node: ResolvedTreeNode) => {
    setExpanded((prev) => new Set(prev).add(node.value));
    if (node.loaded || !loadChildren || loading.has(node.value)) return;
    setLoading((prev) => new Set(prev).add(node.value));
    try {
      const children = await loadChildren(node.data);
      setLoaded((prev) => new Map(prev).set(node.value, children));
      if (props.multiple && !props.checkStrictly && selected.includes(node.value)) {
        const added = resolveTree(children, fieldNames).map((c) => c.value);
        emit([...selected, ...added.filter((v) => !selected.includes(v))]);
      }
    } catch {
      setExpanded((prev) => {
        const next = new Set(prev);
        next.delete(node.value);
        return next;
      });
    } finally {
      setLoading((prev) => {
        const next = new Set(prev);
        next.delete(node.value);
        return next;
      });
    }
  };
  const collapse = (node: ResolvedTreeNode) =>
    setExpanded((prev) => {
      const next = new Set(prev);
      next.delete(node.value);
      return next;
    });
  const toggleExpand = (node: ResolvedTreeNode) => {
    if (isOpen(node) && node.loaded) collapse(node);
    else void expand(node);
  };

  const choose = (node: ResolvedTreeNode) => {
    if (node.disabled) return;
    if (props.multiple) {
      emit(toggleTreeCheck(roots, selected, node, props.checkStrictly), node);
      return;
    }
    if (leafOnly && node.expandable) {
      toggleExpand(node);
      return;
    }
    emit([node.value], node);
    setOpen(false);
    onBlur?.();
  };

  const onTreeKeyDown = (event: React.KeyboardEvent) => {
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
  };

  const tags = selected.map((v) => {
    const label = byValue.get(v)?.label ?? v;
    return { value: v, label, text: label };
  });
  const singleLabel = !props.multiple && selected[0] ? (byValue.get(selected[0])?.label ?? selected[0]) : '';

  const checkState = (node: ResolvedTreeNode): boolean | 'mixed' => {
    if (selected.includes(node.value)) return true;
    if (!props.multiple || props.checkStrictly) return false;
    return descendants(node).some((v) => selected.includes(v)) ? 'mixed' : false;
  };

  return (
    <Popover
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) {
          setSearch('');
          onBlur?.();
        }
      }}
    >
      <PopoverAnchor asChild>
        <div
          data-slot="tree-select"
          data-multiple={!!props.multiple}
          data-disabled={disabled || undefined}
          className={cn(controlBoxClassName, props.multiple && 'flex-wrap', className)}
        >
          {props.multiple ? (
            <SelectionTags
              items={tags}
              maxTagCount={props.maxTagCount}
              disabled={disabled}
              onRemove={(v) => {
                const node = byValue.get(v);
                emit(
                  node
                    ? toggleTreeCheck(roots, selected, node, props.checkStrictly)
                    : selected.filter((s) => s !== v),
                );
              }}
            />
          ) : null}
          <PopoverTrigger asChild>
            <button
              type="button"
              ref={ref}
              name={name}
              data-slot="tree-select-trigger"
              disabled={disabled}
              className={cn(controlTriggerClassName, 'justify-between', props.multiple && 'min-w-16')}
              role="combobox"
              {...controlAria(props)}
              onBlur={() => {
                if (!open) onBlur?.();
              }}
              onKeyDown={(event) => {
                if (event.key === 'ArrowDown') {
                  event.preventDefault();
                  setOpen(true);
                }
              }}
            >
              {singleLabel ? (
                <span data-slot="tree-select-value" className="truncate">
                  {singleLabel}
                </span>
              ) : (
                <span className="truncate text-muted-foreground">
                  {selected.length === 0 ? placeholder : ''}
                </span>
              )}
              <ChevronDown className="size-4 opacity-60" aria-hidden />
            </button>
          </PopoverTrigger>
          {clearable && selected.length > 0 && !disabled ? <ClearButton onClick={() => emit([])} /> : null}
        </div>
      </PopoverAnchor>
      <PopoverContent
        data-slot="tree-select-content"
        aria-label={props['aria-label'] ?? placeholder ?? messages.search}
        align="start"
        className="w-(--radix-popover-trigger-width) min-w-60 p-0"
        onOpenAutoFocus={(event) => {
          if (!searchable) {
            event.preventDefault();
            focusRow(focusValue ?? undefined);
          }
        }}
      >
        {searchable ? (
          <input
            type="search"
            data-slot="tree-select-search"
            aria-label={messages.search}
            aria-controls={treeId}
            placeholder={messages.search}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'ArrowDown') {
                event.preventDefault();
                focusRow(rows[0]?.value);
              }
            }}
            className="h-9 w-full border-b border-border bg-transparent px-3 text-sm outline-none placeholder:text-muted-foreground"
          />
        ) : null}
        {rows.length === 0 ? (
          <p data-slot="tree-select-empty" className="py-6 text-center text-sm text-muted-foreground">
            {emptyText ?? messages.noResults}
          </p>
        ) : null}
        <ul
          id={treeId}
          role="tree"
          data-slot="tree-select-tree"
          aria-label={props['aria-label'] ?? placeholder ?? messages.search}
          aria-multiselectable={props.multiple || undefined}
          className="max-h-72 overflow-y-auto p-1"
          onKeyDown={onTreeKeyDown}
        >
          {rows.map((node) => {
            const isExpanded = node.expandable && ((isOpen(node) && node.loaded) || !!needle);
            const isLoading = loading.has(node.value);
            const state = checkState(node);
            return (
              <li
                key={node.value}
                ref={(el) => {
                  if (el) itemRefs.current.set(node.value, el);
                  else itemRefs.current.delete(node.value);
                }}
                role="treeitem"
                data-slot="tree-select-item"
                aria-level={node.level}
                aria-expanded={node.expandable ? isExpanded : undefined}
                aria-selected={props.multiple ? undefined : state === true}
                aria-checked={props.multiple ? state : undefined}
                aria-disabled={node.disabled || undefined}
                aria-busy={isLoading || undefined}
                tabIndex={node.value === focusValue ? 0 : -1}
                data-state={state === true ? 'checked' : state === 'mixed' ? 'indeterminate' : 'unchecked'}
                className="flex cursor-pointer items-center gap-1.5 rounded-sm py-1.5 pr-2 text-sm outline-none select-none hover:bg-accent focus-visible:bg-accent focus-visible:ring-2 focus-visible:ring-ring aria-disabled:pointer-events-none aria-disabled:opacity-50 aria-selected:font-medium aria-selected:text-primary-text"
                style={{ paddingLeft: `${(node.level - 1) * 1.25 + 0.25}rem` }}
                onFocus={() => setFocused(node.value)}
                onClick={() => choose(node)}
              >
                <span
                  data-slot="tree-select-toggle"
                  aria-hidden
                  className="flex size-4 shrink-0 items-center justify-center text-muted-foreground"
                  onClick={(event) => {
                    if (!node.expandable) return;
                    event.stopPropagation();
                    toggleExpand(node);
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
                {props.multiple ? (
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
          })}
        </ul>
      </PopoverContent>
    </Popover>
  );
}
