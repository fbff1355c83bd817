// What the shell makes of the features it is given (apps/console/src/features.ts): their views, menu icons and
// catalogues, composed once per list.
import type { Feature, MenuIconComponent } from '@smart/crud';
import { addCatalogue } from '../i18n';
import { createViews, type Views } from './views';

export interface FeatureRegistry extends Views {
  icons: Readonly<Record<string, MenuIconComponent>>;
}

const composed = new WeakMap<readonly Feature[], FeatureRegistry>();

/** The registry of `features`; their catalogues are merged into the console's the first time. */
export function featureRegistry(features: readonly Feature[]): FeatureRegistry {
  let hit = composed.get(features);
  if (!hit) {
    for (const f of features) if (f.catalogue) addCatalogue(f.catalogue);
    const icons = Object.assign({}, ...features.map((f) => f.icons ?? {})) as Record<
      string,
      MenuIconComponent
    >;
    hit = { ...createViews(features), icons };
    composed.set(features, hit);
  }
  return hit;
}
