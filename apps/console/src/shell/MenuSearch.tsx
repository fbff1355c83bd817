import { CommandPalette, type CommandFilter, type CommandPaletteItem } from '@smart/ui';
import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { MenuIcon } from '@smart/crud';
import { flattenLeaves, menuPrefixMatch, type MenuItem } from './menu';
import { useMenuLabel, useMenuNavigate } from './use-menu-navigate';

/** cmdk's filter over the shared menu rule: the item's keywords are its shown label and its server name. */
export const menuSearchFilter: CommandFilter = (_value, search, keywords = []) =>
  menuPrefixMatch(keywords, search) ? 1 : 0;

interface MenuSearchProps {
  items: MenuItem[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * The menu search overlay (docs/spec.md §2): leaves whose name starts with the typed text, case-insensitively; Esc closes;
 * Enter or a click opens the page. Ctrl/⌘+K opens it too.
 */
function MenuSearchView({ items, open, onOpenChange }: MenuSearchProps) {
  const { t } = useTranslation();
  const label = useMenuLabel();
  const go = useMenuNavigate();
  const commands = useMemo<CommandPaletteItem[]>(
    () =>
      flattenLeaves(items).map((item) => ({
        id: item.id,
        label: label(item),
        keywords: [item.name],
        icon: <MenuIcon name={item.icon} />,
        onSelect: () => go(item),
      })),
    [items, label, go],
  );
  return (
    <CommandPalette
      open={open}
      onOpenChange={onOpenChange}
      items={commands}
      filter={menuSearchFilter}
      title={t('search.title')}
      placeholder={t('search.placeholder')}
      emptyText={t('search.empty')}
    />
  );
}

/** Memoised: closed, it has nothing to change when the layout re-renders on a navigation. */
export const MenuSearch = memo(MenuSearchView);
