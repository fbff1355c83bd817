/**
 * Douyin automation tables (docs/automation-domain.md §2). Tenant-owned; `yd_user_id` null = shared by the tenant.
 */
import { bigint, index, integer, pgTable, varchar } from 'drizzle-orm/pg-core';
import {
  arrColumns,
  browseColumns,
  browseLogColumns,
  commCommentColumns,
  commPictureColumns,
  commUrlColumns,
  commonColumns,
  logGroupColumns,
  publishLogColumns,
  publishTaskColumns,
  taskCoreColumns,
} from './columns-automation';
import { audit, id, ts } from './columns';

/**
 * Phrases (常用语) the robots draw at random by weight (patterns.yaml CommonFields): `use_count` and
 * `last_used_time` are the engine's, counted when a run uses the phrase.
 */
export const dyCommon = pgTable(
  'smart_dy_common',
  {
    id: id(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    ...commonColumns(),
    content: varchar('content', { length: 255 }).notNull(),
    ...audit(),
  },
  (t) => [index('smart_dy_common_tenant_idx').on(t.tenantId, t.ydUserId)],
);

/** Browse logs (contract tag `dy_browse_log`, served as declared: src/modules/plain-entities.ts). */
export const dyBrowseLog = pgTable(
  'smart_dy_browse_log',
  {
    id: id(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    ...browseLogColumns(),
    ...audit(),
  },
  (t) => [index('smart_dy_browse_log_tenant_idx').on(t.tenantId, t.createTime)],
);

/** Browse log groups (contract tag `dy_browe_log_group`, served as declared: src/modules/plain-entities.ts). */
export const dyBroweLogGroup = pgTable(
  'smart_dy_browe_log_group',
  {
    id: id(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    ...logGroupColumns(),
    browseId: bigint('browse_id', { mode: 'bigint' }),
    ...audit(),
  },
  (t) => [index('smart_dy_browe_log_group_tenant_idx').on(t.tenantId, t.createTime)],
);

/** Comment pictures (contract tag `dy_comm_picture`, served as declared: src/modules/plain-entities.ts). */
export const dyCommPicture = pgTable(
  'smart_dy_comm_picture',
  {
    id: id(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    ...commPictureColumns(),
    ...audit(),
  },
  (t) => [index('smart_dy_comm_picture_tenant_idx').on(t.tenantId, t.createTime)],
);

/** Comment logs (contract tag `dy_comm_log`, served as declared: src/modules/plain-entities.ts). */
export const dyCommLog = pgTable(
  'smart_dy_comm_log',
  {
    id: id(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    groupId: bigint('group_id', { mode: 'bigint' }),
    commId: bigint('comm_id', { mode: 'bigint' }),
    arrId: bigint('arr_id', { mode: 'bigint' }),
    robotAccount: varchar('robot_account', { length: 64 }).notNull().default(''),
    platformAccountName: varchar('platform_account_name', { length: 64 }).notNull().default(''),
    keyword: varchar('keyword', { length: 64 }).notNull().default(''),
    itemId: varchar('item_id', { length: 64 }).notNull().default(''),
    itemUrl: varchar('item_url', { length: 512 }).notNull().default(''),
    itemTitle: varchar('item_title', { length: 255 }).notNull().default(''),
    itemDesc: varchar('item_desc', { length: 1000 }).notNull().default(''),
    authorName: varchar('author_name', { length: 64 }).notNull().default(''),
    commentContent: varchar('comment_content', { length: 255 }).notNull().default(''),
    commentSource: integer('comment_source').notNull().default(1),
    aiConfigId: bigint('ai_config_id', { mode: 'bigint' }),
    pictureUrl: varchar('picture_url', { length: 512 }).notNull().default(''),
    isLiked: integer('is_liked').notNull().default(0),
    result: integer('result').notNull().default(0),
    failReason: varchar('fail_reason', { length: 255 }).notNull().default(''),
    commentTime: ts('comment_time'),
    powerCost: integer('power_cost').notNull().default(0),
    feishuSynced: integer('feishu_synced').notNull().default(0),
    feishuSyncTime: ts('feishu_sync_time'),
    ...audit(),
  },
  (t) => [index('smart_dy_comm_log_tenant_idx').on(t.tenantId, t.createTime)],
);

/** Comment log groups (contract tag `dy_comm_log_group`, served as declared: src/modules/plain-entities.ts). */
export const dyCommLogGroup = pgTable(
  'smart_dy_comm_log_group',
  {
    id: id(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    ...logGroupColumns(),
    commId: bigint('comm_id', { mode: 'bigint' }),
    ...audit(),
  },
  (t) => [index('smart_dy_comm_log_group_tenant_idx').on(t.tenantId, t.createTime)],
);

/** Publish items (contract tag `dy_publish_task`, served as declared: src/modules/plain-entities.ts). */
export const dyPublishTask = pgTable(
  'smart_dy_publish_task',
  {
    id: id(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    ...publishTaskColumns(),
    title: varchar('title', { length: 30 }).notNull().default(''),
    productLink: varchar('product_link', { length: 512 }).notNull().default(''),
    productTitle: varchar('product_title', { length: 10 }).notNull().default(''),
    declaration: varchar('declaration', { length: 64 }).notNull().default(''),
    ...audit(),
  },
  (t) => [index('smart_dy_publish_task_tenant_idx').on(t.tenantId, t.createTime)],
);

/** Publish logs (contract tag `dy_publish_log`, served as declared: src/modules/plain-entities.ts). */
export const dyPublishLog = pgTable(
  'smart_dy_publish_log',
  {
    id: id(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    ...publishLogColumns(),
    ...audit(),
  },
  (t) => [index('smart_dy_publish_log_tenant_idx').on(t.tenantId, t.createTime)],
);

/** Live phrases (contract tag `dy_live_common`, served as declared: src/modules/plain-entities.ts). */
export const dyLiveCommon = pgTable(
  'smart_dy_live_common',
  {
    id: id(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    ...commonColumns(),
    content: varchar('content', { length: 100 }).notNull().default(''),
    liveId: bigint('live_id', { mode: 'bigint' }),
    ...audit(),
  },
  (t) => [index('smart_dy_live_common_tenant_idx').on(t.tenantId, t.createTime)],
);

/** Live logs (contract tag `dy_live_log`, served as declared: src/modules/plain-entities.ts). */
export const dyLiveLog = pgTable(
  'smart_dy_live_log',
  {
    id: id(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    groupId: bigint('group_id', { mode: 'bigint' }),
    liveId: bigint('live_id', { mode: 'bigint' }),
    arrId: bigint('arr_id', { mode: 'bigint' }),
    robotAccount: varchar('robot_account', { length: 64 }).notNull().default(''),
    actionType: integer('action_type').notNull().default(1),
    content: varchar('content', { length: 255 }).notNull().default(''),
    result: integer('result').notNull().default(0),
    failReason: varchar('fail_reason', { length: 255 }).notNull().default(''),
    actionTime: ts('action_time'),
    ...audit(),
  },
  (t) => [index('smart_dy_live_log_tenant_idx').on(t.tenantId, t.createTime)],
);

/** Live log groups (contract tag `dy_live_log_group`, served as declared: src/modules/plain-entities.ts). */
export const dyLiveLogGroup = pgTable(
  'smart_dy_live_log_group',
  {
    id: id(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    ...logGroupColumns(),
    liveId: bigint('live_id', { mode: 'bigint' }),
    ...audit(),
  },
  (t) => [index('smart_dy_live_log_group_tenant_idx').on(t.tenantId, t.createTime)],
);

/** Browse tasks (contract tag `dy_browse`, served as declared: src/modules/plain-entities.ts). */
export const dyBrowse = pgTable(
  'smart_dy_browse',
  {
    id: id(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    ...taskCoreColumns(),
    ...browseColumns(),
    ...audit(),
  },
  (t) => [index('smart_dy_browse_tenant_idx').on(t.tenantId, t.createTime)],
);

/** Account roster (contract tag `dy_arr`, served as declared: src/modules/plain-entities.ts). */
export const dyArr = pgTable(
  'smart_dy_arr',
  {
    id: id(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    ...arrColumns(),
    ...audit(),
  },
  (t) => [index('smart_dy_arr_tenant_idx').on(t.tenantId, t.createTime)],
);

/** Comment tasks (contract tag `dy_comm`, served as declared: src/modules/plain-entities.ts). */
export const dyComm = pgTable(
  'smart_dy_comm',
  {
    id: id(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    ...taskCoreColumns(),
    sourceMode: integer('source_mode').notNull().default(1),
    commentMode: integer('comment_mode').notNull().default(1),
    aiConfigId: bigint('ai_config_id', { mode: 'bigint' }),
    withPicture: integer('with_picture').notNull().default(0),
    pictureRate: integer('picture_rate').notNull().default(0),
    commentsPerRun: integer('comments_per_run').notNull().default(1),
    perItemMax: integer('per_item_max').notNull().default(1),
    minIntervalSec: integer('min_interval_sec').notNull().default(0),
    maxIntervalSec: integer('max_interval_sec').notNull().default(0),
    likeBeforeComment: integer('like_before_comment').notNull().default(0),
    minLikeCount: integer('min_like_count').notNull().default(0),
    dedupeDays: integer('dedupe_days').notNull().default(0),
    powerPerComment: integer('power_per_comment').notNull().default(0),
    ...audit(),
  },
  (t) => [index('smart_dy_comm_tenant_idx').on(t.tenantId, t.createTime)],
);

/** Comment accounts (contract tag `dy_comm_arr`, served as declared: src/modules/plain-entities.ts). */
export const dyCommArr = pgTable(
  'smart_dy_comm_arr',
  {
    id: id(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    ...arrColumns(),
    commId: bigint('comm_id', { mode: 'bigint' }),
    ...audit(),
  },
  (t) => [index('smart_dy_comm_arr_tenant_idx').on(t.tenantId, t.createTime)],
);

/** Comment texts (contract tag `dy_comm_comment`, served as declared: src/modules/plain-entities.ts). */
export const dyCommComment = pgTable(
  'smart_dy_comm_comment',
  {
    id: id(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    ...commCommentColumns(),
    ...audit(),
  },
  (t) => [index('smart_dy_comm_comment_tenant_idx').on(t.tenantId, t.createTime)],
);

/** Comment links (contract tag `dy_comm_url`, served as declared: src/modules/plain-entities.ts). */
export const dyCommUrl = pgTable(
  'smart_dy_comm_url',
  {
    id: id(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    ...commUrlColumns(),
    ...audit(),
  },
  (t) => [index('smart_dy_comm_url_tenant_idx').on(t.tenantId, t.createTime)],
);
