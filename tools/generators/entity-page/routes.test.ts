import { describe, expect, it } from 'vitest';
import { routedPaths, withRoute } from './routes';

const index = (routes: string) => `import { defineFeature } from '@smart/crud';

// the feature
export const feature = defineFeature({
  name: 'x',
${routes}
  catalogue: { zh, en },
});
`;
const ROUTE = ["'/b/c'", "() => import('./c/CPage')"] as const;

describe('routes of a feature index', () => {
  it('reads the routed paths, whatever the quotes', () => {
    const text = index(`  routes: {\n    '/a': () => import('./a'),\n    "/b": () => import('./b'),\n  },`);
    expect(routedPaths('index.ts', text)).toEqual(['/a', '/b']);
    expect(routedPaths('index.ts', 'export const x = 1;')).toEqual([]);
  });

  it('appends a route after the last one, with or without a trailing comma, leaving the rest alone', () => {
    for (const comma of [',', '']) {
      const text = index(`  routes: {\n    '/a': () => import('./a')${comma}\n  },`);
      const out = withRoute('index.ts', text, '/b/c', './c/CPage');
      expect(out).toBe(
        index(`  routes: {\n    '/a': () => import('./a'), ${ROUTE.join(': ')}${comma}\n  },`),
      );
    }
  });

  it('fills empty routes, and makes the property when there is none', () => {
    expect(withRoute('index.ts', index('  routes: {},'), '/b/c', './c/CPage')).toBe(
      index(`  routes: {${ROUTE.join(': ')}},`),
    );
    expect(withRoute('index.ts', index(''), '/b/c', './c/CPage')).toContain(
      `defineFeature({ routes: { ${ROUTE.join(': ')} },`,
    );
  });

  it('refuses an index without defineFeature, or with routes it cannot edit', () => {
    expect(() => withRoute('index.ts', 'export const feature = {};', '/b', './b')).toThrow(
      'does not call defineFeature',
    );
    expect(() => withRoute('index.ts', index('  routes: shared,'), '/b', './b')).toThrow(
      'are not an object literal',
    );
  });
});
