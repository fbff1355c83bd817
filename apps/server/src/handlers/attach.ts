/**
 * Attachments (docs/platform-contract.md §3.17, §4.12): the rows `oss/endpoint/put-file` records, plus manual submit.
 * Tenant-owned. As upstream (and the contract), remove is logical and the stored object stays: a removed row's
 * link may still be in use elsewhere (an avatar, a notice).
 */
import { desc } from 'drizzle-orm';
import { crud } from '../crud/index';
import type { Db } from '../db/index';
import { attach } from '../db/schema';
import { auditVO } from '../util';

type AttachRow = typeof attach.$inferSelect;

export function toAttachVO(r: AttachRow) {
  return {
    id: r.id.toString(),
    tenantId: r.tenantId,
    link: r.link,
    domain: r.domain,
    name: r.name,
    originalName: r.originalName,
    extension: r.extension,
    attachSize: r.attachSize,
    ...auditVO(r),
  };
}

export function attachHandlers(db: Db) {
  return crud<AttachRow>(db, {
    table: attach,
    id: attach.id,
    isDeleted: attach.isDeleted,
    tenantId: attach.tenantId,
    audited: true,
    toVO: toAttachVO,
    filters: {
      originalName: { column: attach.originalName, plain: 'like', kinds: ['like', 'equal'] },
      extension: { column: attach.extension, plain: 'equal', kinds: ['equal'] },
    },
    sortable: {
      id: attach.id,
      original_name: attach.originalName,
      extension: attach.extension,
      attach_size: attach.attachSize,
      create_time: attach.createTime,
      update_time: attach.updateTime,
    },
    defaultOrder: [desc(attach.createTime)],
    fields: (b) => ({
      link: b.link,
      originalName: b.originalName,
      ...(b.domain !== undefined ? { domain: b.domain } : {}),
      ...(b.name !== undefined ? { name: b.name } : {}),
      ...(b.extension !== undefined ? { extension: b.extension } : {}),
      ...(b.attachSize !== undefined ? { attachSize: b.attachSize } : {}),
    }),
    ops: { list: 'attachList', detail: 'attachDetail', submit: 'attachSubmit', remove: 'attachRemove' },
  }).handlers;
}
