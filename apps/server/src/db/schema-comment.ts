/**
 * Comment groups shared by the content platforms (docs/automation-domain.md §2). Tenant-owned.
 */
import { bigint, index, integer, pgTable, varchar } from 'drizzle-orm/pg-core';
import { audit, id, ts } from './columns';

/** Comment groups (contract tag `comment_group`, served as declared: src/modules/plain-entities.ts). */
export const commentGroup = pgTable(
  'smart_comment_group',
  {
    id: id(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    ydUserId: bigint('yd_user_id', { mode: 'bigint' }),
    groupName: varchar('group_name', { length: 64 }).notNull().default(''),
    platform: varchar('platform', { length: 8 }).notNull().default(''),
    remark: varchar('remark', { length: 500 }).notNull().default(''),
    commentCount: integer('comment_count').notNull().default(0),
    sort: integer('sort').notNull().default(0),
    ...audit(),
  },
  (t) => [index('smart_comment_group_tenant_idx').on(t.tenantId, t.createTime)],
);

/** Comments (contract tag `comment`, served as declared: src/modules/plain-entities.ts). */
export const comment = pgTable(
  'smart_comment',
  {
    id: id(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    ydUserId: bigint('yd_user_id', { mode: 'bigint' }),
    groupId: bigint('group_id', { mode: 'bigint' }),
    content: varchar('content', { length: 255 }).notNull().default(''),
    source: integer('source').notNull().default(1),
    feishuRef: varchar('feishu_ref', { length: 128 }).notNull().default(''),
    useCount: integer('use_count').notNull().default(0),
    lastUsedTime: ts('last_used_time'),
    sort: integer('sort').notNull().default(0),
    ...audit(),
  },
  (t) => [index('smart_comment_tenant_idx').on(t.tenantId, t.createTime)],
);
