// The files of a new feature library, the shape of libs/features/develop and libs/features/system: package.json with
// the Nx tags, the same tsconfig and vitest config, an index exporting the one `feature` object, zh/en catalogues
// and the catalogue test.
import type { FeatureNames } from './names';

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

function packageJson(n: FeatureNames, description: string): string {
  return json({
    name: n.packageName,
    version: '0.0.0',
    private: true,
    type: 'module',
    description,
    sideEffects: false,
    exports: { '.': './src/index.ts' },
    scripts: { typecheck: 'tsc --noEmit', test: 'vitest run', lint: 'eslint .' },
    // type:feature is what eslint.config.mjs constrains (crud, ui, auth, sdk only); domain: names it
    nx: { tags: ['type:feature', `domain:${n.name}`] },
    dependencies: { '@smart/crud': '*', '@smart/ui': '*', '@smart/auth': '*', '@smart/api-sdk': '*' },
  });
}

// as the other features write it (Prettier keeps an object on one line when it was written so)
const tsconfig = `{
  "extends": "../../../tsconfig.base.json",
  "compilerOptions": { "types": ["vite/client", "node", "@testing-library/jest-dom/vitest"] },
  "include": ["src", "vitest.config.ts"]
}
`;

const vitestConfig = `import react from '@vitejs/plugin-react';
// eslint-disable-next-line @nx/enforce-module-boundaries -- test tooling only: the SDK bundled once per run
import { sdkDeps } from '@smart/tools/vitest-sdk';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    deps: sdkDeps,
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['../../../tools/test/jsdom-setup.ts'],
    // the first render of a file loads the kit and the SDK cold, seconds on a loaded machine
    testTimeout: 15000,
    reporters: ['default', ['json', { outputFile: '.test-results/vitest.json' }]],
  },
});
`;

const index = (
  n: FeatureNames,
) => `// The ${n.name} feature as the console composes it (docs/architecture.md §4): the menu paths it serves, each page its
// own chunk, and its catalogue. Nothing here imports a page eagerly. \`npx nx g @smart/tools:entity-page <entity>
// --feature=${n.name}\` adds a declared entity's page and its route.
import { defineFeature } from '@smart/crud';
import en from './i18n/en';
import zh from './i18n/zh';

export const feature = defineFeature({
  name: '${n.name}',
  routes: {},
  catalogue: { zh, en },
});
`;

const zh = (
  n: FeatureNames,
) => `// The ${n.name} feature's catalogue, Chinese (default); en.ts holds the same keys (catalogue.test.ts).
// The labels of declared entities are the contract's (\`entityCatalogue\` of @smart/api-sdk/entities): only the
// feature's own texts go here.
const zh = {
  ${n.key}: {},
};

export default zh;
export type ${n.type}Catalogue = typeof zh;
`;

const en = (n: FeatureNames) => `import type { ${n.type}Catalogue } from './zh';

const en: ${n.type}Catalogue = {
  ${n.key}: {},
};

export default en;
`;

const catalogueTest = (
  n: FeatureNames,
) => `// Every catalogue key this feature's sources ask for is in zh and en, and both hold the same keys (after
// libs/features/develop/src/catalogue.test.ts).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { feature } from './index';

type Tree = { [key: string]: string | Tree };

const keys = (node: string | Tree, prefix = ''): string[] =>
  typeof node === 'string'
    ? [prefix]
    : Object.entries(node).flatMap(([k, v]) => keys(v, prefix ? \`\${prefix}.\${k}\` : k));

const zh = keys(feature.catalogue.zh as Tree);
const en = keys(feature.catalogue.en as Tree);

/** The sources the keys are looked for in (tests aside). */
function sources(): string[] {
  const dir = import.meta.dirname;
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\\.tsx?$/.test(file) && !/\\.test\\.tsx?$/.test(file))
    .map((file) => readFileSync(join(dir, file), 'utf8'));
}

function asked(): Set<string> {
  const literal = new Set<string>();
  for (const text of sources()) for (const k of text.matchAll(/'(${n.key}\\.[\\w.]+)'/g)) literal.add(k[1]!);
  return literal;
}

describe('the ${n.name} catalogue', () => {
  it('zh and en hold the same keys', () => {
    expect([...en].sort()).toEqual([...zh].sort());
  });

  it('has every key the sources ask for, in both languages', () => {
    // the feature's index and catalogues at least: a scan that found nothing would prove nothing
    expect(sources().length).toBeGreaterThanOrEqual(3);
    const wanted = [...asked()];
    expect(wanted.filter((key) => !zh.includes(key) || !en.includes(key))).toEqual([]);
  });
});
`;

/** Path inside the library → content. */
export function featureFiles(n: FeatureNames, description: string): Record<string, string> {
  return {
    'package.json': packageJson(n, description),
    'tsconfig.json': tsconfig,
    'vitest.config.ts': vitestConfig,
    'src/index.ts': index(n),
    'src/i18n/zh.ts': zh(n),
    'src/i18n/en.ts': en(n),
    'src/catalogue.test.ts': catalogueTest(n),
  };
}
