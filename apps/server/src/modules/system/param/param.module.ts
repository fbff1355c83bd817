/**
 * Parameters (tenant-owned): the generic module from the contract's `param` declaration
 * (src/crud/define-module.ts), plus the unique key per tenant and the submit answering the saved row.
 */
import { desc } from 'drizzle-orm';
import { defineCrudModule } from '../../../crud/define-module';
import type { EntityRegistry } from '../../../crud/entities';
import type { Db } from '../../../db/index';
import { param } from '../../../db/schema';

export const DUPLICATE_KEY_MSG = '参数键名已存在';

export function paramModule(db: Db, entities: EntityRegistry) {
  return defineCrudModule(db, entities.get('param'), param, {
    defaultOrder: [desc(param.createTime)],
    // also a partial unique index (db/schema.ts smart_param_key_uq), which settles concurrent submits
    unique: [{ columns: { paramKey: param.paramKey }, message: DUPLICATE_KEY_MSG }],
    submitResult: (row, view) => view(row),
  }).handlers;
}
