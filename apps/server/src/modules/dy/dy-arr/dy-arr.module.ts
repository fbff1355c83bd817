/**
 * Douyin browse units (docs/automation-domain.md §2.1 pattern ARR): the generic module of the contract's `dy_arr`
 * declaration (src/crud/define-module.ts) plus its unpaged `getList` for select boxes (../../platform-shared/get-
 * list.ts).
 */
import type { EntityRegistry } from '../../../crud/entities';
import type { Db } from '../../../db/index';
import { dyArr } from '../../../db/schema';
import { rosterModule } from '../../platform-shared/roster';

export const dyArrModule = (db: Db, entities: EntityRegistry) =>
  rosterModule(db, entities, 'dy_arr', dyArr, 'dyArrGetList');
