import react from '@vitejs/plugin-react';
// eslint-disable-next-line @nx/enforce-module-boundaries -- test tooling only: the SDK bundled once per run
import { sdkDeps } from '@smart/tools/vitest-sdk';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    deps: sdkDeps,
    // The json report feeds the summary line of `npm test` (tools/test-all.mjs).
    reporters: ['default', ['json', { outputFile: '.test-results/vitest.json' }]],
    environment: 'jsdom',
    // the UI kit's jsdom setup (Radix's missing DOM APIs, cleanup, toasts): the kit's components run here too
    setupFiles: ['../ui/src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    exclude: ['src/**/*.browser.test.{ts,tsx}', 'node_modules/**'],
    css: false,
    testTimeout: 15000,
  },
});
