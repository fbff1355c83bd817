/**
 * RPA tables: card keys, Yingdao account details, scheduler job logs (docs/automation-domain.md §2). Tenant-owned.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { audit, id, ts } from './columns';

/** Card groups (contract tag `rpa_card_group`, src/modules/rpa/rpa-card-group/). */
export const rpaCardGroup = pgTable(
  'smart_rpa_card_group',
  {
    id: id(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    groupName: varchar('group_name', { length: 64 }).notNull().default(''),
    batchNo: varchar('batch_no', { length: 32 }).notNull().default(''),
    cardType: integer('card_type').notNull().default(1),
    faceValue: integer('face_value').notNull().default(1),
    price: doublePrecision('price').notNull().default(0),
    totalCount: integer('total_count').notNull().default(1),
    cardPrefix: varchar('card_prefix', { length: 8 }).notNull().default(''),
    validFrom: ts('valid_from'),
    expireTime: ts('expire_time'),
    channel: varchar('channel', { length: 64 }).notNull().default(''),
    remark: varchar('remark', { length: 500 }).notNull().default(''),
    usedCount: integer('used_count').notNull().default(0),
    ...audit(),
  },
  (t) => [index('smart_rpa_card_group_tenant_idx').on(t.tenantId, t.createTime)],
);

/**
 * Card keys (contract tag `rpa_card_password`, src/modules/rpa/rpa-card-password/). `card_password` holds the keyed
 * hash of the secret (src/kernel/card-secret.ts), never the secret. The card number is unique among the tenant's
 * live cards: the index settles concurrent generations, and a redemption finds its card by it.
 */
export const rpaCardPassword = pgTable(
  'smart_rpa_card_password',
  {
    id: id(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    groupId: bigint('group_id', { mode: 'bigint' }),
    cardNo: varchar('card_no', { length: 32 }).notNull().default(''),
    cardPassword: varchar('card_password', { length: 64 }).notNull().default(''),
    cardStatus: integer('card_status').notNull().default(0),
    exported: integer('exported').notNull().default(0),
    remark: varchar('remark', { length: 500 }).notNull().default(''),
    groupName: varchar('group_name', { length: 64 }).notNull().default(''),
    usedUserId: bigint('used_user_id', { mode: 'bigint' }),
    usedTime: ts('used_time'),
    ...audit(),
  },
  (t) => [
    index('smart_rpa_card_password_tenant_idx').on(t.tenantId, t.createTime),
    uniqueIndex('smart_rpa_card_password_no_uq')
      .on(t.tenantId, t.cardNo)
      .where(sql`is_deleted = 0`),
    index('smart_rpa_card_password_group_idx').on(t.groupId),
  ],
);

/** Yingdao accounts (contract tag `yd_user_info`, served as declared: src/modules/plain-entities.ts). */
export const ydUserInfo = pgTable(
  'smart_yd_user_info',
  {
    id: id(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    ydUserId: bigint('yd_user_id', { mode: 'bigint' }),
    realName: varchar('real_name', { length: 64 }).notNull().default(''),
    company: varchar('company', { length: 64 }).notNull().default(''),
    memberLevel: integer('member_level').notNull().default(0),
    expireTime: ts('expire_time'),
    robotQuota: integer('robot_quota').notNull().default(0),
    wechatOpenid: varchar('wechat_openid', { length: 64 }).notNull().default(''),
    feishuWebhook: varchar('feishu_webhook', { length: 256 }).notNull().default(''),
    // the bot's signing secret, sealed like every x-secret property (src/kernel/entity-secrets.ts)
    feishuSecret: text('feishu_secret').notNull().default(''),
    remark: varchar('remark', { length: 500 }).notNull().default(''),
    account: varchar('account', { length: 45 }).notNull().default(''),
    powerBalance: integer('power_balance').notNull().default(0),
    powerTotalIn: integer('power_total_in').notNull().default(0),
    powerTotalOut: integer('power_total_out').notNull().default(0),
    moneyBalance: doublePrecision('money_balance').notNull().default(0),
    totalRecharge: doublePrecision('total_recharge').notNull().default(0),
    robotUsed: integer('robot_used').notNull().default(0),
    version: integer('version').notNull().default(0),
    ...audit(),
  },
  (t) => [index('smart_yd_user_info_tenant_idx').on(t.tenantId, t.createTime)],
);

/** Job logs (contract tag `scheduler_job_log`, served as declared: src/modules/plain-entities.ts). */
export const schedulerJobLog = pgTable(
  'smart_scheduler_job_log',
  {
    id: id(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    jobId: bigint('job_id', { mode: 'bigint' }),
    jobName: varchar('job_name', { length: 64 }).notNull().default(''),
    jobGroup: varchar('job_group', { length: 16 }).notNull().default(''),
    invokeTarget: varchar('invoke_target', { length: 500 }).notNull().default(''),
    triggerType: integer('trigger_type').notNull().default(1),
    jobMessage: varchar('job_message', { length: 500 }).notNull().default(''),
    runStatus: integer('run_status').notNull().default(0),
    exceptionInfo: text('exception_info').notNull().default(''),
    startTime: ts('start_time'),
    endTime: ts('end_time'),
    durationMs: integer('duration_ms').notNull().default(0),
    groupIds: varchar('group_ids', { length: 500 }).notNull().default(''),
    remark: varchar('remark', { length: 500 }).notNull().default(''),
    ...audit(),
  },
  (t) => [index('smart_scheduler_job_log_tenant_idx').on(t.tenantId, t.createTime)],
);
