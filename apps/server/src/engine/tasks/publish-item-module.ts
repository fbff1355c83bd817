/**
 * The items of publish plans (contract tags `dy_publish_task`, `xhs_publish_task`): the generic module of their
 * declaration, plus `retry`, which puts failed or cancelled items back to pending for the next firing of their plan
 * (docs/automation-domain.md §4.3). The engine moves them otherwise (../runs/publish-items.ts).
 */
import { and, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { defineCrudModule } from '../../crud/define-module';
import type { EntityRegistry } from '../../crud/entities';
import { caller } from '../../crud/index';
import type { Db } from '../../db/index';
import { ok, parseId, parseIds } from '../../util';
import { ITEM } from '../runs/publish-items';
import { TASK_KINDS } from '../runs/task-kinds';

export function publishItemModule(db: Db, entities: EntityRegistry, plan: 'dy_publish' | 'xhs_publish') {
  const k = TASK_KINDS[plan];
  if (k.kind !== 'publish') throw new Error(`${plan} is not a publish plan`);
  const t = k.items;
  const name = `${plan}_task`;
  const m = defineCrudModule(db, entities.get(name), t);
  const retryOp = plan === 'dy_publish' ? 'dyPublishTaskRetry' : 'xhsPublishTaskRetry';
  return {
    ...m.handlers,
    async [retryOp](req: FastifyRequest) {
      const a = caller(req);
      const ids = parseIds((req.query as { ids: string }).ids);
      if (ids.length === 0) return ok({ retried: 0 });
      const rows = await db
        .update(t)
        .set({
          publishStatus: ITEM.PENDING,
          failReason: '',
          jobUuid: '',
          publishedItemId: '',
          publishedUrl: '',
          publishTime: null,
          updateUser: parseId(a.user_id) ?? null,
          updateTime: new Date(),
        })
        // the caller's own rows (tenant and data scope), and only those that ended without being published
        .where(and(m.scope(a), inArray(t.id, ids), inArray(t.publishStatus, [ITEM.FAILED, ITEM.CANCELLED])))
        .returning({ id: t.id });
      return ok({ retried: rows.length });
    },
  };
}
