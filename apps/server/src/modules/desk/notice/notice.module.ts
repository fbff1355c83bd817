/**
 * Notices of the desk (docs/platform-contract.md §3.14, §4.10), tenant-owned: the generic module from the contract's
 * `notice` declaration (src/crud/define-module.ts), plus what the contract cannot say: the default order and the label
 * of the category.
 *
 * `content` is user text, HTML or plain: it is stored as given and only ever returned inside JSON; nothing here
 * renders it. The console must sanitise it before showing it as HTML.
 */
import { desc } from 'drizzle-orm';
import { defineCrudModule } from '../../../crud/define-module';
import type { EntityRegistry } from '../../../crud/entities';
import type { Db } from '../../../db/index';
import { notice } from '../../../db/schema';

/** Labels of the dictionary `notice` (seed-dicts.ts), the view's `categoryName`. */
const CATEGORY: Record<number, string> = {
  1: '发布通知',
  2: '批转通知',
  3: '转发通知',
  4: '指示通知',
  5: '任免通知',
  6: '事务通知',
};

export function noticeModule(db: Db, entities: EntityRegistry) {
  return defineCrudModule(db, entities.get('notice'), notice, {
    defaultOrder: [desc(notice.releaseTime)],
    view: (n) => ({ categoryName: CATEGORY[n.category] ?? '' }),
  }).handlers;
}
