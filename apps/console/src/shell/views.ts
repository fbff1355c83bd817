// Which component shows a path inside the layout: the console's own pages, then each feature's route registry.
import { routes as systemRoutes } from '@smart/feature-system';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

type Loader = () => Promise<{ default: ComponentType }>;

interface StaticView {
  load: Loader;
  /** Catalogue key of the tab label. */
  label: string;
}

const STATIC_VIEWS: Record<string, StaticView> = {
  '/wel/index': { load: () => import('../pages/WelcomePage'), label: 'route.home' },
  '/wel/dashboard': { load: () => import('../pages/WelcomePage'), label: 'route.dashboard' },
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

export interface ResolvedView {
  Component: LazyExoticComponent<ComponentType>;
  /** Catalogue key of the label for the console's own pages; menu pages take the menu's name. */
  labelKey?: string;
}

export function resolveView(path: string): ResolvedView | undefined {
  const own = STATIC_VIEWS[path];
  if (own) return { Component: component(path, own.load), labelKey: own.label };
  const feature = FEATURE_VIEWS[path];
  return feature ? { Component: component(path, feature) } : undefined;
}
