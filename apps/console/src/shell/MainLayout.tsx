import { createQueryClient } from '@smart/api-sdk';
import { can, getSession, loadMenu, loadPermissions, startTokenRefresh, useSession } from '@smart/auth';
import { ConfirmProvider, CrudProvider, Spinner, UiLocaleProvider } from '@smart/ui';
import { catalogue as systemCatalogue } from '@smart/feature-system';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { Activity, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { addCatalogue, currentLanguage } from '../i18n';
import { filterByRoles, findByPath, normaliseMenu, type MenuItem, type ServerMenu } from './menu';
import { Sidebar } from './Sidebar';
import { TabStrip } from './TabStrip';
import { tabActions, useTabs } from './tab-store';
import { tabValue } from './tabs';
import { TopBar } from './TopBar';
import { useDocumentTitle } from './use-document-title';
import { ensureToaster } from './toaster-host';
import { useScreenLevel } from './use-screen';
import { resolveView } from './views';

addCatalogue(systemCatalogue);
const queryClient = createQueryClient();

export function menuLabel(
  item: MenuItem,
  t: (key: string, opts?: { defaultValue: string }) => string,
): string {
  return t(`menu.${item.code}`, { defaultValue: item.name });
}

function Shell() {
  const { t } = useTranslation();
  const location = useLocation();
  const screen = useScreenLevel();
  const [collapsed, setCollapsed] = useState(() => screen <= 1);
  const roles = useSession((s) => s.userInfo?.role_name ?? '');
  const { tabs, active } = useTabs();

  const menuQuery = useQuery({ queryKey: ['menu-routes'], queryFn: () => loadMenu() });
  useQuery({ queryKey: ['menu-buttons'], queryFn: () => loadPermissions() });
  useEffect(() => startTokenRefresh(), []);
  useEffect(() => {
    void ensureToaster();
  }, []);

  const items = useMemo(
    () =>
      filterByRoles(normaliseMenu((menuQuery.data ?? getSession().menu) as ServerMenu[]), roles.split(',')),
    [menuQuery.data, roles],
  );

  const path = location.pathname;
  const view = resolveView(path);
  const menuItem = findByPath(items, path);
  const label = view?.labelKey ? t(view.labelKey) : menuItem ? menuLabel(menuItem, t) : undefined;
  const current = tabValue(path, Object.fromEntries(new URLSearchParams(location.search)));
  useDocumentTitle(label);

  useEffect(() => {
    if (!view || !label) return;
    tabActions.open({
      label,
      value: current,
      params: {},
      query: Object.fromEntries(new URLSearchParams(location.search)),
      meta: {},
      group: [],
      close: true,
    });
  }, [current, label, view, location.search]);

  const crud = useMemo(() => ({ t: (key: string) => t(key), can }), [t]);
  const onNavigate = useCallback(() => {
    if (screen <= 1) setCollapsed(true);
  }, [screen]);

  // A menu page the feature registries do not know, once the menu has loaded, is a 404.
  if (!view && !menuQuery.isPending) return <Navigate to="/404" replace />;

  return (
    <UiLocaleProvider locale={currentLanguage()}>
      <CrudProvider value={crud}>
        <ConfirmProvider>
          <div className="flex h-screen overflow-hidden bg-muted/40 text-foreground">
            <Sidebar
              items={items}
              collapsed={collapsed}
              activePath={path}
              loading={menuQuery.isPending}
              onNavigate={onNavigate}
            />
            <div className="flex min-w-0 flex-1 flex-col">
              <TopBar collapsed={collapsed} onToggle={() => setCollapsed((c) => !c)} />
              <TabStrip tabs={tabs} active={active === current ? active : current} />
              <main className="relative min-h-0 flex-1 overflow-auto p-3" data-testid="page">
                {tabs.map((tab) => {
                  const tabPath = tab.value.split('?')[0] ?? tab.value;
                  const tabView = resolveView(tabPath);
                  if (!tabView) return null;
                  const { Component } = tabView;
                  return (
                    <Activity key={tab.value} mode={tab.value === current ? 'visible' : 'hidden'}>
                      <Suspense
                        fallback={
                          <div className="flex h-40 items-center justify-center">
                            <Spinner />
                          </div>
                        }
                      >
                        <Component />
                      </Suspense>
                    </Activity>
                  );
                })}
              </main>
            </div>
          </div>
        </ConfirmProvider>
      </CrudProvider>
    </UiLocaleProvider>
  );
}

export default function MainLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <Shell />
    </QueryClientProvider>
  );
}
