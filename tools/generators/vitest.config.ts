import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['**/*.test.ts'],
    // the generators load the contract and its deriver once per file, a few seconds on a loaded machine
    testTimeout: 20000,
    // beside the other projects' reports (tools/.test-results), which `npm test` counts
    reporters: ['default', ['json', { outputFile: '../.test-results/vitest.json' }]],
  },
});
