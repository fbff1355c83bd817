/**
 * Attachments (docs/platform-contract.md §3.17, §4.12), tenant-owned: the rows `oss/endpoint/put-file` records
 * (src/modules/resource/oss), plus manual submit; the generic module from the contract's `attach` declaration
 * (src/crud/define-module.ts) with its default order.
 *
 * As upstream (and the contract), remove is logical and the stored object stays: a removed row's link may still be
 * in use elsewhere (an avatar, a notice).
 */
import { desc } from 'drizzle-orm';
import { defineCrudModule } from '../../../crud/define-module';
import type { EntityRegistry } from '../../../crud/entities';
import type { Db } from '../../../db/index';
import { attach } from '../../../db/schema';

export function attachModule(db: Db, entities: EntityRegistry) {
  return defineCrudModule(db, entities.get('attach'), attach, {
    defaultOrder: [desc(attach.createTime)],
  }).handlers;
}
