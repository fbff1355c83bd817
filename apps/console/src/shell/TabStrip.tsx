import { type Tab } from '@smart/auth';
import {
  Button,
  cn,
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@smart/ui';
import { ChevronDown, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { homeTab, tabActions } from './tab-store';

interface TabStripProps {
  tabs: Tab[];
  active: string;
}

/** Opened pages; the home tab comes first. Closing follows the rules of spec §2 (see tabs.ts). */
export function TabStrip({ tabs, active }: TabStripProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();

  const close = (value: string) => {
    const wasActive = value === active;
    tabActions.close(value);
    if (wasActive) {
      const next = tabActions.get().active;
      if (next && next !== value) void navigate(next);
    }
  };

  const label = (tab: Tab) =>
    tab.meta['i18n'] === 'dashboard' && tab.value === homeTab().value ? t('route.home') : tab.label;

  return (
    <div
      className="flex h-10 shrink-0 items-center gap-2 border-b bg-background px-2"
      data-testid="tab-strip"
    >
      <nav aria-label={t('tabs.label')} className="flex min-w-0 flex-1 items-center gap-1 overflow-x-auto">
        {tabs.map((tab) => {
          const selected = tab.value === active;
          return (
            <div
              key={tab.value}
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
                className="h-full px-3 outline-none focus-visible:ring-2 focus-visible:ring-ring rounded-md"
                onClick={() => void navigate(tab.value)}
              >
                {label(tab)}
              </button>
              {tab.close ? (
                <button
                  type="button"
                  className="mr-1 rounded p-0.5 hover:bg-destructive/15 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                  aria-label={`${t('tabs.close')} ${label(tab)}`}
                  onClick={() => close(tab.value)}
                >
                  <X className="size-3" aria-hidden />
                </button>
              ) : null}
            </div>
          );
        })}
      </nav>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="xs" aria-label={t('tabs.more')}>
            {t('tabs.more')}
            <ChevronDown aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem
            onSelect={() => {
              tabActions.closeOthers();
              const next = tabActions.get().active;
              if (next !== active) void navigate(next);
            }}
          >
            {t('tabs.closeOthers')}
          </DropdownMenuItem>
          <DropdownMenuItem
            onSelect={() => {
              tabActions.closeAll();
              void navigate(homeTab().value);
            }}
          >
            {t('tabs.closeAll')}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </div>
  );
}
