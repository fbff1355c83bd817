/**
 * Notices of the desk (docs/platform-contract.md §3.14, §4.10), tenant-owned: the generic module from the contract's
 * `notice` declaration (src/crud/define-module.ts), plus what the contract cannot say: the default order, the label
 * of the category, and the sanitising of `content`.
 *
 * `content` is rich text the console shows as HTML (openapi/schemas/desk.yaml `NoticeFields.content`): it is stored
 * only as the allowed formatting of what was sent (notice-html.ts), so no client has to trust what another wrote.
 */
import { desc } from 'drizzle-orm';
import { defineCrudModule } from '../../../crud/define-module';
import type { EntityRegistry } from '../../../crud/entities';
import type { Db } from '../../../db/index';
import { notice } from '../../../db/schema';
import { BizError } from '../../../util';
import { sanitizeNoticeHtml } from './notice-html';

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
  const entity = entities.get('notice');
  const content = entity.fields.find((f) => f.name === 'content');
  const maxLength = content?.maxLength ?? 2000;
  const label = content?.label?.zh ?? 'content';
  return defineCrudModule(db, entity, notice, {
    defaultOrder: [desc(notice.releaseTime)],
    view: (n) => ({ categoryName: CATEGORY[n.category] ?? '' }),
    form: (values) => {
      if (typeof values.content !== 'string') return values;
      const html = sanitizeNoticeHtml(values.content);
      // escaping can lengthen what the contract let through (`&` → `&amp;`); the column holds maxLength characters,
      // and the answer is the one the contract's own length check gives (src/kernel/validation-message.ts)
      if (html.length > maxLength) throw new BizError(`${label}格式不正确`);
      return { ...values, content: html };
    },
  }).handlers;
}
