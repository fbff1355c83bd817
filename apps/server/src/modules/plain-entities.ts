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
  dyPublishTask,
  img,
  mjPhrase,
  mjPhraseExpand,
  mjPrompt,
  mjjAppConfig,
  openlyPrompt,
  param,
  powerLogs,
  rpaCardGroup,
  rpaCardPassword,
  schedulerJobLog,
  sendEmailLog,
  sphArr,
  sphBroweLogGroup,
  sphBrowse,
  sphBrowseLog,
  sphCommon,
  xhsCommComment,
  xhsPublish,
  xhsPublishLog,
  xhsPublishLogGroup,
  xhsPublishTask,
  xshArr,
  xshBroweLogGroup,
  xshBrowse,
  xshBrowseLog,
  xshComm,
  xshCommArr,
  xshCommControlStrategy,
  xshCommKeyword,
  xshCommLog,
  xshCommLogGroup,
  xshCommPicture,
  xshCommUrl,
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
  // content platforms: phrase pools, pictures, comment groups, slide settings and publish items as the operators
  // keep them; the run batches and action logs the engine writes (docs/automation-domain.md §2), listed and removed
  dy_browse_log: dyBrowseLog,
  dy_browe_log_group: dyBroweLogGroup,
  dy_comm_picture: dyCommPicture,
  dy_comm_log: dyCommLog,
  dy_comm_log_group: dyCommLogGroup,
  dy_publish_task: dyPublishTask,
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
  xhs_publish_task: xhsPublishTask,
  xhs_publish_log: xhsPublishLog,
  xhs_publish_log_group: xhsPublishLogGroup,
  sph_common: sphCommon,
  sph_browe_log_group: sphBroweLogGroup,
  comment_group: commentGroup,
  // content platforms' definitions: rosters of robot units, comment texts, URL and keyword pools, control
  // strategies, browse, comment and publish tasks, comments and image phrases. Only their CRUD is served here; their
  // engine operations (run now, cron update, enable, import, the rosters' getList …) answer 501 until the engine
  // (src/modules/<platform>/) takes them over with a module of their own.
  dy_browse: dyBrowse,
  dy_arr: dyArr,
  dy_comm: dyComm,
  dy_comm_arr: dyCommArr,
  dy_comm_comment: dyCommComment,
  dy_comm_url: dyCommUrl,
  xsh_browse: xshBrowse,
  xsh_arr: xshArr,
  xsh_comm_arr: xshCommArr,
  xsh_comm_keyword: xshCommKeyword,
  xsh_comm_url: xshCommUrl,
  xhs_comm_comment: xhsCommComment,
  xsh_comm_control_strategy: xshCommControlStrategy,
  xhs_publish: xhsPublish,
  sph_browse: sphBrowse,
  sph_arr: sphArr,
  mj_phrase: mjPhrase,
  comment,
  dy_publish: dyPublish,
  dy_live: dyLive,
  dy_live_arr: dyLiveArr,
  xsh_comm: xshComm,
  xsh_comm_log: xshCommLog,
  sph_browse_log: sphBrowseLog,
  // image generation: app settings, prompts and their expansions, public prompts, stored images
  mjjAppConfig,
  mj_phrase_expand: mjPhraseExpand,
  mj_prompt: mjPrompt,
  openly_prompt: openlyPrompt,
  img,
  // RPA: card keys and their groups, Yingdao account details, the scheduler's job log
  rpa_card_group: rpaCardGroup,
  rpa_card_password: rpaCardPassword,
  yd_user_info: ydUserInfo,
  scheduler_job_log: schedulerJobLog,
  // commerce: the compute-power ledger and the e-mail log
  power_logs: powerLogs,
  send_email_log: sendEmailLog,
};

/** The handlers of every plain entity, by operation id. */
export function plainEntityModules(db: Db, entities: EntityRegistry): object {
  return Object.assign(
    {},
    ...Object.entries(PLAIN_ENTITY_TABLES).map(
      ([name, table]) => defineCrudModule(db, entities.get(name), table).handlers,
    ),
  );
}
