/**
 * Douyin comment units (docs/automation-domain.md §2.2, pattern ARR with a comment task): the generic module of the
 * contract's `dy_comm_arr` declaration (src/crud/define-module.ts) plus its unpaged `getList` for select boxes
 * (../../platform-shared/get-list.ts).
 */
import type { EntityRegistry } from '../../../crud/entities';
import type { Db } from '../../../db/index';
import { dyCommArr } from '../../../db/schema';
import { rosterModule } from '../../platform-shared/roster';

export const dyCommArrModule = (db: Db, entities: EntityRegistry) =>
  rosterModule(db, entities, 'dy_comm_arr', dyCommArr, 'dyCommArrGetList');
