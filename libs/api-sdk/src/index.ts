/**
 * @smart/api-sdk: generated request functions, TanStack Query hooks and model types, plus the one HTTP layer.
 * zod schemas live at `@smart/api-sdk/zod`, MSW handlers at `@smart/api-sdk/mocks`, openapi-typescript types at
 * `@smart/api-sdk/schema`.
 */
export * from './http';
export * from './query';
export * from './gen/endpoints';
export * from './gen/model';
