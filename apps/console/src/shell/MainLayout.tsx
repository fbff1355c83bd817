import { createQueryClient, oauthClearCache } from '@smart/api-sdk';
import { can, getSession, loadPermissions, startTokenRefresh, useSession, type Tab } from '@smart/auth';
import { CrudProvider, MenuIconsProvider, PageQueryProvider, type Feature } from '@smart/crud';
import { ConfirmProvider, UiLocaleProvider, useConfirm } from '@smart/ui';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { addCatalogue, currentLanguage } from '../i18n';
import { featureRegistry } from './feature-registry';
import { loadDictionary } from './dictionary';
import { menuNamesEn } from '../i18n/menu-names';
import {
  filterByRoles,
  findByPath,
  indexRedirect,
  normaliseMenu,
  normaliseTopMenu,
  type MenuItem,
  type ServerMenu,
} from './menu';
import { MenuSearch } from './MenuSearch';
import { StableNavigateProvider, useShellNavigate } from './navigate';
import { bindQueriesToSession, MENU_BUTTONS_KEY } from './session-queries';
import { Sidebar } from './Sidebar';
import { TabStrip } from './TabStrip';
import { tabActions, useOpenTabs } from './tab-store';
import { tabValue } from './tabs';
import { TabViews } from './TabViews';
import { TopBar } from './TopBar';
import { useMenus } from './TopMenu';
import { useDocumentTitle } from './use-document-title';
import { ensureToaster, notifySuccess } from './toaster-host';
import { useSidebarCollapse } from './use-screen';
import { IframePage, UnavailablePage, type ResolvedView } from './views';

// English names of the seeded menus (in Chinese the server's own names show); loaded with the layout, not on /login
addCatalogue({ zh: {}, en: { menu: menuNamesEn } });
const queryClient = createQueryClient();
bindQueriesToSession(queryClient);

export function menuLabel(
  item: MenuItem,
  t: (key: string, opts?: { defaultValue: string }) => string,
): string {
  return t(`menu.${item.code}`, { defaultValue: item.name });
}

/** The label key and text of the page at `path` (the console's own pages, embedded pages, menu pages). */
function pageLabel(
  view: ResolvedView | undefined,
  path: string,
  query: Record<string, string>,
  items: MenuItem[],
  t: (key: string, opts?: { defaultValue: string }) => string,
): { label: string; i18n?: string } | undefined {
  if (!view) return undefined;
  if (view.kind === 'iframe') {
    const name = query['name'] || query['src'] || '';
    if (!name) return undefined;
    const key = query['i18n'] ? `menu.${query['i18n']}` : undefined;
    return { label: key ? t(key, { defaultValue: name }) : name, ...(key ? { i18n: key } : {}) };
  }
  if (view.kind === 'page' && view.labelKey) return { label: t(view.labelKey), i18n: view.labelKey };
  const item = findByPath(items, path);
  return item ? { label: menuLabel(item, t), i18n: `menu.${item.code}` } : undefined;
}

function renderTab(tab: Tab, resolve: (path: string) => ResolvedView | undefined) {
  const [path = tab.value, search = ''] = tab.value.split('?');
  const view = resolve(path);
  if (!view) return null;
  if (view.kind === 'iframe') return <IframePage src={tab.query['src']} title={tab.label} />;
  if (view.kind === 'unavailable') return <UnavailablePage name={tab.label} />;
  const { Component } = view;
  // each kept-alive tab's page reads its own query (a link's filters), not the location of the tab on screen
  return (
    <PageQueryProvider value={Object.fromEntries(new URLSearchParams(search))}>
      <Component />
    </PageQueryProvider>
  );
}

/** A menu page (a leaf that is no external link) at `path`. */
function isMenuPage(items: MenuItem[], path: string): boolean {
  const item = findByPath(items, path);
  return !!item && item.children.length === 0 && !item.external;
}

function Shell({ features }: { features: readonly Feature[] }) {
  const { t } = useTranslation();
  const location = useLocation();
  const confirm = useConfirm();
  const navigate = useShellNavigate();
  const { collapsed, toggle: toggleCollapsed, onNavigate } = useSidebarCollapse();
  // The chosen top menu ('' = none): it narrows the sidebar, not the labels or the search.
  const [topMenuId, setTopMenuId] = useState('');
  const [searchOpen, setSearchOpen] = useState(false);
  const [versions, setVersions] = useState<Record<string, number>>({});
  const roles = useSession((s) => s.userInfo?.role_name ?? '');
  const tabs = useOpenTabs();

  // the login prefetched both (session-queries.ts); menus change rarely, and clearing the cache refetches them
  const { all: menuQuery, sidebar: sidebarQuery } = useMenus(topMenuId);
  useQuery({ queryKey: MENU_BUTTONS_KEY, queryFn: () => loadPermissions(), staleTime: 60_000 });
  useEffect(() => startTokenRefresh(), []);
  useEffect(() => {
    void ensureToaster();
  }, []);

  const items = useMemo(
    () =>
      filterByRoles(normaliseMenu((menuQuery.data ?? getSession().menu) as ServerMenu[]), roles.split(',')),
    [menuQuery.data, roles],
  );
  const sidebarItems = useMemo(
    () =>
      topMenuId === ''
        ? items
        : filterByRoles(normaliseTopMenu((sidebarQuery.data ?? []) as ServerMenu[], items), roles.split(',')),
    [topMenuId, items, sidebarQuery.data, roles],
  );

  const registry = featureRegistry(features);
  // A menu page no feature serves yet opens the in-layout "not available" page (docs/architecture.md §4).
  const viewOf = useCallback(
    (at: string): ResolvedView | undefined =>
      registry.resolveView(at) ?? (isMenuPage(items, at) ? { kind: 'unavailable' } : undefined),
    [registry, items],
  );
  const renderView = useCallback((tab: Tab) => renderTab(tab, viewOf), [viewOf]);

  const path = location.pathname;
  const query = useMemo(() => Object.fromEntries(new URLSearchParams(location.search)), [location.search]);
  const view = viewOf(path);
  const page = pageLabel(view, path, query, items, t);
  const label = page?.label;
  const i18nKey = page?.i18n;
  const current = tabValue(path, query);
  useDocumentTitle(label);

  // Only when the page changes (primitive deps): the tab menus change the tabs before the router commits the new
  // location, and re-running here then would bring a just-closed tab back.
  const known = view !== undefined;
  useEffect(() => {
    if (!known || !label) return;
    tabActions.open({
      label,
      value: current,
      params: {},
      query,
      meta: i18nKey ? { i18n: i18nKey } : {},
      group: [],
      close: true,
    });
  }, [current, label, i18nKey, known, query]);

  const crud = useMemo(() => ({ t: (key: string) => t(key), can, dictionary: loadDictionary }), [t]);

  const refresh = useCallback((value: string) => {
    setVersions((v) => ({ ...v, [value]: (v[value] ?? 0) + 1 }));
  }, []);

  const clearCache = useCallback(async () => {
    if (!(await confirm({ title: t('common.tip'), description: t('tabs.clearCacheConfirm') }))) return;
    try {
      await oauthClearCache();
    } catch {
      return; // the HTTP layer showed why
    }
    // The server's caches are gone; drop ours too, so every page reads fresh data.
    await queryClient.invalidateQueries();
    void notifySuccess(t('tabs.clearCacheDone'));
  }, [confirm, t]);

  // Upstream: the home entry brings the whole menu back and opens the home tab.
  const chooseTopMenu = useCallback(
    (id: string) => {
      setTopMenuId(id);
      if (id === '') void navigate('/wel/index');
    },
    [navigate],
  );
  const openSearch = useCallback(() => setSearchOpen(true), []);
  const onClearCache = useCallback(() => void clearCache(), [clearCache]);

  if (!view) {
    // A parent without children leads to its index child (docs/spec.md §2), the query kept.
    const index = indexRedirect(items, path, (target) => registry.resolveView(target) !== undefined);
    if (index) return <Navigate to={`${index}${location.search}`} replace />;
    // A path neither the console, the features nor the menu knows, once the menu has loaded, is a 404.
    if (!menuQuery.isPending) return <Navigate to="/404" replace />;
  }

  return (
    <CrudProvider value={crud}>
      {/* the first stop of the keyboard: past the menu and the top bar to the page (WCAG 2.4.1) */}
      <a
        href="#page"
        className="sr-only focus:not-sr-only focus:fixed focus:left-3 focus:top-3 focus:z-50 focus:rounded-md focus:bg-primary focus:px-3 focus:py-2 focus:text-sm focus:text-primary-foreground"
      >
        {t('navbar.skipToContent')}
      </a>
      <div className="flex h-screen overflow-hidden bg-muted/40 text-foreground">
        <Sidebar
          items={sidebarItems}
          collapsed={collapsed}
          activePath={path}
          loading={sidebarQuery.isPending}
          onNavigate={onNavigate}
        />
        <div className="flex min-w-0 flex-1 flex-col">
          <TopBar
            collapsed={collapsed}
            onToggle={toggleCollapsed}
            items={items}
            topMenuId={topMenuId}
            onTopMenu={chooseTopMenu}
          />
          <TabStrip
            tabs={tabs}
            active={current}
            onRefresh={refresh}
            onClearCache={onClearCache}
            onSearch={openSearch}
          />
          <main
            id="page"
            tabIndex={-1}
            className="relative min-h-0 flex-1 overflow-auto p-3 focus:outline-none"
            data-testid="page"
          >
            <TabViews tabs={tabs} current={current} render={renderView} versions={versions} />
          </main>
        </div>
      </div>
      <MenuSearch items={items} open={searchOpen} onOpenChange={setSearchOpen} />
    </CrudProvider>
  );
}

/** The layout of every page behind the login, given the features it shows (apps/console/src/features.ts). */
export default function MainLayout({ features }: { features: readonly Feature[] }) {
  useTranslation(); // re-render on a language switch, so the kit's locale follows
  return (
    <QueryClientProvider client={queryClient}>
      <UiLocaleProvider locale={currentLanguage()}>
        <ConfirmProvider>
          <StableNavigateProvider>
            <MenuIconsProvider value={featureRegistry(features).icons}>
              <Shell features={features} />
            </MenuIconsProvider>
          </StableNavigateProvider>
        </ConfirmProvider>
      </UiLocaleProvider>
    </QueryClientProvider>
  );
}
