import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress.ts';

// In development the console proxies /api to the reference server (npm start serves both from one port).
const apiTarget = process.env['SMART_API_URL'] ?? 'http://127.0.0.1:8600';

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  server: { host: '127.0.0.1', port: 5610, strictPort: true, proxy: { '/api': apiTarget } },
  preview: { host: '127.0.0.1', port: 5611, strictPort: true, proxy: { '/api': apiTarget } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        // The libraries every page needs go into one long-cached chunk: fewer requests on /login, and one file
        // compresses better than the same code spread over several small shared chunks.
        advancedChunks: {
          groups: [
            {
              name: 'core',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|use-sync-external-store|tailwind-merge|clsx|class-variance-authority)[\\/]/,
            },
          ],
        },
      },
    },
  },
});
