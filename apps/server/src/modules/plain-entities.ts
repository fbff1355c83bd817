/**
 * Declared entities that the generic module serves as they are (src/crud/define-module.ts): their table is the
 * server's only fact of theirs, the contract's declaration (openapi.yaml `x-entity`) gives the operations, filters,
 * sorts, unique keys, buttons and menu. Newest first unless the table has no `create_time`. An entity with extras
 * (a computed view field, a hook, another order) gets a module folder of its own instead (src/modules/<domain>/).
 */
import type { PgTable } from 'drizzle-orm/pg-core';
import { defineCrudModule } from '../crud/define-module';
import type { EntityRegistry } from '../crud/entities';
import type { Db } from '../db/index';
import {
  attach,
  comment,
  commentGroup,
  dyBroweLogGroup,
  dyBrowseLog,
  dyCommLog,
  dyCommLogGroup,
  dyCommPicture,
  dyCommon,
  dyLiveCommon,
  dyLiveLog,
  dyLiveLogGroup,
  dyPublishLog,
  img,
  mjPhraseExpand,
  openlyPrompt,
  param,
  powerLogs,
  reportFile,
  schedulerJobLog,
  sphBroweLogGroup,
  sphBrowseLog,
  sphCommon,
  xhsPublishLog,
  xhsPublishLogGroup,
  xshBroweLogGroup,
  xshBrowseLog,
  xshCommLog,
  xshCommLogGroup,
  xshCommPicture,
  xshCommon,
  xshSlide,
  ydUserInfo,
} from '../db/schema';

export const PLAIN_ENTITY_TABLES: Readonly<Record<string, PgTable>> = {
  // tenant-owned; the unique paramKey is also a partial unique index (schema.ts smart_param_key_uq), which settles
  // concurrent submits
  param,
  // the rows oss/endpoint/put-file records (src/modules/resource/oss), plus manual submit; remove is logical and the
  // stored object stays, since a removed row's link may still be in use (an avatar, a notice)
  attach,
  // the Douyin phrase pool; its enable switch is a form field, kept as sent (dy/dy-common/dy-common.test.ts)
  dy_common: dyCommon,
  // content platforms: phrase pools, pictures, comment groups and slide settings as the operators keep them (the
  // publish items are the engine's, src/engine/tasks/publish-item-module.ts); the run batches and action logs the engine writes (docs/automation-domain.md §2), listed and removed
  dy_browse_log: dyBrowseLog,
  dy_browe_log_group: dyBroweLogGroup,
  dy_comm_picture: dyCommPicture,
  dy_comm_log: dyCommLog,
  dy_comm_log_group: dyCommLogGroup,
  dy_publish_log: dyPublishLog,
  dy_live_common: dyLiveCommon,
  dy_live_log: dyLiveLog,
  dy_live_log_group: dyLiveLogGroup,
  xsh_common: xshCommon,
  xsh_browse_log: xshBrowseLog,
  xsh_browe_log_group: xshBroweLogGroup,
  xsh_slide: xshSlide,
  xsh_comm_picture: xshCommPicture,
  xsh_comm_log_group: xshCommLogGroup,
  xhs_publish_log: xhsPublishLog,
  xhs_publish_log_group: xhsPublishLogGroup,
  sph_common: sphCommon,
  sph_browe_log_group: sphBroweLogGroup,
  comment_group: commentGroup,
  // the shared comments. The browse, comment, publish and live tasks are the engine's (src/engine/tasks); the
  // rosters, comment pools, targets, strategies and image phrases have modules of their own
  // (src/modules/<dy|xhs|sph|mj>/), as has the live task's link expansion (dy/dy-live).
  comment,
  xsh_comm_log: xshCommLog,
  sph_browse_log: sphBrowseLog,
  // image generation: app settings, prompts and their expansions, public prompts, stored images
  mj_phrase_expand: mjPhraseExpand,
  openly_prompt: openlyPrompt,
  img,
  // RPA: Yingdao account details, the scheduler's job log (card keys and their groups have modules of their own,
  // src/modules/rpa/)
  yd_user_info: ydUserInfo,
  scheduler_job_log: schedulerJobLog,
  // commerce: the compute-power ledger and the e-mail log
  power_logs: powerLogs,
  // the report designer's files: listed and removed; each tenant keeps its own (src/db/schema-order.ts)
  report: reportFile,
};

/** The handlers of every plain entity (and of `extra` tables, keyed by entity name), by operation id. */
export function plainEntityModules(
  db: Db,
  entities: EntityRegistry,
  extra: Readonly<Record<string, PgTable>> = {},
): object {
  return Object.assign(
    {},
    ...Object.entries({ ...PLAIN_ENTITY_TABLES, ...extra }).map(
      ([name, table]) => defineCrudModule(db, entities.get(name), table).handlers,
    ),
  );
}
