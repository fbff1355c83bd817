// Which component shows a path inside the layout: the console's own pages, then the views of the features the shell
// is given (apps/console/src/features.ts), then the in-layout "not available" page for menu entries not built yet.
import type { Feature, ViewLoader } from '@smart/crud';
import type { ComponentType } from 'react';
import { retryableLazy } from './chunk-load';
import { IFRAME_PREFIX } from './menu';
import { loadWelcomePage } from './preload';

type Loader = ViewLoader;

interface StaticView {
  load: Loader;
  /** Catalogue key of the tab label. */
  label: string;
}

const STATIC_VIEWS: Record<string, StaticView> = {
  '/wel/index': { load: loadWelcomePage, label: 'route.home' },
  '/wel/dashboard': { load: () => import('../pages/wel/DashboardPage'), label: 'route.dashboard' },
  '/info/index': { load: () => import('../pages/info/InfoPage'), label: 'info.title' },
  '/test/index': { load: () => import('../pages/test/TestPage'), label: 'route.test' },
};

const cache = new Map<string, ComponentType>();

function component(path: string, load: Loader): ComponentType {
  let hit = cache.get(path);
  if (!hit) {
    hit = retryableLazy(load);
    cache.set(path, hit);
  }
  return hit;
}

export type ResolvedView =
  | {
      kind: 'page';
      Component: ComponentType;
      /**
       * Catalogue key of the label for the console's own pages and feature pages outside the menu; menu pages take
       * the menu's name.
       */
      labelKey?: string;
    }
  /** The embedded page of an external link: its address and label travel in the tab's query. */
  | { kind: 'iframe' }
  /** A menu entry whose view is not built yet: the in-layout "not available" page (docs/architecture.md §4). */
  | { kind: 'unavailable' };

/** The embedded page, loaded with the first external link. */
export const IframePage = retryableLazy(() => import('../pages/IframePage'));

/** The page of menu entries whose view is not built yet, loaded with the first of them. */
export const UnavailablePage = retryableLazy(() => import('../pages/UnavailablePage'));

/** `/myiframe/{routerPath}`: the embedded page (docs/spec.md §2), whatever the router path. */
export function isIframePath(path: string): boolean {
  return path.startsWith(IFRAME_PREFIX) && path.length > IFRAME_PREFIX.length;
}

export interface Views {
  /** The view of `path`, or undefined for a path neither the console nor a feature serves. */
  resolveView(path: string): ResolvedView | undefined;
  /** Tab labels (catalogue keys) of feature routes outside the server menu, such as docs/spec.md §2's dictionary pages. */
  labels: Readonly<Record<string, string>>;
}

/** The views of the console's own pages and of `features`; a path two features claim is a mistake of the list. */
export function createViews(features: readonly Feature[]): Views {
  const routes: Record<string, Loader> = {};
  const labels: Record<string, string> = {};
  for (const feature of features) {
    for (const [path, load] of Object.entries(feature.routes)) {
      if (routes[path] || STATIC_VIEWS[path]) throw new Error(`${feature.name}: ${path} is served twice`);
      routes[path] = load;
    }
    Object.assign(labels, feature.routeLabels);
  }
  const resolvers = features.flatMap((f) => (f.resolve ? [f.resolve] : []));

  function resolveView(path: string): ResolvedView | undefined {
    if (isIframePath(path)) return { kind: 'iframe' };
    const own = STATIC_VIEWS[path];
    if (own) return { kind: 'page', Component: component(path, own.load), labelKey: own.label };
    const load = routes[path];
    if (load) {
      const labelKey = labels[path];
      return { kind: 'page', Component: component(path, load), ...(labelKey ? { labelKey } : {}) };
    }
    for (const resolve of resolvers) {
      const hit = resolve(path);
      if (hit) {
        return {
          kind: 'page',
          Component: component(path, hit.load),
          ...(hit.label ? { labelKey: hit.label } : {}),
        };
      }
    }
    return undefined;
  }

  return { resolveView, labels };
}
