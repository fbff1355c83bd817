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
  // The same operations as plain request functions, without React or TanStack Query. The hooks' modules above hold
  // each request function beside its hook, and a module lives in one chunk: code that runs before any page (the
  // sign-in of libs/auth, the console's start-up) importing from them pinned TanStack Query into /login's download.
  requests: {
    input,
    output: {
      target: './src/gen/requests',
      schemas: './src/gen/model',
      client: 'axios-functions',
      mode: 'tags-split',
      httpClient: 'axios',
      headers: true,
      clean: ['./src/gen/requests'],
      override: {
        mutator: { path: './src/http.ts', name: 'apiFetch' },
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
