/**
 * Douyin automation tables (docs/automation-domain.md §2). Tenant-owned; `yd_user_id` null = shared by the tenant.
 */
import { bigint, index, integer, jsonb, pgTable, varchar } from 'drizzle-orm/pg-core';
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
    ydUserId: bigint('yd_user_id', { mode: 'bigint' }),
    category: varchar('category', { length: 32 }).notNull().default(''),
    content: varchar('content', { length: 255 }).notNull(),
    weight: integer('weight').notNull().default(1),
    useCount: integer('use_count').notNull().default(0),
    lastUsedTime: ts('last_used_time'),
    sort: integer('sort').notNull().default(0),
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
    groupId: bigint('group_id', { mode: 'bigint' }),
    browseId: bigint('browse_id', { mode: 'bigint' }),
    arrId: bigint('arr_id', { mode: 'bigint' }),
    robotAccount: varchar('robot_account', { length: 64 }).notNull().default(''),
    platformAccountName: varchar('platform_account_name', { length: 64 }).notNull().default(''),
    keyword: varchar('keyword', { length: 64 }).notNull().default(''),
    itemId: varchar('item_id', { length: 64 }).notNull().default(''),
    itemUrl: varchar('item_url', { length: 512 }).notNull().default(''),
    itemTitle: varchar('item_title', { length: 255 }).notNull().default(''),
    authorName: varchar('author_name', { length: 64 }).notNull().default(''),
    authorId: varchar('author_id', { length: 128 }).notNull().default(''),
    staySec: integer('stay_sec').notNull().default(0),
    isLiked: integer('is_liked').notNull().default(0),
    isCollected: integer('is_collected').notNull().default(0),
    isFollowed: integer('is_followed').notNull().default(0),
    result: integer('result').notNull().default(0),
    failReason: varchar('fail_reason', { length: 255 }).notNull().default(''),
    actionTime: ts('action_time'),
    screenshotUrl: varchar('screenshot_url', { length: 512 }).notNull().default(''),
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
    taskName: varchar('task_name', { length: 64 }).notNull().default(''),
    arrId: bigint('arr_id', { mode: 'bigint' }),
    robotAccount: varchar('robot_account', { length: 64 }).notNull().default(''),
    triggerType: integer('trigger_type').notNull().default(1),
    jobUuid: varchar('job_uuid', { length: 64 }).notNull().default(''),
    idempotentUuid: varchar('idempotent_uuid', { length: 36 }).notNull().default(''),
    runStatus: varchar('run_status', { length: 16 }).notNull().default('PENDING'),
    ydStatus: varchar('yd_status', { length: 16 }).notNull().default(''),
    triggerTime: ts('trigger_time'),
    startTime: ts('start_time'),
    endTime: ts('end_time'),
    durationSec: integer('duration_sec').notNull().default(0),
    plannedCount: integer('planned_count').notNull().default(0),
    successCount: integer('success_count').notNull().default(0),
    failCount: integer('fail_count').notNull().default(0),
    skipCount: integer('skip_count').notNull().default(0),
    powerCost: integer('power_cost').notNull().default(0),
    errorMsg: varchar('error_msg', { length: 500 }).notNull().default(''),
    screenshotUrl: varchar('screenshot_url', { length: 512 }).notNull().default(''),
    outputs: jsonb('outputs').notNull().default([]),
    callbackReceived: integer('callback_received').notNull().default(0),
    lastPollTime: ts('last_poll_time'),
    pollDeadline: ts('poll_deadline'),
    feishuSynced: integer('feishu_synced').notNull().default(0),
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
    ydUserId: bigint('yd_user_id', { mode: 'bigint' }),
    commId: bigint('comm_id', { mode: 'bigint' }),
    imgId: bigint('img_id', { mode: 'bigint' }),
    url: varchar('url', { length: 512 }).notNull().default(''),
    useCount: integer('use_count').notNull().default(0),
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
    taskName: varchar('task_name', { length: 64 }).notNull().default(''),
    arrId: bigint('arr_id', { mode: 'bigint' }),
    robotAccount: varchar('robot_account', { length: 64 }).notNull().default(''),
    triggerType: integer('trigger_type').notNull().default(1),
    jobUuid: varchar('job_uuid', { length: 64 }).notNull().default(''),
    idempotentUuid: varchar('idempotent_uuid', { length: 36 }).notNull().default(''),
    runStatus: varchar('run_status', { length: 16 }).notNull().default('PENDING'),
    ydStatus: varchar('yd_status', { length: 16 }).notNull().default(''),
    triggerTime: ts('trigger_time'),
    startTime: ts('start_time'),
    endTime: ts('end_time'),
    durationSec: integer('duration_sec').notNull().default(0),
    plannedCount: integer('planned_count').notNull().default(0),
    successCount: integer('success_count').notNull().default(0),
    failCount: integer('fail_count').notNull().default(0),
    skipCount: integer('skip_count').notNull().default(0),
    powerCost: integer('power_cost').notNull().default(0),
    errorMsg: varchar('error_msg', { length: 500 }).notNull().default(''),
    screenshotUrl: varchar('screenshot_url', { length: 512 }).notNull().default(''),
    outputs: jsonb('outputs').notNull().default([]),
    callbackReceived: integer('callback_received').notNull().default(0),
    lastPollTime: ts('last_poll_time'),
    pollDeadline: ts('poll_deadline'),
    feishuSynced: integer('feishu_synced').notNull().default(0),
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
    ydUserId: bigint('yd_user_id', { mode: 'bigint' }),
    publishId: bigint('publish_id', { mode: 'bigint' }),
    arrId: bigint('arr_id', { mode: 'bigint' }),
    title: varchar('title', { length: 30 }).notNull().default(''),
    description: varchar('description', { length: 1000 }).notNull().default(''),
    tags: varchar('tags', { length: 500 }).notNull().default(''),
    videoUrl: varchar('video_url', { length: 512 }).notNull().default(''),
    coverPortraitUrl: varchar('cover_portrait_url', { length: 512 }).notNull().default(''),
    coverLandscapeUrl: varchar('cover_landscape_url', { length: 512 }).notNull().default(''),
    imageUrls: jsonb('image_urls').notNull().default([]),
    scheduleTime: ts('schedule_time'),
    location: varchar('location', { length: 64 }).notNull().default(''),
    collectionName: varchar('collection_name', { length: 64 }).notNull().default(''),
    publishStatus: integer('publish_status').notNull().default(0),
    jobUuid: varchar('job_uuid', { length: 64 }).notNull().default(''),
    publishedItemId: varchar('published_item_id', { length: 64 }).notNull().default(''),
    publishedUrl: varchar('published_url', { length: 512 }).notNull().default(''),
    failReason: varchar('fail_reason', { length: 255 }).notNull().default(''),
    publishTime: ts('publish_time'),
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
    publishTaskId: bigint('publish_task_id', { mode: 'bigint' }),
    publishId: bigint('publish_id', { mode: 'bigint' }),
    arrId: bigint('arr_id', { mode: 'bigint' }),
    jobUuid: varchar('job_uuid', { length: 64 }).notNull().default(''),
    robotAccount: varchar('robot_account', { length: 64 }).notNull().default(''),
    step: varchar('step', { length: 32 }).notNull().default('upload'),
    result: integer('result').notNull().default(0),
    message: varchar('message', { length: 500 }).notNull().default(''),
    screenshotUrl: varchar('screenshot_url', { length: 512 }).notNull().default(''),
    logTime: ts('log_time'),
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
    ydUserId: bigint('yd_user_id', { mode: 'bigint' }),
    category: varchar('category', { length: 32 }).notNull().default(''),
    content: varchar('content', { length: 100 }).notNull().default(''),
    weight: integer('weight').notNull().default(1),
    useCount: integer('use_count').notNull().default(0),
    lastUsedTime: ts('last_used_time'),
    sort: integer('sort').notNull().default(0),
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
    taskName: varchar('task_name', { length: 64 }).notNull().default(''),
    arrId: bigint('arr_id', { mode: 'bigint' }),
    robotAccount: varchar('robot_account', { length: 64 }).notNull().default(''),
    triggerType: integer('trigger_type').notNull().default(1),
    jobUuid: varchar('job_uuid', { length: 64 }).notNull().default(''),
    idempotentUuid: varchar('idempotent_uuid', { length: 36 }).notNull().default(''),
    runStatus: varchar('run_status', { length: 16 }).notNull().default('PENDING'),
    ydStatus: varchar('yd_status', { length: 16 }).notNull().default(''),
    triggerTime: ts('trigger_time'),
    startTime: ts('start_time'),
    endTime: ts('end_time'),
    durationSec: integer('duration_sec').notNull().default(0),
    plannedCount: integer('planned_count').notNull().default(0),
    successCount: integer('success_count').notNull().default(0),
    failCount: integer('fail_count').notNull().default(0),
    skipCount: integer('skip_count').notNull().default(0),
    powerCost: integer('power_cost').notNull().default(0),
    errorMsg: varchar('error_msg', { length: 500 }).notNull().default(''),
    screenshotUrl: varchar('screenshot_url', { length: 512 }).notNull().default(''),
    outputs: jsonb('outputs').notNull().default([]),
    callbackReceived: integer('callback_received').notNull().default(0),
    lastPollTime: ts('last_poll_time'),
    pollDeadline: ts('poll_deadline'),
    feishuSynced: integer('feishu_synced').notNull().default(0),
    liveId: bigint('live_id', { mode: 'bigint' }),
    ...audit(),
  },
  (t) => [index('smart_dy_live_log_group_tenant_idx').on(t.tenantId, t.createTime)],
);
