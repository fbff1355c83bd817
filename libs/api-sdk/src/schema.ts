/** openapi-typescript types of the whole contract (`@smart/api-sdk/schema`): `paths`, `components`, `operations`. */
export type * from './gen/schema';
