import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // The json report feeds the summary line of `npm test` (tools/test-all.mjs).
    reporters: ['default', ['json', { outputFile: '.test-results/vitest.json' }]],
    environment: 'node',
    include: ['src/**/*.test.ts'],
    testTimeout: 30_000,
    // the integration test starts the reference server (PGlite initdb, migrations, seed)
    // the reference server starts in seconds alone, but CI runs this beside the other suites
    hookTimeout: 240_000,
    maxWorkers: 2,
  },
});
