// Which component shows a path inside the layout: the console's own pages, then each feature's route registry.
import { routes as systemRoutes } from '@smart/feature-system';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { IFRAME_PREFIX } from './menu';
import { loadWelcomePage } from './preload';

type Loader = () => Promise<{ default: ComponentType }>;

interface StaticView {
  load: Loader;
  /** Catalogue key of the tab label. */
  label: string;
}

const STATIC_VIEWS: Record<string, StaticView> = {
  '/wel/index': { load: loadWelcomePage, label: 'route.home' },
  '/wel/dashboard': { load: () => import('../pages/wel/DashboardPage'), label: 'route.dashboard' },
  '/info/index': { load: () => import('../pages/info/InfoPage'), label: 'info.title' },
  '/pay/pay': { load: () => import('../pages/pay/PayPage'), label: 'pay.title' },
};

const FEATURE_VIEWS: Record<string, Loader> = { ...systemRoutes };

const cache = new Map<string, LazyExoticComponent<ComponentType>>();

function component(path: string, load: Loader): LazyExoticComponent<ComponentType> {
  let hit = cache.get(path);
  if (!hit) {
    hit = lazy(load);
    cache.set(path, hit);
  }
  return hit;
}

export type ResolvedView =
  | {
      kind: 'page';
      Component: LazyExoticComponent<ComponentType>;
      /** Catalogue key of the label for the console's own pages; menu pages take the menu's name. */
      labelKey?: string;
    }
  /** The embedded page of an external link: its address and label travel in the tab's query. */
  | { kind: 'iframe' };

/** The embedded page, loaded with the first external link. */
export const IframePage = lazy(() => import('../pages/IframePage'));

/** `/myiframe/{routerPath}`: the embedded page (spec §2), whatever the router path. */
export function isIframePath(path: string): boolean {
  return path.startsWith(IFRAME_PREFIX) && path.length > IFRAME_PREFIX.length;
}

export function resolveView(path: string): ResolvedView | undefined {
  if (isIframePath(path)) return { kind: 'iframe' };
  const own = STATIC_VIEWS[path];
  if (own) return { kind: 'page', Component: component(path, own.load), labelKey: own.label };
  const feature = FEATURE_VIEWS[path];
  return feature ? { kind: 'page', Component: component(path, feature) } : undefined;
}
