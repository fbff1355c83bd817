/**
 * zod-mini schemas generated from the contract (`@smart/api-sdk/zod`). Kept out of the main barrel so that zod is
 * only bundled where a form or the server actually validates (docs/toolchain.md pitfall 5).
 */
export * from './gen/zod/index.zod';
