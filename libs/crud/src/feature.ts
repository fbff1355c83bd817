import type { ComponentType } from 'react';

import type { EntityExtensionLoader } from './entity-extension';

/**
 * One feature library as the console composes it (docs/architecture.md §4: "each feature library exports one `feature`
 * object"). Features may not import each other or the console (§2), so the shape lives here, below both.
 */

/** A lazily loaded view: one chunk per page. */
export type ViewLoader = () => Promise<{ default: ComponentType }>;

/** A menu icon: lucide's components fit (`className`, `aria-hidden`). */
export type MenuIconComponent = ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;

/** zh and en catalogue trees, merged into the console's i18n. */
export interface FeatureCatalogue {
  zh: Record<string, unknown>;
  en: Record<string, unknown>;
}

/** A view found for a path with parameters (a feature's `resolve`); cached per path by the shell. */
export interface ResolvedFeatureView {
  load: ViewLoader;
  /** Catalogue key of the tab label, for pages outside the server menu. */
  label?: string;
}

export interface Feature {
  /** The feature's domain (`system`, `desk` …): names it in errors. */
  name: string;
  /** Server menu path (or an in-layout route) → its lazily loaded view. */
  routes: Readonly<Record<string, ViewLoader>>;
  /**
   * Catalogue keys of the tab labels of routes outside the server menu (docs/spec.md §2 "Routes inside the main layout"):
   * menu pages take the menu's name.
   */
  routeLabels?: Readonly<Record<string, string>>;
  /** Views of paths with parameters, tried after the fixed routes of every feature. */
  resolve?: (path: string) => ResolvedFeatureView | undefined;
  /** Menu icons by the name the server menu gives in `source` (docs/spec.md §2). */
  icons?: Readonly<Record<string, MenuIconComponent>>;
  catalogue?: FeatureCatalogue;
  /**
   * Additions to the generic pages of declared entities (entity-extension.ts), by entity name (`dy_comm`): row
   * actions, cells and refetching on a page the feature does not serve itself.
   */
  entityExtensions?: Readonly<Record<string, EntityExtensionLoader>>;
}

/** Declares a feature, keeping its literal route keys for tests. */
export function defineFeature<const F extends Feature>(feature: F): F {
  return feature;
}
