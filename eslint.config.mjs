// One flat config for the workspace. Module boundaries follow docs/architecture.md §2:
// projects carry `type:*` tags in their package.json (`nx.tags`), and each type may import only the types listed.
import js from '@eslint/js';
import nx from '@nx/eslint-plugin';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/src/gen/**',
      '**/storybook-static/**',
      '**/.nx/**',
      '**/.data/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'apps/server/drizzle/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
  {
    files: ['**/*.{ts,tsx,mts,mjs}'],
    plugins: { '@nx': nx },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          allow: [],
          depConstraints: [
            {
              sourceTag: 'type:console',
              onlyDependOnLibsWithTags: ['type:feature', 'type:crud', 'type:auth', 'type:ui', 'type:sdk'],
            },
            {
              sourceTag: 'type:feature',
              onlyDependOnLibsWithTags: ['type:crud', 'type:ui', 'type:auth', 'type:sdk'],
            },
            { sourceTag: 'type:crud', onlyDependOnLibsWithTags: ['type:ui', 'type:sdk'] },
            { sourceTag: 'type:auth', onlyDependOnLibsWithTags: ['type:sdk'] },
            { sourceTag: 'type:ui', onlyDependOnLibsWithTags: [] },
            { sourceTag: 'type:sdk', onlyDependOnLibsWithTags: [] },
            { sourceTag: 'type:contract', onlyDependOnLibsWithTags: [] },
            { sourceTag: 'type:server', onlyDependOnLibsWithTags: ['type:contract', 'type:sdk'] },
            { sourceTag: 'type:contract-check', onlyDependOnLibsWithTags: ['type:contract', 'type:sdk'] },
            {
              sourceTag: 'type:e2e',
              onlyDependOnLibsWithTags: ['type:sdk', 'type:contract', 'type:tooling'],
            },
            {
              sourceTag: 'type:bench',
              onlyDependOnLibsWithTags: ['type:sdk', 'type:contract', 'type:tooling'],
            },
            { sourceTag: 'type:tooling', onlyDependOnLibsWithTags: [] },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  prettier,
);
