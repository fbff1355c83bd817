// The chunk the entity pages load for their extensions (index.ts): the table of SDK functions and the components.
import type { EntityPageExtension } from '@smart/crud';
import { RUN_KINDS, TASK_KINDS } from './automation-entities';
import { runMonitorExtension } from './monitor/monitor-extension';
import { commentEntity, xshCommLogEntity } from '@smart/api-sdk/entities';
import { commentExtension } from './comments/comment-extension';
import { commentLogExtension } from './logs/log-extension';
import type {
  CommentLibraryEntityName,
  CommentLogEntityName,
  PoolEntityName,
  PublishItemEntityName,
  RunEntityName,
  StrategyEntityName,
  TaskEntityName,
} from './names';
import { POOL_KINDS } from './pool/pool-entities';
import { poolExtension } from './pool/pool-extension';
import { strategyExtension, withStrategyButton } from './strategy/strategy-extension';
import { taskExtension } from './task/task-extension';
import { PUBLISH_ITEM_KINDS } from './publish/publish-entities';
import { publishItemExtension } from './publish/publish-item-extension';

/**
 * The task pages with the control strategy's editor: only Xiaohongshu comment tasks follow one (xsh_comm.yaml
 * `useStrategy`, apps/server/src/engine/robot-api/control-strategy.ts `strategyOf`).
 */
const STRATEGY_TASKS: ReadonlySet<TaskEntityName> = new Set(['xsh_comm']);

export const taskPageExtension = (name: TaskEntityName): EntityPageExtension =>
  STRATEGY_TASKS.has(name)
    ? withStrategyButton(taskExtension(TASK_KINDS[name]))
    : taskExtension(TASK_KINDS[name]);
export const runPageExtension = (name: RunEntityName): EntityPageExtension =>
  runMonitorExtension(RUN_KINDS[name]);

export const poolPageExtension = (name: PoolEntityName): EntityPageExtension =>
  poolExtension(POOL_KINDS[name]);

export const publishItemPageExtension = (name: PublishItemEntityName): EntityPageExtension =>
  publishItemExtension(PUBLISH_ITEM_KINDS[name]);

const COMMENT_LOGS = { xsh_comm_log: xshCommLogEntity };
export const commentLogPageExtension = (name: CommentLogEntityName): EntityPageExtension =>
  commentLogExtension(COMMENT_LOGS[name]);

const LIBRARIES = { comment: commentEntity };
export const commentLibraryPageExtension = (name: CommentLibraryEntityName): EntityPageExtension =>
  commentExtension(LIBRARIES[name]);

export const strategyPageExtension = (_name: StrategyEntityName): EntityPageExtension => strategyExtension();

export { CronEditor, type CronEditorProps } from './cron/CronEditor';
export { ScheduleDialog, type ScheduleDialogProps } from './task/ScheduleDialog';
export { RunNowButton, ScheduleButton, TaskActions } from './task/TaskActions';
export { RunStatusBadge } from './monitor/RunStatusBadge';
export { RunCounts } from './monitor/RunCounts';
