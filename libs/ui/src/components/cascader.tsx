import { ChevronDown, ChevronRight, Loader2 } from 'lucide-react';
import * as React from 'react';

import { useControllableValue } from '../lib/use-controllable-value';
import { cn } from '../lib/utils';
import {
  ClearButton,
  controlAria,
  controlBoxClassName,
  controlTriggerClassName,
  type FormControlProps,
} from './control-parts';
import { Popover, PopoverAnchor, PopoverContent, PopoverTrigger } from './popover';

export type CascaderOption = {
  label: string;
  value: string;
  children?: CascaderOption[] | null;
  /** `false` (or `hasChildren: true`) = children come from `loadOptions`. */
  isLeaf?: boolean;
  hasChildren?: boolean;
  disabled?: boolean;
};

export type CascaderProps = FormControlProps & {
  options: CascaderOption[];
  /** The value path, e.g. ['11', '1101', '110101']. */
  value?: string[] | null;
  defaultValue?: string[];
  onChange?: (path: string[], options: CascaderOption[]) => void;
  /** Load the children of an option (lazy levels). */
  loadOptions?: (option: CascaderOption, path: CascaderOption[]) => Promise<CascaderOption[]>;
  /** Any level may be chosen, not only leaves. */
  changeOnSelect?: boolean;
  /** Between the labels of the path. Default ' / '. */
  separator?: string;
  placeholder?: string;
  clearable?: boolean;
};

const KEY_SEP = '\u0001';

/** The options along a value path (as far as they are known). */
export function resolveCascaderPath(
  options: CascaderOption[],
  path: string[],
  loaded: ReadonlyMap<string, CascaderOption[]> = new Map(),
): CascaderOption[] {
  const out: CascaderOption[] = [];
  let level: CascaderOption[] | undefined = options;
  for (let i = 0; i < path.length && level; i++) {
    const hit: CascaderOption | undefined = level.find((o) => o.value === path[i]);
    if (!hit) break;
    out.push(hit);
    level = childrenOf(hit, path.slice(0, i + 1), loaded);
  }
  return out;
}

function childrenOf(
  option: CascaderOption,
  path: string[],
  loaded: ReadonlyMap<string, CascaderOption[]>,
): CascaderOption[] | undefined {
  if (option.children && option.children.length > 0) return option.children;
  return loaded.get(path.join(KEY_SEP));
}

/** Label of a path: "a / b / c" (unknown values shown as they are). */
export function formatCascaderPath(
  options: CascaderOption[],
  path: string[],
  separator = ' / ',
  loaded?: ReadonlyMap<string, CascaderOption[]>,
): string {
  const known = resolveCascaderPath(options, path, loaded);
  return path.map((v, i) => known[i]?.label ?? v).join(separator);
}

/** Choose a path through nested options, one column per level; levels may load lazily. */
export function Cascader({
  options,
  value,
  defaultValue,
  onChange,
  loadOptions,
  changeOnSelect = false,
  separator = ' / ',
  placeholder,
  clearable = true,
  className,
  disabled,
  name,
  onBlur,
  ref,
  ...rest
}: CascaderProps) {
  const [selected, setInner] = useControllableValue<string[]>(value, defaultValue ?? [], []);
  const [open, setOpen] = React.useState(false);
  const [active, setActive] = React.useState<string[]>(selected);
  const [loaded, setLoaded] = React.useState<ReadonlyMap<string, CascaderOption[]>>(new Map());
  const [loading, setLoading] = React.useState<string | null>(null);
  const [focused, setFocused] = React.useState<{ col: number; value: string } | null>(null);
  const refs = React.useRef(new Map<string, HTMLLIElement>());
  const pendingFocus = React.useRef<string | null>(null);

  React.useEffect(() => {
    if (!pendingFocus.current) return;
    const el = refs.current.get(pendingFocus.current);
    if (el) {
      pendingFocus.current = null;
      el.focus();
    }
  });

  const activeOptions = resolveCascaderPath(options, active, loaded);
  const columns: CascaderOption[][] = [options];
  activeOptions.forEach((option, i) => {
    const children = childrenOf(option, active.slice(0, i + 1), loaded);
    if (children && children.length > 0) columns.push(children);
  });

  const expandable = (option: CascaderOption, path: string[]) =>
    (childrenOf(option, path, loaded)?.length ?? 0) > 0 ||
    (!!loadOptions &&
      !loaded.has(path.join(KEY_SEP)) &&
      (option.isLeaf === false || option.hasChildren === true));

  const commit = (path: string[], close: boolean) => {
    setInner(path);
    onChange?.(path, resolveCascaderPath(options, path, loaded));
    if (close) {
      setOpen(false);
      onBlur?.();
    }
  };

  const focusKey = (col: number, v: string) => `${col}${KEY_SEP}${v}`;
  const focusOption = (col: number, v: string | undefined) => {
    if (v === undefined) return;
    setFocused({ col, value: v });
    refs.current.get(focusKey(col, v))?.focus();
  };

  const activate = async (col: number, option: CascaderOption, moveFocus: boolean) => {
    if (option.disabled) return;
    const path = [...active.slice(0, col), option.value];
    setActive(path);
    if (!expandable(option, path)) {
      commit(path, true);
      return;
    }
    if (changeOnSelect) commit(path, false);
    let children = childrenOf(option, path, loaded);
    if (!children && loadOptions) {
      const key = path.join(KEY_SEP);
      setLoading(key);
      try {
        children = await loadOptions(option, [
          ...resolveCascaderPath(options, path.slice(0, -1), loaded),
          option,
        ]);
        const next = new Map(loaded).set(key, children);
        setLoaded(next);
      } catch {
        children = undefined;
      } finally {
        setLoading(null);
      }
    }
    if (moveFocus && children?.[0]) {
      pendingFocus.current = focusKey(col + 1, children[0].value);
      setFocused({ col: col + 1, value: children[0].value });
    }
  };

  const onColumnKeyDown = (event: React.KeyboardEvent, col: number) => {
    const column = columns[col] ?? [];
    const index = column.findIndex((o) => o.value === focused?.value && focused.col === col);
    const option = column[index];
    switch (event.key) {
      case 'ArrowDown':
        focusOption(col, column[Math.min(index + 1, column.length - 1)]?.value);
        break;
      case 'ArrowUp':
        focusOption(col, column[Math.max(index - 1, 0)]?.value);
        break;
      case 'Home':
        focusOption(col, column[0]?.value);
        break;
      case 'End':
        focusOption(col, column[column.length - 1]?.value);
        break;
      case 'ArrowRight':
        if (option && expandable(option, [...active.slice(0, col), option.value]))
          void activate(col, option, true);
        break;
      case 'ArrowLeft':
        if (col > 0) focusOption(col - 1, active[col - 1]);
        break;
      case 'Enter':
      case ' ':
        if (option) void activate(col, option, true);
        break;
      default:
        return;
    }
    event.preventDefault();
  };

  const display = selected.length > 0 ? formatCascaderPath(options, selected, separator, loaded) : '';

  return (
    <Popover
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) setActive(selected);
        else onBlur?.();
      }}
    >
      <PopoverAnchor asChild>
        <div
          data-slot="cascader"
          data-disabled={disabled || undefined}
          className={cn(controlBoxClassName, className)}
        >
          <PopoverTrigger asChild>
            <button
              type="button"
              ref={ref}
              name={name}
              data-slot="cascader-trigger"
              disabled={disabled}
              className={cn(controlTriggerClassName, 'justify-between')}
              role="combobox"
              {...controlAria(rest)}
              onBlur={() => {
                if (!open) onBlur?.();
              }}
              onKeyDown={(event) => {
                if (event.key === 'ArrowDown') {
                  event.preventDefault();
                  setActive(selected);
                  setOpen(true);
                }
              }}
            >
              {display ? (
                <span data-slot="cascader-value" className="truncate">
                  {display}
                </span>
              ) : (
                <span className="truncate text-muted-foreground">{placeholder}</span>
              )}
              <ChevronDown className="size-4 opacity-60" aria-hidden />
            </button>
          </PopoverTrigger>
          {clearable && selected.length > 0 && !disabled ? (
            <ClearButton onClick={() => commit([], false)} />
          ) : null}
        </div>
      </PopoverAnchor>
      <PopoverContent
        data-slot="cascader-content"
        aria-label={rest['aria-label'] ?? placeholder}
        align="start"
        className="flex w-auto max-w-[90vw] overflow-x-auto p-0"
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          const col = Math.max(0, Math.min(selected.length, columns.length) - 1);
          const target = selected[col] ?? columns[0]?.[0]?.value;
          focusOption(selected[col] ? col : 0, target);
        }}
      >
        {columns.map((column, col) => (
          <ul
            key={col}
            role="listbox"
            data-slot="cascader-column"
            aria-label={`${rest['aria-label'] ?? placeholder ?? ''} ${col + 1}`.trim()}
            className="max-h-72 min-w-36 overflow-y-auto border-r border-border p-1 last:border-r-0"
            onKeyDown={(event) => onColumnKeyDown(event, col)}
          >
            {column.map((option, row) => {
              const path = [...active.slice(0, col), option.value];
              const isActive = active[col] === option.value;
              const canExpand = expandable(option, path);
              const isLoading = loading === path.join(KEY_SEP);
              const isFocused =
                focused?.col === col
                  ? focused.value === option.value
                  : isActive || (!active[col] && row === 0);
              return (
                <li
                  key={option.value}
                  ref={(el) => {
                    const key = focusKey(col, option.value);
                    if (el) refs.current.set(key, el);
                    else refs.current.delete(key);
                  }}
                  role="option"
                  data-slot="cascader-option"
                  aria-selected={isActive}
                  aria-disabled={option.disabled || undefined}
                  aria-busy={isLoading || undefined}
                  tabIndex={isFocused ? 0 : -1}
                  className="flex cursor-pointer items-center justify-between gap-2 rounded-sm px-2 py-1.5 text-sm outline-none select-none hover:bg-accent focus-visible:bg-accent focus-visible:ring-2 focus-visible:ring-ring aria-disabled:pointer-events-none aria-disabled:opacity-50 aria-selected:font-medium aria-selected:text-primary-text"
                  onFocus={() => setFocused({ col, value: option.value })}
                  onClick={() => void activate(col, option, false)}
                >
                  <span className="truncate">{option.label}</span>
                  {isLoading ? (
                    <Loader2 className="size-3.5 animate-spin text-muted-foreground" aria-hidden />
                  ) : canExpand ? (
                    <ChevronRight className="size-3.5 text-muted-foreground" aria-hidden />
                  ) : null}
                </li>
              );
            })}
          </ul>
        ))}
      </PopoverContent>
    </Popover>
  );
}
