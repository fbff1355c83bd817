// Which component shows a path inside the layout: the console's own pages, then each feature's route registry.
import { routeLabels as systemLabels, routes as systemRoutes } from '@smart/feature-system';
import { createElement, type ComponentType } from 'react';
import { parseLeaveRoute } from '../pages/work/leave-routes';
import { retryableLazy } from './chunk-load';
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
  '/test/index': { load: () => import('../pages/test/TestPage'), label: 'route.test' },
};

const FEATURE_VIEWS: Record<string, Loader> = { ...systemRoutes };

/**
 * Tab labels (catalogue keys) of feature routes outside the server menu, such as the dictionary pages of docs/spec.md §2:
 * menu pages take the menu's name, these have none.
 */
export const FEATURE_LABELS: Readonly<Record<string, string>> = { ...systemLabels };

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
  | { kind: 'iframe' };

/** The embedded page, loaded with the first external link. */
export const IframePage = retryableLazy(() => import('../pages/IframePage'));

/** `/myiframe/{routerPath}`: the embedded page (docs/spec.md §2), whatever the router path. */
export function isIframePath(path: string): boolean {
  return path.startsWith(IFRAME_PREFIX) && path.length > IFRAME_PREFIX.length;
}

/** Tab labels of the leave pages, whose paths carry parameters. */
const LEAVE_LABELS = {
  form: 'route.leaveForm',
  handle: 'route.leaveHandle',
  detail: 'route.leaveDetail',
} as const;

/** A leave page bound to its path's parameters (one component per path, cached like the others). */
function leaveView(path: string): ResolvedView | undefined {
  const route = parseLeaveRoute(path);
  if (!route) return undefined;
  const load: Loader = () =>
    import('../pages/work/LeavePages').then((m) => ({
      default: () => createElement(m.LeavePage, { route }),
    }));
  return { kind: 'page', Component: component(path, load), labelKey: LEAVE_LABELS[route.page] };
}

export function resolveView(path: string): ResolvedView | undefined {
  if (isIframePath(path)) return { kind: 'iframe' };
  const leave = leaveView(path);
  if (leave) return leave;
  const own = STATIC_VIEWS[path];
  if (own) return { kind: 'page', Component: component(path, own.load), labelKey: own.label };
  const feature = FEATURE_VIEWS[path];
  if (!feature) return undefined;
  const labelKey = FEATURE_LABELS[path];
  return { kind: 'page', Component: component(path, feature), ...(labelKey ? { labelKey } : {}) };
}
