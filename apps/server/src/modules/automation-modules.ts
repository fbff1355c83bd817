/**
 * The automation entities with extras beyond the generic module (getList, enable, import, emptyDelete, the
 * control strategy by customer, the comment log counts, the live link expansion) and the Yingdao login test, each in its own folder under
 * src/modules/<platform>/. The task definitions' modules are the engine's (src/engine/tasks).
 */
import type { EntityRegistry } from '../crud/entities';
import type { Db } from '../db/index';
import { dyArrModule } from './dy/dy-arr/dy-arr.module';
import { dyCommArrModule } from './dy/dy-comm-arr/dy-comm-arr.module';
import { dyLiveArrModule } from './dy/dy-live-arr/dy-live-arr.module';
import { dyCommCommentModule } from './dy/dy-comm-comment/dy-comm-comment.module';
import { dyCommUrlModule } from './dy/dy-comm-url/dy-comm-url.module';
import { dyLiveExpandModule } from './dy/dy-live/dy-live-expand.module';
import { xshArrModule } from './xhs/xsh-arr/xsh-arr.module';
import { xshCommArrModule } from './xhs/xsh-comm-arr/xsh-comm-arr.module';
import { xhsCommCommentModule } from './xhs/xhs-comm-comment/xhs-comm-comment.module';
import { xshCommUrlModule } from './xhs/xsh-comm-url/xsh-comm-url.module';
import { xshCommKeywordModule } from './xhs/xsh-comm-keyword/xsh-comm-keyword.module';
import { xshCommLogCountModule } from './xhs/xsh-comm-log/xsh-comm-log-count.module';
import { xshCommLogFeishuModule } from './xhs/xsh-comm-log/xsh-comm-log-feishu.module';
import { commentFeishuModule } from './comment/comment/comment-feishu.module';
import { xshCommControlStrategyModule } from './xhs/xsh-comm-control-strategy/xsh-comm-control-strategy.module';
import { sphArrModule } from './sph/sph-arr/sph-arr.module';
import { mjPhraseModule } from './mj/mj-phrase/mj-phrase.module';
import { yingdaoLoginModule } from './yingdao/yingdao-login/yingdao-login.module';

export function automationModules(db: Db, entities: EntityRegistry) {
  return {
    ...dyArrModule(db, entities),
    ...dyCommArrModule(db, entities),
    ...dyLiveArrModule(db, entities),
    ...dyCommCommentModule(db, entities),
    ...dyCommUrlModule(db, entities),
    ...dyLiveExpandModule(),
    ...xshArrModule(db, entities),
    ...xshCommArrModule(db, entities),
    ...xhsCommCommentModule(db, entities),
    ...xshCommUrlModule(db, entities),
    ...xshCommKeywordModule(db, entities),
    ...xshCommControlStrategyModule(db, entities),
    ...xshCommLogCountModule(db),
    ...xshCommLogFeishuModule(db),
    ...commentFeishuModule(db),
    ...sphArrModule(db, entities),
    ...mjPhraseModule(db, entities),
    ...yingdaoLoginModule(db),
  };
}
