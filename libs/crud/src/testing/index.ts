// @smart/crud/testing: what page tests and stories use instead of hand-written MSW handlers (msw stays out of
// the console's bundles because only tests and stories import this entry).
export { memoryBackend, type MemoryBackend, type MemoryBackendOptions } from './memory-backend';
export { catalogueT } from './catalogue-t';
export { showsPlaceholder, textGaps } from './text-gaps';
