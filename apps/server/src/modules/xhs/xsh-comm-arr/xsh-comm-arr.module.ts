/**
 * Xiaohongshu comment units (docs/automation-domain.md §2.3, pattern ARR with a comment task): the generic module
 * of the contract's `xsh_comm_arr` declaration (src/crud/define-module.ts) plus its unpaged `getList` for select
 * boxes (../../platform-shared/get-list.ts).
 */
import type { EntityRegistry } from '../../../crud/entities';
import type { Db } from '../../../db/index';
import { xshCommArr } from '../../../db/schema';
import { rosterModule } from '../../platform-shared/roster';

export const xshCommArrModule = (db: Db, entities: EntityRegistry) =>
  rosterModule(db, entities, 'xsh_comm_arr', xshCommArr, 'xshCommArrGetList');
