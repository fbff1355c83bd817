// The routes of feature libraries: `defineFeature({ routes: { '<menu path>': () => import('./…') } })` in each
// feature's src/index.ts, read and extended through the TypeScript parser.
import type { Tree } from '@nx/devkit';
import ts from 'typescript';
import { FEATURES_DIR } from '../shared/names';
import { appendEntry, keyText, parseSource, property, walk, type Insertion } from '../shared/ts-source';

export const featureIndex = (feature: string) => `${FEATURES_DIR}/${feature}/src/index.ts`;

/** The object literal given to `defineFeature(…)`. */
function featureObject(source: ts.SourceFile): ts.ObjectLiteralExpression | undefined {
  for (const node of walk(source)) {
    if (!ts.isCallExpression(node) || !ts.isIdentifier(node.expression)) continue;
    const [arg] = node.arguments;
    if (node.expression.text === 'defineFeature' && arg && ts.isObjectLiteralExpression(arg)) return arg;
  }
  return undefined;
}

function routesObject(feature: ts.ObjectLiteralExpression): ts.ObjectLiteralExpression | undefined {
  const routes = property(feature, 'routes');
  return routes && ts.isObjectLiteralExpression(routes.initializer) ? routes.initializer : undefined;
}

/** The paths a feature's index routes (empty when it declares no literal routes). */
export function routedPaths(path: string, text: string): string[] {
  const feature = featureObject(parseSource(path, text));
  const routes = feature && routesObject(feature);
  if (!routes) return [];
  return routes.properties.flatMap((p) => {
    const key = p.name && keyText(p.name);
    return key ? [key] : [];
  });
}

/** Which feature already routes `path`, if any. */
export function featureRouting(tree: Tree, path: string): string | undefined {
  return tree.children(FEATURES_DIR).find((feature) => {
    const file = featureIndex(feature);
    const text = tree.read(file, 'utf-8');
    return text !== null && routedPaths(file, text).includes(path);
  });
}

/** The index with `'<path>': () => import('<module>')` added to its routes (a `routes` property made if none). */
export function withRoute(file: string, text: string, path: string, module: string): string {
  const feature = featureObject(parseSource(file, text));
  if (!feature)
    throw new Error(`entity-page: ${file} does not call defineFeature({ … }); add the route by hand`);
  const entry = `'${path}': () => import('${module}')`;
  const routes = routesObject(feature);
  if (property(feature, 'routes') && !routes)
    throw new Error(`entity-page: the routes of ${file} are not an object literal; add the route by hand`);
  const insertion: Insertion = routes
    ? appendEntry(routes, entry)
    : { at: feature.getStart() + 1, text: ` routes: { ${entry} },` };
  return text.slice(0, insertion.at) + insertion.text + text.slice(insertion.at);
}
