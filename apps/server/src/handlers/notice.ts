/**
 * Notices of the desk (docs/platform-contract.md §3.14, §4.10). Tenant-owned.
 *
 * `content` is user text, HTML or plain: it is stored as given and only ever returned inside JSON; nothing here
 * renders it. The console must sanitise it before showing it as HTML.
 */
import { desc } from 'drizzle-orm';
import { crud } from '../crud/index';
import type { Db } from '../db/index';
import { notice } from '../db/schema';
import { auditVO, BizError, formatDateTime } from '../util';

type NoticeRow = typeof notice.$inferSelect;

/** Labels of the dictionary `notice`. */
export const NOTICE_CATEGORY: Record<number, string> = {
  1: '发布通知',
  2: '批转通知',
  3: '转发通知',
  4: '指示通知',
  5: '任免通知',
  6: '事务通知',
};

export function toNoticeVO(n: NoticeRow) {
  return {
    id: n.id.toString(),
    tenantId: n.tenantId,
    categoryName: NOTICE_CATEGORY[n.category] ?? '',
    title: n.title,
    category: n.category,
    releaseTime: formatDateTime(n.releaseTime),
    content: n.content,
    ...auditVO(n),
  };
}

const DATETIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

/** `yyyy-MM-dd HH:mm:ss` (server local time, validated by the contract's pattern) → Date. */
export function parseDateTime(v: string): Date {
  const m = DATETIME.exec(v);
  const d = m ? new Date(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!) : undefined;
  // reject overflowing values such as 2026-02-31 instead of rolling them over
  if (!d || Number.isNaN(d.getTime()) || formatDateTime(d) !== v) throw new BizError(`日期格式错误: ${v}`);
  return d;
}

export function noticeHandlers(db: Db) {
  return crud<NoticeRow>(db, {
    table: notice,
    id: notice.id,
    isDeleted: notice.isDeleted,
    tenantId: notice.tenantId,
    audited: true,
    toVO: toNoticeVO,
    filters: {
      title: { column: notice.title, plain: 'like', kinds: ['like', 'equal'] },
      category: { column: notice.category, plain: 'equal', kinds: ['equal'] },
      releaseTime: {
        column: notice.releaseTime,
        plain: 'dateequal',
        kinds: ['datege', 'datelt', 'dategt', 'datele'],
      },
    },
    sortable: {
      id: notice.id,
      title: notice.title,
      category: notice.category,
      release_time: notice.releaseTime,
      create_time: notice.createTime,
      update_time: notice.updateTime,
    },
    defaultOrder: [desc(notice.releaseTime)],
    fields: (b) => ({
      title: b.title,
      category: b.category,
      releaseTime: parseDateTime(b.releaseTime as string),
      ...(b.content !== undefined ? { content: b.content } : {}),
    }),
    ops: { list: 'noticeList', detail: 'noticeDetail', submit: 'noticeSubmit', remove: 'noticeRemove' },
  }).handlers;
}
