import { Command, CommandEmpty, CommandItem, CommandList, cn } from '@smart/ui';
import { Command as CommandPrimitive } from 'cmdk';
import { Search } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MenuIcon } from '@smart/crud';
import { searchMenu, type MenuItem } from './menu';
import { useMenuLabel, useMenuNavigate } from './use-menu-navigate';

/**
 * The top bar's search box (docs/spec.md §2): an autocomplete over the menu leaves with the same rule as the overlay.
 * ↑/↓ move, Enter opens, Esc clears.
 */
export function MenuAutocomplete({ items, className }: { items: MenuItem[]; className?: string }) {
  const { t } = useTranslation();
  const label = useMenuLabel();
  const go = useMenuNavigate();
  const [query, setQuery] = useState('');
  const [focused, setFocused] = useState(false);
  const hits = useMemo(() => searchMenu(items, query, label), [items, query, label]);
  const open = focused && query.trim() !== '';

  const choose = (item: MenuItem) => {
    go(item);
    setQuery('');
  };

  return (
    <Command
      shouldFilter={false}
      label={t('search.title')}
      className={cn('relative w-56 overflow-visible bg-transparent', className)}
      onKeyDown={(event) => {
        if (event.key === 'Escape') setQuery('');
      }}
    >
      <div className="flex h-8 items-center gap-2 rounded-md border bg-background px-2 focus-within:ring-2 focus-within:ring-ring">
        <Search className="size-4 shrink-0 text-muted-foreground" aria-hidden />
        <CommandPrimitive.Input
          value={query}
          onValueChange={setQuery}
          onFocus={() => setFocused(true)}
          onBlur={() => setFocused(false)}
          placeholder={t('search.placeholder')}
          aria-label={t('search.title')}
          data-testid="menu-autocomplete"
          className="h-full w-full bg-transparent text-sm outline-none placeholder:text-muted-foreground"
        />
      </div>
      <CommandList
        hidden={!open}
        className="absolute top-9 left-0 z-50 w-72 rounded-md border bg-popover shadow-md"
      >
        <CommandEmpty>{t('search.empty')}</CommandEmpty>
        {hits.map((item) => (
          <CommandItem
            key={item.id}
            value={item.id}
            // Chosen before the input's blur hides the list.
            onMouseDown={(event) => event.preventDefault()}
            onSelect={() => choose(item)}
          >
            <MenuIcon name={item.icon} />
            <span className="truncate">{label(item)}</span>
          </CommandItem>
        ))}
      </CommandList>
    </Command>
  );
}
