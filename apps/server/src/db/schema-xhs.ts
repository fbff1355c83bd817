/**
 * Xiaohongshu (notes) automation tables (docs/automation-domain.md §2). Tenant-owned.
 */
import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, primaryKey, text, varchar } from 'drizzle-orm/pg-core';
import {
  arrColumns,
  browseColumns,
  browseLogColumns,
  commColumns,
  commCommentColumns,
  commLogColumns,
  commPictureColumns,
  commUrlColumns,
  commonColumns,
  logGroupColumns,
  publishColumns,
  publishLogColumns,
  publishTaskColumns,
  taskCoreColumns,
} from './columns-automation';
import { audit, id, ts } from './columns';

/** Phrases (contract tag `xsh_common`, served as declared: src/modules/plain-entities.ts). */
export const xshCommon = pgTable(
  'smart_xsh_common',
  {
    id: id(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    ...commonColumns(),
    content: varchar('content', { length: 255 }).notNull().default(''),
    ...audit(),
  },
  (t) => [index('smart_xsh_common_tenant_idx').on(t.tenantId, t.createTime)],
);

/** Browse logs (contract tag `xsh_browse_log`, served as declared: src/modules/plain-entities.ts). */
export const xshBrowseLog = pgTable(
  'smart_xsh_browse_log',
  {
    id: id(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    ...browseLogColumns(),
    noteType: varchar('note_type', { length: 8 }).notNull().default(''),
    ...audit(),
  },
  (t) => [
    index('smart_xsh_browse_log_tenant_idx').on(t.tenantId, t.createTime),
    // the action logs of one run, as the run monitor links to them (npm run bench:engine: 415 → 5 ms over 1M rows)
    index('smart_xsh_browse_log_group_idx')
      .on(t.tenantId, t.groupId, t.createTime)
      .where(sql`is_deleted = 0`),
  ],
);

/** Browse log groups (contract tag `xsh_browe_log_group`, served as declared: src/modules/plain-entities.ts). */
export const xshBroweLogGroup = pgTable(
  'smart_xsh_browe_log_group',
  {
    id: id(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    ...logGroupColumns(),
    browseId: bigint('browse_id', { mode: 'bigint' }),
    ...audit(),
  },
  (t) => [
    index('smart_xsh_browe_log_group_tenant_idx').on(t.tenantId, t.createTime),
    // Yingdao's callbacks and the poller find a run by its job (src/engine/runs/poller.ts)
    index('smart_xsh_browe_log_group_job_idx')
      .on(t.jobUuid)
      .where(sql`job_uuid <> ''`),
  ],
);

/** Slide settings (contract tag `xsh_slide`, served as declared: src/modules/plain-entities.ts). */
export const xshSlide = pgTable(
  'smart_xsh_slide',
  {
    id: id(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    ydUserId: bigint('yd_user_id', { mode: 'bigint' }),
    slideName: varchar('slide_name', { length: 64 }).notNull().default(''),
    feedChannel: varchar('feed_channel', { length: 64 }).notNull().default(''),
    minSlides: integer('min_slides').notNull().default(0),
    maxSlides: integer('max_slides').notNull().default(0),
    slideIntervalMinMs: integer('slide_interval_min_ms').notNull().default(0),
    slideIntervalMaxMs: integer('slide_interval_max_ms').notNull().default(0),
    openRate: integer('open_rate').notNull().default(0),
    readMinSec: integer('read_min_sec').notNull().default(0),
    readMaxSec: integer('read_max_sec').notNull().default(0),
    likeRate: integer('like_rate').notNull().default(0),
    collectRate: integer('collect_rate').notNull().default(0),
    followRate: integer('follow_rate').notNull().default(0),
    scrollComments: integer('scroll_comments').notNull().default(0),
    ...audit(),
  },
  (t) => [index('smart_xsh_slide_tenant_idx').on(t.tenantId, t.createTime)],
);

/** Comment pictures (contract tag `xsh_comm_picture`, served as declared: src/modules/plain-entities.ts). */
export const xshCommPicture = pgTable(
  'smart_xsh_comm_picture',
  {
    id: id(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    ...commPictureColumns(),
    ...audit(),
  },
  (t) => [index('smart_xsh_comm_picture_tenant_idx').on(t.tenantId, t.createTime)],
);

/** Comment log groups (contract tag `xsh_comm_log_group`, served as declared: src/modules/plain-entities.ts). */
export const xshCommLogGroup = pgTable(
  'smart_xsh_comm_log_group',
  {
    id: id(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    ...logGroupColumns(),
    commId: bigint('comm_id', { mode: 'bigint' }),
    ...audit(),
  },
  (t) => [
    index('smart_xsh_comm_log_group_tenant_idx').on(t.tenantId, t.createTime),
    // Yingdao's callbacks and the poller find a run by its job (src/engine/runs/poller.ts)
    index('smart_xsh_comm_log_group_job_idx')
      .on(t.jobUuid)
      .where(sql`job_uuid <> ''`),
  ],
);

/** Publish items (contract tag `xhs_publish_task`, served as declared: src/modules/plain-entities.ts). */
export const xhsPublishTask = pgTable(
  'smart_xhs_publish_task',
  {
    id: id(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    ...publishTaskColumns(),
    title: varchar('title', { length: 20 }).notNull().default(''),
    ...audit(),
  },
  (t) => [index('smart_xhs_publish_task_tenant_idx').on(t.tenantId, t.createTime)],
);

/** Publish logs (contract tag `xhs_publish_log`, served as declared: src/modules/plain-entities.ts). */
export const xhsPublishLog = pgTable(
  'smart_xhs_publish_log',
  {
    id: id(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    ...publishLogColumns(),
    ...audit(),
  },
  (t) => [index('smart_xhs_publish_log_tenant_idx').on(t.tenantId, t.createTime)],
);

/** Publish log groups (contract tag `xhs_publish_log_group`, served as declared: src/modules/plain-entities.ts). */
export const xhsPublishLogGroup = pgTable(
  'smart_xhs_publish_log_group',
  {
    id: id(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    ...logGroupColumns(),
    publishId: bigint('publish_id', { mode: 'bigint' }),
    // the item the run publishes (src/engine/runs/publish-items.ts); the engine's, not in the contract's view
    publishTaskId: bigint('publish_task_id', { mode: 'bigint' }),
    ...audit(),
  },
  (t) => [
    index('smart_xhs_publish_log_group_tenant_idx').on(t.tenantId, t.createTime),
    // Yingdao's callbacks and the poller find a run by its job (src/engine/runs/poller.ts)
    index('smart_xhs_publish_log_group_job_idx')
      .on(t.jobUuid)
      .where(sql`job_uuid <> ''`),
  ],
);

/** Browse tasks (contract tag `xsh_browse`, served as declared: src/modules/plain-entities.ts). */
export const xshBrowse = pgTable(
  'smart_xsh_browse',
  {
    id: id(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    ...taskCoreColumns(),
    ...browseColumns(),
    slideId: bigint('slide_id', { mode: 'bigint' }),
    ...audit(),
  },
  (t) => [index('smart_xsh_browse_tenant_idx').on(t.tenantId, t.createTime)],
);

/** Account roster (contract tag `xsh_arr`, served as declared: src/modules/plain-entities.ts). */
export const xshArr = pgTable(
  'smart_xsh_arr',
  {
    id: id(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    ...arrColumns(),
    ...audit(),
  },
  (t) => [index('smart_xsh_arr_tenant_idx').on(t.tenantId, t.createTime)],
);

/** Comment accounts (contract tag `xsh_comm_arr`, served as declared: src/modules/plain-entities.ts). */
export const xshCommArr = pgTable(
  'smart_xsh_comm_arr',
  {
    id: id(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    ...arrColumns(),
    commId: bigint('comm_id', { mode: 'bigint' }),
    ...audit(),
  },
  (t) => [index('smart_xsh_comm_arr_tenant_idx').on(t.tenantId, t.createTime)],
);

/** Comment keywords (contract tag `xsh_comm_keyword`, served as declared: src/modules/plain-entities.ts). */
export const xshCommKeyword = pgTable(
  'smart_xsh_comm_keyword',
  {
    id: id(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    ydUserId: bigint('yd_user_id', { mode: 'bigint' }),
    commId: bigint('comm_id', { mode: 'bigint' }),
    keyword: varchar('keyword', { length: 64 }).notNull().default(''),
    sortType: varchar('sort_type', { length: 32 }).notNull().default('general'),
    noteType: integer('note_type').notNull().default(0),
    maxNotes: integer('max_notes').notNull().default(1),
    usedCount: integer('used_count').notNull().default(0),
    lastUsedTime: ts('last_used_time'),
    source: integer('source').notNull().default(1),
    sort: integer('sort').notNull().default(0),
    ...audit(),
  },
  (t) => [index('smart_xsh_comm_keyword_tenant_idx').on(t.tenantId, t.createTime)],
);

/** Comment links (contract tag `xsh_comm_url`, served as declared: src/modules/plain-entities.ts). */
export const xshCommUrl = pgTable(
  'smart_xsh_comm_url',
  {
    id: id(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    ...commUrlColumns(),
    xsecToken: varchar('xsec_token', { length: 128 }).notNull().default(''),
    ...audit(),
  },
  (t) => [index('smart_xsh_comm_url_tenant_idx').on(t.tenantId, t.createTime)],
);

/** Comment texts (contract tag `xhs_comm_comment`, served as declared: src/modules/plain-entities.ts). */
export const xhsCommComment = pgTable(
  'smart_xhs_comm_comment',
  {
    id: id(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    ...commCommentColumns(),
    ...audit(),
  },
  (t) => [index('smart_xhs_comm_comment_tenant_idx').on(t.tenantId, t.createTime)],
);

/** Control strategy (contract tag `xsh_comm_control_strategy`, served as declared: src/modules/plain-entities.ts). */
export const xshCommControlStrategy = pgTable(
  'smart_xsh_comm_control_strategy',
  {
    id: id(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    ydUserId: bigint('yd_user_id', { mode: 'bigint' }),
    dailyMaxPerAccount: integer('daily_max_per_account').notNull().default(1),
    hourlyMaxPerAccount: integer('hourly_max_per_account').notNull().default(1),
    perNoteMax: integer('per_note_max').notNull().default(1),
    minIntervalSec: integer('min_interval_sec').notNull().default(0),
    maxIntervalSec: integer('max_interval_sec').notNull().default(0),
    activeStartTime: varchar('active_start_time', { length: 5 }).notNull().default(''),
    activeEndTime: varchar('active_end_time', { length: 5 }).notNull().default(''),
    dedupeDays: integer('dedupe_days').notNull().default(0),
    aiEnabled: integer('ai_enabled').notNull().default(0),
    aiFallbackToPool: integer('ai_fallback_to_pool').notNull().default(0),
    pictureRate: integer('picture_rate').notNull().default(0),
    likeBeforeComment: integer('like_before_comment').notNull().default(0),
    maxConsecutiveFail: integer('max_consecutive_fail').notNull().default(1),
    cooldownMinutes: integer('cooldown_minutes').notNull().default(0),
    sensitiveWords: text('sensitive_words').notNull().default(''),
    minNoteLikes: integer('min_note_likes').notNull().default(0),
    ...audit(),
  },
  (t) => [index('smart_xsh_comm_control_strategy_tenant_idx').on(t.tenantId, t.createTime)],
);

/** Publish tasks (contract tag `xhs_publish`, served as declared: src/modules/plain-entities.ts). */
export const xhsPublish = pgTable(
  'smart_xhs_publish',
  {
    id: id(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    ...publishColumns(),
    defaultTitle: varchar('default_title', { length: 20 }).notNull().default(''),
    ...audit(),
  },
  (t) => [index('smart_xhs_publish_tenant_idx').on(t.tenantId, t.createTime)],
);

/** Comment tasks (contract tag `xsh_comm`, served as declared: src/modules/plain-entities.ts). */
export const xshComm = pgTable(
  'smart_xsh_comm',
  {
    id: id(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    ...taskCoreColumns(),
    ...commColumns(),
    useStrategy: integer('use_strategy').notNull().default(0),
    ...audit(),
  },
  (t) => [index('smart_xsh_comm_tenant_idx').on(t.tenantId, t.createTime)],
);

/** Comment logs (contract tag `xsh_comm_log`, served as declared: src/modules/plain-entities.ts). */
export const xshCommLog = pgTable(
  'smart_xsh_comm_log',
  {
    id: id(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    ...commLogColumns(),
    noteType: varchar('note_type', { length: 8 }).notNull().default(''),
    xsecToken: varchar('xsec_token', { length: 128 }).notNull().default(''),
    ...audit(),
  },
  (t) => [
    index('smart_xsh_comm_log_tenant_idx').on(t.tenantId, t.createTime),
    // the action logs of one run, as the run monitor links to them (npm run bench:engine: 415 → 5 ms over 1M rows)
    index('smart_xsh_comm_log_group_idx')
      .on(t.tenantId, t.groupId, t.createTime)
      .where(sql`is_deleted = 0`),
  ],
);

/**
 * The comment logs an export to Feishu is sending, or may have sent (src/modules/xhs/xsh-comm-log/
 * xsh-comm-log-feishu.module.ts): one row per log while its export is on its way, so that exports on any instance
 * sharing the database never send the same log at once, and one per log whose append got no answer (the rows may be
 * in the sheet named here), so that the next export reads that sheet before appending them again. Rows leave when
 * Feishu confirms or refuses the append; not an entity of the contract.
 */
export const feishuExportClaim = pgTable(
  'smart_feishu_export_claim',
  {
    /** The log table (`xsh_comm_log`). */
    source: varchar('source', { length: 32 }).notNull(),
    logId: bigint('log_id', { mode: 'bigint' }).notNull(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    /** The export holding the claim. */
    batchId: varchar('batch_id', { length: 36 }).notNull(),
    /** `sending` (the export is on its way) or `unknown` (its append got no answer). */
    state: varchar('state', { length: 8 }).notNull(),
    /** Where the log is being, or may have been, appended. */
    spreadsheetToken: varchar('spreadsheet_token', { length: 64 }).notNull(),
    sheetId: varchar('sheet_id', { length: 64 }).notNull(),
    /** When the export claimed the log (`sending`), or when its append failed without an answer (`unknown`). */
    claimedAt: ts('claimed_at').notNull(),
  },
  (t) => [
    primaryKey({ name: 'smart_feishu_export_claim_pk', columns: [t.source, t.logId] }),
    index('smart_feishu_export_claim_batch_idx').on(t.batchId),
  ],
);
