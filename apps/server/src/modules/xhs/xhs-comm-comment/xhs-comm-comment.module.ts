/**
 * Xiaohongshu comment texts (docs/automation-domain.md §2.3 xhs_comm_comment): the generic module of the contract's
 * `xhs_comm_comment` declaration (src/crud/define-module.ts) plus its unpaged `getList` for select boxes
 * (../../platform-shared/get-list.ts).
 */
import type { EntityRegistry } from '../../../crud/entities';
import type { Db } from '../../../db/index';
import { xhsCommComment } from '../../../db/schema';
import { getListModule } from '../../platform-shared/get-list';

export const xhsCommCommentModule = (db: Db, entities: EntityRegistry) =>
  getListModule(db, entities, 'xhs_comm_comment', xhsCommComment, 'xhsCommCommentGetList');
