/**
 * The task modules the engine runs, declared once each: which tables hold the task definition, its roster units,
 * its runs (log groups) and its action logs, and where its targets and texts come from
 * (docs/automation-domain.md §2.1–§2.4). The run code (./trigger.ts, ./apply-status.ts, ../robot-api) is written
 * once against these declarations.
 *
 * The tables of one role share their columns (src/db/columns-automation.ts: `taskCoreColumns`, `arrColumns`,
 * `logGroupColumns`, `commLogColumns`, `browseLogColumns`), so the code addresses every one of them through the
 * Douyin table of that role; only the column linking a run or unit to its task differs in name, and is declared.
 */
import type { PgColumn } from 'drizzle-orm/pg-core';
import {
  dyArr,
  dyBroweLogGroup,
  dyBrowse,
  dyBrowseLog,
  dyComm,
  dyCommArr,
  dyCommComment,
  dyCommLog,
  dyCommLogGroup,
  dyCommPicture,
  dyCommUrl,
  dyCommon,
  dyLive,
  dyLiveArr,
  dyLiveCommon,
  dyLiveLog,
  dyLiveLogGroup,
  dyPublish,
  dyPublishLog,
  dyPublishLogGroup,
  dyPublishTask,
  sphArr,
  sphBroweLogGroup,
  sphBrowse,
  sphBrowseLog,
  sphCommon,
  xhsCommComment,
  xshArr,
  xshBroweLogGroup,
  xshBrowse,
  xshBrowseLog,
  xshComm,
  xshCommArr,
  xshCommLog,
  xshCommLogGroup,
  xshCommKeyword,
  xshCommPicture,
  xshCommUrl,
  xshCommon,
  xhsPublish,
  xhsPublishLog,
  xhsPublishLogGroup,
  xhsPublishTask,
} from '../../db/schema';

export type TaskType =
  | 'dy_browse'
  | 'dy_comm'
  | 'xsh_browse'
  | 'xsh_comm'
  | 'sph_browse'
  | 'dy_publish'
  | 'xhs_publish'
  | 'dy_live';
export const TASK_TYPES: readonly TaskType[] = [
  'dy_browse',
  'dy_comm',
  'xsh_browse',
  'xsh_comm',
  'sph_browse',
  'dy_publish',
  'xhs_publish',
  'dy_live',
];

type TaskTable = typeof dyComm;
type BrowseTaskTable = typeof dyBrowse;
type UnitTable = typeof dyArr;
type GroupTable = typeof dyCommLogGroup;
type CommLogTable = typeof dyCommLog;
type BrowseLogTable = typeof dyBrowseLog;
type UrlTable = typeof dyCommUrl;
type PoolTable = typeof dyCommComment;
type PhraseTable = typeof dyCommon;

interface KindBase {
  taskType: TaskType;
  platform: 'dy' | 'xhs' | 'sph';
  /** scheduler_job.job_group (openapi/schemas/scheduler). */
  jobGroup: string;
  /** Units: the roster whose ids the task's `arrIds` lists. */
  units: UnitTable;
  /** A roster row bound to one task (`commId` of `*_comm_arr`), used when the task lists no `arrIds`. */
  unitTaskColumn?: PgColumn;
  groups: GroupTable;
  /**
   * The contract tag of its runs (openapi.yaml x-entity), whose `stop` and `retry` ../tasks/run-module.ts serves;
   * none for the Douyin publish runs, which the contract follows through their items.
   */
  groupTag?: string;
  /** The run's link to its task: `commId` / `browseId` / `publishId` / `liveId`. */
  groupTaskKey: 'commId' | 'browseId' | 'publishId' | 'liveId';
  phrases: PhraseTable;
}

export interface CommentKind extends KindBase {
  kind: 'comment';
  tasks: TaskTable;
  logs: CommLogTable;
  urls: UrlTable;
  /** The keyword pool runs searching by keyword take from (`xsh_comm_keyword`), besides the task's own keywords. */
  keywords?: typeof xshCommKeyword;
  pool: PoolTable;
  /** The images of image comments (`*_comm_picture`, ../robot-api/comment-picture.ts). */
  pictures: typeof dyCommPicture;
  /** power_logs.biz_type of a comment. */
  powerBiz: 'AI_COMMENT';
}

export interface BrowseKind extends KindBase {
  kind: 'browse';
  tasks: BrowseTaskTable;
  logs: BrowseLogTable;
  /** power_logs.biz_type of a run's reservation, per platform. */
  powerBiz: 'DY_BROWSE_RUN' | 'XSH_BROWSE_RUN' | 'SPH_BROWSE_RUN';
}

/**
 * A publish plan (docs/automation-domain.md §2.2 dy_publish, §2.3 xhs_publish, §4.3): a run publishes one pending
 * item of its unit (./publish-items.ts); the plan has no active window and costs no compute power.
 */
export interface PublishKind extends KindBase {
  kind: 'publish';
  tasks: typeof dyPublish;
  /** The items to publish (`*_publish_task`); Xiaohongshu's lack the product fields. */
  items: typeof dyPublishTask;
  /** The step logs of the items (`*_publish_log`). */
  logs: typeof dyPublishLog;
  /** The contract follows a Douyin publish run through its item (patterns.yaml TriggerRun.runId). */
  runIsItem: boolean;
  /** The platform's limits checked before an item is sent (§4.3). */
  limits: { title: number; tags: number; images: number };
}

/**
 * A live-room visit (docs/automation-domain.md §2.2 dy_live): each unit enters the room, stays, sends danmaku
 * (live phrases or AI, charged per AI text as a comment is) and taps likes; its actions are `dy_live_log` rows
 * (`actionType` 1 enter, 2 danmaku, 3 like, 4 follow, 5 leave). No active window, no reservation.
 */
export interface LiveKind extends KindBase {
  kind: 'live';
  tasks: typeof dyLive;
  logs: typeof dyLiveLog;
  /** power_logs.biz_type of an AI danmaku. */
  powerBiz: 'AI_COMMENT';
}

export type TaskKind = CommentKind | BrowseKind | PublishKind | LiveKind;

// Same columns, other names: see the header. A publish run's link to its item, `publishTaskId`, is an extra column.
const asUnits = (t: unknown) => t as UnitTable;
const asGroups = (t: unknown) => t as GroupTable;

export const TASK_KINDS: Readonly<Record<TaskType, TaskKind>> = {
  dy_comm: {
    taskType: 'dy_comm',
    kind: 'comment',
    platform: 'dy',
    jobGroup: 'DY_COMM',
    tasks: dyComm,
    units: asUnits(dyCommArr),
    unitTaskColumn: dyCommArr.commId,
    groups: dyCommLogGroup,
    groupTag: 'dy_comm_log_group',
    groupTaskKey: 'commId',
    logs: dyCommLog,
    urls: dyCommUrl,
    pool: dyCommComment,
    pictures: dyCommPicture,
    phrases: dyCommon,
    powerBiz: 'AI_COMMENT',
  },
  xsh_comm: {
    taskType: 'xsh_comm',
    kind: 'comment',
    platform: 'xhs',
    jobGroup: 'XSH_COMM',
    tasks: xshComm as unknown as TaskTable,
    units: asUnits(xshCommArr),
    unitTaskColumn: xshCommArr.commId,
    groups: asGroups(xshCommLogGroup),
    groupTag: 'xsh_comm_log_group',
    groupTaskKey: 'commId',
    logs: xshCommLog as unknown as CommLogTable,
    urls: xshCommUrl as unknown as UrlTable,
    keywords: xshCommKeyword,
    pool: xhsCommComment as unknown as PoolTable,
    pictures: xshCommPicture as unknown as typeof dyCommPicture,
    phrases: xshCommon as unknown as PhraseTable,
    powerBiz: 'AI_COMMENT',
  },
  dy_browse: {
    taskType: 'dy_browse',
    kind: 'browse',
    platform: 'dy',
    jobGroup: 'DY_BROWSE',
    tasks: dyBrowse,
    units: dyArr,
    groups: asGroups(dyBroweLogGroup),
    groupTag: 'dy_browe_log_group',
    groupTaskKey: 'browseId',
    logs: dyBrowseLog,
    phrases: dyCommon,
    powerBiz: 'DY_BROWSE_RUN',
  },
  xsh_browse: {
    taskType: 'xsh_browse',
    kind: 'browse',
    platform: 'xhs',
    jobGroup: 'XSH_BROWSE',
    tasks: xshBrowse as unknown as BrowseTaskTable,
    units: asUnits(xshArr),
    groups: asGroups(xshBroweLogGroup),
    groupTag: 'xsh_browe_log_group',
    groupTaskKey: 'browseId',
    logs: xshBrowseLog as unknown as BrowseLogTable,
    phrases: xshCommon as unknown as PhraseTable,
    powerBiz: 'XSH_BROWSE_RUN',
  },
  dy_publish: {
    taskType: 'dy_publish',
    kind: 'publish',
    platform: 'dy',
    jobGroup: 'DY_PUBLISH',
    tasks: dyPublish,
    units: dyArr,
    groups: asGroups(dyPublishLogGroup),
    groupTaskKey: 'publishId',
    items: dyPublishTask,
    logs: dyPublishLog,
    phrases: dyCommon,
    runIsItem: true,
    limits: { title: 30, tags: 50, images: 35 },
  },
  xhs_publish: {
    taskType: 'xhs_publish',
    kind: 'publish',
    platform: 'xhs',
    jobGroup: 'XHS_PUBLISH',
    tasks: xhsPublish as unknown as typeof dyPublish,
    units: asUnits(xshArr),
    groups: asGroups(xhsPublishLogGroup),
    groupTag: 'xhs_publish_log_group',
    groupTaskKey: 'publishId',
    items: xhsPublishTask as unknown as typeof dyPublishTask,
    logs: xhsPublishLog as unknown as typeof dyPublishLog,
    phrases: xshCommon as unknown as PhraseTable,
    runIsItem: false,
    limits: { title: 20, tags: 10, images: 35 },
  },
  dy_live: {
    taskType: 'dy_live',
    kind: 'live',
    platform: 'dy',
    jobGroup: 'DY_LIVE',
    tasks: dyLive,
    units: asUnits(dyLiveArr),
    unitTaskColumn: dyLiveArr.liveId,
    groups: asGroups(dyLiveLogGroup),
    groupTag: 'dy_live_log_group',
    groupTaskKey: 'liveId',
    logs: dyLiveLog,
    phrases: dyLiveCommon as unknown as PhraseTable,
    powerBiz: 'AI_COMMENT',
  },
  sph_browse: {
    taskType: 'sph_browse',
    kind: 'browse',
    platform: 'sph',
    jobGroup: 'SPH_BROWSE',
    tasks: sphBrowse as unknown as BrowseTaskTable,
    units: asUnits(sphArr),
    groups: asGroups(sphBroweLogGroup),
    groupTag: 'sph_browe_log_group',
    groupTaskKey: 'browseId',
    logs: sphBrowseLog as unknown as BrowseLogTable,
    phrases: sphCommon as unknown as PhraseTable,
    powerBiz: 'SPH_BROWSE_RUN',
  },
};

export const isTaskType = (v: string): v is TaskType => (TASK_TYPES as readonly string[]).includes(v);

/** The run's task id, whatever its column is called. */
export function groupTaskColumn(k: TaskKind): PgColumn {
  return (k.groups as unknown as Record<string, PgColumn>)[k.groupTaskKey]!;
}
