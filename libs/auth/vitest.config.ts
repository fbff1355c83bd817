// eslint-disable-next-line @nx/enforce-module-boundaries -- test tooling only: the SDK bundled once per run
import { sdkDeps } from '@smart/tools/vitest-sdk';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    deps: sdkDeps,
    // The json report feeds the summary line of `npm test` (tools/test-all.mjs).
    reporters: ['default', ['json', { outputFile: '.test-results/vitest.json' }]],
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
    restoreMocks: true,
  },
});
