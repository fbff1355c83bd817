/**
 * Tests' harness: a bare Fastify app on 127.0.0.1 (port 0) with the sandbox Yingdao, a small fake of our
 * robot-facing API (src/engine/README.md "The robot-facing protocol") that records what the robots send, and a
 * callback receiver that can refuse deliveries. Used by the client's and the sandbox's tests only.
 */
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { YingdaoClient, type YingdaoClientOptions } from '../../engine/yingdao/client';
import type { YdCallback, YdParam } from '../../engine/yingdao/types';
import type { RunTarget } from './feed';
import { registerYingdaoSandbox, type YingdaoSandbox, type YingdaoSandboxOptions } from './index';
import {
  SANDBOX_ACCESS_KEY_ID,
  SANDBOX_ACCESS_KEY_SECRET,
  YINGDAO_SANDBOX_PREFIX,
  sandboxAppUuid,
} from './model';

export interface FakeRun {
  taskType: string;
  settings: {
    count: number;
    minIntervalSec: number;
    maxIntervalSec: number;
    likeBeforeComment?: 0 | 1;
    needComment: boolean;
    maxConsecutiveFail?: number;
  };
  targets: RunTarget[];
  /** Comment calls answering 400 with `commentFailMsg` (all of them when true). */
  failComments?: number | true;
  commentFailMsg?: string;
}

export interface RobotCall {
  method: string;
  path: string;
  runToken: string;
  body: unknown;
}

export interface Harness {
  app: FastifyInstance;
  /** `http://127.0.0.1:<port>`: also the robots' `apiBase`. */
  baseUrl: string;
  /** `<baseUrl>/sandbox-yingdao`: the client's base URL. */
  yingdaoUrl: string;
  sandbox: YingdaoSandbox;
  /** Runs the fake robot-facing API knows, by run token. */
  runs: Map<string, FakeRun>;
  robotCalls: RobotCall[];
  /** Callbacks received (answered 2xx or not), in order. */
  callbacks: YdCallback[];
  /** How many coming callback deliveries to answer 500. */
  refuseCallbacks: number;
  client(overrides?: Partial<YingdaoClientOptions>): YingdaoClient;
  /** The params of a job run by `runToken` (registered with `run`, merged into the defaults). */
  jobParams(runToken: string, run?: Partial<FakeRun>): YdParam[];
  close(): Promise<void>;
}

export const TEST_APP = sandboxAppUuid('dy_comm');

const DEFAULT_RUN: FakeRun = {
  taskType: 'dy_comm',
  settings: { count: 3, minIntervalSec: 5, maxIntervalSec: 10, likeBeforeComment: 1, needComment: true },
  targets: [],
};

const tokenOf = (req: FastifyRequest) => /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? '';

function fakeRobotApi(app: FastifyInstance, h: Harness): void {
  const P = '/api/smart-robot/run';
  const runOf = (req: FastifyRequest, path: string): FakeRun | undefined => {
    const runToken = tokenOf(req);
    h.robotCalls.push({ method: req.method, path, runToken, body: req.body });
    return h.runs.get(runToken);
  };
  const unauthorized = { code: 401, success: false, msg: '运行令牌无效', data: null };
  const ok = (data: unknown) => ({ code: 200, success: true, msg: '操作成功', data });
  app.get(`${P}/targets`, async (req, reply) => {
    const run = runOf(req, 'targets');
    if (!run) return reply.code(401).send(unauthorized);
    return ok({
      taskType: run.taskType,
      groupId: '1',
      taskId: '1',
      settings: run.settings,
      targets: run.targets,
    });
  });
  let comments = 0;
  app.post(`${P}/comment`, async (req, reply) => {
    const run = runOf(req, 'comment');
    if (!run) return reply.code(401).send(unauthorized);
    if (run.failComments === true || (run.failComments ?? 0) > 0) {
      if (typeof run.failComments === 'number') run.failComments--;
      return reply
        .code(400)
        .send({ code: 400, success: false, msg: run.commentFailMsg ?? '算力不足', data: null });
    }
    comments++;
    return ok({ content: `说得真好,学到了${comments}`, source: 1, powerCost: 1 });
  });
  app.post(`${P}/log`, async (req, reply) => {
    if (!runOf(req, 'log')) return reply.code(401).send(unauthorized);
    const actions = (req.body as { actions?: unknown[] }).actions ?? [];
    return ok({ accepted: actions.length });
  });
  app.post(`${P}/finish`, async (req, reply) => {
    if (!runOf(req, 'finish')) return reply.code(401).send(unauthorized);
    return ok(null);
  });
  app.post('/callback', async (req, reply) => {
    h.callbacks.push(req.body as YdCallback);
    if (h.refuseCallbacks > 0) {
      h.refuseCallbacks--;
      return reply.code(500).send({ code: 500, success: false, msg: 'busy' });
    }
    return reply.send({ code: 200, success: true });
  });
}

/** Starts the harness; sandbox defaults for tests: no pacing, 1 ms per Yingdao second, 20–40 ms callback retries. */
export async function startYingdaoHarness(options: YingdaoSandboxOptions = {}): Promise<Harness> {
  const app = Fastify({ logger: false });
  let base = '';
  const sandbox = registerYingdaoSandbox(app, {
    paceMs: 0,
    secondMs: 1,
    callbackRetryDelaysMs: [20, 30, 40],
    callbackUrl: () => `${base}/callback`,
    ...options,
  });
  const h: Harness = {
    app,
    baseUrl: '',
    yingdaoUrl: '',
    sandbox,
    runs: new Map(),
    robotCalls: [],
    callbacks: [],
    refuseCallbacks: 0,
    client: (overrides = {}) =>
      new YingdaoClient({
        baseUrl: h.yingdaoUrl,
        accessKeyId: SANDBOX_ACCESS_KEY_ID,
        accessKeySecret: SANDBOX_ACCESS_KEY_SECRET,
        sleep: async () => undefined,
        ...overrides,
      }),
    jobParams(runToken, run = {}) {
      h.runs.set(runToken, { ...DEFAULT_RUN, ...run });
      return [
        { name: 'taskType', value: run.taskType ?? DEFAULT_RUN.taskType, type: 'str' },
        { name: 'taskId', value: '1', type: 'str' },
        { name: 'groupId', value: '1', type: 'str' },
        { name: 'runToken', value: runToken, type: 'str' },
        { name: 'apiBase', value: h.baseUrl, type: 'str' },
      ];
    },
    close: () => app.close(),
  };
  fakeRobotApi(app, h);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const addr = app.server.address();
  if (!addr || typeof addr === 'string') throw new Error('harness did not listen');
  base = `http://127.0.0.1:${addr.port}`;
  h.baseUrl = base;
  h.yingdaoUrl = `${base}${YINGDAO_SANDBOX_PREFIX}`;
  return h;
}

/** The rows of every run/log call of `runToken`, in order. */
export function loggedActions(h: Harness, runToken: string): Record<string, unknown>[] {
  return h.robotCalls
    .filter((c) => c.path === 'log' && c.runToken === runToken)
    .flatMap((c) => (c.body as { actions: Record<string, unknown>[] }).actions);
}
