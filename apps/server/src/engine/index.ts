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

/** The simulated proxy's path and a secret it accepts (src/sandbox/mj; kept here so that no production module
 * imports the sandbox). */
const SANDBOX_MJ_PATH = '/sandbox-mj/mj';
const SANDBOX_MJ_SECRET = 'mj-sandbox-secret';
import type { MjPromptDeps } from '../modules/mj/mj-prompt/mj-prompt.module';
import { commentWriter, SANDBOX_LLM, sandboxAiConfig, yingdaoResolver } from './bindings';
import { bindFeishu, botHookUrl, feishuResolver } from './feishu/binding';
import { runAlerts } from './feishu/run-alerts';
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
  /** Where mj drawings go and the model of tenants without an `mj` AI configuration (src/modules/mj/mj-prompt). */
  mj: MjPromptDeps;
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
    // the mailbox of the mails the sandbox's apps send; a port in use (a second server) leaves it out, said once
    const { mountSmtpSink } = await import('../sandbox/smtp/index');
    await mountSmtpSink(app, { port: config.sandboxSmtpPort ?? 0 }).catch((e: unknown) =>
      app.log.warn({ err: e }, 'sandbox mailbox not started'),
    );
    if (!config.mjProxy) {
      const { registerMjSandbox } = await import('../sandbox/mj/index');
      registerMjSandbox(app, {
        publicOrigin: base,
        ...(config.sandboxPaceMs !== undefined ? { paceMs: config.sandboxPaceMs } : {}),
      });
    }
  }
  // the Feishu app of the log export and the comment import: configured, else the sandbox's, else none
  bindFeishu(app, feishuResolver(config?.feishu, sandbox));
  const tokens = new RunTokens(db);
  const yingdao = yingdaoResolver(db, sandbox);
  // failed runs and accounts needing verification, told to the customer's own Feishu bot
  const alert = runAlerts(db, { hookUrl: botHookUrl(config?.feishu, sandbox), log: app.log });
  const trigger: TriggerDeps = { db, tokens, yingdao, apiBase: base, alert };
  registerTaskFirers(scheduler, trigger);
  // the callback is the quick path, the poller the safety net (a lost callback, a job that never ends)
  const poller = config?.scheduler ? startPoller({ db, yingdao, everyMs: 30_000, alert }) : undefined;
  const pending = new Set<Promise<unknown>>();

  const handlers: Engine['handlers'] = {
    ...robotApiHandlers(db, commentWriter(db, sandbox), alert),

    /** Answers at once; the job's state is then read from Yingdao, not from the body (contract `yingdaoCallback`). */
    async yingdaoCallback(req: FastifyRequest) {
      const { jobUuid, idempotentUuid } = req.body as { jobUuid: string; idempotentUuid?: string };
      const p = findRunByJob(db, jobUuid, idempotentUuid)
        .then((run) => (run ? pollRun({ db, yingdao, alert }, run.k, run.groupId, true) : undefined))
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

  const mjProxy = config?.mjProxy;
  const mj: MjPromptDeps = {
    proxy: () =>
      mjProxy ??
      (sandbox ? { baseUrl: `${sandbox()}${SANDBOX_MJ_PATH}`, secret: SANDBOX_MJ_SECRET } : undefined),
    publicBase: base,
    fallbackModel: () => (sandbox ? sandboxAiConfig(`${sandbox()}${SANDBOX_LLM.prefix}`) : undefined),
    // the notify hook is the quick path, the sweep the safety net, as for runs
    sweepEveryMs: config?.scheduler ? 5_000 : 0,
  };

  const engine: Engine = {
    scheduler,
    handlers,
    mj,
    runToken: tokens.handler(),
    async close() {
      await poller?.stop();
      await Promise.allSettled([...pending]);
      await alert.idle();
      await scheduler.stop();
    },
  };
  app.addHook('onClose', () => engine.close());
  return engine;
}
