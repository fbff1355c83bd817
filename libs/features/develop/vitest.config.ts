import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['../../../tools/test/jsdom-setup.ts'],
    reporters: ['default', ['json', { outputFile: '.test-results/vitest.json' }]],
  },
});
