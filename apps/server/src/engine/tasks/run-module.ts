/**
 * The runs' own writes (contract `<run tag>Stop` and `<run tag>Retry` of the log group tags, openapi/paths/smart-…/
 * *_log_group.yaml; docs/automation-domain.md §4.1), served beside the generic handlers of those entities
 * (src/modules/plain-entities.ts), as ./task-module.ts serves `updateCron` and `triggerJob` beside a task's. The
 * run is one of the caller's tenant, read as the entity's detail reads it; the rules are ../runs/run-control.ts's.
 */
import type { FastifyRequest } from 'fastify';
import { defineCrudModule } from '../../crud/define-module';
import type { EntityRegistry } from '../../crud/entities';
import { caller } from '../../crud/index';
import type { Db } from '../../db/index';
import { ok, parseId } from '../../util';
import { retryRun, stopRun } from '../runs/run-control';
import { TASK_KINDS, type TaskType } from '../runs/task-kinds';
import type { TriggerDeps } from '../runs/trigger';
import { opPrefix, publicRun } from './task-module';

export function runModule(
  db: Db,
  entities: EntityRegistry,
  taskType: TaskType,
  deps: { trigger: TriggerDeps },
) {
  const k = TASK_KINDS[taskType];
  if (!k.groupTag) return {};
  const m = defineCrudModule(db, entities.get(k.groupTag), k.groups);
  const prefix = opPrefix(k.groupTag);
  /** The caller's run named by `?id=` (`数据不存在` otherwise), and who asks. */
  const own = async (req: FastifyRequest) => {
    const a = caller(req);
    const run = await m.findOwn(a, parseId((req.query as { id?: string }).id));
    return { groupId: run.id, userId: parseId(a.user_id) ?? null };
  };
  return {
    async [`${prefix}Stop`](req: FastifyRequest) {
      const { groupId, userId } = await own(req);
      return ok(await stopRun(deps.trigger, k, groupId, userId));
    },

    async [`${prefix}Retry`](req: FastifyRequest) {
      const { groupId, userId } = await own(req);
      const result = await retryRun(deps.trigger, k, groupId, userId);
      return ok({
        taskId: result.taskId,
        triggerTime: result.triggerTime,
        runs: result.runs.map(publicRun),
      });
    },
  };
}
