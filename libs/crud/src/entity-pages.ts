import type { EntityManifest } from '@smart/api-sdk/manifest';

import type { EntityExtensionLoader } from './entity-extension';
import { defineFeature, type Feature } from './feature';

/**
 * The pages of the declared entities (`@smart/api-sdk/entity-pages`: menu path → manifest) as a feature the console
 * lists last: a path no feature serves itself gets the generic page of its entity, so an entity needs no console
 * file until its page differs from what the contract says. Manifest and page load on demand, one chunk each, with
 * the extension `features` give the entity (`Feature.entityExtensions`); two extensions of one entity are a mistake.
 */
export function entityPagesFeature(
  pages: Readonly<Record<string, () => Promise<EntityManifest>>>,
  features: readonly Feature[] = [],
): Feature {
  const extensions: Record<string, EntityExtensionLoader> = {};
  for (const feature of features) {
    for (const [name, load] of Object.entries(feature.entityExtensions ?? {})) {
      if (extensions[name]) throw new Error(`${feature.name}: the page of ${name} is extended twice`);
      extensions[name] = load;
    }
  }
  return defineFeature({
    name: 'entities',
    routes: {},
    resolve(path) {
      const manifest = Object.hasOwn(pages, path) ? pages[path] : undefined;
      if (!manifest) return undefined;
      return {
        load: async () => {
          const [entity, { entityPage }] = await Promise.all([manifest(), import('./entity-page')]);
          const extend = Object.hasOwn(extensions, entity.name) ? extensions[entity.name] : undefined;
          const extension = extend ? (await extend()).default : undefined;
          return { default: entityPage(entity, extension) };
        },
      };
    },
  });
}
