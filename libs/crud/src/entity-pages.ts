import type { EntityManifest } from '@smart/api-sdk/manifest';

import { defineFeature, type Feature } from './feature';

/**
 * The pages of the declared entities (`@smart/api-sdk/entity-pages`: menu path → manifest) as a feature the console
 * lists last: a path no feature serves itself gets the generic page of its entity, so an entity needs no console
 * file until its page differs from what the contract says. Manifest and page load on demand, one chunk each.
 */
export function entityPagesFeature(pages: Readonly<Record<string, () => Promise<EntityManifest>>>): Feature {
  return defineFeature({
    name: 'entities',
    routes: {},
    resolve(path) {
      const manifest = Object.hasOwn(pages, path) ? pages[path] : undefined;
      if (!manifest) return undefined;
      return {
        load: async () => {
          const [entity, { entityPage }] = await Promise.all([manifest(), import('./entity-page')]);
          return { default: entityPage(entity) };
        },
      };
    },
  });
}
