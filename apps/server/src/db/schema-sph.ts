/**
 * Channels (video-channel) automation tables (docs/automation-domain.md §2). Tenant-owned.
 */
import { bigint, index, integer, jsonb, pgTable, varchar } from 'drizzle-orm/pg-core';
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
