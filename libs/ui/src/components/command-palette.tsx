import { Command as CommandPrimitive } from 'cmdk';
import { Search } from 'lucide-react';
import * as React from 'react';

import { cn } from '../lib/utils';
import { useUiLocale } from '../locale/ui-locale';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from './dialog';

export function Command({ className, ...props }: React.ComponentProps<typeof CommandPrimitive>) {
  return (
    <CommandPrimitive
      data-slot="command"
      className={cn(
        'flex h-full w-full flex-col overflow-hidden rounded-md bg-popover text-popover-foreground',
        className,
      )}
      {...props}
    />
  );
}

export function CommandInput({ className, ...props }: React.ComponentProps<typeof CommandPrimitive.Input>) {
  return (
    <div data-slot="command-input-wrapper" className="flex h-11 items-center gap-2 border-b px-3">
      <Search className="size-4 shrink-0 text-muted-foreground" aria-hidden />
      <CommandPrimitive.Input
        data-slot="command-input"
        className={cn(
          'flex h-10 w-full bg-transparent py-3 text-sm outline-none placeholder:text-muted-foreground disabled:cursor-not-allowed disabled:opacity-50',
          className,
        )}
        {...props}
      />
    </div>
  );
}

export function CommandList({ className, ...props }: React.ComponentProps<typeof CommandPrimitive.List>) {
  return (
    <CommandPrimitive.List
      data-slot="command-list"
      className={cn('max-h-[min(60vh,320px)] scroll-py-1 overflow-x-hidden overflow-y-auto p-1', className)}
      {...props}
    />
  );
}

export function CommandEmpty({ className, ...props }: React.ComponentProps<typeof CommandPrimitive.Empty>) {
  return (
    <CommandPrimitive.Empty
      data-slot="command-empty"
      className={cn('py-6 text-center text-sm text-muted-foreground', className)}
      {...props}
    />
  );
}

export function CommandGroup({ className, ...props }: React.ComponentProps<typeof CommandPrimitive.Group>) {
  return (
    <CommandPrimitive.Group
      data-slot="command-group"
      className={cn(
        'overflow-hidden p-1 text-foreground [&_[cmdk-group-heading]]:px-2 [&_[cmdk-group-heading]]:py-1.5 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-medium [&_[cmdk-group-heading]]:text-muted-foreground',
        className,
      )}
      {...props}
    />
  );
}

export function CommandItem({ className, ...props }: React.ComponentProps<typeof CommandPrimitive.Item>) {
  return (
    <CommandPrimitive.Item
      data-slot="command-item"
      className={cn(
        "relative flex cursor-pointer items-center gap-2 rounded-sm px-2 py-1.5 text-sm outline-none select-none data-[disabled=true]:pointer-events-none data-[disabled=true]:opacity-50 data-[selected=true]:bg-accent data-[selected=true]:text-accent-foreground [&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4",
        className,
      )}
      {...props}
    />
  );
}

export function CommandSeparator({
  className,
  ...props
}: React.ComponentProps<typeof CommandPrimitive.Separator>) {
  return (
    <CommandPrimitive.Separator
      data-slot="command-separator"
      className={cn('-mx-1 h-px bg-border', className)}
      {...props}
    />
  );
}

export function CommandShortcut({ className, ...props }: React.ComponentProps<'span'>) {
  return (
    <span
      data-slot="command-shortcut"
      className={cn('ml-auto text-xs tracking-widest text-muted-foreground', className)}
      {...props}
    />
  );
}

export interface CommandPaletteItem {
  id: string;
  /** Shown and searched. */
  label: string;
  /** Group heading; items without one go to an unnamed group first. */
  group?: string;
  /** Extra search terms (pinyin, path, English name…). */
  keywords?: string[];
  icon?: React.ReactNode;
  shortcut?: string;
  disabled?: boolean;
  onSelect: () => void;
}

export type CommandFilter = (value: string, search: string, keywords?: string[]) => number;

/** Every search word must occur in the label or a keyword (case-insensitive). */
export const containsFilter: CommandFilter = (_value, search, keywords = []) => {
  const haystack = keywords.join(' ').toLowerCase();
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  return words.every((w) => haystack.includes(w)) ? 1 : 0;
};

/** The spec's menu search: the label or a keyword starts with the search text (case-insensitive). */
export const prefixFilter: CommandFilter = (_value, search, keywords = []) => {
  const s = search.trim().toLowerCase();
  return keywords.some((k) => k.toLowerCase().startsWith(s)) ? 1 : 0;
};

export type CommandPaletteProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  items: CommandPaletteItem[];
  /** Dialog title for assistive technology (visually hidden). Default: "搜索" / "Search". */
  title?: string;
  placeholder?: string;
  /** Shown when nothing matches. */
  emptyText?: React.ReactNode;
  /** Matching rule. Default containsFilter; the menu search uses prefixFilter. */
  filter?: CommandFilter;
  /** Close after an item runs. Default true. */
  closeOnSelect?: boolean;
  /** Ctrl/⌘ + this key toggles the palette. Default 'k'; false turns the shortcut off. */
  hotkey?: string | false;
  width?: number | string;
};

/**
 * cmdk inside the kit's Dialog: type to filter, ↑/↓ to move, Enter to run, Esc to close.
 * Items are grouped by `group` in first-seen order.
 */
export function CommandPalette({
  open,
  onOpenChange,
  items,
  title,
  placeholder,
  emptyText,
  filter = containsFilter,
  closeOnSelect = true,
  hotkey = 'k',
  width = 560,
}: CommandPaletteProps) {
  const { messages } = useUiLocale();
  const [search, setSearch] = React.useState('');

  React.useEffect(() => {
    if (!hotkey) return;
    const onKey = (event: KeyboardEvent) => {
      if ((event.metaKey || event.ctrlKey) && event.key.toLowerCase() === hotkey.toLowerCase()) {
        event.preventDefault();
        onOpenChange(!open);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [hotkey, open, onOpenChange]);

  React.useEffect(() => {
    if (!open) setSearch('');
  }, [open]);

  const groups = React.useMemo(() => {
    const map = new Map<string, CommandPaletteItem[]>();
    for (const item of items) {
      const key = item.group ?? '';
      map.set(key, [...(map.get(key) ?? []), item]);
    }
    return [...map.entries()];
  }, [items]);

  const heading = title ?? messages.search;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        data-slot="command-palette"
        width={width}
        showCloseButton={false}
        className="top-[15vh] translate-y-0 gap-0 overflow-hidden p-0"
      >
        <DialogTitle className="sr-only">{heading}</DialogTitle>
        <DialogDescription className="sr-only">
          {placeholder ?? messages.commandPlaceholder}
        </DialogDescription>
        <Command filter={filter} label={heading}>
          <CommandInput
            value={search}
            onValueChange={setSearch}
            placeholder={placeholder ?? messages.commandPlaceholder}
            aria-label={placeholder ?? messages.commandPlaceholder}
          />
          <CommandList>
            <CommandEmpty>{emptyText ?? messages.noResults}</CommandEmpty>
            {groups.map(([group, groupItems]) => (
              <CommandGroup key={group || '-'} heading={group || undefined}>
                {groupItems.map((item) => (
                  <CommandItem
                    key={item.id}
                    value={item.id}
                    keywords={[item.label, ...(item.keywords ?? [])]}
                    disabled={item.disabled}
                    onSelect={() => {
                      item.onSelect();
                      if (closeOnSelect) onOpenChange(false);
                    }}
                  >
                    {item.icon}
                    <span className="truncate">{item.label}</span>
                    {item.shortcut ? <CommandShortcut>{item.shortcut}</CommandShortcut> : null}
                  </CommandItem>
                ))}
              </CommandGroup>
            ))}
          </CommandList>
        </Command>
      </DialogContent>
    </Dialog>
  );
}
