/**
 * Xiaohongshu browse units (docs/automation-domain.md §2.3, pattern ARR): the generic module of the contract's
 * `xsh_arr` declaration (src/crud/define-module.ts) plus its unpaged `getList` for select boxes (../../platform-
 * shared/get-list.ts).
 */
import type { EntityRegistry } from '../../../crud/entities';
import type { Db } from '../../../db/index';
import { xshArr } from '../../../db/schema';
import { rosterModule } from '../../platform-shared/roster';

export const xshArrModule = (db: Db, entities: EntityRegistry) =>
  rosterModule(db, entities, 'xsh_arr', xshArr, 'xshArrGetList');
