/**
 * zod-mini schemas generated from the contract (`@smart/api-sdk/zod`). Kept out of the main barrel so that zod is
 * only bundled where a form or the server actually validates (toolchain-notes pitfall 5).
 */
export * from './gen/zod/index.zod';
