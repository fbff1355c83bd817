/**
 * Column sets the content platforms share, as the contract composes their schemas from the same patterns
 * (openapi/schemas/business/patterns.yaml): each builder is the columns of one `*Fields` pattern that every table
 * composing it stores the same way. A platform table spreads the set and adds its own columns.
 */
import { bigint, integer, jsonb, text, varchar } from 'drizzle-orm/pg-core';
import { ts } from './columns';

/** The columns of patterns.yaml `LogGroupFields` (24). */
export const logGroupColumns = () => ({
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
});

/**
 * The columns of patterns.yaml `ArrFields` (17), plus `todayDate`, which the contract does not carry: the China day
 * (`yyyy-MM-dd`) that `todayCount` counts. A count of an earlier day is 0 to the daily cap and to the console
 * (src/engine/runs/unit-day.ts); '' (the rows from before the column) is such an earlier day.
 */
export const arrColumns = () => ({
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
  todayDate: varchar('today_date', { length: 10 }).notNull().default(''),
  workStartTime: varchar('work_start_time', { length: 5 }).notNull().default(''),
  workEndTime: varchar('work_end_time', { length: 5 }).notNull().default(''),
  sort: integer('sort').notNull().default(0),
  lastRunTime: ts('last_run_time'),
});

/** The columns of patterns.yaml `CommonFields` (6). */
export const commonColumns = () => ({
  ydUserId: bigint('yd_user_id', { mode: 'bigint' }),
  category: varchar('category', { length: 32 }).notNull().default(''),
  weight: integer('weight').notNull().default(1),
  useCount: integer('use_count').notNull().default(0),
  lastUsedTime: ts('last_used_time'),
  sort: integer('sort').notNull().default(0),
});

/** The columns of patterns.yaml `TaskCoreFields` (18). */
export const taskCoreColumns = () => ({
  ydUserId: bigint('yd_user_id', { mode: 'bigint' }),
  taskName: varchar('task_name', { length: 64 }).notNull().default(''),
  arrIds: varchar('arr_ids', { length: 1000 }).notNull().default(''),
  robotUuid: varchar('robot_uuid', { length: 64 }).notNull().default(''),
  cron: varchar('cron', { length: 64 }).notNull().default(''),
  jobId: bigint('job_id', { mode: 'bigint' }),
  // Yingdao's own defaults when a job names none (patterns.yaml Priority, WaitTimeoutSec, RunTimeoutSec)
  priority: varchar('priority', { length: 8 }).notNull().default('middle'),
  waitTimeoutSec: integer('wait_timeout_sec').notNull().default(600),
  runTimeoutSec: integer('run_timeout_sec').notNull().default(3600),
  lastRunTime: ts('last_run_time'),
  nextRunTime: ts('next_run_time'),
  lastRunStatus: varchar('last_run_status', { length: 16 }).notNull().default(''),
  activeStartTime: varchar('active_start_time', { length: 5 }).notNull().default(''),
  activeEndTime: varchar('active_end_time', { length: 5 }).notNull().default(''),
  keywords: varchar('keywords', { length: 1000 }).notNull().default(''),
  searchSort: varchar('search_sort', { length: 32 }).notNull().default(''),
  noteType: integer('note_type').notNull().default(0),
  publishTimeRange: integer('publish_time_range').notNull().default(0),
});

/** The columns of patterns.yaml `BrowseLogFields` (19). */
export const browseLogColumns = () => ({
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
});

/** The columns of patterns.yaml `PublishTaskFields` (18). */
export const publishTaskColumns = () => ({
  ydUserId: bigint('yd_user_id', { mode: 'bigint' }),
  publishId: bigint('publish_id', { mode: 'bigint' }),
  arrId: bigint('arr_id', { mode: 'bigint' }),
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
});

/** The columns of patterns.yaml `PublishLogFields` (10). */
export const publishLogColumns = () => ({
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
});

/** The columns of patterns.yaml `CommUrlFields` (10). */
export const commUrlColumns = () => ({
  ydUserId: bigint('yd_user_id', { mode: 'bigint' }),
  commId: bigint('comm_id', { mode: 'bigint' }),
  url: varchar('url', { length: 512 }).notNull().default(''),
  itemId: varchar('item_id', { length: 64 }).notNull().default(''),
  title: varchar('title', { length: 255 }).notNull().default(''),
  useStatus: integer('use_status').notNull().default(0),
  commentCount: integer('comment_count').notNull().default(0),
  lastCommentTime: ts('last_comment_time'),
  source: integer('source').notNull().default(1),
  sort: integer('sort').notNull().default(0),
});

/** The columns of patterns.yaml `CommPictureFields` (5). */
export const commPictureColumns = () => ({
  ydUserId: bigint('yd_user_id', { mode: 'bigint' }),
  commId: bigint('comm_id', { mode: 'bigint' }),
  imgId: bigint('img_id', { mode: 'bigint' }),
  url: varchar('url', { length: 512 }).notNull().default(''),
  useCount: integer('use_count').notNull().default(0),
});

/** The columns of patterns.yaml `CommCommentFields` (7). */
export const commCommentColumns = () => ({
  ydUserId: bigint('yd_user_id', { mode: 'bigint' }),
  commId: bigint('comm_id', { mode: 'bigint' }),
  content: varchar('content', { length: 255 }).notNull().default(''),
  source: integer('source').notNull().default(1),
  feishuRef: varchar('feishu_ref', { length: 128 }).notNull().default(''),
  useCount: integer('use_count').notNull().default(0),
  lastUsedTime: ts('last_used_time'),
});

/** The columns of patterns.yaml `BrowseFields` (10). */
export const browseColumns = () => ({
  browseMode: integer('browse_mode').notNull().default(1),
  targetUrls: text('target_urls').notNull().default(''),
  browseCount: integer('browse_count').notNull().default(1),
  minStaySec: integer('min_stay_sec').notNull().default(0),
  maxStaySec: integer('max_stay_sec').notNull().default(0),
  likeRate: integer('like_rate').notNull().default(0),
  collectRate: integer('collect_rate').notNull().default(0),
  followRate: integer('follow_rate').notNull().default(0),
  extParams: jsonb('ext_params').notNull().default([]),
  powerPerRun: integer('power_per_run').notNull().default(0),
});

/** The columns of patterns.yaml `CommFields` (14). */
export const commColumns = () => ({
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
  maxConsecutiveFail: integer('max_consecutive_fail').notNull().default(3),
});

/** The columns of patterns.yaml `CommLogFields` (22). */
export const commLogColumns = () => ({
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
});

/** The columns of patterns.yaml `PublishFields` (21). */
export const publishColumns = () => ({
  ydUserId: bigint('yd_user_id', { mode: 'bigint' }),
  taskName: varchar('task_name', { length: 64 }).notNull().default(''),
  arrIds: varchar('arr_ids', { length: 1000 }).notNull().default(''),
  robotUuid: varchar('robot_uuid', { length: 64 }).notNull().default(''),
  cron: varchar('cron', { length: 64 }).notNull().default(''),
  jobId: bigint('job_id', { mode: 'bigint' }),
  // Yingdao's own defaults when a job names none (patterns.yaml Priority, WaitTimeoutSec, RunTimeoutSec)
  priority: varchar('priority', { length: 8 }).notNull().default('middle'),
  waitTimeoutSec: integer('wait_timeout_sec').notNull().default(600),
  runTimeoutSec: integer('run_timeout_sec').notNull().default(3600),
  lastRunTime: ts('last_run_time'),
  nextRunTime: ts('next_run_time'),
  lastRunStatus: varchar('last_run_status', { length: 16 }).notNull().default(''),
  contentType: integer('content_type').notNull().default(1),
  defaultDesc: varchar('default_desc', { length: 1000 }).notNull().default(''),
  defaultTags: varchar('default_tags', { length: 500 }).notNull().default(''),
  enableTimer: integer('enable_timer').notNull().default(0),
  videosPerDay: integer('videos_per_day').notNull().default(1),
  dailyTimes: varchar('daily_times', { length: 64 }).notNull().default(''),
  startDays: integer('start_days').notNull().default(0),
  location: varchar('location', { length: 64 }).notNull().default(''),
  collectionName: varchar('collection_name', { length: 64 }).notNull().default(''),
});
