import type { EntityManifestData, EntityOperationRole } from './types';

/** A page of rows as the SDK's list functions resolve it. */
export interface EntityPage<Row> {
  records: Row[];
  total: number;
}

/**
 * The SDK functions bound to an entity's operations (generated per entity). Parameters stay loose here: each
 * generated manifest keeps the exact function types, this is what generic code (the CRUD kit's adapter) calls.
 */
export interface EntityApi<Row, Form> {
  /** A page; for a tree entity (`tree`), the forest, or one level of it (`tree.lazy`). */
  list?: (params: never) => Promise<EntityPage<Row> | Row[]>;
  /** Called with `{ id }`, or with the key's own parameter (manifest `key`: a region's `{ code }`). */
  detail?: (params: never) => Promise<Row>;
  submit?: (body: Form) => Promise<unknown>;
  save?: (body: Form) => Promise<unknown>;
  /** Where the contract splits submit: the form with the row's id (its update body). */
  update?: (body: Form & { id: string }) => Promise<unknown>;
  /** Called with `{ ids }` (comma-joined), or with the key's own parameter (manifest `key`). */
  remove?: (params: never) => Promise<unknown>;
}

/** A generated entity manifest: the contract's facts (types.ts) and the bound SDK functions. */
export interface EntityManifest<Row = unknown, Form = unknown> extends EntityManifestData {
  api: EntityApi<Row, Form>;
  /** Catalogue key prefix of the entity's labels and rules (`entity.<name>`), in the generated catalogues. */
  i18n: string;
}

export type { EntityOperationRole };
