/**
 * Declared entities that the generic module serves as they are (src/crud/define-module.ts): their table is the
 * server's only fact of theirs, the contract's declaration (openapi.yaml `x-entity`) gives the operations, filters,
 * sorts, unique keys, buttons and menu. Newest first unless the table has no `create_time`. An entity with extras
 * (a computed view field, a hook, another order) gets a module folder of its own instead (src/modules/<domain>/).
 */
import type { PgTable } from 'drizzle-orm/pg-core';
import { defineCrudModule } from '../crud/define-module';
import type { EntityRegistry } from '../crud/entities';
import type { Db } from '../db/index';
import { attach, dyCommon, param } from '../db/schema';

export const PLAIN_ENTITY_TABLES: Readonly<Record<string, PgTable>> = {
  // tenant-owned; the unique paramKey is also a partial unique index (schema.ts smart_param_key_uq), which settles
  // concurrent submits
  param,
  // the rows oss/endpoint/put-file records (src/modules/resource/oss), plus manual submit; remove is logical and the
  // stored object stays, since a removed row's link may still be in use (an avatar, a notice)
  attach,
  // the Douyin phrase pool; its enable switch is a form field, kept as sent (dy/dy-common/dy-common.test.ts)
  dy_common: dyCommon,
};

/** The handlers of every plain entity, by operation id. */
export function plainEntityModules(db: Db, entities: EntityRegistry): object {
  return Object.assign(
    {},
    ...Object.entries(PLAIN_ENTITY_TABLES).map(
      ([name, table]) => defineCrudModule(db, entities.get(name), table).handlers,
    ),
  );
}
