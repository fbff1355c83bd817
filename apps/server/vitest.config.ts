import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // The json report feeds the summary line of `npm test` (tools/test-all.mjs).
    reporters: ['default', ['json', { outputFile: '.test-results/vitest.json' }]],
    environment: 'node',
    include: ['src/**/*.test.ts'],
    globalSetup: ['./src/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // PGlite initdb and argon2 are CPU heavy; two cores
    fileParallelism: true,
    maxWorkers: 2,
  },
});
