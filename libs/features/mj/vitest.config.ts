import react from '@vitejs/plugin-react';
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
