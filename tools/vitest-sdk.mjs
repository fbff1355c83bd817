// The vitest `deps` of every jsdom project that imports the generated SDK. @smart/api-sdk is ~1,900 generated
// modules (hooks, models, zod schemas, mocks); imported module by module, every test file of a run evaluated them
// again: feature-system's 14 files spent 78 s importing and 19 s transforming. Vite's dependency optimizer bundles
// each entry of the package (with the modules they share in common chunks, so the HTTP layer stays one instance)
// once per run: 35 s and 3 s. Over console, crud, auth and the features, vitest's durations added up to 892 s
// instead of 1,409 s (the latter measured beside the lint and typecheck of `npm test`). The entries are read from the package's own `exports`, so a new one is bundled too.
import { readFileSync } from 'node:fs';

const sdkPackage = JSON.parse(readFileSync(new URL('../libs/api-sdk/package.json', import.meta.url), 'utf8'));

export const sdkEntries = Object.keys(sdkPackage.exports).map((key) =>
  key === '.' ? '@smart/api-sdk' : `@smart/api-sdk/${key.slice(2)}`,
);

// Libraries whose state a test shares with the SDK must come from the same bundle: the tests' QueryClientProvider
// and the SDK's hooks meet in React Query's context, which a second copy inside the SDK's bundle would not see.
const shared = ['@tanstack/react-query'];

export const sdkDeps = { optimizer: { client: { enabled: true, include: [...sdkEntries, ...shared] } } };
