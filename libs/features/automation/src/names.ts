// The entities this feature extends, by name (libs/crud entity-extension.ts). Kept apart from the table of their SDK
// functions (automation-entities.ts) so the feature object the shell loads up front imports no page code.

/** Task definitions with `updateCron` and `triggerJob` (openapi paths of each tag; automation-domain.md §4.2). */
export const TASK_ENTITIES = [
  'dy_browse',
  'dy_comm',
  'dy_publish',
  'dy_live',
  'xsh_browse',
  'xsh_comm',
  'xhs_publish',
  'sph_browse',
] as const;

/** Run log groups: one row per run of one unit (automation-domain.md §2.1 LOG_GROUP, §4.1). */
export const RUN_ENTITIES = [
  'dy_browe_log_group',
  'dy_comm_log_group',
  'dy_live_log_group',
  'xsh_browe_log_group',
  'xsh_comm_log_group',
  'xhs_publish_log_group',
  'sph_browe_log_group',
] as const;

/**
 * Pools of targets a comment run takes from (automation-domain.md §1.3): rows switched on and off one by one
 * (`enable`), imported in bulk (`import`), cleared out once used (`emptyDelete`, Xiaohongshu links).
 */
export const POOL_ENTITIES = ['dy_comm_url', 'xsh_comm_url', 'xsh_comm_keyword'] as const;

/** Action logs with tools of their own: the count per robot account and the export to Feishu. */
export const COMMENT_LOG_ENTITIES = ['xsh_comm_log'] as const;

/** Items of publish plans, followed live while a robot publishes them (automation-domain.md §4.3). */
export const PUBLISH_ITEM_ENTITIES = ['dy_publish_task', 'xhs_publish_task'] as const;

/** The comment library, imported from Feishu. */
export const COMMENT_LIBRARY_ENTITIES = ['comment'] as const;

/** Control strategies by customer, edited through `updateByUser` (xsh_comm_control_strategy.yaml). */
export const STRATEGY_ENTITIES = ['xsh_comm_control_strategy'] as const;

export type TaskEntityName = (typeof TASK_ENTITIES)[number];
export type RunEntityName = (typeof RUN_ENTITIES)[number];
export type PoolEntityName = (typeof POOL_ENTITIES)[number];
export type CommentLogEntityName = (typeof COMMENT_LOG_ENTITIES)[number];
export type PublishItemEntityName = (typeof PUBLISH_ITEM_ENTITIES)[number];
export type CommentLibraryEntityName = (typeof COMMENT_LIBRARY_ENTITIES)[number];
export type StrategyEntityName = (typeof STRATEGY_ENTITIES)[number];
