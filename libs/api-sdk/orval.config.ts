import { defineConfig } from 'orval';

// Generates from the bundled contract (run `npm run generate` in openapi/ first; Nx does it via ^generate).
const input = { target: '../../openapi/dist/smart-api.yaml' };

export default defineConfig({
  api: {
    input,
    output: {
      target: './src/gen/endpoints',
      schemas: './src/gen/model',
      client: 'react-query',
      mode: 'tags-split',
      // Axios-style call shape (no annotated return type) so `Unwrap<T>` in the mutator reaches the hooks;
      // axios itself is never imported: the mutator is our fetch-based `apiFetch`.
      httpClient: 'axios',
      headers: true,
      clean: true,
      mock: { generators: [{ type: 'msw', useExamples: true }] },
      override: {
        mutator: { path: './src/http.ts', name: 'apiFetch' },
        query: { signal: true, version: 5 },
      },
    },
  },
  zod: {
    input,
    output: {
      target: './src/gen/zod',
      client: 'zod',
      mode: 'tags-split',
      fileExtension: '.zod.ts',
      clean: true,
      override: { zod: { variant: 'mini' } },
    },
  },
});
