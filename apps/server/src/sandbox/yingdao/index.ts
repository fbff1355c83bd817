/**
 * The sandbox Yingdao: a fake of Yingdao's open API (docs/automation-domain.md §3.1 "Fake server") mounted on the
 * server under `/sandbox-yingdao` when `ENGINE_SANDBOX=1`, so a local `npm start` runs tasks end to end: our client
 * gets tokens and starts jobs here, simulated robots execute them against our robot-facing API (robot.ts), and each
 * terminal job posts its callback to us. Tests mount it on a bare Fastify app (testing.ts).
 *
 * Nothing in production code imports this folder: the server loads it only when the sandbox is enabled.
 */
import type { FastifyInstance } from 'fastify';
import { control } from './control';
import { obj, sandboxScope } from './http';
import { YINGDAO_SANDBOX_PREFIX, type YingdaoSandboxOptions } from './model';
import { homePage, screenshotSvg } from './page';
import { registerJobRoutes } from './routes-jobs';
import { registerMiscRoutes } from './routes-misc';
import { YingdaoSandbox } from './sandbox';

export {
  SANDBOX_ACCESS_KEY_ID,
  SANDBOX_ACCESS_KEY_SECRET,
  YINGDAO_SANDBOX_PREFIX,
  sandboxAppUuid,
  type SimJob,
  type SimRobot,
  type YingdaoSandboxOptions,
} from './model';
export { YingdaoSandbox, type RateLimitOptions } from './sandbox';

const mounted = new WeakMap<FastifyInstance, YingdaoSandbox>();

/**
 * Mounts a sandbox Yingdao on `app` (before it is ready) and returns it; its timers, robots and callback retries
 * stop when the app closes.
 */
export function registerYingdaoSandbox(
  app: FastifyInstance,
  options: YingdaoSandboxOptions = {},
): YingdaoSandbox {
  const sb = new YingdaoSandbox(options);
  void app.register(async (scope) => {
    sandboxScope(scope);
    registerMiscRoutes(scope, sb);
    registerJobRoutes(scope, sb);
    scope.post(`${YINGDAO_SANDBOX_PREFIX}/_control`, async (req, reply) => {
      const a = control(sb, obj(req.body));
      return reply.code(a.code === 200 ? 200 : 400).send({ ...a, success: a.code === 200 });
    });
    scope.get(YINGDAO_SANDBOX_PREFIX, async (_req, reply) => reply.redirect(`${YINGDAO_SANDBOX_PREFIX}/`));
    scope.get(`${YINGDAO_SANDBOX_PREFIX}/`, async (_req, reply) =>
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(homePage(sb)),
    );
    scope.get<{ Params: { file: string } }>(
      `${YINGDAO_SANDBOX_PREFIX}/screenshot/:file`,
      async (req, reply) =>
        reply
          .type('image/svg+xml; charset=utf-8')
          .send(screenshotSvg(sb.job(req.params.file.replace(/\.svg$/, '')))),
    );
  });
  app.addHook('onClose', async () => sb.close());
  mounted.set(app, sb);
  return sb;
}

/** The sandbox mounted on `app`, if any (tests). */
export const yingdaoSandboxOf = (app: FastifyInstance): YingdaoSandbox | undefined => mounted.get(app);
