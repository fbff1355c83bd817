import { getWebsite, type Tab } from '@smart/auth';
import {
  Button,
  cn,
  ContextMenu,
  ContextMenuContent,
  ContextMenuItem,
  ContextMenuSeparator,
  ContextMenuTrigger,
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@smart/ui';
import { ChevronDown, Eraser, RotateCw, Search, X, XCircle, type LucideIcon } from 'lucide-react';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { homeTab, tabActions } from './tab-store';
import { canClose, tabLabel } from './tabs';

interface TabStripProps {
  tabs: Tab[];
  active: string;
  /** Remounts a tab's page. */
  onRefresh: (value: string) => void;
  /** Asks, clears the caches, says so (spec §8 "Clear cache"). */
  onClearCache: () => void;
  /** Opens the menu search overlay. */
  onSearch: () => void;
}

interface TabCommand {
  key: string;
  label: string;
  icon: LucideIcon;
  disabled?: boolean;
  run: () => void;
  separatorBefore?: boolean;
}

/**
 * Opened pages; the home tab comes first. Closing follows the rules of spec §2 (see tabs.ts). A right click on a
 * tab and the "more" menu offer refresh, clear cache, close others, close all and search.
 */
export function TabStrip({ tabs, active, onRefresh, onClearCache, onSearch }: TabStripProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const options = { isFirstPage: getWebsite().isFirstPage };
  const state = { tabs, active };

  const goToActive = (previous: string) => {
    const next = tabActions.get().active;
    if (next && next !== previous) void navigate(next);
  };

  const close = (value: string) => {
    tabActions.close(value);
    if (value === active) goToActive(value);
  };

  const closeOthers = (keep: string) => {
    tabActions.closeOthers(keep);
    goToActive(active);
  };

  const closeAll = () => {
    tabActions.closeAll();
    void navigate(homeTab().value);
  };

  // Radix menus restore focus when they close; opening a dialog in the same tick loses that race.
  const later = (run: () => void) => () => window.setTimeout(run, 0);

  const commands = (value: string, withClose: boolean): TabCommand[] => [
    { key: 'refresh', label: t('tabs.refresh'), icon: RotateCw, run: () => onRefresh(value) },
    { key: 'clearCache', label: t('tabs.clearCache'), icon: Eraser, run: later(onClearCache) },
    ...(withClose
      ? [
          {
            key: 'close',
            label: t('tabs.close'),
            icon: X,
            disabled: !canClose(state, value, options),
            run: () => close(value),
            separatorBefore: true,
          },
        ]
      : []),
    {
      key: 'closeOthers',
      label: t('tabs.closeOthers'),
      icon: XCircle,
      run: () => closeOthers(value),
      separatorBefore: !withClose,
    },
    { key: 'closeAll', label: t('tabs.closeAll'), icon: XCircle, run: closeAll },
    { key: 'search', label: t('tabs.search'), icon: Search, run: later(onSearch), separatorBefore: true },
  ];

  return (
    <div
      className="flex h-10 shrink-0 items-center gap-2 border-b bg-background px-2"
      data-testid="tab-strip"
    >
      <nav aria-label={t('tabs.label')} className="flex min-w-0 flex-1 items-center gap-1 overflow-x-auto">
        {tabs.map((tab) => {
          const selected = tab.value === active;
          const label = tabLabel(tab, t);
          return (
            <ContextMenu key={tab.value}>
              <ContextMenuTrigger asChild>
                <div
                  data-testid="tab"
                  className={cn(
                    'group flex h-7 shrink-0 items-center rounded-md border text-xs transition-colors',
                    selected
                      ? 'border-primary bg-accent text-accent-foreground'
                      : 'border-border bg-background text-foreground hover:bg-muted',
                  )}
                >
                  <button
                    type="button"
                    aria-current={selected ? 'page' : undefined}
                    data-tab={tab.value}
                    className="h-full rounded-md px-3 outline-none focus-visible:ring-2 focus-visible:ring-ring"
                    onClick={() => void navigate(tab.value)}
                  >
                    {label}
                  </button>
                  {tab.close ? (
                    <button
                      type="button"
                      className="mr-1 rounded p-0.5 hover:bg-destructive/15 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                      aria-label={`${t('tabs.close')} ${label}`}
                      onClick={() => close(tab.value)}
                    >
                      <X className="size-3" aria-hidden />
                    </button>
                  ) : null}
                </div>
              </ContextMenuTrigger>
              <ContextMenuContent aria-label={label}>
                {commands(tab.value, true).map(
                  ({ key, label: text, icon: Icon, disabled, run, separatorBefore }) => (
                    <Fragment key={key}>
                      {separatorBefore ? <ContextMenuSeparator /> : null}
                      <ContextMenuItem disabled={disabled} onSelect={run}>
                        <Icon aria-hidden />
                        {text}
                      </ContextMenuItem>
                    </Fragment>
                  ),
                )}
              </ContextMenuContent>
            </ContextMenu>
          );
        })}
      </nav>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="xs" data-testid="tab-more">
            {t('tabs.more')}
            <ChevronDown aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          {commands(active, false).map(({ key, label: text, icon: Icon, disabled, run, separatorBefore }) => (
            <Fragment key={key}>
              {separatorBefore ? <DropdownMenuSeparator /> : null}
              <DropdownMenuItem disabled={disabled} onSelect={run}>
                <Icon aria-hidden />
                {text}
              </DropdownMenuItem>
            </Fragment>
          ))}
        </DropdownMenuContent>
      </DropdownMenu>
    </div>
  );
}
