/** Douyin phrases: the generic module from the contract's `dy_common` declaration, newest first (dy_common.yaml). */
import { desc } from 'drizzle-orm';
import { defineCrudModule } from '../../../crud/define-module';
import type { EntityRegistry } from '../../../crud/entities';
import type { Db } from '../../../db/index';
import { dyCommon } from '../../../db/schema';

export function dyCommonModule(db: Db, entities: EntityRegistry) {
  return defineCrudModule(db, entities.get('dy_common'), dyCommon, {
    defaultOrder: [desc(dyCommon.createTime)],
  }).handlers;
}
