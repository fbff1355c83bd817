/**
 * Douyin comment texts (docs/automation-domain.md §2.2 dy_comm_comment): the generic module of the contract's
 * `dy_comm_comment` declaration (src/crud/define-module.ts) plus its unpaged `getList` for select boxes
 * (../../platform-shared/get-list.ts).
 */
import type { EntityRegistry } from '../../../crud/entities';
import type { Db } from '../../../db/index';
import { dyCommComment } from '../../../db/schema';
import { getListModule } from '../../platform-shared/get-list';

export const dyCommCommentModule = (db: Db, entities: EntityRegistry) =>
  getListModule(db, entities, 'dy_comm_comment', dyCommComment, 'dyCommCommentGetList');
