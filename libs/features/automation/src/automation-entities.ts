// The table this feature runs on: per task definition its `updateCron` / `triggerJob` functions, its scheduler job
// group and where its runs are listed; per run log group its `stop` / `retry` functions and where its action logs are
// listed. Paths and filter
// parameters come from the entity manifests (the contract's x-entity menus and x-filters), never written here.
import {
  dyBroweLogGroupRetry,
  dyBroweLogGroupStop,
  dyBrowseTriggerJob,
  dyBrowseUpdateCron,
  dyCommLogGroupRetry,
  dyCommLogGroupStop,
  dyCommTriggerJob,
  dyCommUpdateCron,
  dyLiveLogGroupRetry,
  dyLiveLogGroupStop,
  dyLiveTriggerJob,
  dyLiveUpdateCron,
  dyPublishTriggerJob,
  dyPublishUpdateCron,
  sphBroweLogGroupRetry,
  sphBroweLogGroupStop,
  sphBrowseTriggerJob,
  sphBrowseUpdateCron,
  xhsPublishLogGroupRetry,
  xhsPublishLogGroupStop,
  xhsPublishTriggerJob,
  xhsPublishUpdateCron,
  xshBroweLogGroupRetry,
  xshBroweLogGroupStop,
  xshBrowseTriggerJob,
  xshBrowseUpdateCron,
  xshCommLogGroupRetry,
  xshCommLogGroupStop,
  xshCommTriggerJob,
  xshCommUpdateCron,
  type RequestOptions,
  type SchedulerJobGetCronIntervalStatusJobGroup,
  type StopRunResult,
  type TriggerJobRequest,
  type TriggerJobResult,
  type UpdateCronRequest,
  type UpdateCronResult,
} from '@smart/api-sdk';
import {
  dyBroweLogGroupEntity,
  dyBrowseEntity,
  dyBrowseLogEntity,
  dyCommEntity,
  dyCommLogEntity,
  dyCommLogGroupEntity,
  dyLiveEntity,
  dyLiveLogEntity,
  dyLiveLogGroupEntity,
  dyPublishEntity,
  dyPublishTaskEntity,
  sphBroweLogGroupEntity,
  sphBrowseEntity,
  sphBrowseLogEntity,
  xhsPublishEntity,
  xhsPublishLogEntity,
  xhsPublishLogGroupEntity,
  xshBroweLogGroupEntity,
  xshBrowseEntity,
  xshBrowseLogEntity,
  xshCommEntity,
  xshCommLogEntity,
  xshCommLogGroupEntity,
} from '@smart/api-sdk/entities';
import type { EntityManifestData } from '@smart/api-sdk/manifest';
import type { RunEntityName, TaskEntityName } from './names';

export type JobGroup = SchedulerJobGetCronIntervalStatusJobGroup;

/** A list page to open filtered: the entity whose menu page lists the rows, and the field the filter names. */
export interface ListTarget {
  entity: EntityManifestData;
  field: string;
}

export interface TaskKind {
  name: TaskEntityName;
  /** The task definition's manifest (its edit permission gates the actions). */
  entity: EntityManifestData;
  /** Its scheduler job group: the interval threshold the server applies (cron.yaml thresholdSeconds). */
  jobGroup: JobGroup;
  updateCron: (body: UpdateCronRequest, options?: RequestOptions) => Promise<UpdateCronResult>;
  triggerJob: (body: TriggerJobRequest, options?: RequestOptions) => Promise<TriggerJobResult>;
  /** Where its runs are listed (TriggerRun.runId: a log group, or for dy_publish the publish item). */
  runs: ListTarget;
}

/** An operator's hand on one run (the log group's `stop` and `retry`, apps/server/src/engine/runs/run-control.ts). */
export interface RunControl {
  stop: (params: { id: string }, options?: RequestOptions) => Promise<StopRunResult>;
  retry: (params: { id: string }, options?: RequestOptions) => Promise<TriggerJobResult>;
}

export interface RunKind {
  name: RunEntityName;
  /** The log group's manifest: its x-entity.actions name the button `stop` and `retry` need. */
  entity: EntityManifestData;
  /** Where the run's action logs are listed, and which of the run's fields names them (its id, else its job). */
  logs: ListTarget & { from: 'id' | 'jobUuid' };
  /** Its `stop` and `retry`. */
  control: RunControl;
}

export const TASK_KINDS: Readonly<Record<TaskEntityName, TaskKind>> = {
  dy_browse: {
    name: 'dy_browse',
    entity: dyBrowseEntity,
    jobGroup: 'DY_BROWSE',
    updateCron: dyBrowseUpdateCron,
    triggerJob: dyBrowseTriggerJob,
    runs: { entity: dyBroweLogGroupEntity, field: 'browseId' },
  },
  dy_comm: {
    name: 'dy_comm',
    entity: dyCommEntity,
    jobGroup: 'DY_COMM',
    updateCron: dyCommUpdateCron,
    triggerJob: dyCommTriggerJob,
    runs: { entity: dyCommLogGroupEntity, field: 'commId' },
  },
  // a Douyin publish run is one publish item per unit (patterns.yaml TriggerRun.runId)
  dy_publish: {
    name: 'dy_publish',
    entity: dyPublishEntity,
    jobGroup: 'DY_PUBLISH',
    updateCron: dyPublishUpdateCron,
    triggerJob: dyPublishTriggerJob,
    runs: { entity: dyPublishTaskEntity, field: 'publishId' },
  },
  dy_live: {
    name: 'dy_live',
    entity: dyLiveEntity,
    jobGroup: 'DY_LIVE',
    updateCron: dyLiveUpdateCron,
    triggerJob: dyLiveTriggerJob,
    runs: { entity: dyLiveLogGroupEntity, field: 'liveId' },
  },
  xsh_browse: {
    name: 'xsh_browse',
    entity: xshBrowseEntity,
    jobGroup: 'XSH_BROWSE',
    updateCron: xshBrowseUpdateCron,
    triggerJob: xshBrowseTriggerJob,
    runs: { entity: xshBroweLogGroupEntity, field: 'browseId' },
  },
  xsh_comm: {
    name: 'xsh_comm',
    entity: xshCommEntity,
    jobGroup: 'XSH_COMM',
    updateCron: xshCommUpdateCron,
    triggerJob: xshCommTriggerJob,
    runs: { entity: xshCommLogGroupEntity, field: 'commId' },
  },
  xhs_publish: {
    name: 'xhs_publish',
    entity: xhsPublishEntity,
    jobGroup: 'XHS_PUBLISH',
    updateCron: xhsPublishUpdateCron,
    triggerJob: xhsPublishTriggerJob,
    runs: { entity: xhsPublishLogGroupEntity, field: 'publishId' },
  },
  sph_browse: {
    name: 'sph_browse',
    entity: sphBrowseEntity,
    jobGroup: 'SPH_BROWSE',
    updateCron: sphBrowseUpdateCron,
    triggerJob: sphBrowseTriggerJob,
    runs: { entity: sphBroweLogGroupEntity, field: 'browseId' },
  },
};

export const RUN_KINDS: Readonly<Record<RunEntityName, RunKind>> = {
  dy_browe_log_group: {
    name: 'dy_browe_log_group',
    entity: dyBroweLogGroupEntity,
    logs: { entity: dyBrowseLogEntity, field: 'groupId', from: 'id' },
    control: { stop: dyBroweLogGroupStop, retry: dyBroweLogGroupRetry },
  },
  dy_comm_log_group: {
    name: 'dy_comm_log_group',
    entity: dyCommLogGroupEntity,
    logs: { entity: dyCommLogEntity, field: 'groupId', from: 'id' },
    control: { stop: dyCommLogGroupStop, retry: dyCommLogGroupRetry },
  },
  dy_live_log_group: {
    name: 'dy_live_log_group',
    entity: dyLiveLogGroupEntity,
    logs: { entity: dyLiveLogEntity, field: 'groupId', from: 'id' },
    control: { stop: dyLiveLogGroupStop, retry: dyLiveLogGroupRetry },
  },
  xsh_browe_log_group: {
    name: 'xsh_browe_log_group',
    entity: xshBroweLogGroupEntity,
    logs: { entity: xshBrowseLogEntity, field: 'groupId', from: 'id' },
    control: { stop: xshBroweLogGroupStop, retry: xshBroweLogGroupRetry },
  },
  xsh_comm_log_group: {
    name: 'xsh_comm_log_group',
    entity: xshCommLogGroupEntity,
    logs: { entity: xshCommLogEntity, field: 'groupId', from: 'id' },
    control: { stop: xshCommLogGroupStop, retry: xshCommLogGroupRetry },
  },
  // the xhs publish steps name the run's Yingdao job, not the group (xhs_publish_log x-filter)
  xhs_publish_log_group: {
    name: 'xhs_publish_log_group',
    entity: xhsPublishLogGroupEntity,
    logs: { entity: xhsPublishLogEntity, field: 'jobUuid', from: 'jobUuid' },
    control: { stop: xhsPublishLogGroupStop, retry: xhsPublishLogGroupRetry },
  },
  sph_browe_log_group: {
    name: 'sph_browe_log_group',
    entity: sphBroweLogGroupEntity,
    logs: { entity: sphBrowseLogEntity, field: 'groupId', from: 'id' },
    control: { stop: sphBroweLogGroupStop, retry: sphBroweLogGroupRetry },
  },
};

/**
 * The console path of `target`'s list filtered to `value` (`/dy/dy_comm_log?groupId_equal=42`): the entity's menu page,
 * with the contract's filter on the field (its equality filter when it has one); the generic page starts with it in
 * its search bar (libs/crud page-query.tsx). Undefined when the entity has no menu page or no such filter.
 */
export function listLink(target: ListTarget, value: string): string | undefined {
  const path = target.entity.menu?.path;
  const filters = target.entity.filters.filter((f) => f.field === target.field);
  const filter = filters.find((f) => f.kind === 'equal') ?? filters[0];
  if (!path || !filter || !value) return undefined;
  return `${path}?${new URLSearchParams({ [filter.param]: value }).toString()}`;
}
