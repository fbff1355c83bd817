/**
 * Channels (video-channel) automation tables (docs/automation-domain.md §2). Tenant-owned.
 */
import { bigint, index, integer, jsonb, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { audit, id, ts } from './columns';

/** Phrases (contract tag `sph_common`, served as declared: src/modules/plain-entities.ts). */
export const sphCommon = pgTable(
  'smart_sph_common',
  {
    id: id(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    ydUserId: bigint('yd_user_id', { mode: 'bigint' }),
    category: varchar('category', { length: 32 }).notNull().default(''),
    content: varchar('content', { length: 255 }).notNull().default(''),
    weight: integer('weight').notNull().default(1),
    useCount: integer('use_count').notNull().default(0),
    lastUsedTime: ts('last_used_time'),
    sort: integer('sort').notNull().default(0),
    ...audit(),
  },
  (t) => [index('smart_sph_common_tenant_idx').on(t.tenantId, t.createTime)],
);

/** Browse log groups (contract tag `sph_browe_log_group`, served as declared: src/modules/plain-entities.ts). */
export const sphBroweLogGroup = pgTable(
  'smart_sph_browe_log_group',
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
  (t) => [index('smart_sph_browe_log_group_tenant_idx').on(t.tenantId, t.createTime)],
);

/** Browse tasks (contract tag `sph_browse`, served as declared: src/modules/plain-entities.ts). */
export const sphBrowse = pgTable(
  'smart_sph_browse',
  {
    id: id(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    ydUserId: bigint('yd_user_id', { mode: 'bigint' }),
    taskName: varchar('task_name', { length: 64 }).notNull().default(''),
    arrIds: varchar('arr_ids', { length: 1000 }).notNull().default(''),
    robotUuid: varchar('robot_uuid', { length: 64 }).notNull().default(''),
    cron: varchar('cron', { length: 64 }).notNull().default(''),
    jobId: bigint('job_id', { mode: 'bigint' }),
    priority: varchar('priority', { length: 8 }).notNull().default('high'),
    waitTimeoutSec: integer('wait_timeout_sec').notNull().default(60),
    runTimeoutSec: integer('run_timeout_sec').notNull().default(60),
    lastRunTime: ts('last_run_time'),
    nextRunTime: ts('next_run_time'),
    lastRunStatus: varchar('last_run_status', { length: 16 }).notNull().default(''),
    activeStartTime: varchar('active_start_time', { length: 5 }).notNull().default(''),
    activeEndTime: varchar('active_end_time', { length: 5 }).notNull().default(''),
    browseMode: integer('browse_mode').notNull().default(1),
    keywords: varchar('keywords', { length: 1000 }).notNull().default(''),
    targetUrls: text('target_urls').notNull().default(''),
    browseCount: integer('browse_count').notNull().default(1),
    minStaySec: integer('min_stay_sec').notNull().default(0),
    maxStaySec: integer('max_stay_sec').notNull().default(0),
    likeRate: integer('like_rate').notNull().default(0),
    collectRate: integer('collect_rate').notNull().default(0),
    followRate: integer('follow_rate').notNull().default(0),
    searchSort: varchar('search_sort', { length: 32 }).notNull().default(''),
    noteType: integer('note_type').notNull().default(0),
    publishTimeRange: integer('publish_time_range').notNull().default(0),
    extParams: jsonb('ext_params').notNull().default([]),
    powerPerRun: integer('power_per_run').notNull().default(0),
    ...audit(),
  },
  (t) => [index('smart_sph_browse_tenant_idx').on(t.tenantId, t.createTime)],
);

/** Account roster (contract tag `sph_arr`, served as declared: src/modules/plain-entities.ts). */
export const sphArr = pgTable(
  'smart_sph_arr',
  {
    id: id(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    ydUserId: bigint('yd_user_id', { mode: 'bigint' }),
    arrName: varchar('arr_name', { length: 64 }).notNull().default(''),
    groupName: varchar('group_name', { length: 64 }).notNull().default(''),
    robotAccount: varchar('robot_account', { length: 64 }).notNull().default(''),
    robotClientUuid: varchar('robot_client_uuid', { length: 64 }).notNull().default(''),
    robotClientGroupUuid: varchar('robot_client_group_uuid', { length: 64 }).notNull().default(''),
    robotStatus: varchar('robot_status', { length: 16 }).notNull().default(''),
    platformAccountName: varchar('platform_account_name', { length: 64 }).notNull().default(''),
    platformAccountId: varchar('platform_account_id', { length: 128 }).notNull().default(''),
    loginStatus: integer('login_status').notNull().default(0),
    loginCheckTime: ts('login_check_time'),
    dailyLimit: integer('daily_limit').notNull().default(0),
    todayCount: integer('today_count').notNull().default(0),
    workStartTime: varchar('work_start_time', { length: 5 }).notNull().default(''),
    workEndTime: varchar('work_end_time', { length: 5 }).notNull().default(''),
    sort: integer('sort').notNull().default(0),
    lastRunTime: ts('last_run_time'),
    ...audit(),
  },
  (t) => [index('smart_sph_arr_tenant_idx').on(t.tenantId, t.createTime)],
);
