import { cn, PHONE_QUERY, Skeleton, Tooltip, TooltipContent, TooltipTrigger, useMediaQuery } from '@smart/ui';
import { ChevronDown } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MenuIcon } from '@smart/crud';
import { ancestorIds, menuTarget, type MenuItem } from './menu';

interface SidebarProps {
  items: MenuItem[];
  collapsed: boolean;
  activePath: string;
  loading: boolean;
  /** Called after an item was chosen (small screens collapse the menu); on a phone also to close the drawer. */
  onNavigate: () => void;
}

const itemClass =
  'flex h-10 w-full items-center gap-2 rounded-md px-3 text-sm text-sidebar-foreground/90 outline-none transition-colors hover:bg-sidebar-accent hover:text-sidebar-accent-foreground focus-visible:ring-2 focus-visible:ring-sidebar-ring';

export function Sidebar({ items, collapsed, activePath, loading, onNavigate }: SidebarProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<Set<string>>(() => new Set(ancestorIds(items, activePath) ?? []));
  // On a phone the menu is a drawer over the page, not a rail beside it: a 64 px rail would take a sixth of the width
  const phone = useMediaQuery(PHONE_QUERY);
  const drawer = phone && !collapsed;
  useEffect(() => {
    if (!drawer) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onNavigate();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [drawer, onNavigate]);

  // Open the groups leading to the active page (after the menu loads, or when navigating elsewhere).
  useEffect(() => {
    const trail = ancestorIds(items, activePath);
    if (trail?.length)
      setOpen((prev) => (trail.every((id) => prev.has(id)) ? prev : new Set([...prev, ...trail])));
  }, [items, activePath]);

  const toggle = (id: string) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const label = (item: MenuItem) => t(`menu.${item.code}`, { defaultValue: item.name });

  const renderItem = (item: MenuItem, depth: number): React.ReactNode => {
    const text = label(item);
    const pad = collapsed ? undefined : { paddingLeft: `${0.75 + depth * 1}rem` };
    if (item.children.length > 0) {
      const expanded = open.has(item.id);
      return (
        <li key={item.id}>
          <button
            type="button"
            className={itemClass}
            style={pad}
            aria-expanded={expanded}
            onClick={() => toggle(item.id)}
            title={collapsed ? text : undefined}
          >
            <MenuIcon name={item.icon} />
            {collapsed ? (
              <span className="sr-only">{text}</span>
            ) : (
              <span className="flex-1 truncate text-left">{text}</span>
            )}
            {collapsed ? null : (
              <ChevronDown
                className={cn('size-4 transition-transform', expanded && 'rotate-180')}
                aria-hidden
              />
            )}
          </button>
          {expanded ? <ul>{item.children.map((child) => renderItem(child, depth + 1))}</ul> : null}
        </li>
      );
    }
    const target = menuTarget(item);
    const active = !item.external && activePath === item.path;
    const content = (
      <>
        <MenuIcon name={item.icon} />
        {collapsed ? <span className="sr-only">{text}</span> : <span className="truncate">{text}</span>}
      </>
    );
    const link =
      target.kind === 'window' ? (
        // isOpen=2 on an http(s) path: a new window (docs/spec.md §2).
        <a
          href={target.url}
          target="_blank"
          rel="noopener noreferrer"
          className={itemClass}
          style={pad}
          onClick={onNavigate}
        >
          {content}
        </a>
      ) : (
        // Other external links open in the embedded page /myiframe/urlPath?name=…&src=….
        <Link
          to={target.to}
          className={cn(
            itemClass,
            active &&
              'bg-sidebar-primary text-sidebar-primary-foreground hover:bg-sidebar-primary hover:text-sidebar-primary-foreground',
          )}
          aria-current={active ? 'page' : undefined}
          style={pad}
          onClick={onNavigate}
        >
          {content}
        </Link>
      );
    return (
      <li key={item.id}>
        {collapsed ? (
          <Tooltip>
            <TooltipTrigger asChild>{link}</TooltipTrigger>
            <TooltipContent side="right">{text}</TooltipContent>
          </Tooltip>
        ) : (
          link
        )}
      </li>
    );
  };

  return (
    <>
      {drawer ? (
        <div
          aria-hidden
          data-slot="sidebar-backdrop"
          className="fixed inset-0 z-30 bg-overlay"
          onClick={onNavigate}
        />
      ) : null}
      <aside
        className={cn(
          'flex shrink-0 flex-col bg-sidebar text-sidebar-foreground transition-[width] duration-200',
          collapsed ? 'w-16' : 'w-56',
          phone && (collapsed ? 'hidden' : 'fixed inset-y-0 left-0 z-40 w-64 shadow-xl'),
        )}
        data-collapsed={collapsed}
        data-drawer={drawer || undefined}
      >
        <Link to="/wel/index" className="flex h-14 items-center gap-2 px-4 font-semibold">
          <img src="/logo.svg" alt="" width={28} height={28} />
          {collapsed ? (
            <span className="sr-only">{t('title')}</span>
          ) : (
            <span className="truncate">{t('title')}</span>
          )}
        </Link>
        <nav aria-label={t('sidebar.label')} className="min-h-0 flex-1 overflow-y-auto px-2 pb-4">
          {loading ? (
            <div className="grid gap-2 p-2">
              <Skeleton className="h-8" />
              <Skeleton className="h-8" />
              <Skeleton className="h-8" />
            </div>
          ) : items.length === 0 ? (
            <p className="p-3 text-sm opacity-80">{t('sidebar.empty')}</p>
          ) : (
            <ul className="grid gap-1">{items.map((item) => renderItem(item, 0))}</ul>
          )}
        </nav>
      </aside>
    </>
  );
}
