/**
 * Parameters (tenant-owned): the generic module from the contract's `param` declaration
 * (src/crud/define-module.ts, its unique key and the submit answering the saved row included). The unique
 * paramKey is also a partial unique index (db/schema.ts smart_param_key_uq), which settles concurrent submits.
 */
import { desc } from 'drizzle-orm';
import { defineCrudModule } from '../../../crud/define-module';
import type { EntityRegistry } from '../../../crud/entities';
import type { Db } from '../../../db/index';
import { param } from '../../../db/schema';

export function paramModule(db: Db, entities: EntityRegistry) {
  return defineCrudModule(db, entities.get('param'), param, {
    defaultOrder: [desc(param.createTime)],
  }).handlers;
}
