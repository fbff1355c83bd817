// Storybook interaction tests: every story's play function (and an axe check, parameters.a11y.test = 'error')
// runs in real Chromium (Debian's, headless) through @storybook/addon-vitest. `npm run test-storybook`.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
// eslint-disable-next-line @nx/enforce-module-boundaries -- test tooling only: the shared Chromium launch settings
import { chromiumArgs, chromiumPath } from '@smart/tools/chromium';
// eslint-disable-next-line @nx/enforce-module-boundaries -- test tooling only: the SDK bundled once per run
import { sdkEntries } from '@smart/tools/vitest-sdk';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';

const dirname = path.dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  plugins: [storybookTest({ configDir: path.join(dirname, '.storybook') })],
  // Pre-bundle what the stories import up front: a dependency found mid-run makes Vite reload and fail tests. The
  // generated SDK too (tools/vitest-sdk.mjs): a bundle per entry instead of its ~1,900 modules in every story's frame.
  optimizeDeps: {
    entries: ['src/**/*.stories.tsx', '../crud/src/**/*.stories.tsx', '../features/*/src/**/*.stories.tsx'],
    include: ['@faker-js/faker', '@tanstack/react-query', 'msw', 'msw/browser', 'cmdk', ...sdkEntries],
  },
  test: {
    name: 'storybook',
    // The json report feeds the summary line of `npm test` (tools/test-all.mjs).
    reporters: ['default', ['json', { outputFile: '.test-results/storybook.json' }]],
    testTimeout: 30000,
    browser: {
      enabled: true,
      headless: true,
      provider: playwright({ launchOptions: { executablePath: chromiumPath, args: chromiumArgs } }),
      instances: [{ browser: 'chromium' }],
      screenshotFailures: false,
    },
  },
});
