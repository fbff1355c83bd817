// TreeSelect: a tree in a popover, single or multiple (checkboxes), with lazily loaded children and a search
// filter. Its parts live under `./tree-select/`.
import { ChevronDown } from 'lucide-react';
import * as React from 'react';

import { cn } from '../lib/utils';
import { useUiLocale } from '../locale/ui-locale';
import {
  ClearButton,
  controlAria,
  controlBoxClassName,
  controlTriggerClassName,
  SelectionTags,
} from './control-parts';
import { Popover, PopoverAnchor, PopoverContent, PopoverTrigger } from './popover';
import type { TreeSelectProps } from './tree-select/props';
import { TreeSelectItem } from './tree-select/tree-item';
import { onTreeKeyDown } from './tree-select/tree-keys';
import { useTreeExpansion } from './tree-select/use-tree-expansion';
import {
  descendants,
  resolveTree,
  type ResolvedTreeNode,
  toggleTreeCheck,
  visibleRows,
  walkTree,
} from './tree-select/tree-model';

export {
  resolveTree,
  toggleTreeCheck,
  walkTree,
  type ResolvedTreeNode,
  type TreeFieldNames,
  type TreeNodeData,
} from './tree-select/tree-model';
export type { TreeSelectMultipleProps, TreeSelectProps, TreeSelectSingleProps } from './tree-select/props';

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
  const { loaded, loading, expanded, expand: expandBranch, collapse } = useTreeExpansion(loadChildren);
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
  const isOpen = (node: ResolvedTreeNode) => expanded.has(node.value) || (defaultExpandAll && !needle);
  const rows = visibleRows(roots, needle, isOpen);
  const focusValue = focused && rows.some((r) => r.value === focused) ? focused : (rows[0]?.value ?? null);

  const focusRow = (value: string | undefined) => {
    if (!value) return;
    setFocused(value);
    itemRefs.current.get(value)?.focus();
  };

  const expand = (node: ResolvedTreeNode) =>
    expandBranch(node, (children) => {
      if (props.multiple && !props.checkStrictly && selected.includes(node.value)) {
        const added = resolveTree(children, fieldNames).map((c) => c.value);
        emit([...selected, ...added.filter((v) => !selected.includes(v))]);
      }
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
          onKeyDown={(event) =>
            onTreeKeyDown(event, { rows, focusValue, needle, isOpen, focusRow, expand, collapse, choose })
          }
        >
          {rows.map((node) => {
            const isExpanded = node.expandable && ((isOpen(node) && node.loaded) || !!needle);
            return (
              <TreeSelectItem
                key={node.value}
                node={node}
                itemRef={(el) => {
                  if (el) itemRefs.current.set(node.value, el);
                  else itemRefs.current.delete(node.value);
                }}
                multiple={!!props.multiple}
                isExpanded={isExpanded}
                isLoading={loading.has(node.value)}
                state={checkState(node)}
                focusable={node.value === focusValue}
                onFocus={() => setFocused(node.value)}
                onChoose={() => choose(node)}
                onToggleExpand={() => toggleExpand(node)}
              />
            );
          })}
        </ul>
      </PopoverContent>
    </Popover>
  );
}
