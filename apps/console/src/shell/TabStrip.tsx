import { type Tab } from '@smart/auth';
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
import { Fragment, memo, useLayoutEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useShellNavigate } from './navigate';
import { homeTab, tabActions } from './tab-store';
import { tabLabel } from './tabs';

interface TabStripProps {
  tabs: Tab[];
  active: string;
  /** Remounts a tab's page. */
  onRefresh: (value: string) => void;
  /** Asks, clears the caches, says so (docs/spec.md §8 "Clear cache"). */
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

/** What a tab item does; stable for the strip's lifetime, so unchanged tabs skip re-rendering. */
interface TabItemActions {
  open: (value: string) => void;
  close: (value: string) => void;
  commands: (value: string, withClose: boolean, closable: boolean) => TabCommand[];
}

/**
 * Opened pages; the home tab comes first. Closing follows the rules of docs/spec.md §2 (see tabs.ts). A right click on a
 * tab and the "more" menu offer refresh, clear cache, close others, close all and search.
 */
export function TabStrip({ tabs, active, onRefresh, onClearCache, onSearch }: TabStripProps) {
  const { t } = useTranslation();
  const navigate = useShellNavigate();

  // The latest callbacks, read when a command runs: the tab items are memoised and must not hold stale ones.
  const latest = useRef({ navigate, onRefresh, onClearCache, onSearch });
  useLayoutEffect(() => {
    latest.current = { navigate, onRefresh, onClearCache, onSearch };
  });

  const actions = useMemo<TabItemActions>(() => {
    const goToActive = (previous: string) => {
      const next = tabActions.get().active;
      if (next && next !== previous) void latest.current.navigate(next);
    };
    const close = (value: string) => {
      const wasActive = tabActions.get().active === value;
      tabActions.close(value);
      if (wasActive) goToActive(value);
    };
    const closeOthers = (keep: string) => {
      const previous = tabActions.get().active;
      tabActions.closeOthers(keep);
      goToActive(previous);
    };
    const closeAll = () => {
      tabActions.closeAll();
      void latest.current.navigate(homeTab().value);
    };
    // Radix menus restore focus when they close; opening a dialog in the same tick loses that race.
    const later = (run: () => void) => () => window.setTimeout(run, 0);
    return {
      open: (value) => void latest.current.navigate(value),
      close,
      commands: (value, withClose, closable) => [
        {
          key: 'refresh',
          label: t('tabs.refresh'),
          icon: RotateCw,
          run: () => latest.current.onRefresh(value),
        },
        {
          key: 'clearCache',
          label: t('tabs.clearCache'),
          icon: Eraser,
          run: later(() => latest.current.onClearCache()),
        },
        ...(withClose
          ? [
              {
                key: 'close',
                label: t('tabs.close'),
                icon: X,
                disabled: !closable,
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
        {
          key: 'search',
          label: t('tabs.search'),
          icon: Search,
          run: later(() => latest.current.onSearch()),
          separatorBefore: true,
        },
      ],
    };
  }, [t]);

  return (
    <div
      className="flex h-10 shrink-0 items-center gap-2 border-b bg-background px-2"
      data-testid="tab-strip"
    >
      <nav aria-label={t('tabs.label')} className="flex min-w-0 flex-1 items-center gap-1 overflow-x-auto">
        {tabs.map((tab) => (
          <TabItem
            key={tab.value}
            tab={tab}
            label={tabLabel(tab, t)}
            closeLabel={t('tabs.close')}
            selected={tab.value === active}
            actions={actions}
          />
        ))}
      </nav>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="xs" data-testid="tab-more">
            {t('tabs.more')}
            <ChevronDown aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          {actions
            .commands(active, false, false)
            .map(({ key, label: text, icon: Icon, disabled, run, separatorBefore }) => (
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

interface TabItemProps {
  tab: Tab;
  label: string;
  closeLabel: string;
  selected: boolean;
  actions: TabItemActions;
}

/** One tab with its context menu; re-rendered only when its own label, state or close flag changes. */
const TabItem = memo(function TabItem({ tab, label, closeLabel, selected, actions }: TabItemProps) {
  return (
    <ContextMenu>
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
            onClick={() => actions.open(tab.value)}
          >
            {label}
          </button>
          {tab.close ? (
            <button
              type="button"
              className="mr-1 rounded p-0.5 hover:bg-destructive/15 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              aria-label={`${closeLabel} ${label}`}
              onClick={() => actions.close(tab.value)}
            >
              <X className="size-3" aria-hidden />
            </button>
          ) : null}
        </div>
      </ContextMenuTrigger>
      <ContextMenuContent aria-label={label}>
        {actions
          .commands(tab.value, true, Boolean(tab.close))
          .map(({ key, label: text, icon: Icon, disabled, run, separatorBefore }) => (
            <Fragment key={key}>
              {separatorBefore ? <ContextMenuSeparator /> : null}
              <ContextMenuItem disabled={disabled} onSelect={run}>
                <Icon aria-hidden />
                {text}
              </ContextMenuItem>
            </Fragment>
          ))}
      </ContextMenuContent>
    </ContextMenu>
  );
});
