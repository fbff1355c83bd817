/**
 * Channels browse units (docs/automation-domain.md §2.4, pattern ARR): the generic module of the contract's
 * `sph_arr` declaration (src/crud/define-module.ts) plus its unpaged `getList` for select boxes (../../platform-
 * shared/get-list.ts).
 */
import type { EntityRegistry } from '../../../crud/entities';
import type { Db } from '../../../db/index';
import { sphArr } from '../../../db/schema';
import { rosterModule } from '../../platform-shared/roster';

export const sphArrModule = (db: Db, entities: EntityRegistry) =>
  rosterModule(db, entities, 'sph_arr', sphArr, 'sphArrGetList');
