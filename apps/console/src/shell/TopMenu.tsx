import { menuTopMenu, type TopMenu as TopMenuRow } from '@smart/api-sdk';
import { loadMenu } from '@smart/auth';
import { cn } from '@smart/ui';
import { useQuery } from '@tanstack/react-query';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { MenuIcon } from '@smart/crud';
import { menuRoutesKey, TOP_MENU_KEY } from './session-queries';

export type TopMenuLoader = () => Promise<TopMenuRow[]>;

// Silent: the top menu is optional, a failure leaves the bar without it rather than toasting on every page.
const loadTopMenus: TopMenuLoader = () => menuTopMenu({ silent: true });

/**
 * The menus of the layout: the whole menu (tab labels, search, the sidebar without a top menu) and, when a top menu
 * is chosen, its own menu for the sidebar (`menu/routes?topMenuId=…`, its own cache entry).
 */
export function useMenus(topMenuId: string, load: (topMenuId?: string) => Promise<unknown> = loadMenu) {
  const all = useQuery({ queryKey: menuRoutesKey(), queryFn: () => load(), staleTime: 60_000 });
  const ofTop = useQuery({
    queryKey: menuRoutesKey(topMenuId),
    queryFn: () => load(topMenuId),
    staleTime: 60_000,
    enabled: topMenuId !== '',
  });
  return { all, sidebar: topMenuId === '' ? all : ofTop };
}

interface TopMenuProps {
  /** The chosen top menu's id; `''` is the home entry (the whole menu). */
  active: string;
  onSelect: (topMenuId: string) => void;
  load?: TopMenuLoader;
}

/**
 * The optional top menu of the top bar (docs/spec.md §2; upstream `top-menu`): a home entry, then the tenant's top menus.
 * Choosing one narrows the sidebar to that top menu's items. Nothing shows when the server has no top menus.
 */
function TopMenuView({ active, onSelect, load = loadTopMenus }: TopMenuProps) {
  const { t } = useTranslation();
  const menus = useQuery({ queryKey: TOP_MENU_KEY, queryFn: load, staleTime: 60_000 }).data ?? [];
  if (menus.length === 0) return null;
  const entries = [{ id: '', name: t('topMenu.home'), source: 'home' }, ...menus];
  return (
    <nav
      aria-label={t('topMenu.label')}
      className="hidden min-w-0 items-center gap-1 overflow-x-auto lg:flex"
    >
      {entries.map((entry) => {
        const current = entry.id === active;
        return (
          <button
            key={entry.id || 'home'}
            type="button"
            aria-pressed={current}
            onClick={() => onSelect(entry.id)}
            className={cn(
              'flex h-8 shrink-0 items-center gap-1 rounded-md px-2 text-sm whitespace-nowrap text-muted-foreground hover:bg-muted hover:text-foreground',
              current && 'bg-muted font-medium text-foreground',
            )}
            data-testid="top-menu-item"
          >
            <MenuIcon name={entry.source?.trim() || 'menu'} />
            {entry.name}
          </button>
        );
      })}
    </nav>
  );
}

export const TopMenu = memo(TopMenuView);
