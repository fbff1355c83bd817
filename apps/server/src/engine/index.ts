/**
 * The automation engine on a server (src/engine/README.md): the task modules' `updateCron`/`triggerJob`, the runs'
 * `stop`/`retry`, the scheduler's firers, the robot-facing operations, Yingdao's callback, the poller of runs in
 * flight, and — with `ENGINE_SANDBOX=1` — the simulated Yingdao and chat model mounted on this server.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { EngineConfig } from '../config';
import type { EntityRegistry } from '../crud/entities';
import type { Db } from '../db/index';
import { listeningBaseUrl } from '../kernel/self-url';
import { ok } from '../util';
import { commentWriter, yingdaoResolver } from './bindings';
import { bindFeishu, feishuResolver } from './feishu/binding';
import { robotApiHandlers } from './robot-api/robot-api';
import { findRunByJob, pollRun, startPoller } from './runs/poller';
import { RunTokens } from './runs/run-token';
import { TASK_TYPES } from './runs/task-kinds';
import type { TriggerDeps } from './runs/trigger';
import { createScheduler, type Scheduler } from './scheduler/scheduler';
import { registerTaskFirers } from './tasks/firers';
import { publishItemModule } from './tasks/publish-item-module';
import { runModule } from './tasks/run-module';
import { taskModule } from './tasks/task-module';

export interface Engine {
  /** The scheduler (./scheduler): the scheduler_job module keeps its jobs through it. */
  scheduler: Scheduler;
  handlers: Record<string, (req: FastifyRequest) => Promise<unknown>>;
  /** The security handler of the `runToken` scheme. */
  runToken: (req: FastifyRequest) => Promise<void>;
  close(): Promise<void>;
}

export async function setupEngine(
  app: FastifyInstance,
  db: Db,
  entities: EntityRegistry,
  config: EngineConfig | undefined,
): Promise<Engine> {
  const scheduler = createScheduler({ db, log: app.log });
  app.addHook('onReady', async () => {
    if (config?.scheduler) await scheduler.start();
  });
  const base = () => config?.publicUrl ?? listeningBaseUrl(app) ?? 'http://127.0.0.1';
  const sandbox = config?.sandbox ? base : undefined;
  if (config?.sandbox) {
    // loaded only when enabled: production code never imports the sandboxes
    const { registerYingdaoSandbox } = await import('../sandbox/yingdao/index');
    registerYingdaoSandbox(app, {
      callbackUrl: () => `${base()}/api/smart-yingdao/callback`,
      ...(config.sandboxPaceMs !== undefined ? { paceMs: config.sandboxPaceMs } : {}),
    });
    const { registerLlmSandbox } = await import('../sandbox/llm/index');
    registerLlmSandbox(app);
    const { registerDouyinSandbox } = await import('../sandbox/douyin/index');
    registerDouyinSandbox(app, base);
    const { registerFeishuSandbox } = await import('../sandbox/feishu/index');
    registerFeishuSandbox(app);
  }
  // the Feishu app of the log export and the comment import: configured, else the sandbox's, else none
  bindFeishu(app, feishuResolver(config?.feishu, sandbox));
  const tokens = new RunTokens(db);
  const yingdao = yingdaoResolver(db, sandbox);
  const trigger: TriggerDeps = { db, tokens, yingdao, apiBase: base };
  registerTaskFirers(scheduler, trigger);
  // the callback is the quick path, the poller the safety net (a lost callback, a job that never ends)
  const poller = config?.scheduler ? startPoller({ db, yingdao, everyMs: 30_000 }) : undefined;
  const pending = new Set<Promise<unknown>>();

  const handlers: Engine['handlers'] = {
    ...robotApiHandlers(db, commentWriter(db, sandbox)),

    /** Answers at once; the job's state is then read from Yingdao, not from the body (contract `yingdaoCallback`). */
    async yingdaoCallback(req: FastifyRequest) {
      const { jobUuid, idempotentUuid } = req.body as { jobUuid: string; idempotentUuid?: string };
      const p = findRunByJob(db, jobUuid, idempotentUuid)
        .then((run) => (run ? pollRun({ db, yingdao }, run.k, run.groupId, true) : undefined))
        .catch((e: unknown) =>
          req.log.warn({ err: e, jobUuid }, 'yingdao callback: the job could not be read'),
        )
        .finally(() => pending.delete(p));
      pending.add(p);
      return ok({});
    },
  };
  for (const type of TASK_TYPES)
    Object.assign(
      handlers,
      taskModule(db, entities, type, { trigger, scheduler }),
      runModule(db, entities, type, { trigger }),
    );
  for (const plan of ['dy_publish', 'xhs_publish'] as const)
    Object.assign(handlers, publishItemModule(db, entities, plan));

  const engine: Engine = {
    scheduler,
    handlers,
    runToken: tokens.handler(),
    async close() {
      await poller?.stop();
      await Promise.allSettled([...pending]);
      await scheduler.stop();
    },
  };
  app.addHook('onClose', () => engine.close());
  return engine;
}
